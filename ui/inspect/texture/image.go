// Package texture is the texture inspector: the Image tab of any
// formats.Imager (Texm textures, TXD natives, DDS, PNG, BMP and TGA
// files) and the header facts of Texm, TXD and image-file textures.
package texture

import (
	"fyne.io/fyne/v2/lang"

	"rummage/formats"
	"rummage/formats/texm"
	"rummage/ui/inspect"
	"rummage/ui/widgets"
)

func init() {
	inspect.RegisterTab(inspect.TabProvider{
		Name:  "Image",
		Order: 10,
		Match: func(n formats.Node) bool {
			im, ok := n.(formats.Imager)
			return ok && im.Levels() > 0
		},
		Make: func(h inspect.Host, n formats.Node) *inspect.Tab {
			v := newImageView(n.(formats.Imager))
			return &inspect.Tab{Title: lang.X("tab.image", "Image"), Content: v.Content}
		},
	})
}

// newImageView is the Image tab's view of src.
func newImageView(src formats.Imager) *widgets.ImageView {
	return widgets.NewImageView(src, byteOrderTexture(src))
}

// byteOrderTexture reports a Texm texture whose channel order is a reading
// of bytes (B,G,R[,A] here; R,G,B in fparkan and ParkanPlayground): the
// R⇄B toggle lets a user compare the readings.
func byteOrderTexture(src formats.Imager) bool {
	n, ok := src.(*texm.Node)
	return ok && n.Tex.ChannelOrderDisputed()
}
