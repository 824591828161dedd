package txd

import (
	"os"
	"path/filepath"
	"slices"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/storage"
	"fyne.io/fyne/v2/widget"

	"rummage/formats"
	"rummage/formats/txd"
	"rummage/ui/count"
)

// Textures from image files (PNG, TGA, DDS through txd.LoadSource): Add
// image… adds one, From folder… and a folder dropped on the window replace
// the textures of the same names. Like the other edits, undoable.

// isImageFile says whether a file name has an extension txd.LoadSource
// reads (.png, .tga, .dds, any case).
func isImageFile(name string) bool {
	return slices.Contains(txd.SourceExts, strings.ToLower(filepath.Ext(name)))
}

// imageFiles lists the image files of paths: files as given, folders'
// PNG, TGA and DDS files (not their subfolders).
func imageFiles(paths []string) []string {
	var out []string
	for _, p := range paths {
		ents, err := os.ReadDir(p)
		if err != nil {
			out = append(out, p)
			continue
		}
		for _, e := range ents {
			if !e.IsDir() && isImageFile(e.Name()) {
				out = append(out, filepath.Join(p, e.Name()))
			}
		}
	}
	return out
}

// platformOf returns the platform and RW stamp new textures get: those of
// the dictionary's first texture (D3D9, San Andreas when it has none).
func (v *dictView) platformOf() (uint32, uint32) {
	for _, it := range v.items() {
		if it.Tex != nil {
			return it.Tex.Platform, it.Tex.Stamp
		}
	}
	return txd.PlatformD3D9, txd.StampSA
}

func (v *dictView) addDialog() {
	d := dialog.NewFileOpen(func(r fyne.URIReadCloser, err error) {
		if err != nil || r == nil {
			return
		}
		path := r.URI().Path()
		r.Close()
		format, chosenFormat := choiceSelect(txd.StoredFormats(), formatLabel, "auto")
		mips, chosenMips := choiceSelect(addMipChoices, mipLabel, addMipChoices[0])
		dialog.ShowForm(lang.X("txd.add.title", "Add {{.File}}", map[string]any{"File": filepath.Base(path)}),
			lang.X("txd.add.confirm", "Add"), lang.X("txd.cancel", "Cancel"), []*widget.FormItem{
				widget.NewFormItem(lang.X("txd.add.format", "Stored format"), format),
				widget.NewFormItem(lang.X("txd.add.mips", "Mips"), mips)}, func(ok bool) {
				if ok {
					v.addFile(path, chosenFormat(), chosenMips())
				}
			}, v.h.Window())
	}, v.h.Window())
	exts := slices.Clone(txd.SourceExts)
	for _, e := range txd.SourceExts {
		exts = append(exts, strings.ToUpper(e))
	}
	d.SetFilter(storage.NewExtensionFileFilter(exts))
	d.Show()
}

// formatLabel is how the Add dialog shows a stored format: "auto" in the
// window's language, the raster formats by their names.
func formatLabel(f string) string {
	if f == "auto" {
		return lang.X("txd.format.auto", "auto")
	}
	return f
}

// addFile adds the image file at path (PNG, TGA or DDS) as a texture
// named after the file; mips is an addMipChoices entry.
func (v *dictView) addFile(path, format, mips string) {
	src, err := loadFile(path)
	if err != nil {
		v.fail(lang.X("txd.op.add", "add"), err)
		return
	}
	items := v.items()
	plat, stamp := v.platformOf()
	o := txd.AddOptions{Name: txd.UniqueName(items, textureName(path)), Platform: plat, Stamp: stamp, Format: format}
	switch mips {
	case addMipChoices[0]:
		o.KeepMips = true
	case mipChoices[0]:
		o.Mips = 1
	case mipChoices[2]:
		o.MipFilter = txd.MipLanczos
	}
	t, err := formats.Guard("add", func() (*txd.Texture, error) { return txd.NewTextureFromSource(src, o) })
	if err != nil {
		v.fail(lang.X("txd.op.add", "add"), err)
		return
	}
	next, err := txd.AddTextures(items, t)
	if err != nil {
		v.fail(lang.X("txd.op.add", "add"), err)
		return
	}
	v.applyItems(lang.X("txd.edit.add", "Add {{.Name}}", map[string]any{"Name": t.Name}), next)
}

// textureName is a file's name without its extension, cut to 31 bytes.
func textureName(path string) string {
	s := strings.TrimSuffix(filepath.Base(path), filepath.Ext(path))
	if len(s) > 31 {
		s = s[:31]
	}
	return s
}

// loadFile reads a PNG, TGA or DDS file (a DDS with its mips and DXT
// blocks).
func loadFile(path string) (txd.Source, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return txd.Source{}, err
	}
	return formats.Guard(filepath.Base(path), func() (txd.Source, error) { return txd.LoadSource(path, b) })
}

func (v *dictView) folderDialog() {
	dialog.ShowFolderOpen(func(u fyne.ListableURI, err error) {
		if err == nil && u != nil {
			v.replaceFrom([]string{u.Path()})
		}
	}, v.h.Window())
}

// dropFolder takes folders (or PNG, TGA and DDS files) dropped on the
// window while the TXD is shown: their images replace the textures of the
// same names.
func (v *dictView) dropFolder(paths []string) bool {
	for _, p := range paths {
		st, err := os.Stat(p)
		if err != nil || !st.IsDir() && !isImageFile(p) {
			return false
		}
	}
	v.replaceFrom(paths)
	return true
}

// replaceFrom replaces the textures named like the images in the folders
// (or the image files) of paths, as one edit; a DDS of a texture's size
// gives its own mips.
func (v *dictView) replaceFrom(paths []string) {
	srcs := map[string]txd.Source{}
	for _, p := range imageFiles(paths) {
		src, err := loadFile(p)
		if err != nil {
			v.fail(filepath.Base(p), err)
			return
		}
		srcs[textureName(p)] = src
	}
	items := v.items()
	var texs []*txd.Texture
	var unmatched []string
	idx, err := formats.Guard("replace", func() ([]int, error) {
		i, t, u, err := txd.ReplaceNamedSources(items, srcs)
		texs, unmatched = t, u
		return i, err
	})
	if err != nil {
		v.fail(lang.X("txd.op.replace", "replace"), err)
		return
	}
	kids, _ := v.root.Children()
	var nodes []*txd.TexNode
	for _, i := range idx {
		nodes = append(nodes, kids[i].(*txd.TexNode))
	}
	if len(nodes) == 0 {
		v.h.Status(lang.X("txd.replace.none", "no image is named like a texture of the dictionary"))
		return
	}
	v.applyTextures(lang.XN("txd.edit.replace", "{{.PluralCount}} textures replaced from images", len(nodes)), nodes, texs)
	if len(unmatched) > 0 {
		v.h.Status(lang.X("txd.replace.unmatched", "replaced {{.Textures}}; no texture for {{.Names}}",
			map[string]any{"Textures": count.Textures(len(nodes)), "Names": strings.Join(unmatched, ", ")}))
	}
}
