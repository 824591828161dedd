//go:build unix

package instance

import (
	"errors"
	"net"
	"os"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"testing"
	"time"
)

// collect returns a handler that passes each request to a channel.
func collect() (func([]string), chan []string) {
	ch := make(chan []string, 8)
	return func(p []string) { ch <- p }, ch
}

func receive(t *testing.T, ch chan []string) []string {
	t.Helper()
	select {
	case p := <-ch:
		return p
	case <-time.After(10 * time.Second):
		t.Fatal("the primary got no paths")
		return nil
	}
}

func TestForwardToPrimary(t *testing.T) {
	dir := t.TempDir()
	h, ch := collect()
	srv, fwd, err := Claim(dir, []string{"/first.lib"}, h)
	if err != nil || srv == nil || fwd {
		t.Fatalf("first Claim = %v, %v, %v; want a server", srv, fwd, err)
	}
	defer srv.Close()

	wd, _ := os.Getwd()
	paths := []string{"relative/b.txd", "/abs/dir/../c.lib", "/with space/d\nnewline.img"}
	srv2, fwd, err := Claim(dir, paths, func([]string) { t.Error("second instance got paths") })
	if err != nil || srv2 != nil || !fwd {
		t.Fatalf("second Claim = %v, %v, %v; want forwarded", srv2, fwd, err)
	}
	got := receive(t, ch)
	want := []string{filepath.Join(wd, "relative/b.txd"), "/abs/c.lib", "/with space/d\nnewline.img"}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("primary got %q, want %q", got, want)
	}

	// A third one, then a direct Send: requests arrive one by one, in order.
	if _, fwd, err := Claim(dir, []string{"/x"}, nil); !fwd || err != nil {
		t.Fatalf("third Claim: forwarded=%v err=%v", fwd, err)
	}
	if err := Send(dir, []string{"/y", "/z"}); err != nil {
		t.Fatal(err)
	}
	if got := receive(t, ch); !reflect.DeepEqual(got, []string{"/x"}) {
		t.Errorf("third request = %q", got)
	}
	if got := receive(t, ch); !reflect.DeepEqual(got, []string{"/y", "/z"}) {
		t.Errorf("fourth request = %q", got)
	}
}

func TestSecondWithoutFilesOpensItsOwnWindow(t *testing.T) {
	dir := t.TempDir()
	srv, _, err := Claim(dir, nil, nil)
	if err != nil || srv == nil {
		t.Fatalf("first Claim: %v %v", srv, err)
	}
	defer srv.Close()
	srv2, fwd, err := Claim(dir, nil, nil)
	if srv2 != nil || fwd || err != nil {
		t.Fatalf("second Claim without files = %v, %v, %v; want nil, false, nil", srv2, fwd, err)
	}
	if _, err := Listen(dir, nil); !errors.Is(err, ErrRunning) {
		t.Fatalf("Listen while running: %v, want ErrRunning", err)
	}
}

func TestNotRunning(t *testing.T) {
	dir := t.TempDir()
	if err := Send(dir, []string{"/a"}); !errors.Is(err, ErrNotRunning) {
		t.Fatalf("Send with nobody listening: %v, want ErrNotRunning", err)
	}
}

func TestCloseHandsOver(t *testing.T) {
	dir := t.TempDir()
	srv, err := Listen(dir, nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := srv.Close(); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Lstat(filepath.Join(dir, sockName)); !os.IsNotExist(err) {
		t.Errorf("socket still there after Close: %v", err)
	}
	if err := Send(dir, []string{"/a"}); !errors.Is(err, ErrNotRunning) {
		t.Errorf("Send after Close: %v, want ErrNotRunning", err)
	}
	h, ch := collect()
	srv2, fwd, err := Claim(dir, []string{"/a"}, h)
	if err != nil || srv2 == nil || fwd {
		t.Fatalf("Claim after Close = %v, %v, %v; want a new primary", srv2, fwd, err)
	}
	defer srv2.Close()
	if err := Send(dir, []string{"/b"}); err != nil {
		t.Fatal(err)
	}
	if got := receive(t, ch); !reflect.DeepEqual(got, []string{"/b"}) {
		t.Errorf("got %q", got)
	}
}

// A crashed primary leaves its socket (and lock file) behind; nobody holds
// the lock, so the next instance takes over.
func TestStaleSocket(t *testing.T) {
	dir := t.TempDir()
	sock := filepath.Join(dir, sockName)
	ln, err := net.Listen("unix", sock)
	if err != nil {
		t.Fatal(err)
	}
	ln.(*net.UnixListener).SetUnlinkOnClose(false)
	ln.Close()
	if err := os.WriteFile(filepath.Join(dir, lockName), nil, 0o600); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Lstat(sock); err != nil {
		t.Fatalf("no stale socket: %v", err)
	}
	if err := Send(dir, []string{"/a"}); !errors.Is(err, ErrNotRunning) {
		t.Fatalf("Send to a stale socket: %v, want ErrNotRunning", err)
	}

	h, ch := collect()
	srv, fwd, err := Claim(dir, []string{"/mine"}, h)
	if err != nil || srv == nil || fwd {
		t.Fatalf("Claim over a stale socket = %v, %v, %v; want a primary", srv, fwd, err)
	}
	defer srv.Close()
	if _, fwd, err := Claim(dir, []string{"/later"}, nil); !fwd || err != nil {
		t.Fatalf("later Claim: %v %v", fwd, err)
	}
	if got := receive(t, ch); !reflect.DeepEqual(got, []string{"/later"}) {
		t.Errorf("got %q", got)
	}
}

// A primary that holds the lock but never answers: Claim gives up after
// claimWait and reports an error (the caller opens its own window).
func TestPrimaryNotAnswering(t *testing.T) {
	old := claimWait
	claimWait = 200 * time.Millisecond
	defer func() { claimWait = old }()
	dir := t.TempDir()
	unlock, err := tryLock(filepath.Join(dir, lockName))
	if err != nil {
		t.Fatal(err)
	}
	defer unlock()
	srv, fwd, err := Claim(dir, []string{"/a"}, nil)
	if srv != nil || fwd || !errors.Is(err, ErrNotRunning) {
		t.Fatalf("Claim = %v, %v, %v; want ErrNotRunning", srv, fwd, err)
	}
}

// Garbage, an oversized request, a silent client: the primary answers with
// an error or times out, does not call the handler, and keeps serving.
func TestBadRequests(t *testing.T) {
	dir := t.TempDir()
	h, ch := collect()
	srv, err := Listen(dir, h)
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Close()
	send := func(body string) string {
		c, err := net.Dial("unix", srv.Addr())
		if err != nil {
			t.Fatal(err)
		}
		defer c.Close()
		c.Write([]byte(body))
		c.(*net.UnixConn).CloseWrite()
		buf := make([]byte, 200)
		n, _ := c.Read(buf)
		return string(buf[:n])
	}
	if got := send("not json\n"); !strings.HasPrefix(got, "error:") {
		t.Errorf("garbage answered %q", got)
	}
	// (the server may reset the connection instead of answering: it stops
	// reading at the cap)
	if got := send(`{"paths":["` + strings.Repeat("a", maxRequest) + `"]}`); got == "ok\n" {
		t.Errorf("oversized request answered %q", got)
	}
	if got := send(`{"paths":["relative", ""]}`); got != "ok\n" {
		t.Errorf("relative paths answered %q", got)
	}
	if err := Send(dir, []string{"/after"}); err != nil {
		t.Fatal(err)
	}
	if got := receive(t, ch); !reflect.DeepEqual(got, []string{"/after"}) {
		t.Errorf("after bad requests got %q (relative paths must be dropped)", got)
	}
}

func TestDefaultDir(t *testing.T) {
	base := t.TempDir()
	t.Setenv("XDG_RUNTIME_DIR", base)
	dir, err := DefaultDir("io.example.test")
	if err != nil {
		t.Fatal(err)
	}
	if filepath.Dir(dir) != base || !strings.HasPrefix(filepath.Base(dir), "io.example.test-") {
		t.Errorf("DefaultDir = %s", dir)
	}
	fi, err := os.Stat(dir)
	if err != nil || !fi.IsDir() || fi.Mode().Perm() != 0o700 {
		t.Fatalf("folder %s: %v %v", dir, fi, err)
	}
	if again, err := DefaultDir("io.example.test"); err != nil || again != dir {
		t.Errorf("second DefaultDir = %s, %v", again, err)
	}
	// The socket path must fit sun_path (108 bytes) in a usual runtime dir.
	if len(filepath.Join("/run/user/4294967294", filepath.Base(dir), sockName)) >= 108 {
		t.Errorf("socket path too long")
	}

	// A folder open to others, or a symlink in its place, is refused.
	os.Chmod(dir, 0o755)
	if _, err := DefaultDir("io.example.test"); err == nil {
		t.Error("DefaultDir accepted a folder with mode 0755")
	}
	other := t.TempDir()
	os.Symlink(other, filepath.Join(base, "io.example.link-"+strconv.Itoa(os.Getuid())))
	if _, err := DefaultDir("io.example.link"); err == nil {
		t.Error("DefaultDir accepted a symlink")
	}
	t.Setenv("XDG_RUNTIME_DIR", "")
	if d, err := DefaultDir("io.example.tmp"); err != nil || filepath.Dir(d) != filepath.Clean(os.TempDir()) {
		t.Errorf("fallback DefaultDir = %s, %v", d, err)
	} else {
		os.Remove(d)
	}
}

// Several instances started at once: exactly one becomes the primary and
// every other one hands its file over.
func TestConcurrentStart(t *testing.T) {
	dir := t.TempDir()
	const n = 8
	h, ch := collect()
	type result struct {
		srv *Server
		fwd bool
		err error
	}
	results := make(chan result, n)
	for i := 0; i < n; i++ {
		go func(i int) {
			srv, fwd, err := Claim(dir, []string{"/file" + strconv.Itoa(i)}, h)
			results <- result{srv, fwd, err}
		}(i)
	}
	var primaries, forwarded int
	for i := 0; i < n; i++ {
		r := <-results
		switch {
		case r.err != nil:
			t.Errorf("Claim: %v", r.err)
		case r.srv != nil:
			primaries++
			defer r.srv.Close()
		case r.fwd:
			forwarded++
		}
	}
	if primaries != 1 || forwarded != n-1 {
		t.Fatalf("%d primaries, %d forwarded; want 1 and %d", primaries, forwarded, n-1)
	}
	for i := 0; i < n-1; i++ {
		if got := receive(t, ch); len(got) != 1 || !strings.HasPrefix(got[0], "/file") {
			t.Errorf("request %d = %q", i, got)
		}
	}
}
