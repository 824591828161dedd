package xrlevel

import (
	"fmt"
)

// This file decides when a level's facts or geometry cannot be trusted:
// a chunk of a known role that failed to decode, or a visual whose
// geometry refers to buffers or vertices that are not there. Facts that
// depend on such a part fail with its error (which names the offset)
// instead of counting 0; intact parts stay usable on their own.

// ChunkErr returns the decoding error of the first chunk with a role name,
// or nil.
func (lv *Level) ChunkErr(name string) error {
	for _, c := range lv.Chunks {
		if c.Name == name {
			return c.Err
		}
	}
	return nil
}

// BrokenChunk returns the first chunk of a known role that failed to
// decode, as an error naming it, or nil.
func (lv *Level) BrokenChunk() error {
	for _, c := range lv.Chunks {
		if _, known := lv.Roles[c.ID]; known && c.Err != nil {
			return chunkError(c)
		}
	}
	return nil
}

// chunkError names a chunk in its decoding error.
func chunkError(c ChunkInfo) error {
	return &namedError{what: "chunk " + c.Name, err: c.Err}
}

// namedError prefixes an error with what it is about and keeps it (and
// its offset) for errors.As.
type namedError struct {
	what string
	err  error
}

func (e *namedError) Error() string { return fmt.Sprintf("%s: %v", e.what, e.err) }
func (e *namedError) Unwrap() error { return e.err }

// subtreeErr returns the error of the first broken visual in the subtree
// of visual i (itself and what it draws), or nil.
func (lv *Level) subtreeErr(i int) error {
	for _, v := range lv.subtree(i) {
		if v.Err != nil {
			return v.Err
		}
	}
	return nil
}

// LevelErr is why the whole level's facts cannot be trusted: a broken
// chunk, else a broken visual (not one whose buffers are only missing with
// level.geom: that is a warning); nil when none.
func (lv *Level) LevelErr() error {
	if err := lv.BrokenChunk(); err != nil {
		return err
	}
	for _, v := range lv.Visuals {
		if v.Err != nil && !v.ErrSide {
			return v.Err
		}
	}
	return nil
}

// GeometryErr is why the whole level's geometry cannot be drawn or
// exported: LevelErr, or a visual whose buffers are in a missing side file.
func (lv *Level) GeometryErr() error {
	if err := lv.LevelErr(); err != nil {
		return err
	}
	for _, v := range lv.Visuals {
		if v.Err != nil {
			return v.Err
		}
	}
	return nil
}
