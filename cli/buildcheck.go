package cli

import (
	"fmt"

	"rummage/formats"
	"rummage/formats/txd"
)

// baseMemory is what a build holds besides its textures (the runtime, the
// program, buffers), counted against the budget.
const baseMemory = 12 << 20

// checkSets reads the header of every source image of a build, before a
// pixel is decoded: an image larger than a texture of the platform may be
// (without a resize that shrinks it), or a TXD whose build would pass the
// command's memory budget (64 MB + 8 × the bytes of all its inputs; the
// TXDs are built one after another), is refused with the file and what
// its header claims.
func checkSets(sets []*txdSet) error {
	infos := make([][]txd.SourceInfo, len(sets))
	var input int64
	for k, s := range sets {
		infos[k] = make([]txd.SourceInfo, len(s.files))
		for i, f := range s.files {
			info, size, err := peekFile(f)
			if err != nil {
				return err
			}
			if err := info.CheckFits(s.opts[i].Platform, s.opts[i].Resize); err != nil {
				return fmt.Errorf("%s: %w", f, err)
			}
			infos[k][i], input = info, input+size
		}
	}
	budget := memoryBudget(input)
	for k, s := range sets {
		need := int64(baseMemory)
		for i, info := range infos[k] {
			need += info.BuildCostFor(s.opts[i])
			if need > budget {
				return fmt.Errorf("%s: the %s header claims %d×%d pixels: building %s needs about %d MB, more than this command's memory budget of %d MB (64 MB + 8 × its %d KB of input)",
					s.files[i], info.Kind, info.Width, info.Height, buildWhat(len(s.files), s.opts[i].Format), need>>20, budget>>20, input>>10)
			}
		}
	}
	return nil
}

// buildWhat names what is being built in the budget message.
func buildWhat(n int, format string) string {
	what := "it"
	if n > 1 {
		what = "the textures up to it"
	}
	if format != "" && format != "auto" {
		what += " as " + format
	}
	return what
}

// peekFile reads the header of the image file f (a regular file only) and
// returns it with the file's size.
func peekFile(f string) (txd.SourceInfo, int64, error) {
	r, st, err := formats.OpenRegular(f)
	if err != nil {
		return txd.SourceInfo{}, 0, plainErr(err)
	}
	defer r.Close()
	info, err := txd.PeekSource(f, r, st.Size())
	if err != nil {
		return info, 0, fmt.Errorf("%s: %w", f, err)
	}
	return info, st.Size(), nil
}

// memoryBudget is a command's memory budget for input bytes of input
// (design.md, Memory): 64 MB + 8 × the input.
func memoryBudget(input int64) int64 { return 64<<20 + 8*input }
