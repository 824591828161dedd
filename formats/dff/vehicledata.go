package dff

import (
	"bufio"
	"bytes"
	"path/filepath"
	"strconv"
	"strings"
	"sync"

	"rummage/formats"
)

// VehicleDef is what an .ide cars line says about a vehicle: its type
// (car, bike, ...), its handling.cfg name and its wheels' sizes (0 when
// the line does not give them).
//
// The layouts: San Andreas "id, model, txd, type, handling, name, anims,
// class, freq, flags, comprules, wheelId, wheelFront, wheelRear,
// upgradeClass"; Vice City the same without flags and with one wheel scale
// after wheelId; GTA III as Vice City without anims.
type VehicleDef struct {
	Type       string
	Handling   string  // upper case
	WheelFront float32 // San Andreas: the front wheels' diameter; III and VC: the wheels' scale
	WheelRear  float32
}

// parseVehicleDef reads the fields of a cars line.
func parseVehicleDef(f []string) VehicleDef {
	d := VehicleDef{}
	if len(f) > 3 {
		d.Type = strings.ToLower(f[3])
	}
	if len(f) > 4 {
		d.Handling = strings.ToUpper(f[4])
	}
	num := func(i int) float32 {
		if i >= len(f) {
			return 0
		}
		v, err := strconv.ParseFloat(f[i], 32)
		if err != nil || v <= 0 || v > 100 {
			return 0
		}
		return float32(v)
	}
	switch {
	case len(f) >= 15: // San Andreas
		d.WheelFront, d.WheelRear = num(12), num(13)
	case len(f) >= 13: // Vice City
		d.WheelFront = num(12)
		d.WheelRear = d.WheelFront
	case len(f) == 12: // GTA III
		d.WheelFront = num(11)
		d.WheelRear = d.WheelFront
	}
	return d
}

// Handling model flags (San Andreas handling.cfg, the hex field after the
// monetary value).
const modelDoubleRearWheels = 0x20000000

// ParseHandling reads San Andreas handling.cfg car lines: each handling
// name (upper case) with its model flags. Lines of other vehicle kinds
// (bikes "!", planes "$", boats "%", animation groups "^") and lines of
// the older games' shorter layout are skipped.
func ParseHandling(b []byte) map[string]uint32 {
	out := map[string]uint32{}
	sc := bufio.NewScanner(bytes.NewReader(b))
	sc.Buffer(make([]byte, 0, 4096), 1<<20)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.ContainsAny(line[:1], ";#!$%^") {
			continue
		}
		f := strings.Fields(line)
		if len(f) < 36 {
			continue
		}
		v, err := strconv.ParseUint(f[31], 16, 32)
		if err != nil {
			continue
		}
		out[strings.ToUpper(f[0])] = uint32(v)
	}
	return out
}

// Carcols is carcols.dat: the colour table and each vehicle's colour
// sets (primary, secondary, and San Andreas' third and fourth colours as
// indices into the table).
type Carcols struct {
	Path   string
	Colors [][3]uint8
	Sets   map[string][][4]int // lower-case model name -> colour sets
}

// ParseCarcols reads carcols.dat as the game does: commas are blanks, "#"
// starts a comment, and the col (r g b), car (primary secondary pairs) and
// car4 (groups of four) sections end with "end". A car line's pairs get
// third and fourth colours 0; a later line for the same model replaces an
// earlier one.
func ParseCarcols(b []byte) *Carcols {
	c := &Carcols{Sets: map[string][][4]int{}}
	section := ""
	sc := bufio.NewScanner(bytes.NewReader(b))
	sc.Buffer(make([]byte, 0, 4096), 1<<20)
	for sc.Scan() {
		line := sc.Text()
		if i := strings.IndexByte(line, '#'); i >= 0 {
			line = line[:i]
		}
		f := strings.Fields(strings.ReplaceAll(line, ",", " "))
		if len(f) == 0 {
			continue
		}
		if section == "" {
			section = strings.ToLower(f[0])
			continue
		}
		if strings.EqualFold(f[0], "end") {
			section = ""
			continue
		}
		switch section {
		case "col":
			c.addColor(f)
		case "car":
			c.addSets(f, 2)
		case "car4":
			c.addSets(f, 4)
		}
	}
	return c
}

// addColor adds a col line's colour (the game reads the first three numbers).
func (c *Carcols) addColor(f []string) {
	var rgb [3]uint8
	for i := 0; i < 3 && i < len(f); i++ {
		v, _ := strconv.Atoi(strings.Trim(f[i], "."))
		rgb[i] = uint8(min(max(v, 0), 255))
	}
	c.Colors = append(c.Colors, rgb)
}

// addSets adds a car or car4 line: the model name and groups of per
// colour indices (the game reads at most eight groups).
func (c *Carcols) addSets(f []string, per int) {
	var nums []int
	for _, s := range f[1:] {
		v, err := strconv.Atoi(strings.Trim(s, "."))
		if err != nil {
			break
		}
		nums = append(nums, v)
	}
	var sets [][4]int
	for i := 0; i+per <= len(nums) && len(sets) < 8; i += per {
		var s [4]int
		copy(s[:], nums[i:i+per])
		sets = append(sets, s)
	}
	c.Sets[strings.ToLower(f[0])] = sets
}

// Color returns colour i of the table (ok false when there is none).
func (c *Carcols) Color(i int) ([3]uint8, bool) {
	if i < 0 || i >= len(c.Colors) {
		return [3]uint8{}, false
	}
	return c.Colors[i], true
}

// maxDataBytes caps carcols.dat and handling.cfg.
const maxDataBytes = 4 << 20

// vehicleData is the side files a vehicle model is painted and assembled
// with, found once per folder.
type vehicleData struct {
	carcols  *Carcols          // nil when no carcols.dat was found
	handling map[string]uint32 // nil when no handling.cfg was found
}

var vehicleDataCache = struct {
	sync.Mutex
	m map[string]*vehicleData
}{m: map[string]*vehicleData{}}

// vehicleDataFor finds carcols.dat and handling.cfg for a model in dir:
// beside it, else in the data/ folder of dir or of a folder above it
// (names in any case).
func vehicleDataFor(dir string) *vehicleData {
	vehicleDataCache.Lock()
	d, ok := vehicleDataCache.m[dir]
	vehicleDataCache.Unlock()
	if ok {
		return d
	}
	d = &vehicleData{}
	if p := findDataFile(dir, "carcols.dat"); p != "" {
		if b, err := formats.ReadSideFile(p, maxDataBytes); err == nil {
			d.carcols = ParseCarcols(b)
			d.carcols.Path = p
		}
	}
	if p := findDataFile(dir, "handling.cfg"); p != "" {
		if b, err := formats.ReadSideFile(p, maxDataBytes); err == nil {
			d.handling = ParseHandling(b)
		}
	}
	vehicleDataCache.Lock()
	if len(vehicleDataCache.m) > 256 {
		clear(vehicleDataCache.m)
	}
	vehicleDataCache.m[dir] = d
	vehicleDataCache.Unlock()
	return d
}

// findDataFile returns the path of name beside dir's files or in the
// data/ folder of dir or of one of its parents, "" when none.
func findDataFile(dir, name string) string {
	if p := childFold(dir, name); p != "" {
		return p
	}
	for d, level := dir, 0; level <= maxIDEUp; level++ {
		if data := childFold(d, "data"); data != "" {
			if p := childFold(data, name); p != "" {
				return p
			}
		}
		up := filepath.Dir(d)
		if up == d {
			break
		}
		d = up
	}
	return ""
}
