// Package labserver assembles the course's MCP server: the dual-era engine
// (sim/mcp) serving the course's tools and data (sim/toolbox). The engine
// knows no course; the course knows no engine; this package is where the
// two meet, as every face of the lab (the simulator, the dev server, the
// checker's reference, the graders) builds the same server.
package labserver

import (
	"mcpwirelab/sim/mcp"
	"mcpwirelab/sim/primitive"
	"mcpwirelab/sim/protocol"
	"mcpwirelab/sim/toolbox"
	"mcpwirelab/sim/toolbox/conformance"
)

// info is the course server's identity (serverInfo).
var info = mcp.Implementation{Name: "mcp-wire-lab", Title: "MCP Wire Lab course server", Version: "1.0.0"}

// Config is the dual-era course server: the course toolbox, every version
// the engine implements. Instructions stay empty, so NewServer describes
// what Tools offers once the caller has narrowed them.
func Config() mcp.Config {
	return mcp.Config{
		Tools:  toolbox.Course(),
		Info:   info,
		Modern: protocol.ModernVersions(),
		Legacy: protocol.LegacyVersions(),
	}
}

// NewServer builds the course server; zero fields of cfg take Config's
// values and empty Instructions describe what cfg.Tools offers.
func NewServer(cfg mcp.Config) *mcp.Server {
	d := Config()
	if cfg.Tools == nil {
		cfg.Tools = d.Tools
	}
	if cfg.Info.Name == "" {
		cfg.Info = d.Info
	}
	if cfg.Instructions == "" {
		cfg.Instructions = Instructions(cfg.Tools)
	}
	return mcp.NewServer(cfg)
}

// Instructions are the course server's instructions for what reg offers:
// a tools-only variant does not mention resources or prompts.
func Instructions(reg *primitive.Registry) string {
	s := "Course server for a small company: list employees and e-mails, " +
		"look up office days, export timesheets (slow), post office announcements"
	if mcp.Offers(reg, protocol.CapResources) {
		s += "; the handbook and employee records are resources"
	}
	if mcp.Offers(reg, protocol.CapPrompts) {
		s += "; prompts draft a weekly digest or a welcome e-mail"
	}
	return s + "."
}

// Conformance turns cfg into the conformance suite's everything server
// (devserver -fixture conformance): its registry, identity, instructions,
// and listChanged declared (the suite's subscription checks need tools and
// prompts list changes).
func Conformance(cfg mcp.Config) mcp.Config {
	cfg.Tools = conformance.Registry()
	cfg.Info = mcp.Implementation{Name: conformance.Name, Title: conformance.Title, Version: conformance.Version}
	cfg.Instructions = conformance.Instructions
	cfg.ListChanged = true
	return cfg
}
