package txd

import (
	"rummage/formats/rw"
	"rummage/formats/txd"
	"rummage/ui/count"
	"rummage/ui/inspect"
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
		return []string{count.Textures(n)}, false
	})
}
