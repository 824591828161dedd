// Package all links in every inspector of the window. Import it for its
// side effect; adding an inspector is one package under ui/inspect and one
// blank import here.
package all

import (
	_ "rummage/ui/inspect/anim"     // animations (.ifp, .omf entries): bones, keys, played on an open model
	_ "rummage/ui/inspect/archive"  // Entries: the sortable table of an archive's entries
	_ "rummage/ui/inspect/col"      // collision files: facts, the surface legend of a collision model's Preview
	_ "rummage/ui/inspect/dff"      // RenderWare models: Materials and Frames of a .dff
	_ "rummage/ui/inspect/level"    // X-Ray levels: Statistics, and Table for record chunks
	_ "rummage/ui/inspect/material" // Parkan materials: Material (MAT0), Wear (WEAR), Batches (MSH)
	_ "rummage/ui/inspect/mesh"     // Preview: the wireframe of any mesh or level
	_ "rummage/ui/inspect/scene"    // GTA scenes (.ipl): Preview with a fly camera, Instances, Missing; Table of .ipl and .ide sections
	_ "rummage/ui/inspect/texture"  // Image: any texture (Texm, TXD natives)
	_ "rummage/ui/inspect/txd"      // RenderWare: TXD and PS2 of a TXD texture, Sections of an RW file
)
