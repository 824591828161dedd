// Package nres reads and writes NRes archives (Parkan: Iron Strategy).
package nres
