package widgets

import "fyne.io/fyne/v2/lang"

// texBackground is a background under transparent texels: two grey values
// of an 8-pixel checkerboard (equal for a plain colour).
type texBackground struct {
	name string
	a, b uint8
}

// texBackgrounds are the choices of Settings › Texture background.
var texBackgrounds = []texBackground{
	{"checkerboard", 0xCC, 0x99},
	{"dark checkerboard", 0x44, 0x2A},
	{"black", 0, 0},
	{"grey", 0x80, 0x80},
	{"white", 0xFF, 0xFF},
}

// texBG is the current texture background. It is read by the image
// view's generator and set by the window's settings, both on the UI
// goroutine.
var texBG = texBackgrounds[0]

// TextureBackgrounds returns the names of the texture backgrounds, the
// default first.
func TextureBackgrounds() []string {
	names := make([]string, len(texBackgrounds))
	for i, b := range texBackgrounds {
		names[i] = b.name
	}
	return names
}

// TextureBackgroundLabel is how the window shows the texture background
// named name (its name is what the preference keeps).
func TextureBackgroundLabel(name string) string {
	switch name {
	case "checkerboard":
		return lang.X("background.checkerboard", "checkerboard")
	case "dark checkerboard":
		return lang.X("background.dark_checkerboard", "dark checkerboard")
	case "black":
		return lang.X("background.black", "black")
	case "grey":
		return lang.X("background.grey", "grey")
	case "white":
		return lang.X("background.white", "white")
	}
	return name
}

// TextureBackground returns the name of the current texture background.
func TextureBackground() string { return texBG.name }

// SetTextureBackground makes the background named name current (the
// default for a name it does not know). Call it on the UI goroutine.
func SetTextureBackground(name string) {
	texBG = texBackgrounds[0]
	for _, b := range texBackgrounds {
		if b.name == name {
			texBG = b
		}
	}
}

// TextureBG is the background grey at device pixel (x, y).
func TextureBG(x, y int) uint8 {
	if (x/8+y/8)%2 == 0 {
		return texBG.a
	}
	return texBG.b
}
