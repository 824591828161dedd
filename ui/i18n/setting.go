package i18n

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/widget"
)

// Setting is the language row of Settings: the choices System, English
// and Русский (the stored one selected), kept in the preferences as soon
// as one is picked, and a note, shown while the choice differs from the
// language in use, that the window changes language when it starts again.
type Setting struct {
	Content fyne.CanvasObject
	Radio   *widget.RadioGroup
	Note    *widget.Label
}

// NewSetting makes the language row over the preferences p.
func NewSetting(p fyne.Preferences) *Setting {
	s := &Setting{}
	choices := Choices()
	labels := make([]string, len(choices))
	for i, c := range choices {
		labels[i] = c.Label
	}
	s.Note = widget.NewLabel(lang.X("settings.language.restart", "The window changes language the next time Rummage starts."))
	s.Note.Wrapping = fyne.TextWrapWord
	s.Note.Importance = widget.LowImportance
	s.Radio = widget.NewRadioGroup(labels, func(label string) {
		for _, c := range choices {
			if c.Label == label {
				Store(p, c.Value)
				s.showNote(c.Value)
			}
		}
	})
	s.Radio.Horizontal = true
	s.Radio.Required = true
	stored := Stored(p)
	for _, c := range choices {
		if c.Value == stored {
			s.Radio.SetSelected(c.Label)
		}
	}
	s.showNote(stored)
	s.Content = container.NewVBox(s.Radio, s.Note)
	return s
}

// showNote shows the note while choice would give another language than
// the one in use.
func (s *Setting) showNote(choice string) {
	want := choice
	if want != English && want != Russian {
		want = systemLanguage()
	}
	if want != Current() {
		s.Note.Show()
	} else {
		s.Note.Hide()
	}
}
