package scenario

// The annotation tables still written in Go, while the course text moves
// to notes/. Their entries join the index after the data files'. To move
// them (and delete the Go files once they hold nothing else):
//
//	make notes-export
//
// (TestGoNoteTablesRegistered -export lists every Go table here, then
// TestExportNotes -export moves them.) A table is one line here:
// {file: "notes_x.go", data: "x.notes", entries: xNoteTable[:]}.
var (
	goNoteTables  = []goNoteTable{}
	goGlossTables = []goGlossTable{}
)
