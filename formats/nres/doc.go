// Package nres reads and writes NRes archives (Parkan: Iron Strategy).
//
// An NRes file is a 16-byte header ("NRes", version 0x100, entry count,
// total size), the entry payloads (each padded with zeros to 8 bytes) and a
// directory of count × 64-byte records at the very end of the file. Each
// record holds a type id (a FourCC such as 'MAT0', or a small stream number
// inside .msh models), three per-type attributes, the payload size and
// absolute offset, a 36-byte NUL-terminated name and a sort_index: the value
// at directory position i is the original index of the i-th name in
// case-insensitive (ASCII lower-case) order, used for binary search.
//
// Open reads only the header and the directory. Header or directory damage
// fails the file with a *binread.FormatError carrying the absolute offset;
// a bad payload range, overlapping payloads or a name without NUL make only
// that entry broken (EntryErr). An invalid sort_index table is reported as a
// diagnostic and lookups fall back to a linear scan.
//
// An Archive is also a lossless editor: Replace, Rename, Add, Remove and
// Move change it in memory, and WriteTo writes it back. An unedited archive
// is written byte-identically; an edited one keeps the original layout
// (unindexed gaps, name tails of untouched entries), re-pads payloads to 8
// bytes, rebuilds sort_index and fixes the header. Build writes a fresh
// archive from a list of entries (used for fixtures and the sample set).
//
// The package registers the "nres" format with the formats registry; each
// entry becomes a child node opened by its own magic.
package nres
