package pixfmt

// d3dLayouts are the uncompressed colour D3DFORMAT codes of at most 32 bits
// a pixel, as the RenderWare 3.7 D3D9 driver lists them
// (_rwD3D9PixelFormatInfo, d3d9raster.c): the RW raster formats (8888,
// 888, 565, 555, 1555, 4444, LUM8) and the D3D-only ones a D3D9 native
// stores with a raster format of 0. Bump-map, depth, float, 64-bit and
// palette (P8, A8P8) formats are not colour layouts and are left out.
var d3dLayouts = map[uint32]Layout{
	20: {"R8G8B8", 24, [4]uint32{0xFF0000, 0xFF00, 0xFF, 0}, false},
	21: {"A8R8G8B8", 32, [4]uint32{0xFF0000, 0xFF00, 0xFF, 0xFF000000}, false},
	22: {"X8R8G8B8", 32, [4]uint32{0xFF0000, 0xFF00, 0xFF, 0}, false},
	23: {"R5G6B5", 16, [4]uint32{0xF800, 0x7E0, 0x1F, 0}, false},
	24: {"X1R5G5B5", 16, [4]uint32{0x7C00, 0x3E0, 0x1F, 0}, false},
	25: {"A1R5G5B5", 16, [4]uint32{0x7C00, 0x3E0, 0x1F, 0x8000}, false},
	26: {"A4R4G4B4", 16, [4]uint32{0xF00, 0xF0, 0xF, 0xF000}, false},
	27: {"R3G3B2", 8, [4]uint32{0xE0, 0x1C, 0x3, 0}, false},
	28: {"A8", 8, [4]uint32{0, 0, 0, 0xFF}, false},
	29: {"A8R3G3B2", 16, [4]uint32{0xE0, 0x1C, 0x3, 0xFF00}, false},
	30: {"X4R4G4B4", 16, [4]uint32{0xF00, 0xF0, 0xF, 0}, false},
	31: {"A2B10G10R10", 32, [4]uint32{0x3FF, 0xFFC00, 0x3FF00000, 0xC0000000}, false},
	32: {"A8B8G8R8", 32, [4]uint32{0xFF, 0xFF00, 0xFF0000, 0xFF000000}, false},
	33: {"X8B8G8R8", 32, [4]uint32{0xFF, 0xFF00, 0xFF0000, 0}, false},
	34: {"G16R16", 32, [4]uint32{0xFFFF, 0xFFFF0000, 0, 0}, false},
	35: {"A2R10G10B10", 32, [4]uint32{0x3FF00000, 0xFFC00, 0x3FF, 0xC0000000}, false},
	50: {"L8", 8, [4]uint32{0xFF, 0, 0, 0}, true},
	51: {"A8L8", 16, [4]uint32{0xFF, 0, 0, 0xFF00}, true},
	52: {"A4L4", 8, [4]uint32{0xF, 0, 0, 0xF0}, true},
	81: {"L16", 16, [4]uint32{0xFFFF, 0, 0, 0}, true},
}

// D3D returns the layout of an uncompressed colour D3DFORMAT code; ok is
// false for block-compressed, palette and other codes.
func D3D(code uint32) (l Layout, ok bool) {
	l, ok = d3dLayouts[code]
	return l, ok
}
