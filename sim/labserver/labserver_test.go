package labserver

import (
	"testing"

	"mcpwirelab/sim/mcp"
)

func TestConformanceConfig(t *testing.T) {
	cfg := Conformance(mcp.Config{})
	if !cfg.ListChanged || cfg.Info.Name != "mcp-wire-lab-conformance" || cfg.Tools == nil {
		t.Errorf("config %+v", cfg)
	}
}
