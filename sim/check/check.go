// Package check judges someone's MCP server against the spec: `devserver
// check` captures a session with it (Capture: the lab's one client over a
// real pipe or socket, probes the user allowed, every byte recorded as a
// trace) and grades the capture (Judge). Judge reads nothing but the trace,
// so the page grades a transcript file with the very same code.
//
// Every check has a stable id, the level of the sentence it rests on
// (MUST, SHOULD, MAY, or advice where the spec says it in plain words), the
// spec section and the sentence verbatim, the seq of the transcript event
// its verdict is about, and a message that says what was seen and what was
// expected. Where the spec disagrees with itself, or real SDKs answer
// differently from the spec page (an unknown tool as isError: true), the
// verdict is a warning, not a failure, and the message says why; a FAIL
// rests on a MUST or SHOULD sentence of the version judged, never on
// advice.
//
// A checker is a compiler: the capture reads past lines that are not
// valid messages (badline.go names each by the check it breaks), runs
// each MUST probe in the session and first on a fresh connection (the
// verdict says which order exposed a deviation), and reads HTTP bodies
// through the engine's one response parser.
package check

import (
	"mcpwirelab/sim/protocol"
	"mcpwirelab/sim/text"
)

// Verdict is a check's outcome.
type Verdict string

const (
	Pass Verdict = "pass"
	Fail Verdict = "fail"
	// Warn: the server does something the spec's pages and its schema, or
	// the spec and the SDKs, disagree about (a client must cope with
	// both), or breaks advice: a check resting on advice never fails.
	Warn Verdict = "warn"
	// Skip: the check does not apply (a transport or version without the
	// rule), or needs something the user did not allow (a tool to call).
	Skip Verdict = "skip"
)

// Level is the strength of the sentence a check rests on.
type Level string

const (
	MUST   Level = "MUST"
	SHOULD Level = "SHOULD"
	MAY    Level = "MAY"
	// Advice: the spec says it without an RFC 2119 keyword.
	Advice Level = "advice"
)

// Result is one check's verdict for one protocol version.
type Result struct {
	ID      string  `json:"id"`
	Version string  `json:"version"`
	Verdict Verdict `json:"verdict"`
	Level   Level   `json:"level"`
	Spec    string  `json:"spec"`
	Quote   string  `json:"quote"`
	// Seq is the transcript event the verdict is about (0 when none: a
	// check skipped before anything was sent for it).
	Seq     int    `json:"seq"`
	Message string `json:"message"`
}

// Report is what `devserver check` prints with -format json.
type Report struct {
	Target    string   `json:"target"`
	Transport string   `json:"transport"`
	Versions  []string `json:"versions"`
	Checks    []Result `json:"checks"`
	// CouldNotRun says why the checker never reached the server (a
	// command that does not exist, a URL nothing listens on, a process
	// that exited before it wrote a line): no verdict, exit status 2.
	CouldNotRun string `json:"couldNotRun,omitempty"`
	// Cuts say what the capture left out at the checker's bounds, and
	// why ("<version>: …"), one per cut.
	Cuts []string `json:"cuts,omitempty"`
}

// Failed reports whether a MUST-level check failed (exit status 1).
func (r *Report) Failed() bool {
	for _, c := range r.Checks {
		if c.Verdict == Fail && c.Level == MUST {
			return true
		}
	}
	return false
}

// Count returns how many checks have each verdict.
func (r *Report) Count() map[Verdict]int {
	n := map[Verdict]int{}
	for _, c := range r.Checks {
		n[c.Verdict]++
	}
	return n
}

// Check ids: stable, documented in the README's table.
const (
	IDStdout            = "stdout-protocol-only"
	IDIDs               = "ids-echoed"
	IDNotification      = "notification-unanswered"
	IDVersion           = "version-negotiation"
	IDResultType        = "result-type"
	IDMeta              = "meta-required"
	IDUnsupported       = "unsupported-version"
	IDUnknownMethod     = "unknown-method"
	IDHeaderMismatch    = "header-mismatch"
	IDOrigin            = "origin-validated"
	IDSchemas           = "tool-schemas-valid"
	IDStructured        = "structured-content-matches"
	IDDescriptions      = "tool-descriptions"
	IDToolNames         = "tool-names"
	IDOrder             = "tools-order-stable"
	IDUnknownTool       = "unknown-tool-error"
	IDInvalidArgs       = "invalid-arguments-tool-error"
	IDCancellation      = "cancellation-honoured"
	IDResponsive        = "responsive-during-call"
	IDPoisoning         = "tool-poisoning"
	IDListChangedHonest = "list-changed-honest"
)

// Text is a bilingual string: the course's one type for it, text.Text (the
// titles show beside the scenario notes in the capture view).
type Text = text.Text

// Cite is the sentence a check rests on for one version and transport.
type Cite struct {
	Level Level
	Spec  string // "2026-07-28/server/tools#error-handling"
	Quote string // verbatim, as sim/specref normalizes it
}

// Def is one check of the catalog: everything about a check is its entry
// (id, the sentence and level per version and transport, the probe that
// sends what it reads, the judge that grades it) and its texts (title and
// what, and its verdicts, in verdicts.text). The reports, the
// capture's probes, the README's table and the tests all derive from the
// catalog (TestCatalog fails an entry that lacks its texts).
type Def struct {
	ID    string
	Title Text
	// What says in a line what the check checks (the README's table).
	What Text
	// Cite returns the sentence for a version and transport; ok false
	// when the check does not apply there (why says so).
	cite func(version, transport string) (c Cite, ok bool, why Msg)
	// judge grades a capture for the check.
	judge func(*judge) Graded
	// probe sends the requests the check reads, tagged tag (nil: the check
	// reads what the session and the other probes sent). Capture runs the
	// probes in the catalog's order.
	probe func(p *prober, tag string)
	tag   string
	// fresh: the probe also runs as the first request of a connection of
	// its own, right after server/discover (or the initialize handshake),
	// where a server most often answers as another version would; the
	// verdict is the worse of the two, and says which order exposed it.
	fresh bool
	// freshEach, when set, splits a fresh probe of several requests (tool
	// calls): each run it returns gets a connection of its own and is its
	// first request, so none of them is judged only after another (nil:
	// one connection carries the whole probe).
	freshEach func(p *prober) []func(tag string)
	// freshReads, when set, names the tags the judge reads from the fresh
	// runs (tag+tagFresh) instead of the session's (nil: tag alone); a
	// probe of several kinds of requests (the slow call, the request sent
	// during it, a cancellation and its barrier) is judged as a whole.
	freshReads func(tag string) bool
	// freshFirst is the tag of the fresh run's first request, the one the
	// order is about ("": tag).
	freshFirst string
}

// reads reports whether the fresh judge of the check reads tag from the
// fresh runs.
func (d Def) reads(tag string) bool {
	if d.freshReads != nil {
		return d.freshReads(tag)
	}
	return tag == d.tag
}

// first is the tag of the request a fresh run starts with.
func (d Def) first() string {
	if d.freshFirst != "" {
		return d.freshFirst
	}
	return d.tag
}

// Cite returns the sentence the check rests on for a version and
// transport, and whether the check applies there.
func (d Def) Cite(version, transport string) (Cite, bool, string) {
	c, ok, why := d.cite(version, transport)
	return c, ok, why.En()
}

// Defs is the catalog, in the order reports list the checks.
func Defs() []Def {
	out := make([]Def, len(defs))
	for i, d := range defs {
		out[i] = d.titled()
	}
	return out
}

// DefByID returns the check with this id.
func DefByID(id string) (Def, bool) {
	for _, d := range defs {
		if d.ID == id {
			return d.titled(), true
		}
	}
	return Def{}, false
}

// titleSuffix and whatSuffix make the keys of a check's title and line in
// verdicts.text: the check's id and ".title", ".what".
const (
	titleSuffix = ".title"
	whatSuffix  = ".what"
)

// titled is the check with its texts from verdicts.text.
func (d Def) titled() Def {
	d.Title = verdictText(d.ID + titleSuffix)
	d.What = verdictText(d.ID + whatSuffix)
	return d
}

// both cites the same kind of sentence in each version.
func both(modern, legacy Cite) func(string, string) (Cite, bool, Msg) {
	return func(v, _ string) (Cite, bool, Msg) {
		if protocol.IsModern(v) {
			return modern, true, Msg{}
		}
		return legacy, true, Msg{}
	}
}

// modernOnly is a rule 2026-07-28 introduced.
func modernOnly(c Cite, why Msg) func(string, string) (Cite, bool, Msg) {
	return func(v, _ string) (Cite, bool, Msg) {
		if protocol.IsModern(v) {
			return c, true, Msg{}
		}
		return c, false, why
	}
}

// Sentences cited by more than one check or version.
const (
	qStdout       = "The server MUST NOT write anything to its `stdout` that is not a valid MCP message."
	qSameID       = "Result responses MUST include the same ID as the request they correspond to."
	qNotification = "The receiver MUST NOT send a response."
	qOrigin       = "If the `Origin` header is present and invalid, servers MUST respond with HTTP 403 Forbidden."
	qSchemas      = "Schemas MUST be valid according to their declared or default dialect"
	qOutput       = "Servers MUST provide structured results that conform to this schema."
	qDescription  = "`description`: Human-readable description of functionality"
	qToolNames    = "Tool names SHOULD be between 1 and 128 characters in length (inclusive)."
	// The sentences of tool-names' two other rules (toolNameRules).
	qToolNameChars  = "The following SHOULD be the only allowed characters: uppercase and lowercase ASCII letters (A-Z, a-z), digits (0-9), underscore (_), hyphen (-), and dot (.)"
	qToolNameUnique = "Tool names SHOULD be unique within a server."
	qOrder          = "Servers SHOULD return tools in a deterministic order (i.e., the same ordering across requests when the underlying set of tools has not changed)."
	qValidate       = "Servers MUST: - Validate all tool inputs"
	qJSONRPC        = "All messages between MCP clients and servers MUST follow the JSON-RPC 2.0 specification."
	qUntrusted      = "In particular, descriptions of tool behavior such as annotations should be considered untrusted, unless obtained from a trusted server."
)

// defs is the catalog; set in init, since its judges name the catalog
// (j.result finds the entry's sentence).
var defs []Def

func init() { defs = catalog() }

func catalog() []Def {
	return []Def{
		// The MUST checks without a fresh run of their own, and why order
		// cannot hide a deviation from them: stdout-protocol-only and
		// result-type read every line and every result of every
		// connection (the fresh ones included, each a process of its own
		// on stdio); version-negotiation judges every connection's
		// opening, and 2025-11-25's unknown-version initialize is the
		// first request of its own connection; tool-schemas-valid reads
		// the session's first tools/list (its first request after the
		// opening) and the later ones.
		{ID: IDStdout, judge: (*judge).stdout,
			cite: func(v, tr string) (Cite, bool, Msg) {
				c := Cite{MUST, "2025-11-25/basic/transports#stdio", qStdout}
				if protocol.IsModern(v) {
					c.Spec = "2026-07-28/basic/transports/stdio"
				}
				if tr != "stdio" {
					return c, false, msg("defs.rule-stdio-transport")
				}
				return c, true, Msg{}
			}},
		{ID: IDIDs, judge: (*judge).ids, probe: (*prober).idsEchoed, tag: tagIDs, fresh: true,
			cite: both(Cite{MUST, "2026-07-28/basic/index#result-responses", qSameID},
				Cite{MUST, "2025-11-25/basic/index#result-responses", qSameID})},
		{ID: IDNotification, judge: (*judge).notification, probe: (*prober).notification, tag: tagNotify, fresh: true,
			cite: both(Cite{MUST, "2026-07-28/basic/index#notifications", qNotification},
				Cite{MUST, "2025-11-25/basic/index#notifications", qNotification})},
		{ID: IDVersion, judge: (*judge).negotiation, // its probe (tagNegotiate) runs at the close, on a connection of its own
			cite: both(Cite{MUST, "2026-07-28/basic/versioning#protocol-version-negotiation", "Servers MUST implement `server/discover`."},
				Cite{MUST, "2025-11-25/basic/lifecycle#version-negotiation",
					"If the server supports the requested protocol version, it MUST respond with the same version. Otherwise, the server MUST respond with another protocol version it supports."})},
		{ID: IDResultType, judge: (*judge).resultType,
			cite: modernOnly(Cite{MUST, "2026-07-28/basic/index#result-responses", "The `result` MUST include a `resultType` field to indicate the type of the result."},
				msg("defs.results-have-no"))},
		{ID: IDMeta, judge: (*judge).meta, probe: (*prober).noMeta, tag: tagNoMeta, fresh: true,
			cite: modernOnly(Cite{MUST, "2026-07-28/basic/index#meta", "A request missing any required field is malformed; the server MUST reject it with JSON-RPC error code `-32602` (Invalid params)."},
				msg("defs.requests-carry-no"))},
		{ID: IDUnsupported, judge: (*judge).unsupported, probe: (*prober).badVersion, tag: tagBadVersion, fresh: true,
			cite: modernOnly(Cite{MUST, "2026-07-28/basic/versioning#protocol-version-negotiation",
				"If the server does not implement the requested version (whether the version is unknown to the server, or is a known version the server has chosen not to support), it MUST respond with an `UnsupportedProtocolVersionError` listing the versions it does support"},
				msg("defs.negotiates-version-initialize"))},
		{ID: IDUnknownMethod, judge: (*judge).unknownMethod, probe: (*prober).unknownMethod, tag: tagUnknownMethod, fresh: true,
			cite: func(v, tr string) (Cite, bool, Msg) {
				if protocol.IsModern(v) && tr == "http" {
					return Cite{MUST, "2026-07-28/basic/transports/streamable-http#protocol-version-header",
						"If the server does not implement the requested RPC method, it MUST respond with `404 Not Found` and a JSON-RPC error with code `-32601` (`Method not found`)."}, true, Msg{}
				}
				return Cite{MUST, v + "/basic/index#messages", qJSONRPC}, true, Msg{}
			}},
		{ID: IDHeaderMismatch, judge: (*judge).headers, probe: (*prober).headerMismatch, tag: tagHeaders, fresh: true,
			cite: func(v, tr string) (Cite, bool, Msg) {
				c := Cite{MUST, "2026-07-28/basic/transports/streamable-http#server-validation",
					"Servers that process the request body MUST reject requests where the values specified in the headers do not match the corresponding values in the request body."}
				switch {
				case !protocol.IsModern(v):
					return c, false, msg("defs.has-no-mcp-method")
				case tr != "http":
					return c, false, msg("defs.rule-streamable-http")
				}
				return c, true, Msg{}
			}},
		{ID: IDOrigin, judge: (*judge).origin, probe: (*prober).origin, tag: tagOrigin, fresh: true,
			cite: func(v, tr string) (Cite, bool, Msg) {
				c := Cite{MUST, "2025-11-25/basic/transports#security-warning", qOrigin}
				if protocol.IsModern(v) {
					c.Spec = "2026-07-28/basic/transports/streamable-http#security-%26-endpoint"
				}
				if tr != "http" {
					return c, false, msg("defs.rule-streamable-http.2")
				}
				return c, true, Msg{}
			}},
		{ID: IDSchemas, judge: (*judge).schemas,
			cite: both(Cite{MUST, "2026-07-28/basic/index#schema-validation", qSchemas},
				Cite{MUST, "2025-11-25/basic/index#schema-validation", qSchemas})},
		{ID: IDStructured, judge: (*judge).structured, probe: (*prober).calls, tag: tagCall, fresh: true, freshEach: (*prober).freshCalls,
			cite: both(Cite{MUST, "2026-07-28/server/tools#output-schema", qOutput},
				Cite{MUST, "2025-11-25/server/tools#output-schema", qOutput})},
		{ID: IDDescriptions, judge: (*judge).descriptions,
			// No sentence asks for a description: the data type lists one.
			cite: both(Cite{Advice, "2026-07-28/server/tools#tool", qDescription},
				Cite{Advice, "2025-11-25/server/tools#tool", qDescription})},
		{ID: IDToolNames, judge: (*judge).toolNames,
			cite: both(Cite{SHOULD, "2026-07-28/server/tools#tool-names", qToolNames},
				Cite{SHOULD, "2025-11-25/server/tools#tool-names", qToolNames})},
		{ID: IDOrder, judge: (*judge).order, probe: (*prober).listTools, tag: tagList + "-2",
			cite: both(Cite{SHOULD, "2026-07-28/server/tools#capabilities", qOrder},
				// 2025-11-25 says nothing about the order; the next version
				// asks for it (the message says so).
				Cite{Advice, "2026-07-28/server/tools#capabilities", qOrder})},
		{ID: IDUnknownTool, judge: (*judge).unknownTool, probe: (*prober).unknownTool, tag: tagUnknownTool,
			cite: both(Cite{Advice, "2026-07-28/server/tools#error-handling",
				"Protocol Errors indicate issues with the request structure itself that models are less likely to be able to fix: - Unknown tool"},
				Cite{Advice, "2025-11-25/server/tools#error-handling", "Protocol Errors: Standard JSON-RPC errors for issues like: - Unknown tools"})},
		{ID: IDInvalidArgs, judge: (*judge).invalidArgs, probe: (*prober).invalidArgs, tag: tagInvalidArgs, fresh: true, freshEach: (*prober).freshInvalidArgs,
			cite: both(Cite{MUST, "2026-07-28/server/tools#security-considerations", qValidate},
				Cite{MUST, "2025-11-25/server/tools#security-considerations", qValidate})},
		// The slow probe's fresh runs: a cancelled call, and a call with a
		// request sent during it, each the first request of a connection
		// of its own (freshCancel, freshSlow).
		{ID: IDCancellation, judge: (*judge).cancellation, probe: (*prober).slow, tag: tagSlow, // responsive-during-call reads it too
			fresh: true, freshEach: (*prober).freshCancel, freshReads: isCancelTag, freshFirst: tagCancel + "-1",
			cite: func(v, tr string) (Cite, bool, Msg) {
				if !protocol.IsModern(v) {
					return Cite{SHOULD, "2025-11-25/basic/utilities/cancellation#behavior-requirements",
						"Receivers of cancellation notifications SHOULD: - Stop processing the cancelled request - Free associated resources - Not send a response for the cancelled request"}, true, Msg{}
				}
				c := Cite{MUST, "2026-07-28/basic/transports/stdio#cancellation",
					"Servers SHOULD stop work on a cancelled request as soon as practical and MUST NOT send any further messages for it."}
				if tr == "http" {
					return Cite{MUST, "2026-07-28/basic/transports/streamable-http#cancellation",
							"Closing the SSE response stream MUST be treated by the server as cancellation of that request."}, false,
						msg("defs.over-http-cancellation")
				}
				return c, true, Msg{}
			}},
		{ID: IDResponsive, judge: (*judge).responsive, tag: tagSlow, // reads the slow probe's call and the request during it
			fresh: true, freshEach: (*prober).freshSlow, freshReads: func(tag string) bool { return tag == tagSlow || tag == tagDuring },
			cite: both(Cite{SHOULD, "2026-07-28/basic/index#statelessness", "Servers SHOULD be prepared to handle requests associated with multiple tasks, threads, or conversations."},
				Cite{MUST, "2025-11-25/basic/utilities/ping#behavior-requirements", "The receiver MUST respond promptly with an empty response"})},
		{ID: IDPoisoning, judge: (*judge).poisoning,
			cite: both(Cite{Advice, "2026-07-28/index#key-principles", qUntrusted},
				Cite{Advice, "2025-11-25/index#key-principles", qUntrusted})},
		{ID: IDListChangedHonest, judge: (*judge).listChanged, probe: (*prober).listTools, tag: tagList + "-3",
			cite: both(Cite{SHOULD, "2026-07-28/server/tools#list-changed-notification",
				"When the list of available tools changes, servers that declared the `listChanged` capability SHOULD send a notification to clients that have opened a `subscriptions/listen` stream with `toolsListChanged: true`"},
				Cite{SHOULD, "2025-11-25/server/tools#list-changed-notification",
					"When the list of available tools changes, servers that declared the `listChanged` capability SHOULD send a notification"})},
	}
}
