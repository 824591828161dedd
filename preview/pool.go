package preview

import "sync"

// pool runs one phase of a frame on n workers: worker 0 is the caller, the
// others are long-lived goroutines woken through channels, so a frame
// starts no goroutine and allocates nothing.
type pool struct {
	n     int
	start []chan func(worker int)
	wg    sync.WaitGroup
	once  sync.Once
}

func newPool(n int) *pool {
	p := &pool{n: max(n, 1)}
	p.start = make([]chan func(int), p.n)
	for i := 1; i < p.n; i++ {
		ch := make(chan func(int))
		p.start[i] = ch
		go func(worker int) {
			for f := range ch {
				f(worker)
				p.wg.Done()
			}
		}(i)
	}
	return p
}

// run calls f(0..n-1) concurrently and waits. f should be a method value
// made once (not a fresh closure) to keep frames allocation-free.
func (p *pool) run(f func(worker int)) {
	p.wg.Add(p.n - 1)
	for i := 1; i < p.n; i++ {
		p.start[i] <- f
	}
	f(0)
	p.wg.Wait()
}

// stop ends the worker goroutines.
func (p *pool) stop() {
	p.once.Do(func() {
		for i := 1; i < p.n; i++ {
			close(p.start[i])
		}
	})
}
