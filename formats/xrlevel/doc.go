// Package xrlevel reads X-Ray engine "level" files: version 4 (build 749)
// in full, and versions 5 and 8–14 for the chunk tree, statistics and
// geometry (with level.geom, level.geomx and level.cform found beside the
// file; the level.geomx fast-path buffers are listed under "geomx").
//
// A level is a chunk list (package xray). The reader decodes every chunk
// once, keyed by id, and records problems as diagnostics instead of
// failing: a broken chunk leaves the rest of the level usable. It decodes
// OGF v2/v3/v4 visuals, vertex buffers in any valid D3D FVF or D3D9
// declaration, CFORM v2/v3/v4, portals, lights, light keys, glows and
// sectors, and builds geom.Mesh values for visuals, hierarchy subtrees,
// sectors, the whole level and the collision mesh.
//
// Untrusted input stays cheap: list lengths are capped by the stored size
// of their chunk, compressed chunks inside chunks share one unpack budget,
// derived meshes are capped by the decoded size, and the per-sector
// hierarchy walks share a visit budget.
//
// WriteV4 writes a version 4 level (used by the tests and the built-in
// sample), and SampleLevel builds that sample.
package xrlevel
