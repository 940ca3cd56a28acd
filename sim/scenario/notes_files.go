package scenario

import _ "embed" // the data files, as strings

// The data files under notes/, each embedded as one string: static data
// the parser reads in place (embed.FS would copy each file, and its
// io/fs methods add code). Written from the folder by
// go test ./sim/scenario -run TestNotesFilesEmbedded -update, which checks it.
var (
	//go:embed notes/asks.notes
	noteFileAsksNotes string
	//go:embed notes/capabilities.notes
	noteFileCapabilitiesNotes string
	//go:embed notes/core.notes
	noteFileCoreNotes string
	//go:embed notes/dual-era.notes
	noteFileDualEraNotes string
	//go:embed notes/http.notes
	noteFileHttpNotes string
	//go:embed notes/list-changed.notes
	noteFileListChangedNotes string
	//go:embed notes/load-balancer.notes
	noteFileLoadBalancerNotes string
	//go:embed notes/primitives.notes
	noteFilePrimitivesNotes string
	//go:embed notes/progress.notes
	noteFileProgressNotes string
	//go:embed notes/quotes.glosses
	noteFileQuotesGlosses string
	//go:embed notes/tool-poisoning.notes
	noteFileToolPoisoningNotes string
)

// embeddedNoteFiles lists the data files in name order.
func embeddedNoteFiles() []noteFile {
	return []noteFile{
		{"notes/asks.notes", noteFileAsksNotes},
		{"notes/capabilities.notes", noteFileCapabilitiesNotes},
		{"notes/core.notes", noteFileCoreNotes},
		{"notes/dual-era.notes", noteFileDualEraNotes},
		{"notes/http.notes", noteFileHttpNotes},
		{"notes/list-changed.notes", noteFileListChangedNotes},
		{"notes/load-balancer.notes", noteFileLoadBalancerNotes},
		{"notes/primitives.notes", noteFilePrimitivesNotes},
		{"notes/progress.notes", noteFileProgressNotes},
		{"notes/quotes.glosses", noteFileQuotesGlosses},
		{"notes/tool-poisoning.notes", noteFileToolPoisoningNotes},
	}
}
