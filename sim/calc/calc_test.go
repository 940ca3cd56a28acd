package calc

import (
	"slices"
	"strings"
	"testing"

	"mcpwirelab/sim/text"
)

func TestIntegrations(t *testing.T) {
	for _, c := range []struct{ n, m, without, with, saved int }{
		{3, 4, 12, 7, 5},
		{6, 15, 90, 21, 69},
		{1, 1, 1, 2, -1},
		{2, 2, 4, 4, 0},
		{50, 50, 2500, 100, 2400},
	} {
		r, err := Integrations(c.n, c.m)
		if err != nil {
			t.Fatalf("%d×%d: %v", c.n, c.m, err)
		}
		want := Result{N: c.n, M: c.m, WithoutMCP: c.without, WithMCP: c.with, Saved: c.saved}
		if r != want {
			t.Errorf("%d×%d = %+v, want %+v", c.n, c.m, r, want)
		}
	}
}

func TestIntegrationsBounds(t *testing.T) {
	for _, c := range []struct {
		n, m int
		want string
	}{
		{0, 4, "calc: number of applications N = 0 is out of range: must be between 1 and 50"},
		{51, 4, "calc: number of applications N = 51 is out of range: must be between 1 and 50"},
		{3, 0, "calc: number of tools M = 0 is out of range: must be between 1 and 50"},
		{3, -2, "calc: number of tools M = -2 is out of range: must be between 1 and 50"},
		{3, 51, "calc: number of tools M = 51 is out of range: must be between 1 and 50"},
	} {
		_, err := Integrations(c.n, c.m)
		if err == nil || err.Error() != c.want {
			t.Errorf("Integrations(%d, %d) error = %v, want %q", c.n, c.m, err, c.want)
		}
	}
}

func TestExplain(t *testing.T) {
	r34, _ := Integrations(3, 4)
	r615, _ := Integrations(6, 15)
	r11, _ := Integrations(1, 1)
	r22, _ := Integrations(2, 2)
	for _, c := range []struct {
		r    Result
		lang string
		want string
	}{
		{r34, "en", "Connecting 3 AI apps to 4 tools directly takes 3×4 = 12 custom adapters; with MCP each app implements one client and each tool one server, so 3+4 = 7, saving 5."},
		{r615, "en", "Connecting 6 AI apps to 15 tools directly takes 6×15 = 90 custom adapters; with MCP each app implements one client and each tool one server, so 6+15 = 21, saving 69."},
		{r34, "zh", "3 个 AI 应用连接 4 个工具：两两直连需要 3×4 = 12 个定制适配器；使用 MCP 后每个应用只实现一个客户端、每个工具只实现一个服务器，共 3+4 = 7 个，少写 5 个。"},
		{r615, "zh", "6 个 AI 应用连接 15 个工具：两两直连需要 6×15 = 90 个定制适配器；使用 MCP 后每个应用只实现一个客户端、每个工具只实现一个服务器，共 6+15 = 21 个，少写 69 个。"},
		{r11, "en", "Connecting 1 AI app to 1 tool directly takes 1×1 = 1 custom adapter; with MCP each app implements one client and each tool one server, so 1+1 = 2, 1 more (MCP pays off as N and M grow)."},
		{r22, "zh", "2 个 AI 应用连接 2 个工具：两两直连需要 2×2 = 4 个定制适配器；使用 MCP 后每个应用只实现一个客户端、每个工具只实现一个服务器，共 2+2 = 4 个，在这个规模下两者一样多。"},
		{r34, "fr", Explain(r34, "en")},
	} {
		if got := Explain(c.r, c.lang); got != c.want {
			t.Errorf("Explain(%d×%d, %s) =\n%s\nwant\n%s", c.r.N, c.r.M, c.lang, got, c.want)
		}
	}
}

func TestGrid(t *testing.T) {
	r, _ := Integrations(3, 4)
	g := Grid(r)
	if len(g.WithoutMCP.Edges) != 12 || len(g.WithMCP.Edges) != 7 {
		t.Fatalf("edges: %d and %d, want 12 and 7", len(g.WithoutMCP.Edges), len(g.WithMCP.Edges))
	}
	if len(g.WithoutMCP.Nodes) != 7 || len(g.WithMCP.Nodes) != 8 {
		t.Fatalf("nodes: %d and %d, want 7 and 8", len(g.WithoutMCP.Nodes), len(g.WithMCP.Nodes))
	}
	if e := g.WithoutMCP.Edges[5]; e != (Edge{From: "app-2", To: "tool-2"}) {
		t.Errorf("WithoutMCP edge 5 = %+v", e)
	}
	if e := g.WithMCP.Edges[2]; e != (Edge{From: "app-3", To: HubID}) {
		t.Errorf("WithMCP edge 2 = %+v", e)
	}
	if e := g.WithMCP.Edges[6]; e != (Edge{From: HubID, To: "tool-4"}) {
		t.Errorf("WithMCP edge 6 = %+v", e)
	}
	// Every edge references an existing node; each app–tool pair appears once.
	for name, l := range map[string]Layout{"without": g.WithoutMCP, "with": g.WithMCP} {
		ids := map[string]bool{}
		for _, n := range l.Nodes {
			ids[n.ID] = true
		}
		seen := map[Edge]bool{}
		for _, e := range l.Edges {
			if !ids[e.From] || !ids[e.To] || seen[e] {
				t.Errorf("%s: bad or duplicate edge %+v", name, e)
			}
			seen[e] = true
		}
	}
	r2, _ := Integrations(6, 15)
	g2 := Grid(r2)
	if len(g2.WithoutMCP.Edges) != 90 || len(g2.WithMCP.Edges) != 21 {
		t.Errorf("6×15 edges: %d and %d", len(g2.WithoutMCP.Edges), len(g2.WithMCP.Edges))
	}
	if !strings.HasPrefix(g2.WithMCP.Nodes[6].ID, HubID) {
		t.Errorf("hub not after the apps: %+v", g2.WithMCP.Nodes[6])
	}
}

// explainProblems: the mistakes of an explanation table: its format, a
// key Explain uses that it lacks (a noun with its .one twin), a key no
// code uses, verbs that differ between the languages.
func explainProblems(tb *text.Table) []string {
	var out []string
	for _, err := range tb.Errs {
		out = append(out, err.Error())
	}
	used := map[string]bool{}
	for _, k := range explainKeys {
		used[k] = true
		if strings.HasPrefix(k, "noun.") {
			used[k+oneSuffix] = true
		}
	}
	for k := range used {
		if _, ok := tb.Get(k); !ok {
			out = append(out, "no ["+k+"]")
		}
	}
	for _, k := range tb.Keys() {
		x, _ := tb.Get(k)
		if !used[k] {
			out = append(out, tb.Where[k]+": ["+k+"] is used by no code")
		}
		if why := text.CheckVerbs(x); why != "" {
			out = append(out, tb.Where[k]+": ["+k+"]: "+why)
		}
	}
	slices.Sort(out)
	return out
}

// TestExplainText: explain.text has every key Explain uses, and the same
// verbs in both languages.
func TestExplainText(t *testing.T) {
	for _, p := range explainProblems(explainTable()) {
		t.Error(p)
	}
}

// TestExplainTextBroken: a Chinese sentence that drops a value, a missing
// singular and a key of no code are each found.
func TestExplainTextBroken(t *testing.T) {
	var b strings.Builder
	for _, k := range explainKeys {
		x, _ := explainTable().Get(k)
		if k == keyExplain {
			x.Zh = strings.Replace(x.Zh, "%[3]d", "", 1)
		}
		text.FormatEntry(&b, text.Entry{Key: k, Text: x})
		if k != keyTool && strings.HasPrefix(k, "noun.") {
			text.FormatEntry(&b, text.Entry{Key: k + oneSuffix, Text: x})
		}
	}
	b.WriteString("[stray]\nen: A\nzh: 甲\n")
	got := explainProblems(text.Load(text.Source{Name: "e.text", Data: b.String()}))
	if len(got) != 3 || !strings.Contains(got[0], "[explain]: the verbs differ") || !strings.Contains(got[1], "[stray] is used by no code") || got[2] != "no [noun.tool.one]" {
		t.Errorf("found %q", got)
	}
}
