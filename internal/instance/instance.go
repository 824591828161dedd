// Package instance keeps Rummage to one window per user: the first GUI
// process becomes the primary instance and listens on a unix socket; a later
// `rummage FILE...` hands its files to the primary and exits.
//
// The primary holds an exclusive lock (flock) on a lock file for as long as
// it runs, so the kernel releases it when the process dies: a socket left
// behind by a crashed process is stale exactly when nobody holds the lock,
// and the next primary simply replaces it. Both files live in a private
// folder (mode 0700, owned by the user) under $XDG_RUNTIME_DIR, or under
// os.TempDir() with the user id in its name (see DefaultDir).
//
// The protocol is one JSON object per connection, {"paths":[...]} with
// absolute paths, answered by "ok\n" once the primary has accepted it.
//
// The package does not import Fyne: the handler runs on a goroutine of the
// server, and a GUI must hand the paths to its UI goroutine itself (fyne.Do).
package instance

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"path/filepath"
	"sync"
	"time"
)

// Errors returned by Listen, Send and Claim.
var (
	// ErrRunning: another process is the primary instance.
	ErrRunning = errors.New("another instance is running")
	// ErrNotRunning: no primary instance answers.
	ErrNotRunning = errors.New("no running instance")
	// ErrUnsupported: single-instance mode is not available on this system.
	ErrUnsupported = errors.New("single instance is not supported on this system")
)

// File names inside the instance folder.
const (
	lockName = "lock"
	sockName = "sock"
)

// maxRequest caps one request (about 4000 long paths).
const maxRequest = 1 << 20

// ioTimeout bounds every read and write on a connection, so a client that
// connects and says nothing cannot block the server.
const ioTimeout = 2 * time.Second

// claimWait is how long Claim keeps trying to reach a primary that holds the
// lock but does not answer yet (it is still starting).
var claimWait = 3 * time.Second

// request is what a later instance sends.
type request struct {
	Paths []string `json:"paths"`
}

// Server is the primary instance: it owns the lock and answers on the socket.
type Server struct {
	ln     net.Listener
	unlock func() error
	handle func(paths []string)
	wg     sync.WaitGroup
	once   sync.Once
	err    error
}

// Listen makes this process the primary instance of the folder dir (which
// must exist; see DefaultDir). handle is called with the absolute paths of
// every later `rummage FILE...`, one call per request, on the server's
// goroutine. It returns ErrRunning when another process is the primary.
func Listen(dir string, handle func(paths []string)) (*Server, error) {
	unlock, err := tryLock(filepath.Join(dir, lockName))
	if err != nil {
		return nil, err
	}
	sock := filepath.Join(dir, sockName)
	// We hold the lock, so any socket there is stale (its owner is gone).
	removeStale(sock)
	ln, err := net.Listen("unix", sock)
	if err != nil {
		unlock()
		return nil, fmt.Errorf("instance: listen on %s: %w", sock, err)
	}
	chmodPrivate(sock)
	s := &Server{ln: ln, unlock: unlock, handle: handle}
	s.wg.Add(1)
	go s.serve()
	return s, nil
}

// Addr is the socket's path.
func (s *Server) Addr() string { return s.ln.Addr().String() }

// Close stops answering, removes the socket and releases the lock. It waits
// for a request being handled to finish.
func (s *Server) Close() error {
	s.once.Do(func() {
		s.err = s.ln.Close() // a unix listener made by Listen unlinks its socket
		s.wg.Wait()
		if err := s.unlock(); s.err == nil {
			s.err = err
		}
	})
	return s.err
}

func (s *Server) serve() {
	defer s.wg.Done()
	for {
		c, err := s.ln.Accept()
		if err != nil {
			if errors.Is(err, net.ErrClosed) {
				return
			}
			var ne net.Error
			if errors.As(err, &ne) && ne.Timeout() {
				continue
			}
			time.Sleep(10 * time.Millisecond) // e.g. out of file descriptors
			continue
		}
		paths, ok := s.read(c)
		if ok && s.handle != nil && len(paths) > 0 {
			s.handle(paths)
		}
	}
}

// read reads one request and acknowledges it.
func (s *Server) read(c net.Conn) ([]string, bool) {
	defer c.Close()
	c.SetDeadline(time.Now().Add(ioTimeout))
	paths, err := parseRequest(c)
	if err != nil {
		io.WriteString(c, "error: "+oneLine(err.Error())+"\n")
		return nil, false
	}
	if _, err := io.WriteString(c, "ok\n"); err != nil {
		return nil, false
	}
	return paths, true
}

// parseRequest reads one request (at most maxRequest bytes) and returns its
// absolute paths, cleaned; empty and relative paths are dropped.
func parseRequest(r io.Reader) ([]string, error) {
	var req request
	if err := json.NewDecoder(io.LimitReader(r, maxRequest)).Decode(&req); err != nil {
		return nil, err
	}
	var paths []string
	for _, p := range req.Paths {
		if p != "" && filepath.IsAbs(p) {
			paths = append(paths, filepath.Clean(p))
		}
	}
	return paths, nil
}

// Send hands paths (made absolute against the current folder) to the primary
// instance of dir. It returns ErrNotRunning when nobody listens there.
func Send(dir string, paths []string) error {
	abs := make([]string, 0, len(paths))
	for _, p := range paths {
		a, err := filepath.Abs(p)
		if err != nil {
			return fmt.Errorf("instance: %s: %w", p, err)
		}
		abs = append(abs, a)
	}
	body, err := json.Marshal(request{Paths: abs})
	if err != nil {
		return err
	}
	if len(body) >= maxRequest {
		return fmt.Errorf("instance: %d paths are too many to hand over", len(paths))
	}
	sock := filepath.Join(dir, sockName)
	c, err := net.DialTimeout("unix", sock, ioTimeout)
	if err != nil {
		return fmt.Errorf("instance: %s: %w (%v)", sock, ErrNotRunning, err)
	}
	defer c.Close()
	c.SetDeadline(time.Now().Add(ioTimeout))
	if _, err := c.Write(append(body, '\n')); err != nil {
		return fmt.Errorf("instance: send to %s: %w", sock, err)
	}
	line, err := bufio.NewReader(io.LimitReader(c, 4096)).ReadString('\n')
	if err != nil {
		return fmt.Errorf("instance: no answer from %s: %w", sock, err)
	}
	if line != "ok\n" {
		return fmt.Errorf("instance: %s refused the files: %s", sock, oneLine(line))
	}
	return nil
}

// Claim decides what this process is. When no other instance runs, it
// becomes the primary: it returns a Server calling handle with the files of
// later instances. When one runs and paths is not empty, it hands the paths
// over and returns forwarded == true: the caller should exit. When one runs
// and paths is empty, it returns (nil, false, nil): the caller opens a
// window of its own, without being the primary. An error means neither
// worked (the caller should open its own window all the same).
func Claim(dir string, paths []string, handle func(paths []string)) (srv *Server, forwarded bool, err error) {
	deadline := time.Now().Add(claimWait)
	for {
		srv, err := Listen(dir, handle)
		if err == nil {
			return srv, false, nil
		}
		if !errors.Is(err, ErrRunning) {
			return nil, false, err
		}
		if len(paths) == 0 {
			return nil, false, nil
		}
		err = Send(dir, paths)
		if err == nil {
			return nil, true, nil
		}
		if time.Now().After(deadline) {
			return nil, false, err
		}
		// The primary holds the lock but is not listening yet (starting),
		// or it is shutting down: try again shortly.
		time.Sleep(50 * time.Millisecond)
	}
}

func oneLine(s string) string {
	for i, r := range s {
		if r == '\n' || r == '\r' {
			return s[:i]
		}
	}
	return s
}

// Start is Claim in the per-user folder of app (see DefaultDir), the one
// call a GUI needs at start-up:
//
//	srv, forwarded, err := instance.Start(appID, absFiles, func(p []string) {
//		fyne.Do(func() { openFiles(p) })
//	})
//	if forwarded {
//		return 0 // the running window opens the files
//	}
//	if srv != nil {
//		defer srv.Close()
//	}
//	// err != nil: run on our own (report it in the log only)
func Start(app string, paths []string, handle func(paths []string)) (*Server, bool, error) {
	dir, err := DefaultDir(app)
	if err != nil {
		return nil, false, err
	}
	return Claim(dir, paths, handle)
}
