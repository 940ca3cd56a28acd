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

// LaunchNote is the note of the host starting a server process (stdio) or
// pointing the client at an HTTP endpoint.
func LaunchNote(transport string) (note, spec string) {
	if transport == "stdio" {
		return "launch.stdio", specStdio
	}
	return "launch.http", specHTTP
}

// ResolveSpec is resolveSpec for recorders outside the package.
func ResolveSpec(spec, version string) string { return resolveSpec(spec, version) }
