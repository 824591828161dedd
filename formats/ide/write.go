package ide

import (
	"bytes"
	"strconv"
	"strings"
)

// Text writes an .ide file of San Andreas layout (test fixtures and
// generated game folders): the objects by section in the order their
// sections first appear, objs rows "id, model, txd, drawDistance, flags",
// tobj rows with the hours after them, rows of other sections as their
// Fields (or "id, model, txd" without them); then txdp.
func Text(objs []Object, parents [][2]string) []byte {
	var b bytes.Buffer
	b.WriteString("# item definitions written by Rummage\n")
	var order []string
	by := map[string][]Object{}
	for _, o := range objs {
		s := o.Section
		if s == "" {
			s = "objs"
		}
		if by[s] == nil {
			order = append(order, s)
		}
		by[s] = append(by[s], o)
	}
	for _, s := range order {
		b.WriteString(s + "\n")
		for _, o := range by[s] {
			b.WriteString(strings.Join(rowFields(s, o), ", ") + "\n")
		}
		b.WriteString("end\n")
	}
	if len(parents) > 0 {
		b.WriteString("txdp\n")
		for _, p := range parents {
			b.WriteString(p[0] + ", " + p[1] + "\n")
		}
		b.WriteString("end\n")
	}
	return b.Bytes()
}

func rowFields(section string, o Object) []string {
	head := []string{strconv.Itoa(int(o.ID)), o.Model, o.TXD}
	dist := strconv.FormatFloat(float64(o.DrawDist), 'g', -1, 32)
	flags := strconv.FormatUint(uint64(o.Flags), 10)
	switch {
	case section == "objs":
		return append(head, dist, flags)
	case section == "tobj":
		return append(head, dist, flags, strconv.Itoa(o.TimeOn), strconv.Itoa(o.TimeOff))
	case len(o.Fields) > 0:
		return o.Fields
	}
	return head
}
