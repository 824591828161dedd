package material

import "fmt"

// The edits of a material's animation blocks and keys, and the clock a
// viewer plays them with.

// NumModes is the number of values of the 3-bit mode field (0..7; 4..7
// are unknown and sample as loop).
const NumModes = 8

// MaxKeys is the most keys a block holds (the count is a u16).
const MaxKeys = 0xFFFF

// Defaults of the block and key edits.
const (
	newBlockEndMs = 1000 // a new block's only key ends here
	newKeyStepMs  = 250  // a new key ends this long after the block
)

// BlockAt returns animation block i, to read or to edit in place.
func (m *Mat0) BlockAt(i int) (*Block, error) {
	if len(m.Blocks) == 0 {
		return nil, fmt.Errorf("the material has no animation block (add one first)")
	}
	if i < 0 || i >= len(m.Blocks) {
		return nil, fmt.Errorf("no block %d: the material has %d animation blocks", i, len(m.Blocks))
	}
	return &m.Blocks[i], nil
}

// AddBlock appends a loop block with one key (phase 0 until 1000 ms) and
// returns its index.
func (m *Mat0) AddBlock() (int, error) {
	if len(m.Blocks) >= MaxBlocks-1 {
		return 0, fmt.Errorf("at most %d blocks", MaxBlocks-1)
	}
	m.Blocks = append(m.Blocks, Block{Keys: []Key{{Phase: 0, EndMs: newBlockEndMs}}})
	return len(m.Blocks) - 1, nil
}

// RemoveBlock deletes animation block i.
func (m *Mat0) RemoveBlock(i int) error {
	if _, err := m.BlockAt(i); err != nil {
		return err
	}
	m.Blocks = append(m.Blocks[:i], m.Blocks[i+1:]...)
	if len(m.Blocks) == 0 {
		m.Blocks = nil
	}
	return nil
}

// AddKey appends a key ending 250 ms after the block that shows the last
// key's phase (phase 0 in an empty block).
func (b *Block) AddKey() error {
	end := b.Duration() + newKeyStepMs
	if end > 0xFFFF {
		return fmt.Errorf("the block already ends at %d ms", b.Duration())
	}
	if len(b.Keys) >= MaxKeys {
		return fmt.Errorf("the block already has %d keys, the most a MAT0 holds", len(b.Keys))
	}
	ph := uint16(0)
	if len(b.Keys) > 0 {
		ph = b.Keys[len(b.Keys)-1].Phase
	}
	b.Keys = append(b.Keys, Key{Phase: ph, EndMs: uint16(end)})
	return nil
}

// RemoveKey deletes key k.
func (b *Block) RemoveKey(k int) error {
	if k < 0 || k >= len(b.Keys) {
		return fmt.Errorf("no key %d: the block has %d", k, len(b.Keys))
	}
	b.Keys = append(b.Keys[:k], b.Keys[k+1:]...)
	return nil
}

// SetMaskBits turns the interpolation mask bits in bits on or off, keeping
// the others and the mode.
func (b *Block) SetMaskBits(bits uint32, on bool) {
	if on {
		b.SetMask(b.Mask() | bits)
	} else {
		b.SetMask(b.Mask() &^ bits)
	}
}

// SetKey makes key k of block show phase until endMs (cumulative from the
// block start). The phase must exist; end times are not reordered (Check
// reports keys that go backwards).
func (m *Mat0) SetKey(block, k int, phase, endMs uint16) error {
	b, err := m.BlockAt(block)
	if err != nil {
		return err
	}
	if k < 0 || k >= len(b.Keys) {
		return fmt.Errorf("no key %d: block %d has %d", k, block, len(b.Keys))
	}
	if int(phase) >= len(m.Phases) {
		return fmt.Errorf("key %d: no phase %d, the material has %d", k, phase, len(m.Phases))
	}
	b.Keys[k].Phase, b.Keys[k].EndMs = phase, endMs
	return nil
}

// PlayAt samples block at clockMs as a viewer plays it: started at 0, and
// a random block (mode 3) draws a new random value every duration, so it
// jumps to a new time once a cycle.
func (m *Mat0) PlayAt(block int, clockMs uint32) (Sample, error) {
	random := uint32(0)
	if block >= 0 && block < len(m.Blocks) {
		if d := m.Blocks[block].Duration(); d > 0 {
			random = playRandom(clockMs, d)
		}
	}
	return m.SampleAt(block, clockMs, 0, random)
}

// playRandom is the random value a viewer's random block (mode 3) uses at
// clockMs for a block lasting d > 0 ms: a new one every cycle.
func playRandom(clockMs, d uint32) uint32 { return hash32(clockMs / d) }

// hash32 mixes the bits of x (an integer hash with good avalanche).
func hash32(x uint32) uint32 {
	x ^= x >> 16
	x *= 0x7feb352d
	x ^= x >> 15
	x *= 0x846ca68b
	x ^= x >> 16
	return x
}

// ShownPhase returns the phase a sample of m starts from: its key's phase,
// or phase 0 when the block has no keys, no duration or does not exist
// (the sampler then shows phase 0).
func (m *Mat0) ShownPhase(s Sample) int {
	if s.Block < 0 || s.Block >= len(m.Blocks) {
		return 0
	}
	b := &m.Blocks[s.Block]
	if s.Key < 0 || s.Key >= len(b.Keys) || b.Duration() == 0 {
		return 0
	}
	return int(b.Keys[s.Key].Phase)
}
