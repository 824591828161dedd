package lzhuf

import (
	"fmt"
	"math/rand"
	"testing"
)

// refUpdate is LZHUF.C's update: it finds the last node of a frequency by
// scanning.
func refUpdate(h *huffTree, c int, maxFreq uint16) {
	if h.freq[rootNode] == maxFreq {
		refReconst(h)
	}
	x := int(h.prnt[leaf(c)])
	for {
		h.freq[x]++
		k := h.freq[x]
		if k > h.freq[x+1] {
			l := x + 1
			for k > h.freq[l+1] {
				l++
			}
			h.freq[x] = h.freq[l]
			h.freq[l] = k
			i := h.son[x]
			h.setParent(i, l)
			j := h.son[l]
			h.son[l] = i
			h.setParent(j, x)
			h.son[x] = j
			x = l
		}
		x = int(h.prnt[x])
		if x == 0 {
			break
		}
	}
}

// refReconst is LZHUF.C's reconst: each new node is inserted by moving
// the nodes after it.
func refReconst(h *huffTree) {
	j := 0
	for i := 0; i < treeSize; i++ {
		if h.son[i] >= leafBase {
			h.freq[j] = (h.freq[i] + 1) / 2
			h.son[j] = h.son[i]
			j++
		}
	}
	for i, j := 0, nChar; j < treeSize; i, j = i+2, j+1 {
		f := h.freq[i] + h.freq[i+1]
		k := j - 1
		for f < h.freq[k] {
			k--
		}
		k++
		copy(h.freq[k+1:j+1], h.freq[k:j])
		copy(h.son[k+1:j+1], h.son[k:j])
		h.freq[k] = f
		h.son[k] = uint16(i)
	}
	for i := 0; i < treeSize; i++ {
		h.setParent(h.son[i], i)
	}
	h.fillLead()
}

// TestUpdateMatchesScan checks the tree and lead after each of enough
// skewed random symbols to cross several rebuilds against LZHUF.C's way,
// for both codecs.
func TestUpdateMatchesScan(t *testing.T) {
	t.Run("XRay", updateMatchesScan[XRay])
	t.Run("Okumura", updateMatchesScan[Okumura])
}

func updateMatchesScan[F MaxFreq](t *testing.T) {
	var a, b huffTree
	a.start()
	b.start()
	rng := rand.New(rand.NewSource(1))
	rebuilds := 0
	limit := maxFreq[F]()
	for s := 0; s < 4*int(limit); s++ {
		if a.freq[rootNode] == limit {
			rebuilds++
		}
		c := rng.Intn(1 + rng.Intn(nChar)) // low symbols more often
		refUpdate(&a, c, limit)
		update[F](&b, c)
		for i := 0; i < treeSize; i++ {
			if w := b.freq[i]; b.freq[i+1] != w && int(b.lead[w]) != i {
				t.Fatalf("step %d sym %d: lead[%d] = %d, want %d", s, c, w, b.lead[w], i)
			}
		}
		for i := 0; i < treeSize; i++ {
			if a.freq[i] != b.freq[i] || a.son[i] != b.son[i] {
				t.Fatalf("step %d sym %d: node %d differs: %v %v / %d %d", s, c, i, a.freq[i], b.freq[i], a.son[i], b.son[i])
			}
		}
	}
	if rebuilds < 2 {
		t.Fatalf("%d rebuilds: the test should cross some", rebuilds)
	}
}

// TestDecodedMatchesScan checks the decoder's update the same way, and
// also its grandparent links, its table (against a walk of the tree for
// every index) and the marks of the nodes above the table's depth.
func TestDecodedMatchesScan(t *testing.T) {
	t.Run("XRay", decodedMatchesScan[XRay])
	t.Run("Okumura", decodedMatchesScan[Okumura])
}

func decodedMatchesScan[F MaxFreq](t *testing.T) {
	a, b := new(huffTree), new(huffTree)
	a.start()
	b.start()
	b.fillTop()
	rng := rand.New(rand.NewSource(2))
	rebuilds := 0
	limit := maxFreq[F]()
	for s := 0; s < 3*int(limit); s++ {
		if b.freq[rootNode] == limit {
			rebuilds++
		}
		c := rng.Intn(1 + rng.Intn(nChar))
		if s%3 == 0 {
			c = nChar - 1 - c // the match lengths get a turn
		}
		refUpdate(a, c, limit)
		decoded[F](b, leaf(c))
		for i := 0; i < treeSize; i++ {
			if a.freq[i] != b.freq[i] || a.son[i] != b.son[i] {
				t.Fatalf("step %d sym %d: node %d differs", s, c, i)
			}
			if p := b.prnt[i]; i != rootNode && p != rootNode && b.gp[i] != b.prnt[p] {
				t.Fatalf("step %d sym %d: gp[%d] = %d, want %d", s, c, i, b.gp[i], b.prnt[p])
			}
		}
		if msg := checkTable(b); msg != "" {
			t.Fatalf("step %d sym %d: %s", s, c, msg)
		}
	}
	if rebuilds < 2 {
		t.Fatalf("%d rebuilds: the test should cross some", rebuilds)
	}
}

// checkTable compares the table and the marks with the tree's shape.
func checkTable(h *huffTree) string {
	for k := uint32(0); k < 1<<tabBits; k++ {
		p, d := uint16(rootNode), uint32(0)
		for d < tabBits && h.son[p] < leafBase {
			p = h.son[p] + uint16(k>>(tabBits-1-d)&1)
			d++
		}
		if want := topEntry(d<<16 | uint32(p)); h.top[k] != want {
			return fmt.Sprintf("entry %08b is %x, want %x", k, h.top[k], want)
		}
	}
	var want [1024]uint32
	var walk func(p uint16, code, depth uint32)
	walk = func(p uint16, code, depth uint32) {
		if depth >= tabBits {
			return
		}
		want[p] = topMark(code, depth)
		if s := h.son[p]; s < leafBase {
			walk(s, code<<1, depth+1)
			walk(s+1, code<<1|1, depth+1)
		}
	}
	walk(rootNode, 0, 0)
	if want != h.mark {
		for i := range want {
			if want[i] != h.mark[i] {
				return fmt.Sprintf("mark of node %d is %x, want %x", i, h.mark[i], want[i])
			}
		}
	}
	return ""
}

// TestReconstMatchesInsertion rebuilds trees grown by random symbols of
// many skews both ways, LZHUF.C's and the merge.
func TestReconstMatchesInsertion(t *testing.T) {
	rng := rand.New(rand.NewSource(3))
	a, b := new(huffTree), new(huffTree)
	for round := 0; round < 200; round++ {
		a.start()
		skew := 1 + rng.Intn(nChar)
		for s := rng.Intn(int(maxFreq[Okumura]()) - nChar); s > 0; s-- {
			update[Okumura](a, rng.Intn(1+rng.Intn(skew)))
		}
		*b = *a
		refReconst(a)
		b.reconst()
		if a.freq != b.freq || a.son != b.son || a.prnt != b.prnt {
			t.Fatalf("round %d: the trees differ", round)
		}
	}
}
