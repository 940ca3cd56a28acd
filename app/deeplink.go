package ui

import (
	"net/url"
	"slices"
	"strconv"

	"mcpwirelab/sim/scenario"
)

// View is everything a deep link reproduces. Step is 1-based as on screen;
// Lang "" means "not in the link" (use the remembered language).
type View struct {
	Scenario  string
	Version   string
	Transport string
	Fault     string
	Step      int
	Lang      string
	Compare   bool // view=compare
	Present   bool // present=1
}

// Notice reports a link value that was replaced by a default.
type Notice struct {
	Param, Value, Fallback string
}

// Default values when a link omits a parameter.
const (
	DefaultVersion   = "2026-07-28"
	DefaultTransport = "http"
	DefaultFault     = "none"
)

// ParseView reads a deep link's query. Unknown values fall back to
// defaults and are reported as notices; it never fails.
func ParseView(q url.Values, infos []scenario.Info) (View, []Notice) {
	var v View
	var ns []Notice
	pick := func(param string, allowed []string, def string) string {
		raw, present := q[param]
		val := ""
		if present && len(raw) > 0 {
			val = raw[0]
		}
		if val == "" {
			return def
		}
		if slices.Contains(allowed, val) {
			return val
		}
		ns = append(ns, Notice{Param: param, Value: val, Fallback: def})
		return def
	}
	var names []string
	for _, in := range infos {
		names = append(names, in.Name)
	}
	defScenario := ""
	if len(names) > 0 {
		defScenario = names[0]
	}
	v.Scenario = pick("scenario", names, defScenario)
	info := scenario.Info{Versions: scenario.Versions, Transports: scenario.Transports, Faults: []string{"none"}}
	for _, in := range infos {
		if in.Name == v.Scenario {
			info = in
		}
	}
	v.Version = pick("version", info.Versions, orFirst(info.Versions, DefaultVersion))
	v.Transport = pick("transport", info.Transports, orFirst(info.Transports, DefaultTransport))
	faults := info.Faults
	if !slices.Contains(faults, "none") {
		faults = append([]string{"none"}, faults...)
	}
	v.Fault = pick("fault", faults, DefaultFault)
	v.Lang = pick("lang", []string{LangEn, LangZh}, "")
	if s := q.Get("step"); s != "" {
		n, err := strconv.Atoi(s)
		if err != nil || n < 1 {
			ns = append(ns, Notice{Param: "step", Value: s, Fallback: "1"})
			n = 1
		}
		v.Step = n
	} else {
		v.Step = 1
	}
	switch q.Get("view") {
	case "", "steps", "lab", ViewExercises, ViewCalc, ViewProgress: // other views: nav.go
	case "compare":
		v.Compare = true
	default:
		ns = append(ns, Notice{Param: "view", Value: q.Get("view"), Fallback: "steps"})
	}
	v.Present = q.Get("present") == "1"
	return v, ns
}

// orFirst prefers def when the list offers it, else the list's first value.
func orFirst(list []string, def string) string {
	if len(list) == 0 || slices.Contains(list, def) {
		return def
	}
	return list[0]
}

// Query is the deep link of a view, parameters in a fixed order so links
// are stable and readable.
func (v View) Query() string {
	q := "scenario=" + url.QueryEscape(v.Scenario) +
		"&version=" + url.QueryEscape(v.Version) +
		"&transport=" + url.QueryEscape(v.Transport) +
		"&fault=" + url.QueryEscape(v.Fault) +
		"&step=" + strconv.Itoa(v.Step)
	if v.Lang != "" {
		q += "&lang=" + url.QueryEscape(v.Lang)
	}
	if v.Compare {
		q += "&view=compare"
	}
	if v.Present {
		q += "&present=1"
	}
	return q
}
