package xrlevel

import (
	"encoding/binary"

	"rummage/formats/binread"
	"rummage/formats/geom"
	"rummage/formats/xray"
)

// Occluder is a sector's occluder polygon (sub-chunk 3, 76 bytes).
type Occluder struct {
	Sector uint16
	Count  uint16
	Verts  [6]geom.Vec3
}

// Sector is one sector of the level.
type Sector struct {
	Index     int
	ID        uint32       // the chunk id (normally = Index)
	Rel       int64        // offset of its chunk header in the unpacked sectors chunk
	Size      int64        // its payload bytes as stored
	Chunks    []xray.Chunk // raw sub-chunks (offsets relative to the unpacked sectors chunk)
	Portals   []uint16
	Root      int // visual index, -1 when missing
	Occluders []Occluder
	Glows     []uint16
	Lights    []uint16
}

func (lv *Level) parseSectors(b []byte, l loc) []*Sector {
	list := xray.ScanN(b, 0, l.itemCap(MaxSectors))
	for _, d := range list.Diags {
		lv.diagAt(l, d.Off, "sector list: %s", d.Msg)
	}
	var out []*Sector
	for i, ch := range list.Chunks {
		out = append(out, lv.parseSector(i, ch, b, l.item(i)))
	}
	return out
}

// parseSector decodes sector i from its chunk ch in the sectors chunk b.
func (lv *Level) parseSector(i int, ch xray.Chunk, b []byte, l loc) *Sector {
	s := &Sector{Index: i, ID: ch.ID, Rel: ch.Off, Size: ch.Avail, Root: -1}
	if ch.ID != uint32(i) {
		lv.diagAt(l, ch.Off, "sector %d has chunk id %d (ids should count up from 0)", i, ch.ID)
	}
	body := b[ch.DataOff : ch.DataOff+ch.Avail]
	if ch.Compressed {
		var err error
		body, err = lv.decodeNested(body)
		if err != nil {
			lv.diagAt(l, ch.Off, "sector %d: %v", i, err)
			return s
		}
	}
	sub := xray.ScanN(body, 0, maxSubChunks)
	s.Chunks = sub.Chunks
	for _, d := range sub.Diags {
		lv.diagAt(l, ch.DataOff+d.Off, "sector %d: %s", i, d.Msg)
	}
	for _, sc := range sub.Chunks {
		lv.parseSectorPart(s, sc.ID, body[sc.DataOff:sc.DataOff+sc.Avail], ch.DataOff+sc.DataOff, l)
	}
	return s
}

// parseSectorPart decodes sub-chunk id of sector s: its payload p sits at
// rel in the sectors chunk.
func (lv *Level) parseSectorPart(s *Sector, id uint32, p []byte, rel int64, l loc) {
	i := s.Index
	switch id {
	case 1, 4, 5:
		if len(p)%2 != 0 {
			lv.diagAt(l, rel, "sector %d sub-chunk %d is %d bytes (odd)", i, id, len(p))
		}
		u := readU16s(p)
		switch id {
		case 1:
			s.Portals = u
		case 4:
			s.Glows = u
		case 5:
			s.Lights = u
		}
	case 2:
		if len(p) != 4 {
			lv.diagAt(l, rel, "sector %d root sub-chunk is %d bytes, want 4", i, len(p))
		}
		if len(p) >= 4 {
			s.Root = int(binary.LittleEndian.Uint32(p))
		}
	case 3:
		if len(p)%76 != 0 {
			lv.diagAt(l, rel, "sector %d occluder sub-chunk is %d bytes, not a multiple of 76", i, len(p))
		}
		c := binread.NewCursor(p, 0)
		for k := 0; k < len(p)/76; k++ {
			o := Occluder{Sector: c.U16(), Count: c.U16()}
			for j := range o.Verts {
				o.Verts[j] = vec3(c)
			}
			s.Occluders = append(s.Occluders, o)
		}
	default:
		lv.diagAt(l, rel, "sector %d has unknown sub-chunk 0x%X (%d bytes)", i, id, len(p))
	}
}
