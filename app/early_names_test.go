package ui

import (
	"regexp"
	"slices"
	"strings"
	"testing"
)

// earlyTargets lists the ids (g("…")) and selectors (querySelector("…"))
// that a script looks up.
func earlyTargets(script string) (ids, sels []string) {
	for _, m := range regexp.MustCompile(`\bg\("([^"]+)"\)`).FindAllStringSubmatch(script, -1) {
		if !slices.Contains(ids, m[1]) {
			ids = append(ids, m[1])
		}
	}
	for _, m := range regexp.MustCompile(`querySelector\("([^"]+)"\)`).FindAllStringSubmatch(script, -1) {
		if !slices.Contains(sels, m[1]) {
			sels = append(sels, m[1])
		}
	}
	return ids, sels
}

// The early script (early.go) is JavaScript in a Go string, so it cannot
// use domnames.go's constants: every id and selector it looks up must be
// one the patch also uses (a constant) and must exist in the rendered lab.
func TestEarlyScriptTargetsRendered(t *testing.T) {
	// keepJS (scroll.go), the scroll rule the wasm shares, looks up the
	// layout's boxes, not the patch's names: the browser tests measure it
	// (e2e TestCurrentStepInView, TestStaticReaderPhone).
	if !strings.Contains(readerJS, keepJS) {
		t.Fatal("the reader script does not define the scroll rule (keepJS)")
	}
	ids, sels := earlyTargets(strings.Replace(readerJS, keepJS, "", 1))
	if len(ids) < 5 {
		t.Fatalf("found only %v in EarlyStepScript: the extraction is broken", ids)
	}
	known := []string{idPrev, idNext, idJump, idStepCur, idVClock, idPlay, idSpeed, idSequence, idSeqMore, idInspector, idInspStep, "lab", earlyID, earlyCmpID, loaderID, idEmbedOpen, idClock, idTimeline, idTlNow}
	for _, id := range ids {
		if !slices.Contains(known, id) {
			t.Errorf("EarlyStepScript looks up #%s, which domnames.go does not name", id)
		}
	}
	for _, q := range []string{fastLink, strings.Replace(fastLink, "transport=http", "transport=stdio", 1)} {
		_, html := renderLab(t, q)
		var pageIDs []string
		for _, id := range ids {
			if id != "lab" && id != earlyID && id != earlyCmpID && id != loaderID && id != idTimeline && id != idTlNow { // the wasm's mount point, the steps' (and the compare view's) JSON and go-app's loader: not the lab's render
				pageIDs = append(pageIDs, id)
			}
		}
		for _, sel := range sels {
			// The rows' list, and the play button's icon and label.
			// The compare view's table (checked below).
			if sel != "#"+idSequence+" ."+clsRows && sel != "[aria-hidden]" && sel != ".btn-text" && sel != "#lab tbody[data-cur]" && sel != "img" && sel != ":scope>.live" { // img: the loader's icon; .live: LiveRun's root, the inspector's child (e2e TestStaticReaderStepParts)
				t.Errorf("EarlyStepScript queries %q, which is not built from domnames.go", sel)
			}
		}
		if !regexp.MustCompile(`<ol [^>]*class="` + clsRows + `"`).MatchString(html) {
			t.Errorf("%s: no <ol class=%q> in the page", q, clsRows)
		}
		if miss := missingTargets(html, pageIDs, nil); len(miss) > 0 {
			t.Errorf("%s: the early script looks up what the page does not render: %v", q, miss)
		}
	}
	// The HTTP timeline's parts, in an HTTP lesson.
	_, html := renderLab(t, "scenario=http-status-retries&version=2026-07-28&transport=http&fault=none&step=3&lang=en")
	if miss := missingTargets(html, []string{idTimeline, idTlNow, idClock}, nil); len(miss) > 0 {
		t.Errorf("the HTTP lesson lacks %v", miss)
	}
}

// The compare view carries what the reader marks its current row with:
// the run's column (tbody data-cur) and each row's step per column.
func TestCompareViewMarksForTheReader(t *testing.T) {
	_, html := renderLab(t, strings.Replace(fastLink, "step=3", "step=3&view=compare", 1))
	if !regexp.MustCompile(`<tbody [^>]*data-cur="[ab]"`).MatchString(html) || !regexp.MustCompile(`<tr [^>]*data-a="-?[0-9]+"`).MatchString(html) ||
		!regexp.MustCompile(`<tr [^>]*data-b="-?[0-9]+"`).MatchString(html) {
		t.Error("the compare view lacks tbody[data-cur] or its rows' data-a / data-b")
	}
}

// The broken twin: a script that looks up a renamed id is caught.
func TestEarlyScriptRenamedFails(t *testing.T) {
	broken := strings.Replace(readerJS, `g("step-cur")`, `g("step-now")`, 1)
	if broken == readerJS {
		t.Fatal(`EarlyStepScript no longer has g("step-cur"); update the twin`)
	}
	ids, _ := earlyTargets(broken)
	if !slices.Contains(ids, "step-now") {
		t.Fatalf("renamed id not extracted: %v", ids)
	}
	_, html := renderLab(t, fastLink)
	if miss := missingTargets(html, []string{"step-now"}, nil); len(miss) != 1 {
		t.Errorf("renamed id not reported: %v", miss)
	}
}
