package protocol

import "slices"

// Protocol versions the lab implements.
const (
	V20251125 = "2025-11-25" // legacy: initialize handshake, sessions
	V20260728 = "2026-07-28" // modern: stateless, per-request _meta
	// LatestVersion is the newest version the lab implements: the default
	// of the UI, the transcript command and the exercises.
	LatestVersion = V20260728
)

// Versions lists every version the engine implements, oldest first. It is
// the one list of versions: scenarios, graders, the UI and the command line
// read it (or ModernVersions and LegacyVersions) instead of writing their
// own. Each call returns a fresh slice.
func Versions() []string {
	v := append(LegacyVersions(), ModernVersions()...)
	slices.Sort(v) // dates: lexical order is time order
	return v
}

// ModernVersions are the versions the course server serves with
// per-request _meta (2026-07-28 basic/versioning §Terminology: "Modern"),
// newest first.
func ModernVersions() []string { return []string{V20260728} }

// LegacyVersions are the versions the course server serves after an
// initialize handshake ("Legacy"), newest first.
func LegacyVersions() []string { return []string{V20251125} }

// IsModern reports whether v is a per-request-metadata version.
func IsModern(v string) bool { return v >= V20260728 }
