package dff

import "testing"

func TestVehicleDefLayouts(t *testing.T) {
	for _, c := range []struct {
		line        string
		front, rear float32
		handling    string
	}{
		// San Andreas: separate front and rear sizes
		{"445, admiral, admiral, car, ADMIRAL, ADMIRAL, null, richfamily, 10, 0, 0, -1, 0.70, 0.74, 0", 0.70, 0.74, "ADMIRAL"},
		// Vice City: anims, then one scale
		{"130, landstal, landstal, car, LANDSTAL, LANDSTK, null, normal, 10, 7, 0, 250, 0.8", 0.8, 0.8, "LANDSTAL"},
		// GTA III: no anims
		{"90, landstal, landstal, car, landstal, LANDSTK, normal, 10, 7, 0, 250, 0.75", 0.75, 0.75, "LANDSTAL"},
		// too short: no sizes
		{"90, boat, boat, boat, BOAT", 0, 0, "BOAT"},
	} {
		var ide IDE
		ide.ParseIDE([]byte("cars\n" + c.line + "\nend\n"))
		var d VehicleDef
		for _, v := range ide.Vehicles {
			d = v
		}
		if d.WheelFront != c.front || d.WheelRear != c.rear || d.Handling != c.handling {
			t.Errorf("%q: %+v", c.line, d)
		}
	}
}

func TestParseCarcols(t *testing.T) {
	cc := ParseCarcols([]byte("# c\r\ncol\r\n0,0,0 # black\r\n245,245,245\r\n 12 , 34 , 56\r\nend\r\ncar\r\nadmiral, 1,2, 2,1\r\nbad\r\nend\r\ncar4\r\nsqualo, 0,0,0,1, 1,2,1,1\r\nadmiral, 2,2,2,2\r\nend\r\n"))
	if len(cc.Colors) != 3 || cc.Colors[2] != [3]uint8{12, 34, 56} {
		t.Errorf("colours %v", cc.Colors)
	}
	if s := cc.Sets["squalo"]; len(s) != 2 || s[1] != [4]int{1, 2, 1, 1} {
		t.Errorf("squalo %v", s)
	}
	if s := cc.Sets["admiral"]; len(s) != 1 || s[0] != [4]int{2, 2, 2, 2} {
		t.Errorf("admiral %v: a car4 line after the car line replaces it", s)
	}
	if _, ok := cc.Color(3); ok {
		t.Error("colour 3 of 3")
	}
}

func TestParseHandling(t *testing.T) {
	h := ParseHandling([]byte("; comment\n!BIKE 1 2 3\nLINERUN 3800.0 19953.2 5.0 0.0 0.0 -0.2 90 0.95 0.80 0.45 5 110.0 16.0 25.0 R D 6.0 0.40 0 25.0 1.2 0.05 0.0 0.45 -0.25 0.45 0.0 0.45 0.20 35000 20002000 200 0 1 2\nSHORT 1 2 3\n"))
	if h["LINERUN"] != 0x20002000 || len(h) != 1 {
		t.Errorf("handling %v", h)
	}
}
