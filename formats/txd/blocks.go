package txd

import "rummage/formats/dxt"

// StoredBlocks returns the DXT kind and the stored blocks of every level
// of a DXT1/3/5 texture (D3D8, D3D9 or Xbox, straight alpha), for an
// export that copies them (DDS); ok is false for any other texture,
// including premultiplied DXT2/DXT4.
func (t *Texture) StoredBlocks() (kind dxt.Kind, levels [][]byte, ok bool) {
	if t.Compression == 0 || t.Platform == PlatformPS2 || !dxt.Kind(t.Compression).Valid() || t.premultiplied() {
		return 0, nil, false
	}
	for i, L := range t.Levels {
		w, h := max(t.Width>>i, 1), max(t.Height>>i, 1)
		if L.Width != w || L.Height != h || int64(len(L.Data)) != dxt.LevelSize(int64(w), int64(h), dxt.Kind(t.Compression)) {
			break
		}
		levels = append(levels, L.Data)
	}
	return dxt.Kind(t.Compression), levels, len(levels) > 0
}

// premultiplied reports DXT2 or DXT4 (colour premultiplied by alpha).
func (t *Texture) premultiplied() bool { return dxt.Kind(t.Compression).Premultiplied() }

// StoredBlocks returns the texture's stored DXT blocks (Texture.StoredBlocks).
func (n *TexNode) StoredBlocks() (dxt.Kind, [][]byte, bool) { return n.Texture().StoredBlocks() }
