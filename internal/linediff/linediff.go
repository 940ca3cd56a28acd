// Package linediff writes the difference of two texts line by line, in the
// unified format of diff -u and git diff: hunks of changed lines ("-" the
// old text's, "+" the new one's) with three lines of context, each headed
// by "@@ -<old start>,<count> +<new start>,<count> @@". A golden file that
// no longer matches, or a generated table that drifted from its document,
// is read as the few lines that changed, not as two blobs.
//
// The edit script is Myers' O(ND) shortest one ("An O(ND) Difference
// Algorithm and Its Variations", 1986) over the lines between the common
// prefix and suffix; when the texts differ in more than maxEdits lines the
// middle is shown as removed and added whole, which for such texts reads
// no worse and stays linear.
package linediff

import (
	"fmt"
	"strings"
)

// context is how many unchanged lines surround each change.
const context = 3

// maxEdits bounds the search for the shortest edit script (its memory
// grows with the square of the edits).
const maxEdits = 2000

// noNewline follows a last line without its newline, as in diff -u.
const noNewline = `\ No newline at end of file`

// op is one line of the edit script: ' ' kept, '-' removed, '+' added;
// a and b are its line numbers (0-based) in the old and new text.
type op struct {
	kind byte
	a, b int
}

// Unified returns the unified diff from old (named oldName) to new (named
// newName); "" when they are equal.
func Unified(oldName, newName string, old, new []byte) string {
	if string(old) == string(new) {
		return ""
	}
	a, b := lines(string(old)), lines(string(new))
	ops := script(a, b)
	var w strings.Builder
	fmt.Fprintf(&w, "--- %s\n+++ %s\n", oldName, newName)
	for i := 0; i < len(ops); {
		if ops[i].kind == ' ' {
			i++
			continue
		}
		// A hunk: from context lines before this change to context lines
		// after the last change closer than 2*context to the one before.
		start := max(i-context, 0)
		end := i
		for j := i; j < len(ops); j++ {
			if ops[j].kind != ' ' {
				end = j
			} else if j-end > 2*context {
				break
			}
		}
		stop := min(end+context+1, len(ops))
		writeHunk(&w, a, b, ops[start:stop])
		i = stop
	}
	return w.String()
}

// lines splits s into lines, each keeping its "\n" (the last may lack it).
func lines(s string) []string {
	var out []string
	for s != "" {
		i := strings.IndexByte(s, '\n')
		if i < 0 {
			out = append(out, s)
			break
		}
		out = append(out, s[:i+1])
		s = s[i+1:]
	}
	return out
}

func writeHunk(w *strings.Builder, a, b []string, ops []op) {
	aStart, bStart, aN, bN := -1, -1, 0, 0
	for _, o := range ops {
		if o.kind != '+' {
			if aStart < 0 {
				aStart = o.a
			}
			aN++
		}
		if o.kind != '-' {
			if bStart < 0 {
				bStart = o.b
			}
			bN++
		}
	}
	fmt.Fprintf(w, "@@ -%s +%s @@\n", span(aStart, aN, ops[0].a), span(bStart, bN, ops[0].b))
	for _, o := range ops {
		var l string
		if o.kind == '+' {
			l = b[o.b]
		} else {
			l = a[o.a]
		}
		w.WriteByte(o.kind)
		w.WriteString(l)
		if !strings.HasSuffix(l, "\n") {
			w.WriteString("\n" + noNewline + "\n")
		}
	}
}

// span is a hunk's range in one text: 1-based start and count (an empty
// range names the line before it, as diff -u does).
func span(start, n, at int) string {
	if n == 0 {
		return fmt.Sprintf("%d,0", at)
	}
	if n == 1 {
		return fmt.Sprint(start + 1)
	}
	return fmt.Sprintf("%d,%d", start+1, n)
}

// script is the edit script from a to b: the common prefix and suffix
// kept, the middle by middle.
func script(a, b []string) []op {
	p := 0
	for p < len(a) && p < len(b) && a[p] == b[p] {
		p++
	}
	s := 0
	for s < len(a)-p && s < len(b)-p && a[len(a)-1-s] == b[len(b)-1-s] {
		s++
	}
	var ops []op
	for i := 0; i < p; i++ {
		ops = append(ops, op{' ', i, i})
	}
	for _, o := range middle(a[p:len(a)-s], b[p:len(b)-s]) {
		ops = append(ops, op{o.kind, o.a + p, o.b + p})
	}
	for i := s; i > 0; i-- {
		ops = append(ops, op{' ', len(a) - i, len(b) - i})
	}
	return ops
}

// middle is Myers' shortest edit script from a to b, or every line of a
// removed and every line of b added when it needs more than maxEdits.
func middle(a, b []string) []op {
	n, m := len(a), len(b)
	whole := func() []op {
		var ops []op
		for i := range a {
			ops = append(ops, op{'-', i, 0})
		}
		for j := range b {
			ops = append(ops, op{'+', n, j})
		}
		return ops
	}
	if n == 0 || m == 0 {
		return whole()
	}
	limit := min(n+m, maxEdits)
	off := limit + 1
	v := make([]int, 2*limit+3) // v[off+k]: furthest x on diagonal k
	var trace [][]int
	for d := 0; d <= limit; d++ {
		trace = append(trace, append([]int(nil), v[off-d-1:off+d+2]...))
		for k := -d; k <= d; k += 2 {
			var x int
			if k == -d || (k != d && v[off+k-1] < v[off+k+1]) {
				x = v[off+k+1] // down: a line of b added
			} else {
				x = v[off+k-1] + 1 // right: a line of a removed
			}
			y := x - k
			for x < n && y < m && a[x] == b[y] {
				x, y = x+1, y+1
			}
			v[off+k] = x
			if x >= n && y >= m {
				return backtrack(a, b, trace, d)
			}
		}
	}
	return whole()
}

// backtrack walks the saved frontiers back from (len(a), len(b)) to
// (0, 0). trace[d] holds v[-d-1 .. d+1] as it was before step d.
func backtrack(a, b []string, trace [][]int, d int) []op {
	at := func(d, k int) int { return trace[d][k+d+1] }
	x, y := len(a), len(b)
	var rev []op
	for ; d > 0; d-- {
		k := x - y
		var pk int
		if k == -d || (k != d && at(d, k-1) < at(d, k+1)) {
			pk = k + 1
		} else {
			pk = k - 1
		}
		px := at(d, pk)
		py := px - pk
		for x > px && y > py {
			x, y = x-1, y-1
			rev = append(rev, op{' ', x, y})
		}
		if pk == k+1 {
			y--
			rev = append(rev, op{'+', x, y})
		} else {
			x--
			rev = append(rev, op{'-', x, y})
		}
	}
	for x > 0 && y > 0 {
		x, y = x-1, y-1
		rev = append(rev, op{' ', x, y})
	}
	ops := make([]op, len(rev))
	for i, o := range rev {
		ops[len(rev)-1-i] = o
	}
	return ops
}
