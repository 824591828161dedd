package dfftest

import (
	"encoding/binary"
	"image"
	"image/color"
	"os"
	"path/filepath"

	"rummage/formats/dff"
	"rummage/formats/geom"
	"rummage/formats/txd"
)

// Frame names of the car besides the wheel dummies.
const (
	Root       = "testcar"
	Chassis    = "chassis"
	ChassisVLO = "chassis_vlo"
	DoorOK     = "door_lf_ok"
	DoorDam    = "door_lf_dam"
	WheelFrame = "wheel"
)

// The doors' inner X in their frame (door_lf_dummy at x -0.9): the
// damaged door sits further out, so a drawing tells them apart.
const (
	DoorOKX  = -0.05
	DoorDamX = -0.15
)

// Car builds the test car: frames testcar › chassis_dummy › chassis,
// chassis_vlo, door_lf_dummy › door_lf_ok, door_lf_dam; the four wheel
// dummies under the root, the wheel atomic on a "wheel" frame under
// wheel_rf_dummy; the body's 2DFX entries and night colours; the
// collision model (a headerless COLL body, as San Andreas PS2 stores it,
// or a whole COL3 model when col3).
func Car(col3 bool) ([]byte, error) {
	b := dff.NewBuilder(Stamp)
	root := b.AddFrame(Root, -1, geom.Vec3{})
	cd := b.AddFrame("chassis_dummy", root, geom.Vec3{})
	bodyG, err := b.AddGeometry(body())
	if err != nil {
		return nil, err
	}
	b.AddAtomic(b.AddFrame(Chassis, cd, geom.Vec3{}), bodyG)
	vlo := body()
	vlo.Materials = vlo.Materials[:9]
	vloG, err := b.AddGeometry(vlo)
	if err != nil {
		return nil, err
	}
	b.AddAtomic(b.AddFrame(ChassisVLO, cd, geom.Vec3{}), vloG)
	door := b.AddFrame("door_lf_dummy", cd, geom.Vec3{-0.9, 0.5, 0})
	for _, d := range []struct {
		name string
		x    float32
	}{{DoorOK, DoorOKX}, {DoorDam, DoorDamX}} {
		g, err := b.AddGeometry(panel(d.x))
		if err != nil {
			return nil, err
		}
		b.AddAtomic(b.AddFrame(d.name, door, geom.Vec3{}), g)
	}
	wheelG, err := b.AddGeometry(wheel())
	if err != nil {
		return nil, err
	}
	for _, n := range []string{"wheel_rf_dummy", "wheel_lf_dummy", "wheel_rb_dummy", "wheel_lb_dummy"} {
		f := b.AddFrame(n, root, WheelDummies[n])
		if n == "wheel_rf_dummy" {
			b.AddAtomic(b.AddFrame(WheelFrame, f, WheelFrameOffset), wheelG)
		}
	}
	b.AddGeometryExt(bodyG, dff.ID2DFX, dff.EffectsBytes(Effects()))
	b.AddGeometryExt(bodyG, dff.IDNightColors, nightColors(len(body().Positions)))
	c := Collision()
	if col3 {
		c.Version = 3
		c.ShadowVertices, c.ShadowFaces = c.Vertices, c.Faces
		data, err := c.Bytes()
		if err != nil {
			return nil, err
		}
		b.AddClumpExt(dff.IDCollision, data)
	} else {
		b.AddClumpExt(dff.IDCollision, c.Body1())
	}
	return b.File().Bytes()
}

// nightColors is the night colour plugin for n vertices, all NightColor.
func nightColors(n int) []byte {
	out := binary.LittleEndian.AppendUint32(nil, 1)
	for range n {
		out = append(out, NightColor.R, NightColor.G, NightColor.B, NightColor.A)
	}
	return out
}

// The game folder's data files.
const (
	// IDE names the car with the handling TESTCAR and wheel sizes 0.7
	// (front, the modelled size) and 1.05 (rear: half as big again).
	IDE = "cars\n9001, testcar, testcar, car, TESTCAR, TESTCAR, null, normal, 10, 0, 0, -1, 0.7, 1.05, -1\nend\n"
	// Carcols has five colours; testcar's car4 line (two sets) replaces
	// its car line.
	Carcols = "# test colours\ncol\n0,0,0\t# 0 black\n245,245,245 # 1 white\n200,30,30\n30,30,200\n30,160,30\nend\n" +
		"car\ntestcar, 1,1\nothercar, 1,2, 2,1\nend\ncar4\ntestcar, 2,1,3,4, 3,4,1,2\nend\n"
	// Handling gives TESTCAR double rear wheels (model flag 0x20000000).
	Handling = "; test handling\nTESTCAR 1650.0 3851.4 2.0 0.0 0.0 -0.05 75 0.65 0.90 0.51 5 165.0 22.0 8.0 F P 8.5 0.52 0 30.0 1.0 0.15 0.0 0.27 -0.19 0.5 0.55 0.2 0.56 35000 20000000 400000 0 1 0\n"
)

// The colours testcar's two sets paint (primary, secondary, third, fourth).
var Sets = [2][4][3]uint8{
	{{200, 30, 30}, {245, 245, 245}, {30, 30, 200}, {30, 160, 30}},
	{{30, 30, 200}, {30, 160, 30}, {245, 245, 245}, {200, 30, 30}},
}

// Folder says which side files WriteFolder writes.
type Folder struct {
	NoCarcols  bool
	NoHandling bool
	NoIDE      bool
	COL3       bool // embed a COL3 model instead of the PS2 COLL body
}

// WriteFolder writes a game folder into dir: data/vehicles.ide,
// data/carcols.dat, data/handling.cfg (each unless left out),
// models/cars/testcar.dff and testcar.txd, models/generic/vehicle.txd. It
// returns the car's path.
func WriteFolder(dir string, f Folder) (string, error) {
	data, cars, generic := filepath.Join(dir, "data"), filepath.Join(dir, "models", "cars"), filepath.Join(dir, "models", "generic")
	for _, d := range []string{data, cars, generic} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			return "", err
		}
	}
	files := map[string]string{}
	if !f.NoIDE {
		files[filepath.Join(data, "vehicles.ide")] = IDE
	}
	if !f.NoCarcols {
		files[filepath.Join(data, "CARCOLS.DAT")] = Carcols
	}
	if !f.NoHandling {
		files[filepath.Join(data, "handling.cfg")] = Handling
	}
	for p, s := range files {
		if err := os.WriteFile(p, []byte(s), 0o644); err != nil {
			return "", err
		}
	}
	car, err := Car(f.COL3)
	if err != nil {
		return "", err
	}
	carPath := filepath.Join(cars, "testcar.dff")
	if err := os.WriteFile(carPath, car, 0o644); err != nil {
		return "", err
	}
	if err := writeTXD(filepath.Join(cars, "testcar.txd"), "body", color.NRGBA{255, 255, 255, 255}); err != nil {
		return "", err
	}
	return carPath, writeTXD(filepath.Join(generic, "vehicle.txd"), "vehiclelights128", color.NRGBA{255, 255, 255, 255})
}

// writeTXD writes a dictionary of one 8×8 texture of colour c.
func writeTXD(path, name string, c color.NRGBA) error {
	img := image.NewNRGBA(image.Rect(0, 0, 8, 8))
	for i := 0; i < len(img.Pix); i += 4 {
		img.Pix[i], img.Pix[i+1], img.Pix[i+2], img.Pix[i+3] = c.R, c.G, c.B, c.A
	}
	tex, err := txd.NewD3D(txd.PlatformD3D9, img, txd.Options{Name: name, Format: txd.Fmt8888})
	if err != nil {
		return err
	}
	d := txd.NewDictionary(txd.StampSA, 2)
	d.Add(tex)
	b, err := d.Bytes()
	if err != nil {
		return err
	}
	return os.WriteFile(path, b, 0o644)
}
