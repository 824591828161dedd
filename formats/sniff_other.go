//go:build !unix

package formats

// readHeadOf reads the size and first len(buf) bytes of the regular file
// at path.
func readHeadOf(path string, buf []byte) (int64, int, error) { return readHeadWithOS(path, buf) }
