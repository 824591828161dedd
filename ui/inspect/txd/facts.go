package txd

import (
	"rummage/formats/rw"
	"rummage/formats/txd"
	"rummage/ui/inspect"
	"rummage/ui/widgets"
)

func init() {
	inspect.RegisterFacts(func(r *txd.Root) ([]string, bool) {
		d, err := r.Dictionary()
		if err != nil {
			return nil, false // the error card says why
		}
		n := 0
		for _, it := range d.Items {
			if it.Type == rw.IDTextureNative {
				n++
			}
		}
		return []string{widgets.Plural(n, "texture")}, false
	})
}
