package txd

import (
	"fmt"
	"strings"
)

// The names of platforms and RW versions as the command line and the
// window spell them: one table each, from which the parsers, the names
// and the lists of choices are all made.
var (
	platforms = [...]struct {
		name string
		id   uint32
	}{{"ps2", PlatformPS2}, {"d3d8", PlatformD3D8}, {"d3d9", PlatformD3D9}, {"xbox", PlatformXbox}}

	versions = [...]struct {
		name  string
		stamp uint32
	}{{"3.3", StampVCPS2}, {"3.4", StampVCPC}, {"3.5", StampXbox}, {"3.6", StampSA}}
)

// PlatformNames returns the platform names ParsePlatform takes: "ps2",
// "d3d8", "d3d9", "xbox".
func PlatformNames() []string {
	out := make([]string, len(platforms))
	for i, p := range platforms {
		out[i] = p.name
	}
	return out
}

// PlatformName names a platform id ("0x..." for one it does not know).
func PlatformName(p uint32) string {
	for _, q := range platforms {
		if q.id == p {
			return q.name
		}
	}
	return fmt.Sprintf("0x%X", p)
}

// ParsePlatform returns the platform id of a PlatformNames name (any case).
func ParsePlatform(name string) (uint32, error) {
	for _, p := range platforms {
		if strings.EqualFold(name, p.name) {
			return p.id, nil
		}
	}
	return 0, fmt.Errorf("unknown platform %q (want one of %s)", name, strings.Join(PlatformNames(), ", "))
}

// VersionNames returns the RW version names VersionStamp takes: "3.3" (Vice
// City PS2), "3.4" (Vice City PC), "3.5" (Xbox), "3.6" (San Andreas).
func VersionNames() []string {
	out := make([]string, len(versions))
	for i, v := range versions {
		out[i] = v.name
	}
	return out
}

// VersionStamp returns the RW version stamp of a VersionNames name; "" is
// 3.6, the default.
func VersionStamp(v string) (uint32, error) {
	if v == "" {
		return StampSA, nil
	}
	for _, w := range versions {
		if w.name == v {
			return w.stamp, nil
		}
	}
	return 0, fmt.Errorf("unknown RW version %q (want one of %s)", v, strings.Join(VersionNames(), ", "))
}
