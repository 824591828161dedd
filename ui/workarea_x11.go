//go:build linux && cgo && !ci && !wayland

package ui

/*
#cgo LDFLAGS: -lX11
#include <X11/Xlib.h>
#include <X11/Xatom.h>

static int workAreaErrors(Display *d, XErrorEvent *e) { (void)d; (void)e; return 0; }

// cardinal reads item i of a CARDINAL array property of the root window;
// 0 when it has none.
static int cardinal(Display *d, Window root, const char *name, long i, long *out) {
	Atom prop = XInternAtom(d, name, True);
	if (prop == None) return 0;
	Atom type; int format; unsigned long n = 0, after = 0; unsigned char *data = NULL;
	if (XGetWindowProperty(d, root, prop, i, 1, False, XA_CARDINAL, &type, &format, &n, &after, &data) != Success) return 0;
	int ok = data && type == XA_CARDINAL && format == 32 && n == 1;
	if (ok) *out = ((long *)data)[0]; // 32-bit items come as longs
	if (data) XFree(data);
	return ok;
}

// workArea fills x, y, w, h with the current desktop's work area
// (_NET_WORKAREA, set by the window manager) and returns 2, or with the
// screen's size and returns 1 when no window manager says it; 0 without a
// display.
static int workArea(long *x, long *y, long *w, long *h) {
	Display *d = XOpenDisplay(NULL);
	if (!d) return 0;
	XSetErrorHandler(workAreaErrors);
	Window root = DefaultRootWindow(d);
	long desk = 0;
	if (!cardinal(d, root, "_NET_CURRENT_DESKTOP", 0, &desk) || desk < 0 || desk > 64) desk = 0;
	int found = cardinal(d, root, "_NET_WORKAREA", 4*desk, x) && cardinal(d, root, "_NET_WORKAREA", 4*desk+1, y) &&
		cardinal(d, root, "_NET_WORKAREA", 4*desk+2, w) && cardinal(d, root, "_NET_WORKAREA", 4*desk+3, h) && *w > 0 && *h > 0;
	if (!found) {
		int s = DefaultScreen(d);
		*x = 0; *y = 0; *w = DisplayWidth(d, s); *h = DisplayHeight(d, s);
	}
	XCloseDisplay(d);
	return found ? 2 : 1;
}
*/
import "C"

// screenWorkArea asks the X server for the room windows may take: the
// window manager's _NET_WORKAREA of the current desktop (the screen less
// its panels), else the screen's size (no window manager: no frames
// either).
func screenWorkArea() (workArea, bool) {
	var x, y, w, h C.long
	switch C.workArea(&x, &y, &w, &h) {
	case 2:
		return workArea{width: int(w), height: int(h), framed: true}, true
	case 1:
		return workArea{width: int(w), height: int(h)}, w > 0 && h > 0
	}
	return workArea{}, false
}
