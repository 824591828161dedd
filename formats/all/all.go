// Package all registers every format Rummage reads. Import it for its side
// effect; adding a format is one blank import here.
package all

import (
	_ "rummage/formats/col"       // GTA collision files (COLL, COL2, COL3, COL4)
	_ "rummage/formats/dds"       // DirectDraw Surface textures (X-Ray and many others)
	_ "rummage/formats/dff"       // RenderWare clumps (DFF models)
	_ "rummage/formats/gtadat"    // GTA level lists (gta.dat, default.dat): the files they name
	_ "rummage/formats/ide"       // GTA item definitions (.ide): sections as tables
	_ "rummage/formats/ifp"       // GTA animation packages (ANPK, ANLF, ANP2, ANP3)
	_ "rummage/formats/imagefile" // stand-alone PNG, BMP and TGA images
	_ "rummage/formats/img"       // GTA IMG archives (version 1 and VER2)
	_ "rummage/formats/material"  // WEAR tables and MAT0 materials (Parkan)
	_ "rummage/formats/msh"       // MSH models (Parkan)
	_ "rummage/formats/nres"      // NRes archives (Parkan)
	_ "rummage/formats/omf"       // X-Ray skeletal motions (.omf)
	_ "rummage/formats/rsli"      // RsLi archives (Parkan)
	_ "rummage/formats/rw"        // RenderWare binary streams (generic section tree)
	_ "rummage/formats/texm"      // Texm textures (Parkan)
	_ "rummage/formats/txd"       // RenderWare texture dictionaries
	_ "rummage/formats/world"     // GTA item placement files (.ipl, text and binary) as scenes
	_ "rummage/formats/xrlevel"   // X-Ray levels, stand-alone OGF models (and names details / SDK .level files)
)
