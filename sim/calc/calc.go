// Package calc is the N×M versus N+M integration calculator of MCP Wire Lab.
//
// Without a shared protocol every AI application needs its own adapter for
// every tool: N applications × M tools = N×M adapters. With MCP each
// application implements one MCP client and each tool one MCP server, so the
// count drops to N+M. The package is pure Go (no UI, no syscall/js) so that
// the exercises and the browser share one implementation.
package calc

import (
	_ "embed"
	"fmt"
	"strconv"

	"mcpwirelab/sim/text"
)

// MinSide and MaxSide bound N and M (inclusive).
const (
	MinSide = 1
	MaxSide = 50
)

// Result is the outcome of one calculation.
type Result struct {
	N          int // AI applications (hosts)
	M          int // tools / data sources
	WithoutMCP int // N×M bespoke adapters
	WithMCP    int // N clients + M servers
	// Saved is WithoutMCP − WithMCP. It is negative for tiny setups
	// (1×M needs one adapter fewer without MCP) and zero for 2×2.
	Saved int
}

// Integrations computes the adapter counts for n applications and m tools.
// Both must be within MinSide..MaxSide.
func Integrations(n, m int) (Result, error) {
	if n < MinSide || n > MaxSide {
		return Result{}, fmt.Errorf("calc: number of applications N = %d is out of range: must be between %d and %d", n, MinSide, MaxSide)
	}
	if m < MinSide || m > MaxSide {
		return Result{}, fmt.Errorf("calc: number of tools M = %d is out of range: must be between %d and %d", m, MinSide, MaxSide)
	}
	r := Result{N: n, M: m, WithoutMCP: n * m, WithMCP: n + m}
	r.Saved = r.WithoutMCP - r.WithMCP
	return r, nil
}

// The explanation's sentence and words, as data (README, "Editing the
// course text"), read at the first Explain.
//
//go:embed text/explain.text
var explainFile string

// explainName is the file's name in errors.
const explainName = "sim/calc/text/explain.text"

var explainTable = text.Lazy(func() []text.Source { return []text.Source{{Name: explainName, Data: explainFile}} })

// The keys of explain.text.
const (
	keyExplain = "explain"
	keySaving  = "explain.saving"
	keySame    = "explain.same"
	keyMore    = "explain.more"
	keyApp     = "noun.app"
	keyTool    = "noun.tool"
	keyAdapter = "noun.adapter"
	oneSuffix  = ".one" // the English singular of a noun, for a count of 1
)

// explainKeys are the keys Explain uses (with each noun's .one twin).
var explainKeys = []string{keyExplain, keySaving, keySame, keyMore, keyApp, keyTool, keyAdapter}

// say is the text of key in lang.
func say(key, lang string) string {
	t, _ := explainTable().Get(key)
	return t.In(lang)
}

// noun is the word for n things of key in lang.
func noun(key string, n int, lang string) string {
	if n == 1 {
		key += oneSuffix
	}
	return say(key, lang)
}

// Explain returns one sentence describing r in "en" or "zh" (any other
// language falls back to English).
func Explain(r Result, lang string) string {
	var tail string
	switch {
	case r.Saved > 0:
		tail = fmt.Sprintf(say(keySaving, lang), r.Saved)
	case r.Saved == 0:
		tail = say(keySame, lang)
	default:
		tail = fmt.Sprintf(say(keyMore, lang), -r.Saved)
	}
	return fmt.Sprintf(say(keyExplain, lang), r.N, r.M, r.WithoutMCP, r.WithMCP, tail,
		noun(keyApp, r.N, lang), noun(keyTool, r.M, lang), noun(keyAdapter, r.WithoutMCP, lang))
}

// Node kinds used by Grid.
const (
	NodeApp  = "app"  // an AI application (host)
	NodeTool = "tool" // a tool / data source
	NodeMCP  = "mcp"  // the shared protocol in the middle of the MCP layout
)

// HubID is the ID of the single protocol node of the MCP layout.
const HubID = "mcp"

// Node is one box to draw.
type Node struct {
	ID    string // "app-1" … "app-N", "tool-1" … "tool-M", or HubID
	Kind  string // NodeApp, NodeTool or NodeMCP
	Index int    // 1-based position within its kind (0 for the hub)
}

// Edge is one adapter (one line to draw). From is always on the app side.
type Edge struct {
	From string
	To   string
}

// Layout is one picture: the nodes and the adapters between them.
type Layout struct {
	Nodes []Node
	Edges []Edge
}

// Layouts holds both pictures of a Result.
type Layouts struct {
	// WithoutMCP connects every app to every tool: len(Edges) == N×M.
	WithoutMCP Layout
	// WithMCP connects every app (its MCP client) and every tool (its MCP
	// server) to the shared protocol hub: len(Edges) == N+M.
	WithMCP Layout
}

// AppID and ToolID return node IDs (i is 1-based).
func AppID(i int) string  { return "app-" + strconv.Itoa(i) }
func ToolID(j int) string { return "tool-" + strconv.Itoa(j) }

// Grid returns the edges to draw for both layouts, in a stable order
// (apps in order, then tools in order). The edge counts equal
// r.WithoutMCP and r.WithMCP.
func Grid(r Result) Layouts {
	var apps, tools []Node
	for i := 1; i <= r.N; i++ {
		apps = append(apps, Node{ID: AppID(i), Kind: NodeApp, Index: i})
	}
	for j := 1; j <= r.M; j++ {
		tools = append(tools, Node{ID: ToolID(j), Kind: NodeTool, Index: j})
	}
	var out Layouts
	out.WithoutMCP.Nodes = append(append([]Node{}, apps...), tools...)
	for i := 1; i <= r.N; i++ {
		for j := 1; j <= r.M; j++ {
			out.WithoutMCP.Edges = append(out.WithoutMCP.Edges, Edge{From: AppID(i), To: ToolID(j)})
		}
	}
	out.WithMCP.Nodes = append(append(append([]Node{}, apps...), Node{ID: HubID, Kind: NodeMCP}), tools...)
	for i := 1; i <= r.N; i++ {
		out.WithMCP.Edges = append(out.WithMCP.Edges, Edge{From: AppID(i), To: HubID})
	}
	for j := 1; j <= r.M; j++ {
		out.WithMCP.Edges = append(out.WithMCP.Edges, Edge{From: HubID, To: ToolID(j)})
	}
	return out
}
