package exercise

import (
	"strings"
)

// PartMarker starts a part of a multi-part answer: "### <part-id>".
const PartMarker = "### "

// JoinParts builds a multi-part answer from one text per part, in the
// exercise's part order (a UI with one editor per part uses it).
func JoinParts(ex Exercise, texts map[string]string) string {
	var b strings.Builder
	for i, p := range ex.Parts {
		if i > 0 {
			b.WriteString("\n")
		}
		b.WriteString(PartMarker + p.ID + "\n")
		t := texts[p.ID]
		b.WriteString(t)
		if !strings.HasSuffix(t, "\n") {
			b.WriteString("\n")
		}
	}
	return b.String()
}

// splitParts splits a multi-part answer into part ID → text. Lines that are
// not inside a part, and unknown or repeated part IDs, are problems.
func splitParts(c *checker, ex *Exercise, answer string) (map[string]string, bool) {
	mark := len(c.problems)
	var ids []string
	for _, p := range ex.Parts {
		ids = append(ids, p.ID)
	}
	out := map[string]string{}
	cur := ""
	var buf []string
	flush := func() {
		if cur != "" {
			out[cur] = strings.Join(buf, "\n")
		}
		buf = nil
	}
	strayReported := false
	seen := map[string]bool{}
	for n, line := range strings.Split(answer, "\n") {
		t := strings.TrimRight(line, "\r")
		if strings.HasPrefix(t, "###") {
			flush()
			id := strings.TrimSpace(strings.TrimPrefix(t, "###"))
			switch {
			case !contains(ids, id):
				c.fail("part-unknown", n+1, id, strings.Join(ids, ", "))
				cur = ""
			case seen[id]:
				c.fail("part-repeated", n+1, id)
				cur = ""
			default:
				cur = id
				seen[id] = true
			}
			continue
		}
		if cur == "" {
			if strings.TrimSpace(t) != "" && !strayReported {
				c.fail("part-stray", n+1, strings.Join(ids, "`, `### "))
				strayReported = true
			}
			continue
		}
		buf = append(buf, line)
	}
	flush()
	for _, id := range ids {
		if !seen[id] {
			c.fail("part-missing", id)
		} else if strings.TrimSpace(out[id]) == "" {
			c.fail("part-empty", id)
		}
	}
	return out, !c.since(mark)
}
