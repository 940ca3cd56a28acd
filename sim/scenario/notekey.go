package scenario

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"mcpwirelab/sim/protocol"
)

// NoteKey names an annotation. This is the one place its grammar lives:
//
//	key     = path [ "@" version ]
//	path    = label *( "." label )
//	label   = 1*( "a"-"z" / "0"-"9" / "-" )
//	version = one of protocol.Versions()
//
// The labels go from the most general to the most specific: the exchange
// ("tools-list"), what the event is ("error"), the JSON-RPC code without
// its sign ("32600"), the HTTP status it came with ("http-400"). A key
// with a version is the note written for that version only; without one
// it serves every version that has no entry of its own.
//
// Lookup (AnnotationFor) tries, for i = len(labels) down to 1, the first i
// labels and then (when i > 1) labels 2..i without the leading exchange,
// each time the "@version" entry before the plain one. For
// "tools-list.error.32600.http-400" under 2025-11-25 that is
//
//	tools-list.error.32600.http-400@2025-11-25, tools-list.error.32600.http-400,
//	error.32600.http-400@2025-11-25, error.32600.http-400,
//	tools-list.error.32600@2025-11-25, tools-list.error.32600,
//	error.32600@2025-11-25, error.32600,
//	tools-list.error@2025-11-25, tools-list.error, error@2025-11-25, error,
//	tools-list@2025-11-25, tools-list
//
// so a note shared by every request ("error.32600.http-400") is written
// once, and one exchange can still have its own (TestNoteKeyLookupOrder).
//
// A note that holds only on the stdio transport (one whose HTTP twin
// quotes a rule about headers or POSTs) ends in the label "on-stdio":
// "tools-call.request.on-stdio". A scenario run names a stdin or stdout event
// so when such a note is written for its version (onStdio); the lookup
// then falls back from it to the plain key as from any other label. A
// stdio note names its version ("tools-call.request.on-stdio@2026-07-28"):
// one without would come before the other version's own note of the
// plain key (TestStdioNotesQuoteNoHTTPRule).
type NoteKey struct {
	Path    string // "tools-list.error.32600.http-400"
	Version string // "" (every version) or the one version the note is for
}

// Key starts a key from its labels: Key("tools-call", "request").
func Key(labels ...string) NoteKey { return NoteKey{Path: strings.Join(labels, ".")} }

// Dot appends labels: Key("tools-call").Dot("request").
func (k NoteKey) Dot(labels ...string) NoteKey {
	for _, l := range labels {
		if k.Path != "" {
			k.Path += "."
		}
		k.Path += l
	}
	return k
}

// Error appends "error.<code>"; code is the JSON-RPC error code (its sign
// is dropped: -32600 is "32600") or, for plain HTTP, the status.
func (k NoteKey) Error(code int) NoteKey {
	if code < 0 {
		code = -code
	}
	return k.Dot("error", strconv.Itoa(code))
}

// HTTP appends "http-<status>", the HTTP status a JSON-RPC error came with.
func (k NoteKey) HTTP(status int) NoteKey { return k.Dot("http-" + strconv.Itoa(status)) }

// At is the key of the note written for one version.
func (k NoteKey) At(version string) NoteKey { k.Version = version; return k }

// String is the key as the tables and the trace (Event.Note) spell it.
func (k NoteKey) String() string {
	if k.Version == "" {
		return k.Path
	}
	return k.Path + "@" + k.Version
}

// Base is the key without its version.
func (k NoteKey) Base() NoteKey { k.Version = ""; return k }

// ParseNoteKey reads a key in the grammar above.
func ParseNoteKey(s string) (NoteKey, error) {
	path, version, hasV := strings.Cut(s, "@")
	k := NoteKey{Path: path, Version: version}
	if hasV && !slices.Contains(protocol.Versions(), version) {
		return k, fmt.Errorf("key %q: version %q after @ is not one of %v", s, version, protocol.Versions())
	}
	if path == "" {
		return k, fmt.Errorf("key %q: empty", s)
	}
	for _, l := range strings.Split(path, ".") {
		if l == "" {
			return k, fmt.Errorf("key %q: empty label (two dots, or a dot at an end)", s)
		}
		for _, r := range l {
			if (r < 'a' || r > 'z') && (r < '0' || r > '9') && r != '-' {
				return k, fmt.Errorf("key %q: label %q may hold only a-z, 0-9 and -", s, l)
			}
		}
	}
	return k, nil
}

// eachCandidate calls try with the keys AnnotationFor looks up for k, in
// order (see NoteKey), until try returns true.
func (k NoteKey) eachCandidate(try func(NoteKey) bool) bool {
	one := func(path string) bool {
		if k.Version != "" && try(NoteKey{path, k.Version}) {
			return true
		}
		return try(NoteKey{Path: path})
	}
	path := k.Path
	for {
		if one(path) {
			return true
		}
		if _, rest, ok := strings.Cut(path, "."); ok && one(rest) {
			return true
		}
		i := strings.LastIndexByte(path, '.')
		if i < 0 {
			return false
		}
		path = path[:i]
	}
}

// stdioLabel ends the key of a note written for the stdio transport.
const stdioLabel = "on-stdio"

// onStdio is the key of an event on the stdio pipe under version: note +
// ".on-stdio" when a note is written under that path for version (or for
// every version), otherwise note.
func onStdio(note, version string) string {
	k := NoteKey{Path: note}.Dot(stdioLabel)
	notes := noteIndex()
	for _, c := range []NoteKey{k.At(version), k} {
		if _, ok := notes[c.String()]; ok {
			return k.Path
		}
	}
	return note
}
