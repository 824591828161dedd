package formats

import "rummage/formats/geom"

// AnimationFacts are the facts of an animation as `info --json` prints them:
// duration in milliseconds, the most keys of any bone as frames, and per
// bone its name, id (the HAnim id, or the bone index for formats that
// address bones by index), key count and storage.
func AnimationFacts(a *geom.Animation, format string) map[string]any {
	bones := make([]map[string]any, len(a.Tracks))
	frames := 0
	for i := range a.Tracks {
		t := &a.Tracks[i]
		id := int(t.ID)
		if id < 0 && t.Index >= 0 {
			id = t.Index // X-Ray: motions address bones by their index
		}
		bones[i] = map[string]any{"name": t.Bone, "id": id, "keys": t.Keys(), "type": t.Kind}
		frames = max(frames, t.Keys())
	}
	return map[string]any{"kind": string(KindAnimation), "name": a.Name, "format": format,
		"duration": roundMs(a.Duration), "frames": frames, "bones": bones}
}

// roundMs converts seconds to whole milliseconds.
func roundMs(s float32) int64 { return int64(float64(s)*1000 + 0.5) }
