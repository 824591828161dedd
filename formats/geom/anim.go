package geom

import "github.com/go-gl/mathgl/mgl32"

// Animation is one motion of a skeleton: per bone a track of keys. Times
// are seconds from the animation's start.
type Animation struct {
	Name     string
	Duration float32 // seconds: the last key's time
	Tracks   []Track
	// FPS is the key rate of formats that sample at a fixed rate (X-Ray:
	// 30), 0 when keys carry their own times.
	FPS float32
}

// Track is the keys of one bone. Rot holds one rotation per time, or a
// single one for a constant rotation; Trans likewise, or none when the
// bone keeps its bind-pose translation; Scale is optional.
type Track struct {
	Bone string // the bone's name as stored, "" when the format names none
	// ID is the bone's animation id (RenderWare HAnim), -1 when none.
	ID int32
	// Index is the bone's place in its skeleton when the format says so
	// (X-Ray motions follow the model's bone order), -1 when not.
	Index int
	// Kind names how the keys were stored ("KRT0", "compressed rotation",
	// ...), for the facts.
	Kind  string
	Times []float32
	Rot   []mgl32.Quat
	Trans []Vec3
	Scale []Vec3
}

// Keys returns the track's key count: the longest of its channels.
func (t *Track) Keys() int {
	return max(len(t.Rot), len(t.Trans), len(t.Scale))
}
