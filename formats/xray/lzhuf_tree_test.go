package xray

import (
	"math/rand"
	"testing"
)

// refUpdate is LZHUF.C's update: it finds the last node of a frequency by
// scanning.
func refUpdate(h *huffTree, c int) {
	if h.freq[rootNode] == MaxFreq {
		h.reconst()
	}
	x := h.prnt[leaf(c)]
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
		x = h.prnt[x]
		if x == 0 {
			break
		}
	}
}

// TestUpdateMatchesScan checks the tree and lead after each of enough
// skewed random symbols to cross several rebuilds against LZHUF.C's way.
func TestUpdateMatchesScan(t *testing.T) {
	var a, b huffTree
	a.start()
	b.start()
	rng := rand.New(rand.NewSource(1))
	rebuilds := 0
	for s := 0; s < 60000; s++ {
		if a.freq[rootNode] == MaxFreq {
			rebuilds++
		}
		c := rng.Intn(1 + rng.Intn(nChar)) // low symbols more often
		refUpdate(&a, c)
		b.update(c)
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
