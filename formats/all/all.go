// Package all registers every format Rummage reads. Import it for its side
// effect; adding a format is one blank import here.
package all

import (
	_ "rummage/formats/nres" // NRes archives (Parkan)
)
