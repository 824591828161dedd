//go:build windows

package winassoc

import (
	"errors"

	"golang.org/x/sys/windows"
	"golang.org/x/sys/windows/registry"
)

// Registry is the Store of HKEY_CURRENT_USER.
type Registry struct{}

// missing reports whether err says a key or value does not exist.
func missing(err error) bool { return errors.Is(err, registry.ErrNotExist) }

// Get reads a string value (a value of another type reads as "?").
func (Registry) Get(key, name string) (string, bool, error) {
	k, err := registry.OpenKey(registry.CURRENT_USER, key, registry.QUERY_VALUE)
	if missing(err) {
		return "", false, nil
	} else if err != nil {
		return "", false, err
	}
	defer k.Close()
	v, _, err := k.GetStringValue(name)
	switch {
	case missing(err):
		return "", false, nil
	case errors.Is(err, registry.ErrUnexpectedType):
		return "?", true, nil
	}
	return v, err == nil, err
}

// Set writes a string value, making the key.
func (Registry) Set(key, name, value string) error {
	k, _, err := registry.CreateKey(registry.CURRENT_USER, key, registry.SET_VALUE)
	if err != nil {
		return err
	}
	defer k.Close()
	return k.SetStringValue(name, value)
}

// DeleteValue removes a value.
func (Registry) DeleteValue(key, name string) error {
	k, err := registry.OpenKey(registry.CURRENT_USER, key, registry.SET_VALUE)
	if missing(err) {
		return nil
	} else if err != nil {
		return err
	}
	defer k.Close()
	if err := k.DeleteValue(name); err != nil && !missing(err) {
		return err
	}
	return nil
}

// DeleteTree removes a key and its subkeys (RegDeleteKey removes one
// key without subkeys at a time).
func (r Registry) DeleteTree(key string) error {
	k, err := registry.OpenKey(registry.CURRENT_USER, key, registry.ENUMERATE_SUB_KEYS)
	if missing(err) {
		return nil
	} else if err != nil {
		return err
	}
	subs, err := k.ReadSubKeyNames(-1)
	k.Close()
	if err != nil {
		return err
	}
	for _, s := range subs {
		if err := r.DeleteTree(key + `\` + s); err != nil {
			return err
		}
	}
	if err := registry.DeleteKey(registry.CURRENT_USER, key); err != nil && !missing(err) {
		return err
	}
	return nil
}

// Notify tells Explorer the associations changed (SHChangeNotify with
// SHCNE_ASSOCCHANGED), so icons and "Open with" update without a restart.
func Notify() {
	const shcneAssocChanged, shcnfIDList = 0x08000000, 0
	windows.NewLazySystemDLL("shell32.dll").NewProc("SHChangeNotify").Call(shcneAssocChanged, shcnfIDList, 0, 0)
}
