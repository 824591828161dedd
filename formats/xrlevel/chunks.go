package xrlevel

import (
	"fmt"
)

// Chunk role names, which are also the child names of the level node.
const (
	NameHeader       = "header"
	NameTextures     = "textures"
	NameShaders      = "shaders"
	NameVisuals      = "visuals"
	NameVBs          = "vertex_buffers"
	NameIBs          = "index_buffers"
	NameSWIs         = "swis"
	NameCForm        = "cform"
	NamePortals      = "portals"
	NameLights       = "lights"
	NameLightKeys    = "light_keys"
	NameLightControl = "light_control"
	NameGlows        = "glows"
	NameSectors      = "sectors"
)

// ChunkNames returns the role of each chunk id for an xrLC version (the
// table of docs/formats/xray.md).
func ChunkNames(version int) map[uint32]string {
	switch {
	case version <= 5:
		return map[uint32]string{1: NameHeader, 2: NameTextures, 3: NameShaders, 4: NameVisuals, 5: NameVBs, 6: NameCForm,
			7: NamePortals, 8: NameLights, 9: NameLightKeys, 0xa: NameGlows, 0xb: NameSectors}
	case version <= 8:
		return map[uint32]string{1: NameHeader, 2: NameShaders, 3: NameVisuals, 4: NameVBs, 5: NameCForm,
			6: NamePortals, 7: NameLights, 8: NameLightKeys, 9: NameGlows, 0xa: NameSectors}
	case version == 9:
		return map[uint32]string{1: NameHeader, 2: NameShaders, 3: NameVisuals, 4: NameVBs, 5: NameCForm,
			6: NamePortals, 7: NameLightControl, 8: NameLights, 9: NameGlows, 0xa: NameSectors, 0xb: NameIBs, 0xc: NameVBs}
	case version <= 12:
		return map[uint32]string{1: NameHeader, 2: NameShaders, 3: NameVisuals, 4: NamePortals, 5: NameLightControl,
			6: NameLights, 7: NameGlows, 8: NameSectors, 9: NameIBs, 0xa: NameVBs, 0xb: NameSWIs}
	default:
		return map[uint32]string{1: NameHeader, 2: NameShaders, 3: NameVisuals, 4: NamePortals, 6: NameLights,
			7: NameGlows, 8: NameSectors, 9: NameVBs, 0xa: NameIBs, 0xb: NameSWIs}
	}
}

// ChunkName returns the child name of a chunk id: its role, or chunk_0xNN.
func ChunkName(roles map[uint32]string, id uint32) string {
	if n, ok := roles[id]; ok {
		return n
	}
	return fmt.Sprintf("chunk_0x%02X", id)
}
