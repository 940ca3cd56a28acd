package linediff

import (
	"fmt"
	"math/rand"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// TestUnifiedOneLine: one changed line of a JSON Lines file is one hunk:
// the old line, the new one, three lines of context either side, and the
// line numbers of diff -u.
func TestUnifiedOneLine(t *testing.T) {
	var old, new strings.Builder
	for i := 1; i <= 12; i++ {
		fmt.Fprintf(&old, "{\"seq\":%d}\n", i)
		if i == 7 {
			fmt.Fprintf(&new, "{\"seq\":%d,\"note\":\"x\"}\n", i)
		} else {
			fmt.Fprintf(&new, "{\"seq\":%d}\n", i)
		}
	}
	got := Unified("want", "got", []byte(old.String()), []byte(new.String()))
	want := `--- want
+++ got
@@ -4,7 +4,7 @@
 {"seq":4}
 {"seq":5}
 {"seq":6}
-{"seq":7}
+{"seq":7,"note":"x"}
 {"seq":8}
 {"seq":9}
 {"seq":10}
`
	if got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
	if Unified("a", "b", []byte("same\n"), []byte("same\n")) != "" {
		t.Error("equal texts give a diff")
	}
}

// TestUnifiedEdges: additions at the start, removals at the end, empty
// texts, a missing last newline, and two changes far apart (two hunks)
// or close (one).
func TestUnifiedEdges(t *testing.T) {
	for _, c := range []struct{ old, new, want string }{
		{"b\nc\n", "a\nb\nc\n", "@@ -1,2 +1,3 @@\n+a\n b\n c\n"},
		{"a\nb\nc\n", "a\nb\n", "@@ -1,3 +1,2 @@\n a\n b\n-c\n"},
		{"", "a\n", "@@ -0,0 +1 @@\n+a\n"},
		{"a\n", "", "@@ -1 +0,0 @@\n-a\n"},
		{"a\nb", "a\nb\n", "@@ -1,2 +1,2 @@\n a\n-b\n" + noNewline + "\n+b\n"},
		{"1\n2\n3\n4\n5\n6\n7\n8\n9\n10\n11\n12\n", "x\n2\n3\n4\n5\n6\n7\n8\n9\n10\n11\ny\n",
			"@@ -1,4 +1,4 @@\n-1\n+x\n 2\n 3\n 4\n@@ -9,4 +9,4 @@\n 9\n 10\n 11\n-12\n+y\n"},
		{"1\n2\n3\n4\n5\n6\n7\n8\n", "x\n2\n3\n4\n5\n6\n7\ny\n",
			"@@ -1,8 +1,8 @@\n-1\n+x\n 2\n 3\n 4\n 5\n 6\n 7\n-8\n+y\n"},
	} {
		got := Unified("o", "n", []byte(c.old), []byte(c.new))
		if want := "--- o\n+++ n\n" + c.want; got != want {
			t.Errorf("%q → %q:\ngot\n%s\nwant\n%s", c.old, c.new, got, want)
		}
	}
}

// TestUnifiedIsShortestAndApplies: on random texts the diff, applied as a
// patch to the old text, gives the new one, and changes no more lines than
// the longest common subsequence leaves (the shortest edit script).
func TestUnifiedIsShortestAndApplies(t *testing.T) {
	r := rand.New(rand.NewSource(1))
	text := func() string {
		var b strings.Builder
		for n := r.Intn(14); n > 0; n-- {
			b.WriteString(string(rune('a'+r.Intn(3))) + "\n")
		}
		return b.String()
	}
	for i := 0; i < 3000; i++ {
		old, new := text(), text()
		d := Unified("o", "n", []byte(old), []byte(new))
		got, changed, err := apply(old, d)
		if err != nil || got != new {
			t.Fatalf("%q → %q: the patch gives %q (%v):\n%s", old, new, got, err, d)
		}
		a, b := lines(old), lines(new)
		if want := len(a) + len(b) - 2*lcs(a, b); changed != want {
			t.Fatalf("%q → %q: %d lines changed, the shortest script changes %d:\n%s", old, new, changed, want, d)
		}
	}
}

// TestUnifiedLarge: a long golden with three changed lines gives three
// small hunks; two unrelated long texts (beyond maxEdits) give one hunk
// that removes and adds them whole, and still applies.
func TestUnifiedLarge(t *testing.T) {
	var old, new, other strings.Builder
	for i := 0; i < 20000; i++ {
		fmt.Fprintf(&old, "line %d\n", i)
		fmt.Fprintf(&other, "other %d\n", i)
		if i%7000 == 3 {
			fmt.Fprintf(&new, "changed %d\n", i)
		} else {
			fmt.Fprintf(&new, "line %d\n", i)
		}
	}
	d := Unified("o", "n", []byte(old.String()), []byte(new.String()))
	if n := strings.Count(d, "\n@@ "); n != 3 || strings.Count(d, "\n-line") != 3 || len(strings.Split(d, "\n")) > 30 {
		t.Errorf("three changes in 20000 lines: %d hunks:\n%s", n, d)
	}
	d = Unified("o", "n", []byte(old.String()), []byte(other.String()))
	if got, _, err := apply(old.String(), d); err != nil || got != other.String() {
		t.Fatalf("the whole-text diff does not apply: %v", err)
	}
	if strings.Count(d, "\n@@ ") != 1 {
		t.Errorf("unrelated texts: more than one hunk")
	}
}

var hunkHead = regexp.MustCompile(`^@@ -(\d+)(?:,(\d+))? \+(\d+)(?:,(\d+))? @@$`)

// apply applies a unified diff to old (the test's own reader of the
// format) and counts its changed lines.
func apply(old, diff string) (string, int, error) {
	if diff == "" {
		return old, 0, nil
	}
	a := lines(old)
	dl := strings.Split(strings.TrimSuffix(diff, "\n"), "\n")
	if len(dl) < 2 || !strings.HasPrefix(dl[0], "--- ") || !strings.HasPrefix(dl[1], "+++ ") {
		return "", 0, fmt.Errorf("no header")
	}
	var out []string
	next, changed := 0, 0 // next line of a to copy
	for i := 2; i < len(dl); {
		m := hunkHead.FindStringSubmatch(dl[i])
		if m == nil {
			return "", 0, fmt.Errorf("line %d: %q is no hunk header", i, dl[i])
		}
		start, _ := strconv.Atoi(m[1])
		count := 1
		if m[2] != "" {
			count, _ = strconv.Atoi(m[2])
		}
		if count > 0 {
			start--
		}
		out = append(out, a[next:start]...)
		next = start
		i++
		for ; i < len(dl) && !strings.HasPrefix(dl[i], "@@ "); i++ {
			l := dl[i]
			if l == noNewline {
				last := len(out) - 1
				if strings.HasPrefix(dl[i-1], "-") {
					continue
				}
				out[last] = strings.TrimSuffix(out[last], "\n")
				continue
			}
			switch l[0] {
			case ' ':
				if a[next] != l[1:]+"\n" && a[next] != l[1:] {
					return "", 0, fmt.Errorf("context %q is not %q", l[1:], a[next])
				}
				out = append(out, a[next])
				next++
			case '-':
				next++
				changed++
			case '+':
				out = append(out, l[1:]+"\n")
				changed++
			}
		}
	}
	out = append(out, a[next:]...)
	return strings.Join(out, ""), changed, nil
}

func lcs(a, b []string) int {
	t := make([][]int, len(a)+1)
	for i := range t {
		t[i] = make([]int, len(b)+1)
	}
	for i := len(a) - 1; i >= 0; i-- {
		for j := len(b) - 1; j >= 0; j-- {
			if a[i] == b[j] {
				t[i][j] = t[i+1][j+1] + 1
			} else {
				t[i][j] = max(t[i+1][j], t[i][j+1])
			}
		}
	}
	return t[0][0]
}
