// Package gendoc keeps the generated parts of a tracked document (the
// tables of CONFORMANCE.md and PEERS.md): each part sits between two
// marker lines; a -write run replaces it with this run's, the gate of
// make test compares it and prints the lines that differ, never writing.
package gendoc

import (
	"fmt"
	"os"
	"strings"

	"mcpwirelab/internal/linediff"
)

// Section is a generated part of a document: Body goes between its
// markers Begin and End.
type Section struct{ Begin, End, Body string }

// Replace is text with the part between each section's markers replaced
// by its body (name names the text in the error for missing markers).
func Replace(name, text string, secs ...Section) (string, error) {
	out := text
	for _, sec := range secs {
		i, j := strings.Index(out, sec.Begin), strings.Index(out, sec.End)
		if i < 0 || j < i {
			return "", fmt.Errorf("%s: markers %q … %q not found", name, sec.Begin, sec.End)
		}
		out = out[:i] + sec.Begin + "\n\n" + sec.Body + "\n" + out[j:]
	}
	return out, nil
}

// Write replaces the text between each section's markers in doc with its
// body (the file is left alone when nothing changed).
func Write(doc string, secs ...Section) error {
	b, err := os.ReadFile(doc)
	if err != nil {
		return err
	}
	out, err := Replace(doc, string(b), secs...)
	if err != nil || out == string(b) {
		return err
	}
	return os.WriteFile(doc, []byte(out), 0o644)
}

// Diff is the unified diff from doc to doc with the sections this run
// wrote: "" when the document holds them already.
func Diff(doc string, secs ...Section) (string, error) {
	b, err := os.ReadFile(doc)
	if err != nil {
		return "", err
	}
	out, err := Replace(doc, string(b), secs...)
	if err != nil {
		return "", err
	}
	return linediff.Unified(doc, "this run", b, []byte(out)), nil
}
