package main

import (
	"encoding/binary"
	"fmt"
	"image"
	"os"
	"path/filepath"
	"syscall"

	"rummage/formats/img"
	"rummage/formats/nres"
	"rummage/formats/rsli"
	"rummage/formats/txd"
	"rummage/formats/xray"
	"rummage/formats/xrlevel"
)

// build writes the hostile inputs into dir.
func build(dir string) ([]input, error) {
	var out []input
	add := func(name, file string) {
		st, err := os.Stat(file)
		size := int64(0)
		if err == nil && st.Mode().IsRegular() {
			size = st.Size()
		}
		out = append(out, input{name: name, file: file, size: size})
	}
	write := func(name string, b []byte) (string, error) {
		p := filepath.Join(dir, name)
		return p, os.WriteFile(p, b, 0o644)
	}
	steps := []func() error{
		func() error { // RsLi members that each inflate to 16 MiB
			var es []rsli.BuildEntry
			for i := 0; i < 24; i++ {
				es = append(es, rsli.BuildEntry{Name: fmt.Sprintf("BOMB%02d", i), Method: rsli.MethodDeflate, Data: make([]byte, 16<<20)})
			}
			b, err := rsli.Build(es, 3)
			if err == nil {
				var p string
				p, err = write("bomb.rlb", b)
				add("rsli-deflate-bomb", p)
			}
			return err
		},
		func() error { // fastman92 IMG: zlib entries that each claim 16 MiB of zeros
			var fs []img.File
			for i := 0; i < 24; i++ {
				fs = append(fs, img.File{Name: fmt.Sprintf("bomb%02d.dat", i), Data: make([]byte, 16<<20)})
			}
			b, err := img.BuildVERF(fs, img.CompZlib)
			if err == nil {
				var p string
				p, err = write("bomb_verf.img", b)
				add("img-verf-zlib-bomb", p)
			}
			return err
		},
		func() error { // VER2 header claiming 4 billion entries
			b, err := img.BuildVER2([]img.File{{Name: "a.dat", Data: []byte("a")}})
			if err == nil {
				binary.LittleEndian.PutUint32(b[4:], 0xFFFFFFFF)
				var p string
				p, err = write("claims.img", b)
				add("img-count-claim", p)
			}
			return err
		},
		func() error { // 2,000 IMG entries over one 256×256 TXD
			b, err := sharedIMG(2000)
			if err == nil {
				var p string
				p, err = write("shared.img", b)
				add("img-shared-payload", p)
			}
			return err
		},
		func() error { // NRes nested 80 deep
			data := []byte("leaf")
			for i := 0; i < 80; i++ {
				var err error
				if data, err = nres.Build([]nres.Entry{{TypeID: nres.TypeID("NRES"), Attr3: 1, Name: "in", Data: data}}); err != nil {
					return err
				}
			}
			p, err := write("deep.lib", data)
			add("nres-nested-80", p)
			return err
		},
		func() error { // entry names that plant files or drive the terminal
			b, err := nres.Build([]nres.Entry{
				{TypeID: nres.TypeID("TEXT"), Attr3: 1, Name: ".bashrc", Data: []byte("echo planted")},
				{TypeID: nres.TypeID("TEXT"), Attr3: 1, Name: "..", Data: []byte("up")},
				{TypeID: nres.TypeID("TEXT"), Attr3: 1, Name: "a\x1b]0;x\x07b", Data: []byte("esc")},
			})
			if err == nil {
				var p string
				p, err = write("names.lib", b)
				add("crafted-names", p)
			}
			return err
		},
		func() error {
			return v1WithDir(dir, "zero", func(p string) error { return os.Symlink("/dev/zero", p) }, add)
		},
		func() error {
			return v1WithDir(dir, "fifo", func(p string) error { return syscall.Mkfifo(p, 0o644) }, add)
		},
		func() error { // a level whose LZHUF stream claims 0xFFFFFFF0 bytes
			b, err := xrlevel.WriteV4(xrlevel.SampleLevel(), xrlevel.WriteOptions{})
			if err != nil {
				return err
			}
			if c, ok := xray.Scan(b, 0).Find(5); ok {
				binary.LittleEndian.PutUint32(b[c.DataOff:], 0xFFFFFFF0)
			}
			os.MkdirAll(filepath.Join(dir, "lvl"), 0o755)
			p := filepath.Join(dir, "lvl", "level")
			add("level-huge-claim", p)
			return os.WriteFile(p, b, 0o644)
		},
		func() error { // a FIFO given as the file
			p := filepath.Join(dir, "fifo-file")
			add("fifo-as-file", p)
			return syscall.Mkfifo(p, 0o644)
		},
	}
	for _, s := range steps {
		if err := s(); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// sharedIMG is a VER2 archive of n entries that all point at one TXD.
func sharedIMG(n int) ([]byte, error) {
	t, err := txd.NewD3D(txd.PlatformD3D9, image.NewNRGBA(image.Rect(0, 0, 256, 256)), txd.Options{Name: "big", Format: txd.Fmt8888})
	if err != nil {
		return nil, err
	}
	d := txd.NewDictionary(txd.StampSA, 2)
	d.Add(t)
	payload, err := d.Marshal()
	if err != nil {
		return nil, err
	}
	dirBytes := 8 + n*img.EntrySize
	start := (dirBytes + img.SectorSize - 1) / img.SectorSize
	sectors := (len(payload) + img.SectorSize - 1) / img.SectorSize
	b := binary.LittleEndian.AppendUint32([]byte("VER2"), uint32(n))
	for i := 0; i < n; i++ {
		e := make([]byte, img.EntrySize)
		binary.LittleEndian.PutUint32(e, uint32(start))
		binary.LittleEndian.PutUint16(e[4:], uint16(sectors))
		copy(e[8:], fmt.Sprintf("e%04d.txd", i))
		b = append(b, e...)
	}
	b = append(b, make([]byte, start*img.SectorSize-len(b))...)
	b = append(b, payload...)
	return append(b, make([]byte, sectors*img.SectorSize-len(payload))...), nil
}

// v1WithDir writes a version 1 archive whose .dir is made by mk.
func v1WithDir(dir, name string, mk func(string) error, add func(string, string)) error {
	imgData, _, err := img.BuildV1([]img.File{{Name: "a.dat", Data: []byte("data")}})
	if err != nil {
		return err
	}
	sub := filepath.Join(dir, "v1-"+name)
	os.MkdirAll(sub, 0o755)
	p := filepath.Join(sub, "gta3.img")
	if err := os.WriteFile(p, imgData, 0o644); err != nil {
		return err
	}
	add("img-v1-dir-"+name, p)
	return mk(filepath.Join(sub, "gta3.dir"))
}
