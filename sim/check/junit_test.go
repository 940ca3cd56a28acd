package check

import (
	"bytes"
	"testing"
)

// TestWriteJUnitExact: the JUnit report, byte for byte: one suite per
// version, a MUST failure as <failure>, a skip as <skipped>, a warning as
// the case's system-out, and each cut as its version's suite's
// system-out (a cut of no suite's version in the first suite). The broken
// twin is the same report without its cuts: the suites then say none.
func TestWriteJUnitExact(t *testing.T) {
	r := &Report{Target: "srv", Checks: []Result{
		{ID: "a", Version: "2025-11-25", Verdict: Fail, Level: MUST, Spec: "s#a", Quote: "q", Seq: 3, Message: "m"},
		{ID: "b", Version: "2025-11-25", Verdict: Skip, Level: SHOULD, Message: "not sent"},
		{ID: "c", Version: "2026-07-28", Verdict: Warn, Level: SHOULD, Spec: "s#c", Quote: "r", Seq: 1, Message: "w"},
	}, Cuts: []string{"2026-07-28: realwire: the response body passed 8 MiB (2 times)", "stderr: 1 MiB kept"}}
	want := `<?xml version="1.0" encoding="UTF-8"?>
<testsuites name="mcpwirelab check srv">
  <testsuite name="2025-11-25" tests="2" failures="1" skipped="1">
    <testcase name="a" classname="mcp.2025-11-25">
      <failure message="MUST: m" type="MUST">m&#xA;s#a (step 3): &#34;q&#34;</failure>
    </testcase>
    <testcase name="b" classname="mcp.2025-11-25">
      <skipped message="not sent"></skipped>
    </testcase>
    <system-out>cut: stderr: 1 MiB kept&#xA;</system-out>
  </testsuite>
  <testsuite name="2026-07-28" tests="1" failures="0" skipped="0">
    <testcase name="c" classname="mcp.2026-07-28">
      <system-out>WARNING: w&#xA;s#c (step 1): &#34;r&#34;</system-out>
    </testcase>
    <system-out>cut: 2026-07-28: realwire: the response body passed 8 MiB (2 times)&#xA;</system-out>
  </testsuite>
</testsuites>
`
	var b bytes.Buffer
	if err := r.WriteJUnit(&b); err != nil {
		t.Fatal(err)
	}
	if b.String() != want {
		t.Fatalf("JUnit:\n%s\nwant\n%s", b.String(), want)
	}
	r.Cuts = nil
	b.Reset()
	if err := r.WriteJUnit(&b); err != nil {
		t.Fatal(err)
	}
	if bytes.Contains(b.Bytes(), []byte("cut:")) || bytes.Count(b.Bytes(), []byte("<system-out>")) != 1 {
		t.Fatalf("without cuts the report still names one:\n%s", b.String())
	}
}
