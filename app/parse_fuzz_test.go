package ui

import (
	"bytes"
	"net/url"
	"reflect"
	"strconv"
	"testing"

	"mcpwirelab/sim/calc"
	"mcpwirelab/sim/scenario"
)

// FuzzDeepLink: a link is anyone's text. Any query gives a view and a
// page without a panic, and the link the app writes for them (Query)
// reads back to the same view and page without a notice. The client
// settings apply to the HTTP lessons only, and only their links carry
// them (a tool-call link read with &timeout=… keeps the value in memory).
func FuzzDeepLink(f *testing.F) {
	for _, s := range []string{
		"", fastLink, "scenario=tool-call&version=2025-11-25&transport=stdio&fault=timeout&step=7&lang=zh&view=compare&present=1",
		"scenario=nope&step=-3&lang=fr", "step=99999999999999999999", "scenario=%zz&step=1;2",
		"view=calc&n=0&m=1e3", "view=calc&n=12&m=7&lang=zh", "view=exercises&ex=retry-math", "view=exercises&ex=nope", "view=progress&present=1",
		"scenario=http-retry&timeout=5000&retries=2&base=100&jitter=20", "scenario=http-retry&timeout=-1&retries=x",
	} {
		f.Add(s)
	}
	infos := scenario.List()
	parse := func(t *testing.T, s string) url.Values {
		q, err := url.ParseQuery(s)
		if err != nil {
			t.Fatalf("the app wrote an unreadable link %q: %v", s, err)
		}
		return q
	}
	f.Fuzz(func(t *testing.T, raw string) {
		q, _ := url.ParseQuery(raw) // keeps what it could read, as the browser does
		v, _ := ParseView(q, infos)
		if !IsHTTPScenario(v.Scenario) {
			v.Client = View{}.Client
		}
		link := v.Query()
		if v2, ns := ParseView(parse(t, link), infos); v2 != v || len(ns) > 0 {
			t.Fatalf("%q → %+v → %q → %+v (notices %+v)", raw, v, link, v2, ns)
		}
		p, _ := ParsePage(q)
		if p.IsLab() {
			return
		}
		link = p.Query(v.Lang, v.Present)
		if p2, ns := ParsePage(parse(t, link)); p2 != p || len(ns) > 0 {
			t.Fatalf("%q → %+v → %q → %+v (notices %+v)", raw, p, link, p2, ns)
		}
	})
}

// FuzzParseImport: an imported progress file is any file the learner
// picks. It is accepted or refused with a reason, without a panic; an
// accepted one exports (Marshal) to a file that imports to the same store.
func FuzzParseImport(f *testing.F) {
	for _, s := range []string{"", " ", "{", `{"version":1,"exercises":{}}`, `{"version":2}`, `{"version":"1"}`, `[1]`,
		`{"version":1,"exercises":{"retry-math":{"attempts":2,"solved":true,"lastAnswer":"8.5"}}}`,
		"{\n\"version\": 1,\n\"exercises\": {\"x\": 3}\n}"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		for _, lang := range []string{LangEn, LangZh} {
			s, err := ParseImport(data, lang)
			if err != nil {
				if err.Error() == "" {
					t.Fatalf("%q refused without a reason", data)
				}
				continue
			}
			back, err := ParseImport(s.Marshal(), lang)
			if err != nil || !reflect.DeepEqual(back, s) {
				t.Fatalf("%q imports as %+v; its export %q imports as %+v, %v", data, s, s.Marshal(), back, err)
			}
		}
	})
}

// FuzzParseSide: a calculator input is accepted only as a whole number
// within calc's bounds, and then reads as its own decimal text.
func FuzzParseSide(f *testing.F) {
	for _, s := range []string{"", "12", " 7 ", "0", "-1", "1e2", "12.0", "12.5", "０", "99999999999999999999", "NaN"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		v, key := ParseSide(s)
		if key != "" {
			if v != 0 || tr(LangEn, key) == key {
				t.Fatalf("ParseSide(%q) = %d, %q (no message for the key)", s, v, key)
			}
			return
		}
		if v < calc.MinSide || v > calc.MaxSide {
			t.Fatalf("ParseSide(%q) = %d, outside %d–%d", s, v, calc.MinSide, calc.MaxSide)
		}
		if w, k := ParseSide(strconv.Itoa(v)); w != v || k != "" {
			t.Fatalf("ParseSide(%q) = %d, but %q reads as %d, %q", s, v, strconv.Itoa(v), w, k)
		}
	})
}

// FuzzDecodeTrace: the page's embedded trace (embed.go) comes from the
// page, which another build or a proxy may have written. Any bytes decode
// or fail without a panic, and a decoded trace encodes to bytes that
// decode and encode to the same bytes again.
func FuzzDecodeTrace(f *testing.F) {
	tr, err := scenario.Run(scenario.Options{Scenario: "tool-call", Version: "2026-07-28", Transport: "stdio", Fault: "none"})
	if err != nil {
		f.Fatal(err)
	}
	good, err := encodeTrace(tr)
	if err != nil {
		f.Fatal(err)
	}
	for _, s := range [][]byte{good, []byte("{}"), []byte(`{"events":[{}]}`), []byte("null"), []byte("[")} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		tr, err := decodeTrace(b)
		if err != nil {
			return
		}
		enc, err := encodeTrace(tr)
		if err != nil {
			return // e.g. a raw message that is not JSON: the page is not rewritten from it
		}
		tr2, err := decodeTrace(enc)
		if err != nil {
			t.Fatalf("%q decodes; its encoding %q does not: %v", b, enc, err)
		}
		if enc2, err := encodeTrace(tr2); err != nil || !bytes.Equal(enc2, enc) {
			t.Fatalf("encoding is not stable:\n%q\n%q (%v)", enc, enc2, err)
		}
	})
}
