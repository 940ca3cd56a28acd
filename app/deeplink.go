package ui

import (
	"net/url"
	"slices"
	"strconv"
	"strings"

	"mcpwirelab/sim/httplab"

	"mcpwirelab/sim/protocol"
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
	// Embed: embed=1, the stage alone for a frame in a course page (lanes,
	// player, explanation, bytes, and a link to the full lab).
	Embed bool
	// Client is the HTTP client of the http-* scenarios, in the engine's
	// convention: zero fields are the defaults, Retries < 0 means none
	// (the link says retries=0). Links carry timeout, retries, base and
	// jitter only when set.
	Client httplab.ClientConfig
}

// The link parameters the lab's toggles set (View.Set).
const (
	paramScenario  = "scenario"
	paramVersion   = "version"
	paramTransport = "transport"
	paramFault     = "fault"
)

// Set sets one of the run's toggles (paramScenario, paramVersion,
// paramTransport, paramFault) and reports whether it changed; any other
// name is a programming error and changes nothing.
func (v *View) Set(param, value string) bool {
	var f *string
	switch param {
	case paramScenario:
		f = &v.Scenario
	case paramVersion:
		f = &v.Version
	case paramTransport:
		f = &v.Transport
	case paramFault:
		f = &v.Fault
	default:
		return false
	}
	if *f == value {
		return false
	}
	*f = value
	return true
}

// Notice reports a link value that was replaced by a default, or a value
// the visualizer changed because the scenario does not run with it.
type Notice struct {
	Param, Value, Fallback string
	// Kind is "" for a value that was not understood, NoticeNA for a
	// known value the scenario does not run with (Allowed lists what it
	// runs with), NoticeSwitched when picking a scenario changed it.
	Kind    string
	Allowed string
}

// Notice kinds.
const (
	NoticeNA       = "na"
	NoticeSwitched = "switched"
	// NoticeRange: a number outside its bounds (Allowed gives them),
	// clamped to the nearest one.
	NoticeRange = "range"
)

// IsHTTPScenario reports whether a scenario is one of the HTTP-foundation
// lessons, whose client (timeout, retries, backoff) is configurable.
func IsHTTPScenario(name string) bool { return strings.HasPrefix(name, "http-") }

// Client setting link parameters and their ranges (httplab.Validate's; a
// link's retries=0 means no retries, stored as -1).
var clientParams = []struct {
	Param    string
	Min, Max int
	Def      int
}{
	{"timeout", 1, httplab.MaxTimeoutMs, httplab.DefaultTimeoutMs},
	{"retries", 0, httplab.MaxRetries, httplab.DefaultRetries},
	{"base", 1, httplab.MaxBaseDelayMs, httplab.DefaultBaseDelayMs},
	{"jitter", 0, 100, httplab.DefaultJitterPct},
}

// ClientValue is the effective value of one client setting (defaults
// filled in), as the settings panel shows it.
func ClientValue(c httplab.ClientConfig, param string) int {
	n := c.Normalize()
	switch param {
	case "timeout":
		return n.TimeoutMs
	case "retries":
		return n.Retries
	case "base":
		return n.BaseDelayMs
	case "jitter":
		return n.JitterPct
	}
	return 0
}

// SetClientValue checks one client setting against its range and returns
// the config with it set; ok is false (and c unchanged) when out of range.
func SetClientValue(c httplab.ClientConfig, param string, v int) (httplab.ClientConfig, bool) {
	for _, p := range clientParams {
		if p.Param != param {
			continue
		}
		if v < p.Min || v > p.Max {
			return c, false
		}
		switch param {
		case "timeout":
			c.TimeoutMs = v
		case "retries":
			if v == 0 {
				v = -1 // the engine's "none"; 0 would mean the default
			}
			c.Retries = v
		case "base":
			c.BaseDelayMs = v
		case "jitter":
			c.JitterPct = v
		}
		return c, c.Validate() == nil
	}
	return c, false
}

// ClientRange is the allowed range of a client setting.
func ClientRange(param string) (lo, hi int) {
	for _, p := range clientParams {
		if p.Param == param {
			return p.Min, p.Max
		}
	}
	return 0, 0
}

// Default values when a link omits a parameter.
const (
	DefaultVersion   = protocol.LatestVersion
	DefaultTransport = "http"
	DefaultFault     = "none"
)

// ParseView reads a deep link's query. Unknown values fall back to
// defaults and are reported as notices; it never fails.
func ParseView(q url.Values, infos []scenario.Info) (View, []Notice) {
	var v View
	var ns []Notice
	// known, when given, are values that exist but that this scenario
	// does not run with: they get a "does not apply" notice.
	pickKnown := func(param string, allowed, known []string, def string) string {
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
		n := Notice{Param: param, Value: val, Fallback: def}
		if slices.Contains(known, val) {
			n.Kind, n.Allowed = NoticeNA, strings.Join(allowed, ", ")
		}
		ns = append(ns, n)
		return def
	}
	pick := func(param string, allowed []string, def string) string { return pickKnown(param, allowed, nil, def) }
	var names []string
	for _, in := range infos {
		names = append(names, in.Name)
	}
	defScenario := ""
	if len(names) > 0 {
		defScenario = names[0]
	}
	v.Scenario = pick(paramScenario, names, defScenario)
	info := scenario.Info{Versions: protocol.Versions(), Transports: scenario.Transports, Faults: []string{"none"}}
	for _, in := range infos {
		if in.Name == v.Scenario {
			info = in
		}
	}
	v.Version = pickKnown(paramVersion, info.Versions, protocol.Versions(), orFirst(info.Versions, DefaultVersion))
	v.Transport = pickKnown(paramTransport, info.Transports, scenario.Transports, orFirst(info.Transports, DefaultTransport))
	faults := info.Faults
	if !slices.Contains(faults, "none") {
		faults = append([]string{"none"}, faults...)
	}
	var allFaults []string
	for _, in := range infos {
		allFaults = append(allFaults, in.Faults...)
	}
	v.Fault = pickKnown(paramFault, faults, allFaults, DefaultFault)
	for _, p := range clientParams {
		s := q.Get(p.Param)
		if s == "" {
			continue
		}
		n, err := strconv.Atoi(s)
		c, ok := v.Client, false
		if err == nil {
			c, ok = SetClientValue(v.Client, p.Param, n)
		}
		if !ok {
			ns = append(ns, Notice{Param: p.Param, Value: s, Fallback: strconv.Itoa(p.Def)})
			continue
		}
		v.Client = c
	}
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
	v.Embed = q.Get(paramEmbed) == "1"
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
	q := paramScenario + "=" + url.QueryEscape(v.Scenario) +
		"&" + paramVersion + "=" + url.QueryEscape(v.Version) +
		"&" + paramTransport + "=" + url.QueryEscape(v.Transport) +
		"&" + paramFault + "=" + url.QueryEscape(v.Fault) +
		"&step=" + strconv.Itoa(v.Step)
	if IsHTTPScenario(v.Scenario) {
		for _, p := range clientParams {
			set := false
			switch p.Param {
			case "timeout":
				set = v.Client.TimeoutMs != 0
			case "retries":
				set = v.Client.Retries != 0
			case "base":
				set = v.Client.BaseDelayMs != 0
			case "jitter":
				set = v.Client.JitterPct != 0
			}
			if set {
				q += "&" + p.Param + "=" + strconv.Itoa(ClientValue(v.Client, p.Param))
			}
		}
	}
	if v.Lang != "" {
		q += "&lang=" + url.QueryEscape(v.Lang)
	}
	if v.Compare {
		q += "&view=compare"
	}
	if v.Present {
		q += "&present=1"
	}
	if v.Embed {
		q += "&" + paramEmbed + "=1"
	}
	return q
}

// paramEmbed is the link parameter of the embedded stage (View.Embed).
const paramEmbed = "embed"

// fullLabHref is the embedded stage's link to the same step in the full
// lab.
func (v View) fullLabHref() string {
	v.Embed = false
	return "?" + v.Query()
}
