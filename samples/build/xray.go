package build

import "rummage/formats/xrlevel"

func init() {
	Register(Builder{Name: "xray_level_v4", Build: buildXRayLevel})
}

// buildXRayLevel writes the small version 4 (build 749 layout) X-Ray level
// made by the project's own writer: three sectors, portals, lights with
// keys, glows, vertex buffers in FVF 0x212 and 0x152, and a CFORM.
func buildXRayLevel() ([]byte, error) {
	return xrlevel.WriteV4(xrlevel.SampleLevel(), xrlevel.WriteOptions{})
}
