package mcp

import "mcpwirelab/sim/toolbox"

// LegacyOutputSchemaForTest is legacyOutputSchema, for the external tests.
var LegacyOutputSchemaForTest = legacyOutputSchema

// newCourseServer is NewServer with the course's tools when cfg has none:
// the internal tests' server (sim/labserver, which builds the course server
// for everyone else, imports this package).
func newCourseServer(cfg Config) *Server {
	if cfg.Tools == nil {
		cfg.Tools = toolbox.Course()
	}
	return NewServer(cfg)
}
