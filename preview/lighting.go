package preview

// unlight turns the head light off for a frame with Options.Unlit: every
// face, front or back, gets the same light, the ambient term (the light's
// direction is zeroed, so n·light is 0 everywhere), and the groups' tints
// are divided by that term, so a pixel comes out in the material's own
// colour (tint × vertex colour × texel). It runs after prepareFill, which
// resolves the tints, and before the vertices are projected, which reads
// the light; it allocates nothing.
func (r *renderer) unlight() {
	if !r.fill || !r.opt.Unlit {
		return
	}
	r.light = [3]float32{}
	const k = 1 / ambient
	for i := range r.groups {
		t := &r.groups[i].tint
		t[0], t[1], t[2] = t[0]*k, t[1]*k, t[2]*k
	}
}
