//go:build !(js && wasm)

package ui

import "testing"

// CompactHTML removes exactly go-app's indentation and its ="false"
// boolean attributes.
func TestCompactHTML(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"<div>\n  <span>a</span>\n  <span>b</span>\n</div>", "<div><span>a</span><span>b</span></div>"},
		// A text child keeps its own spaces.
		{"<p>\n  <b>x</b>\n   y \n</p>", "<p><b>x</b> y </p>"},
		{`<button disabled="false" class="b">n</button>`, `<button class="b">n</button>`},
		{`<button disabled="true">n</button>`, `<button disabled="true">n</button>`},
		{`<option data-disabled="false">o</option>`, `<option data-disabled="false">o</option>`},
		// Verbatim elements keep their text.
		{"<pre>\n  a\n  b\n</pre>", "<pre>\n  a\n  b\n</pre>"},
		{"<script>\n  if (a<b) x()\n</script>", "<script>\n  if (a<b) x()\n</script>"},
		// Whitespace of another shape stays.
		{"<i>a</i> <i>b</i>", "<i>a</i> <i>b</i>"},
		{"<p>\nfree text\n</p>", "<p>\nfree text\n</p>"},
	} {
		if got := CompactHTML(c.in); got != c.want {
			t.Errorf("CompactHTML(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}
