package scenario

import "mcpwirelab/sim/client"

// NoteOf names an event of the MCP client for the annotation table, as a
// scenario run does: the exchange's tag plus what the event is
// ("tools-call.request", "tools-list.error.32600.http-400", "progress"),
// and the spec section it follows, resolved for the version on the wire
// ("2026-07-28/basic/transports/stdio"). A recorder outside this package
// (sim/check's captures of a real server) names its events with it, so a
// capture and a scenario read the same notes.
func NoteOf(e *client.Event, version string) (note, spec string) {
	note, spec = noteOf(e, version)
	return note, resolveSpec(spec, version)
}

// LaunchNote is the note of a capture's host starting the learner's server
// process (stdio) or pointing the client at its HTTP endpoint: notes of
// their own ("launch.stdio.capture"), since the course's (launch.stdio)
// tell of the dev server and of the one task a scenario shows.
func LaunchNote(transport string) (note, spec string) {
	if transport == "stdio" {
		return "launch.stdio." + captureLabel, specStdio
	}
	return "launch.http." + captureLabel, specHTTP
}

// captureLabel ends the key of a note written for a capture of a
// learner's server (sim/check) instead of a scenario run.
const captureLabel = "capture"

// ResolveSpec is resolveSpec for recorders outside the package.
func ResolveSpec(spec, version string) string { return resolveSpec(spec, version) }
