//go:build linux && cgo && !ci && !wayland

package ui

/*
#cgo LDFLAGS: -lX11
#include <stdlib.h>
#include <string.h>
#include <X11/Xlib.h>
#include <X11/Xutil.h>

static int shiftOf(unsigned long mask) {
	int s = 0;
	if (mask == 0) return 0;
	while ((mask & 1) == 0) { mask >>= 1; s++; }
	return s;
}

static int ignoreErrors(Display *d, XErrorEvent *e) { (void)d; (void)e; return 0; }

// grabWindow copies the visible part of the window (clipped to the screen)
// as RGBA into a malloc'd buffer, reading it from the root window.
static unsigned char *grabWindow(unsigned long win, int *w, int *h, int *status) {
	Display *d = XOpenDisplay(NULL);
	if (!d) { *status = 1; return NULL; }
	XSetErrorHandler(ignoreErrors);
	XWindowAttributes attr, rattr;
	Window root = DefaultRootWindow(d), child;
	if (!XGetWindowAttributes(d, (Window)win, &attr) || attr.map_state != IsViewable ||
	    !XGetWindowAttributes(d, root, &rattr)) {
		XCloseDisplay(d); *status = 2; return NULL;
	}
	int x = 0, y = 0;
	XTranslateCoordinates(d, (Window)win, root, 0, 0, &x, &y, &child);
	int x0 = x < 0 ? 0 : x, y0 = y < 0 ? 0 : y;
	int x1 = x + attr.width, y1 = y + attr.height;
	if (x1 > rattr.width) x1 = rattr.width;
	if (y1 > rattr.height) y1 = rattr.height;
	int cw = x1 - x0, ch = y1 - y0;
	if (cw <= 0 || ch <= 0) { XCloseDisplay(d); *status = 3; return NULL; }
	XImage *img = XGetImage(d, root, x0, y0, cw, ch, AllPlanes, ZPixmap);
	if (!img) { XCloseDisplay(d); *status = 4; return NULL; }
	int rs = shiftOf(img->red_mask), gs = shiftOf(img->green_mask), bs = shiftOf(img->blue_mask);
	unsigned char *out = malloc((size_t)cw * ch * 4);
	if (!out) { XDestroyImage(img); XCloseDisplay(d); *status = 5; return NULL; }
	for (int yy = 0; yy < ch; yy++) {
		for (int xx = 0; xx < cw; xx++) {
			unsigned long p = XGetPixel(img, xx, yy);
			unsigned char *o = out + ((size_t)yy * cw + xx) * 4;
			o[0] = (p & img->red_mask) >> rs;
			o[1] = (p & img->green_mask) >> gs;
			o[2] = (p & img->blue_mask) >> bs;
			o[3] = 255;
		}
	}
	*w = cw; *h = ch; *status = 0;
	XDestroyImage(img);
	XCloseDisplay(d);
	return out;
}
*/
import "C"

import (
	"fmt"
	"image"
	"unsafe"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/driver"
)

// grabNative reads the window's pixels from the X server. It is the
// fallback for Canvas().Capture(), which reads the GL front buffer and gets
// nothing on some software GL stacks (Mesa llvmpipe under Xvfb).
// Call it on the UI goroutine.
func grabNative(win fyne.Window) (image.Image, error) {
	nw, ok := win.(driver.NativeWindow)
	if !ok {
		return nil, fmt.Errorf("no native window")
	}
	var handle uintptr
	nw.RunNative(func(ctx any) {
		if x, ok := ctx.(driver.X11WindowContext); ok {
			handle = x.WindowHandle
		}
	})
	if handle == 0 {
		return nil, fmt.Errorf("not an X11 window")
	}
	var w, h, status C.int
	buf := C.grabWindow(C.ulong(handle), &w, &h, &status)
	if buf == nil {
		return nil, fmt.Errorf("reading the X11 window failed (step %d)", int(status))
	}
	defer C.free(unsafe.Pointer(buf))
	img := image.NewRGBA(image.Rect(0, 0, int(w), int(h)))
	copy(img.Pix, unsafe.Slice((*byte)(unsafe.Pointer(buf)), int(w)*int(h)*4))
	return img, nil
}
