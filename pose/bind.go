// Package pose plays animations on skeletons: it matches an animation's
// tracks to a skeleton's bones, samples the keys at a clock (quaternion
// slerp between rotation keys, linear translation), composes the bone
// transforms and moves a mesh's vertices by linear blend skinning (up to
// four weights per vertex). Rigid hierarchies are skins with one weight
// per vertex, so one path animates both. Nothing here allocates per frame.
package pose

import (
	"fmt"
	"strings"

	"rummage/formats/geom"
)

// Binding is an animation matched to a skeleton.
type Binding struct {
	Skeleton *geom.Skeleton
	Anim     *geom.Animation
	// Track gives each bone's track index, -1 for a bone the animation
	// does not move.
	Track []int
	// Unmatched lists the tracks (by name, or id when unnamed) that match
	// no bone of the skeleton.
	Unmatched []string
}

// Bind matches the tracks of a to the bones of sk: by animation id first
// (a RenderWare HAnim id), then by bone index when the format gives one
// (X-Ray motions follow the model's bone order), then by name without
// surrounding spaces, case-insensitively. A bone takes the first track
// that matches it.
func Bind(sk *geom.Skeleton, a *geom.Animation) *Binding {
	b := &Binding{Skeleton: sk, Anim: a, Track: make([]int, len(sk.Bones))}
	for i := range b.Track {
		b.Track[i] = -1
	}
	for ti := range a.Tracks {
		t := &a.Tracks[ti]
		bone := sk.Find(t.ID)
		if bone < 0 && t.Index >= 0 && t.Index < len(sk.Bones) {
			bone = t.Index
		}
		if bone < 0 {
			bone = sk.FindName(t.Bone)
		}
		if bone < 0 || b.Track[bone] >= 0 {
			b.Unmatched = append(b.Unmatched, trackLabel(t))
			continue
		}
		b.Track[bone] = ti
	}
	return b
}

// trackLabel names a track for a warning.
func trackLabel(t *geom.Track) string {
	if s := strings.TrimSpace(t.Bone); s != "" {
		return s
	}
	if t.ID >= 0 {
		return fmt.Sprintf("id %d", t.ID)
	}
	return fmt.Sprintf("bone %d", t.Index)
}

// Matched returns how many bones the animation moves.
func (b *Binding) Matched() int {
	n := 0
	for _, t := range b.Track {
		if t >= 0 {
			n++
		}
	}
	return n
}

// Warning says how many tracks matched no bone ("" when all matched).
func (b *Binding) Warning() string {
	if len(b.Unmatched) == 0 {
		return ""
	}
	names := b.Unmatched
	more := ""
	if len(names) > 8 {
		names, more = names[:8], fmt.Sprintf(" and %d more", len(b.Unmatched)-8)
	}
	return fmt.Sprintf("animation %q: %d of %d bones match no bone of the model (%s%s)", b.Anim.Name, len(b.Unmatched),
		len(b.Anim.Tracks), strings.Join(names, ", "), more)
}
