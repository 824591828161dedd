package img

import (
	"bytes"
	"compress/zlib"
	"encoding/binary"
	"fmt"

	"github.com/pierrec/lz4/v4"
)

// BuildVERF writes a fastman92 archive (VERF version 1, San Andreas, plain
// directory) holding files, each stored with compression comp (CompNone,
// CompZlib or CompLZ4, an LZ4 block), from sector boundaries in directory
// order. Rummage reads these archives and does not edit them; the writer
// makes fixtures.
func BuildVERF(files []File, comp int) ([]byte, error) {
	dirEnd := verfDirOff + len(files)*verfEntrySize
	pos := (dirEnd + SectorSize - 1) / SectorSize
	head := append([]byte("VERF"), 1, 0, 0, 0)
	head = append(head, "fastman92\x00\x00\x00"...)
	head = binary.LittleEndian.AppendUint32(head, 1)
	head = binary.LittleEndian.AppendUint32(head, uint32(len(files)))
	head = append(head, make([]byte, 8)...)
	var body []byte
	for _, f := range files {
		if len(f.Name) > 39 {
			return nil, fmt.Errorf("VERF entry name %q is longer than 39 bytes", f.Name)
		}
		stored, err := pack(f.Data, comp)
		if err != nil {
			return nil, fmt.Errorf("VERF entry %q: %w", f.Name, err)
		}
		os, op := sectorsAndPad(len(f.Data))
		ps, pp := sectorsAndPad(len(stored))
		if os > 0xFFFF || ps > 0xFFFF {
			return nil, fmt.Errorf("VERF entry %q is too large", f.Name)
		}
		rec := binary.LittleEndian.AppendUint32(nil, uint32(pos))
		for _, v := range []int{os, op, ps, pp} {
			rec = binary.LittleEndian.AppendUint16(rec, uint16(v))
		}
		rec = binary.LittleEndian.AppendUint32(rec, uint32(comp))
		var name [48]byte
		copy(name[:], f.Name)
		head = append(head, append(rec, name[:]...)...)
		body = append(body, stored...)
		body = append(body, make([]byte, ps*SectorSize-len(stored))...)
		pos += ps
	}
	out := make([]byte, (dirEnd+SectorSize-1)/SectorSize*SectorSize)
	copy(out, head)
	return append(out, body...), nil
}

// sectorsAndPad is the sector count of n bytes and the padding bytes in
// the last sector.
func sectorsAndPad(n int) (sectors, pad int) {
	sectors = (n + SectorSize - 1) / SectorSize
	return sectors, sectors*SectorSize - n
}

// pack stores data with compression comp.
func pack(data []byte, comp int) ([]byte, error) {
	switch comp {
	case CompNone:
		return data, nil
	case CompZlib:
		var b bytes.Buffer
		w := zlib.NewWriter(&b)
		w.Write(data)
		if err := w.Close(); err != nil {
			return nil, err
		}
		return b.Bytes(), nil
	case CompLZ4:
		var c lz4.Compressor
		dst := make([]byte, lz4.CompressBlockBound(len(data)))
		n, err := c.CompressBlock(data, dst)
		return dst[:n], err
	}
	return nil, fmt.Errorf("compression type %d", comp)
}
