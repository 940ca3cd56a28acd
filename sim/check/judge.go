package check

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"slices"
	"sort"
	"strings"
	"unicode/utf8"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"mcpwirelab/sim/jsonrpc"
	"mcpwirelab/sim/mcp"
	"mcpwirelab/sim/protocol"

	"mcpwirelab/sim/primitive"
	"mcpwirelab/sim/trace"
)

// JudgeOptions tune the messages.
type JudgeOptions struct {
	// K is the number of calls of the task the cancellation figures speak
	// of (pass^k); 10 when zero.
	K int
	// Forced: the user asked for this version (-version), so a server
	// that does not speak it fails version-negotiation instead of skipping.
	Forced bool
}

// Speaks reports whether a capture shows the server speaking the trace's
// version (2026-07-28: server/discover lists it; 2025-11-25: initialize
// answered with it), the seq of the answer (or request), and why not.
func Speaks(t *trace.Trace) (ok bool, seq int, why Msg) {
	x := newView(t)
	tag, method := tagInitialize, protocol.MethodInitialize
	if x.modern {
		tag, method = tagDiscover, protocol.MethodDiscover
	}
	i := x.first(tag)
	if i < 0 {
		for k := range t.Events {
			if t.Events[k].Note == noteFailure {
				return false, t.Events[k].Seq, msg("speaks.server-could-not", strings.TrimSpace(t.Events[k].Raw))
			}
		}
		return false, 0, msg("speaks.capture-has-no", method)
	}
	return x.speaksAt(i)
}

// speaksAt reports whether the opening sent by event i (server/discover,
// or initialize) was answered speaking the trace's version, the seq of
// the answer (or request), and why not.
func (x *view) speaksAt(i int) (ok bool, seq int, why Msg) {
	t, method := x.t, protocol.MethodInitialize
	if x.modern {
		method = protocol.MethodDiscover
	}
	j, m := x.answer(i)
	if m == nil {
		if st, h := x.status(i); h >= 0 {
			return false, x.seq(h), x.refused(h, method, st)
		}
		return false, x.seq(i), msg("speaks.got-no-answer", method)
	}
	if st, _ := x.status(i); m.Error != nil && st >= 400 {
		return false, x.seq(j), msg("speaks.answered-http-error", method, st, m.Error.Code, m.Error.Message)
	}
	if m.Error != nil {
		return false, x.seq(j), msg("speaks.was-answered-error", method, m.Error.Code, m.Error.Message)
	}
	if x.modern {
		var res mcp.DiscoverResult
		_ = json.Unmarshal(m.Result, &res)
		if !contains(res.SupportedVersions, t.Version) {
			return false, x.seq(j), msg("speaks.server-discover-lists", res.SupportedVersions, t.Version)
		}
		return true, x.seq(j), Msg{}
	}
	var res mcp.InitializeResult
	_ = json.Unmarshal(m.Result, &res)
	if res.ProtocolVersion != t.Version {
		return false, x.seq(j), msg("speaks.initialize-asked-was", t.Version, res.ProtocolVersion)
	}
	return true, x.seq(j), Msg{}
}

// judge grades one capture.
type judge struct {
	*view
	o JudgeOptions
}

// Judge grades a capture of one version, every check of the catalog in
// order. It reads only the trace (a transcript file works as well as a
// live capture). A capture whose server does not speak its version gets
// only version-negotiation.
func Judge(t *trace.Trace, o JudgeOptions) []Result {
	g := JudgeBoth(t, o)
	out := make([]Result, len(g))
	for i := range g {
		out[i] = g[i].Result
	}
	return out
}

// JudgeBoth is Judge with each message in both languages (the page's).
func JudgeBoth(t *trace.Trace, o JudgeOptions) []Graded {
	if o.K <= 0 {
		o.K = 10
	}
	j := &judge{view: newView(t), o: o}
	if ok, seq, why := Speaks(t); !ok {
		if o.Forced {
			return []Graded{j.result(IDVersion, Fail, seq, "version-negotiation.fail.you-asked-version", t.Version, why)}
		}
		return []Graded{j.result(IDVersion, Skip, seq, "version-negotiation.skip.server-does-not", t.Version, why)}
	}
	var out []Graded
	for _, d := range Defs() {
		if _, ok, why := d.cite(j.v, j.tr); !ok {
			out = append(out, j.result(d.ID, Skip, 0, "judgeboth.skip.does-not-apply", j.v, j.tr, why))
			continue
		}
		out = append(out, j.grade(d))
	}
	return out
}

// grade is the check's verdict: for a probe the catalog runs fresh too,
// the worse of the session's and the fresh connection's, saying which
// order exposed the deviation when only one did.
func (j *judge) grade(d Def) Graded {
	g := d.judge(j)
	if !d.fresh {
		return g
	}
	fv := *j.view
	fv.fresh = d.reads
	fj := &judge{view: &fv, o: j.o}
	tag := d.first()
	fp := fj.first(tag)
	if fp < 0 {
		return g // a capture without fresh connections (an older checker's)
	}
	fg := d.judge(fj)
	open := protocol.MethodInitialize
	if j.modern {
		open = protocol.MethodDiscover
	}
	switch {
	case g.Verdict == fg.Verdict || fg.Verdict == Skip:
		return g
	case g.Verdict == Skip:
		return fg // the session never got to the probe
	case rank(fg.Verdict) > rank(g.Verdict):
		if note, ok := slowOrder(d.ID, true, open, j.seq(fp), g.Seq); ok {
			return withNote(fg, note)
		}
		// The request the verdict is about, and its twin in the other
		// order: a probe split over several fresh connections (freshEach)
		// names the call that showed it, and that call's session answer.
		f := about(j.view, fj.requests(tag), fg.Seq, fp)
		at := g.Seq
		if _, k := j.counterpart(j.requests(tag), f); k >= 0 {
			at = j.seq(k)
		}
		return withNote(fg, msg("grade.fresh-exposed", open, j.seq(f), at))
	}
	if note, ok := slowOrder(d.ID, false, open, j.seq(fp), fg.Seq); ok {
		return withNote(g, note)
	}
	at := fg.Seq
	if s := about(j.view, j.requests(tag), g.Seq, -1); s >= 0 {
		if f, k := j.counterpart(fj.requests(tag), s); f >= 0 {
			fp = f
			if k >= 0 {
				at = j.seq(k)
			}
		}
	}
	return withNote(g, msg("grade.later-exposed", open, j.seq(fp), at))
}

// slowOrder is the order note of the slow probe's checks, whose fresh run
// is a call cancelled halfway, or a call with a request sent during it
// (a verdict about no answer, or about another request's): exposed in the
// fresh order (fresh: the fresh run's first request at step first, the
// session's verdict at step other) or in the session's (the fresh run's
// verdict at step other). ok false for the other checks.
func slowOrder(id string, fresh bool, open string, first, other int) (Msg, bool) {
	switch {
	case id == IDCancellation && fresh:
		return msg("grade.fresh-exposed.cancel", open, first, other), true
	case id == IDCancellation:
		return msg("grade.later-exposed.cancel", open, first, other), true
	case id == IDResponsive && fresh:
		return msg("grade.fresh-exposed.slow", open, first, other), true
	case id == IDResponsive:
		return msg("grade.later-exposed.slow", open, first, other), true
	}
	return Msg{}, false
}

// about is the one of the requests a verdict at step seq is about: the
// request sent at that step, or the one answered there (def when none).
func about(x *view, reqs []int, seq, def int) int {
	for _, i := range reqs {
		if k, _ := x.answer(i); x.seq(i) == seq || (k >= 0 && x.seq(k) == seq) {
			return i
		}
	}
	return def
}

// counterpart is the request of reqs that repeats request r in the other
// order (the same method, and for a tool call the same tool) and its
// answer; -1 for what is not there.
func (x *view) counterpart(reqs []int, r int) (req, answer int) {
	var rc callParams
	params(x.msg(r), &rc)
	for _, i := range reqs {
		var c callParams
		params(x.msg(i), &c)
		if x.msg(i).Method == x.msg(r).Method && c.Name == rc.Name {
			k, _ := x.answer(i)
			return i, k
		}
	}
	return -1, -1
}

// withNote adds a fragment to a verdict's message.
func withNote(g Graded, note Msg) Graded {
	g.Msg = cat(g.Msg, note)
	g.Message = g.Msg.En()
	return g
}

// result is a verdict; key names its message in verdicts.text (a literal:
// TestVerdictKeys reads it), args the values both formats fill in.
func (j *judge) result(id string, v Verdict, seq int, key string, args ...any) Graded {
	d, _ := DefByID(id)
	c, _, _ := d.cite(j.v, j.tr)
	m := Msg{verdictText(key), args}
	if v == Fail && c.Level == Advice {
		// A FAIL rests on a requirement sentence of the version judged;
		// a check that rests on advice warns.
		v = Warn
	}
	return Graded{Result{ID: id, Version: j.v, Verdict: v, Level: c.Level, Spec: c.Spec, Quote: c.Quote, Seq: seq,
		Message: m.En()}, m}
}

// missing is the skip of a check whose probe is not in the capture.
func (j *judge) missing(id string, what Msg) Graded {
	if l := j.lost(); l >= 0 {
		return j.result(id, Skip, j.seq(l), "missing.skip.not-checked-client", j.seq(l), what)
	}
	return j.result(id, Skip, 0, "missing.skip.not-checked-capture", what)
}

// ---- stdout-protocol-only ----

func (j *judge) stdout() Graded {
	lines, stderr, first := 0, 0, -1
	for i := range j.t.Events {
		e := j.ev(i)
		switch {
		case e.Channel == trace.Stderr:
			stderr++
		case e.Channel == trace.Stdout && e.Kind == trace.KindMessage:
			lines++
			if first < 0 {
				first = i
			}
		}
	}
	bad := j.badLines()
	if own := linesOf(bad, IDStdout); len(own) > 0 {
		e := j.ev(own[0].i)
		return j.result(IDStdout, Fail, e.Seq,
			"stdout-protocol-only.fail.server-wrote-stdout", e.Seq, excerpt(e.Raw), own[0].why, j.adviceStderr(), readPast(len(own)-1))
	}
	if lines == 0 {
		return j.result(IDStdout, Skip, 0, "stdout-protocol-only.skip.server-wrote-nothing")
	}
	if len(bad) > 0 {
		return j.result(IDStdout, Pass, j.seq(first), "stdout-protocol-only.pass.other-checks-name", lines, namedElsewhere(j.view, bad), stderr)
	}
	return j.result(IDStdout, Pass, j.seq(first), "stdout-protocol-only.pass.all-lines-server", lines, stderr)
}

// ---- ids-echoed ----

func (j *judge) ids() Graded {
	if own := linesOf(j.badLines(), IDIDs); len(own) > 0 {
		e := j.ev(own[0].i)
		return j.result(IDIDs, Fail, e.Seq, "ids-echoed.fail.line-without-id", e.Seq, excerpt(e.Raw), readPast(len(own)-1))
	}
	sent := map[string]int{} // id as written → seq of the request
	checked := 0
	for i := range j.t.Events {
		if j.sent(i) {
			for _, m := range j.msgs[i] {
				if m.Kind() == jsonrpc.KindRequest {
					sent[m.ID.String()] = j.seq(i)
				}
			}
			if j.tr == "http" && len(j.msgs[i]) == 1 && j.msgs[i][0].Kind() == jsonrpc.KindRequest {
				req := j.msgs[i][0]
				if k, m := j.answer(i); m != nil {
					checked++
					st, _ := j.status(i)
					if m.ID.IsZero() && st >= 400 {
						continue // the request was refused before its body was read
					}
					if m.ID != req.ID {
						return j.result(IDIDs, Fail, j.seq(k), "ids-echoed.fail.answers-request-whose",
							j.seq(k), j.seq(i), req.ID, idText(m.ID))
					}
				}
			}
			continue
		}
		if j.tr != "stdio" || !j.fromServer(i) {
			continue
		}
		for _, m := range j.msgs[i] {
			if m.Method != "" || m.ID.IsZero() {
				continue // notifications; id-less answers are notification-unanswered's
			}
			checked++
			if _, ok := sent[m.ID.String()]; !ok {
				return j.result(IDIDs, Fail, j.seq(i), "ids-echoed.fail.response-id-but",
					j.seq(i), idText(m.ID), lookalike(m.ID, sent))
			}
		}
	}
	p := j.first(tagIDs)
	if p < 0 {
		return j.missing(IDIDs, msg("ids-echoed.request-string-id"))
	}
	k, m := j.answer(p)
	if m == nil || (j.tr == "stdio" && m.ID != j.msg(p).ID) {
		return j.result(IDIDs, Fail, j.seq(p), "ids-echoed.fail.request-has-string", j.seq(p), j.msg(p).ID)
	}
	return j.result(IDIDs, Pass, j.seq(k), "ids-echoed.pass.responses-each-id", checked, j.msg(p).ID, j.seq(k))
}

func idText(id jsonrpc.ID) string {
	if id.IsZero() {
		return "null"
	}
	return id.String()
}

// lookalike names a sent id that differs from got only by its type.
func lookalike(got jsonrpc.ID, sent map[string]int) Msg {
	bare := strings.Trim(got.String(), `"`)
	for s, seq := range sent {
		if strings.Trim(s, `"`) == bare {
			return msg("lookalike.sent-same-value", seq, s)
		}
	}
	return Msg{}
}

// ---- notification-unanswered ----

func (j *judge) notification() Graded {
	// stdio: a line that answers a notification (say notifications/
	// initialized) with a response the decoder refuses, an id of null.
	if own := linesOf(j.badLines(), IDNotification); len(own) > 0 {
		b := own[0]
		return j.result(IDNotification, Fail, j.seq(b.i), "notification-unanswered.fail.line-answers-notification",
			j.seq(b.i), excerpt(j.ev(b.i).Raw), j.msg(b.after).Method, j.seq(b.after), readPast(len(own)-1))
	}
	p := j.first(tagNotify)
	if p < 0 {
		return j.missing(IDNotification, msg("notification-unanswered.notification"))
	}
	if j.tr == "http" {
		notes := []int{}
		for i := range j.t.Events {
			if j.sent(i) && len(j.msgs[i]) == 1 && j.msgs[i][0].Kind() == jsonrpc.KindNotification {
				notes = append(notes, i)
			}
		}
		var refused Msg
		for _, i := range notes {
			st, k := j.status(i)
			if k < 0 {
				continue
			}
			n := j.msg(i)
			body := j.body(k)
			for _, m := range j.msgs[k] {
				if m.Method == "" && st < 300 {
					return j.result(IDNotification, Fail, j.seq(k), "notification-unanswered.fail.answers-notification-json-rpc", j.seq(k), n.Method, j.seq(i), st)
				}
			}
			switch {
			case st == 202 && strings.TrimSpace(body) == "":
			case st >= 400:
				refused = msg("notification-unanswered.server-refused-http", n.Method, st)
			default:
				return j.result(IDNotification, Fail, j.seq(k), "notification-unanswered.fail.accepts-notification-http", j.seq(k), n.Method, j.seq(i), st, bodyNote(body))
			}
		}
		return j.result(IDNotification, Pass, j.seq(p), "notification-unanswered.pass.notifications-were-accepted", len(notes), refused)
	}
	// stdio: nothing the server writes between the notification and the
	// next message the client sends may be a response, and no response
	// may lack an id (every message the checker sends is readable).
	for i := p + 1; i < len(j.t.Events); i++ {
		if j.sent(i) {
			break
		}
		if !j.fromServer(i) {
			continue
		}
		if j.repliesTo(i) >= 0 {
			continue // the answer to a request still waiting (an error without an id included)
		}
		for _, m := range j.msgs[i] {
			if m.Method == "" {
				return j.result(IDNotification, Fail, j.seq(i), "notification-unanswered.fail.response-id-written",
					j.seq(i), idText(m.ID), j.msg(p).Method, j.seq(p))
			}
		}
	}
	for i := range j.t.Events {
		if j.ev(i).Channel != trace.Stdout || j.repliesTo(i) >= 0 {
			continue // an error without an id answers the request it was paired with
		}
		for _, m := range j.msgs[i] {
			if m.Method == "" && m.ID.IsZero() {
				return j.result(IDNotification, Fail, j.seq(i), "notification-unanswered.fail.response-without-id", j.seq(i))
			}
		}
	}
	return j.result(IDNotification, Pass, j.seq(p), "notification-unanswered.pass.notification-which-no", j.msg(p).Method, j.seq(p))
}

func bodyNote(body string) Msg {
	if strings.TrimSpace(body) == "" {
		return Msg{}
	}
	return msg("bodynote.body", excerpt(body))
}

// ---- version-negotiation ----

func (j *judge) negotiation() Graded {
	_, seq, _ := Speaks(j.t)
	// Every connection opens as the session's did: the fresh connections
	// the order-dependent probes run on too (a server that answers only
	// its first server/discover or initialize keeps every later client
	// out, and its fresh probes would never run).
	open, method := tagInitialize, protocol.MethodInitialize
	if j.modern {
		open, method = tagDiscover, protocol.MethodDiscover
	}
	for _, i := range j.requests(open + tagFresh) {
		if ok, at, why := j.speaksAt(i); !ok {
			return j.result(IDVersion, Fail, at, "version-negotiation.fail.fresh-opening", method, j.seq(i), seq, why)
		}
	}
	if j.modern {
		return j.result(IDVersion, Pass, seq, "version-negotiation.pass.server-discover-lists", seq, j.v)
	}
	p := j.first(tagNegotiate)
	if p < 0 {
		return j.result(IDVersion, Pass, seq, "version-negotiation.pass.initialize-asked-server", j.v, seq)
	}
	k, m := j.answer(p)
	asked := BogusVersion
	var ip struct {
		ProtocolVersion string `json:"protocolVersion"`
	}
	if params(j.msg(p), &ip) {
		asked = ip.ProtocolVersion
	}
	switch {
	case m == nil:
		return j.result(IDVersion, Fail, j.seq(p), "version-negotiation.fail.initialize-asking-got", asked, j.seq(p))
	case m.Error != nil:
		return j.result(IDVersion, Fail, j.seq(k), "version-negotiation.fail.initialize-asking-was", asked, m.Error.Code, m.Error.Message, j.seq(k))
	}
	var res mcp.InitializeResult
	_ = json.Unmarshal(m.Result, &res)
	if res.ProtocolVersion == asked || res.ProtocolVersion == "" {
		return j.result(IDVersion, Fail, j.seq(k), "version-negotiation.fail.initialize-asking-was.2", asked, res.ProtocolVersion, j.seq(k))
	}
	return j.result(IDVersion, Pass, j.seq(k), "version-negotiation.pass.initialize-asking-got", j.v, j.v, seq, asked, res.ProtocolVersion)
}

// ---- result-type ----

func (j *judge) resultType() Graded {
	n, first, session := 0, -1, 0
	// The answers to the requests without _meta or with an unknown version
	// are not 2026-07-28 results: a server may take such a request for
	// another version's (meta-required and unsupported-version judge them).
	skip := map[int]bool{}
	for _, tag := range []string{tagNoMeta, tagBadVersion, tagNoMeta + tagFresh, tagBadVersion + tagFresh} {
		for _, r := range j.requests(tag) {
			if k, _ := j.answer(r); k >= 0 {
				skip[k] = true
			}
		}
	}
	for i := range j.t.Events {
		if !j.fromServer(i) || skip[i] {
			continue
		}
		for _, m := range j.msgs[i] {
			if m.Kind() != jsonrpc.KindResult {
				continue
			}
			var r struct {
				ResultType *string `json:"resultType"`
			}
			_ = json.Unmarshal(m.Result, &r)
			switch {
			case r.ResultType == nil:
				return withNote(j.result(IDResultType, Fail, j.seq(i), "result-type.fail.result-id-has", j.seq(i), idText(m.ID)), j.freshResult(i, session))
			case *r.ResultType != "complete" && *r.ResultType != "input_required":
				return withNote(j.result(IDResultType, Fail, j.seq(i), "result-type.fail.result-has-resulttype", j.seq(i), *r.ResultType), j.freshResult(i, session))
			}
			n++
			if !strings.HasSuffix(j.tags[i], tagFresh) {
				session++
			}
			if first < 0 {
				first = i
			}
		}
	}
	if n == 0 {
		return j.missing(IDResultType, msg("result-type.result"))
	}
	return j.result(IDResultType, Pass, j.seq(first), "result-type.pass.all-results-carry", n)
}

// freshResult says which order exposed a result without a valid
// resultType: when it answers a request of a fresh connection (the fresh
// runs come after the whole session, so the session's results all
// carried one), it says so; nothing for a result of the session.
func (j *judge) freshResult(i, session int) Msg {
	if !strings.HasSuffix(j.tags[i], tagFresh) {
		return Msg{}
	}
	r := j.requestOf(i)
	if r < 0 {
		return Msg{}
	}
	return msg("result-type.fresh-exposed", session, j.msg(r).Method, j.seq(r), protocol.MethodDiscover)
}

// requestOf is the request event the server's event k answers (stdio:
// the one the client matched it to; HTTP: the request of its exchange),
// -1 when none.
func (x *view) requestOf(k int) int {
	if x.exchange(k) == 0 {
		if r := x.repliesTo(k); r >= 0 && len(x.msgs[r]) == 1 {
			return r
		}
		return -1
	}
	for i := k - 1; i >= 0; i-- {
		if x.sent(i) && x.exchange(i) == x.exchange(k) && len(x.msgs[i]) == 1 {
			return i
		}
	}
	return -1
}

// ---- meta-required ----

func (j *judge) meta() Graded {
	p := j.first(tagNoMeta)
	if p < 0 {
		return j.missing(IDMeta, msg("meta-required.request-without-meta"))
	}
	k, m := j.answer(p)
	st, _ := j.status(p)
	switch {
	case m == nil:
		return j.result(IDMeta, Fail, j.seq(p), "meta-required.fail.tools-list-without", j.seq(p), statusNote(st))
	case m.Error == nil:
		return j.result(IDMeta, Fail, j.seq(k), "meta-required.fail.tools-list-without.2", j.seq(p), j.seq(k))
	case m.Error.Code == protocol.CodeHeaderMismatch && j.tr == "http":
		return j.result(IDMeta, Warn, j.seq(k), "meta-required.warn.tools-list-without", j.seq(p), j.seq(k))
	case m.Error.Code != protocol.CodeInvalidParams:
		return j.result(IDMeta, Fail, j.seq(k), "meta-required.fail.tools-list-without.3", j.seq(p), m.Error.Code, m.Error.Message, j.seq(k))
	case j.tr == "http" && st != 400:
		return j.result(IDMeta, Fail, j.seq(k), "meta-required.fail.tools-list-without.4", st)
	}
	return j.result(IDMeta, Pass, j.seq(k), "meta-required.pass.tools-list-without", j.seq(p), statusNote(st), j.seq(k))
}

func statusNote(st int) Msg {
	if st == 0 {
		return Msg{}
	}
	return msg("statusnote.http", st)
}

// ---- unsupported-version ----

func (j *judge) unsupported() Graded {
	p := j.first(tagBadVersion)
	if p < 0 {
		return j.missing(IDUnsupported, msg("unsupported-version.request-unknown-version"))
	}
	k, m := j.answer(p)
	st, _ := j.status(p)
	if m == nil {
		return j.result(IDUnsupported, Fail, j.seq(p), "unsupported-version.fail.tools-list-asking", UnknownVersion, j.seq(p), statusNote(st))
	}
	if m.Error == nil {
		return j.result(IDUnsupported, Fail, j.seq(k), "unsupported-version.fail.tools-list-asking.2", UnknownVersion, j.seq(k))
	}
	var data mcp.UnsupportedVersionData
	hasData := json.Unmarshal(m.Error.Data, &data) == nil
	var problems []Msg
	if m.Error.Code != protocol.CodeUnsupportedProtocolVersion {
		problems = append(problems, msg("unsupported-version.code-not", m.Error.Code, protocol.CodeName(m.Error.Code)))
	}
	if !hasData || len(data.Supported) == 0 {
		problems = append(problems, msg("unsupported-version.data-supported-does"))
	} else if contains(data.Supported, UnknownVersion) {
		problems = append(problems, msg("unsupported-version.data-supported-lists"))
	}
	if hasData && data.Requested != UnknownVersion {
		problems = append(problems, msg("unsupported-version.data-requested-not", data.Requested, UnknownVersion))
	}
	if j.tr == "http" && st != 400 {
		problems = append(problems, msg("unsupported-version.http-status-not", st))
	}
	if len(problems) > 0 {
		return j.result(IDUnsupported, Fail, j.seq(k), "unsupported-version.fail.tools-list-asking.3", UnknownVersion, j.seq(k), join(problems))
	}
	return j.result(IDUnsupported, Pass, j.seq(k), "unsupported-version.pass.asking-version-got", UnknownVersion, statusNote(st), data.Supported, data.Requested, j.seq(k))
}

// ---- unknown-method ----

func (j *judge) unknownMethod() Graded {
	p := j.first(tagUnknownMethod)
	if p < 0 {
		return j.missing(IDUnknownMethod, msg("unknown-method.request-unknown-method"))
	}
	k, m := j.answer(p)
	st, _ := j.status(p)
	want := msg("unknown-method.want")
	if j.modern && j.tr == "http" {
		want = msg("unknown-method.want.http")
	}
	switch {
	case m == nil:
		return j.result(IDUnknownMethod, Fail, j.seq(p), "unknown-method.fail.request-got-no", UnknownMethod, j.seq(p), statusNote(st), j.bodyOf(p), want)
	case m.Error == nil:
		return j.result(IDUnknownMethod, Fail, j.seq(k), "unknown-method.fail.request-which-server", UnknownMethod, j.seq(k), want)
	case m.Error.Code != protocol.CodeMethodNotFound:
		return j.result(IDUnknownMethod, Fail, j.seq(k), "unknown-method.fail.request-got-json-rpc", UnknownMethod, m.Error.Code, m.Error.Message, j.seq(k), want)
	case j.modern && j.tr == "http" && st != 404:
		return j.result(IDUnknownMethod, Fail, j.seq(k), "unknown-method.fail.request-got-but", UnknownMethod, st, j.seq(k))
	}
	return j.result(IDUnknownMethod, Pass, j.seq(k), "unknown-method.pass.request-got-method", UnknownMethod, statusNote(st), j.seq(k))
}

// bodyOf quotes the HTTP body answering request event i, when there is
// one that is not JSON-RPC.
func (j *judge) bodyOf(i int) Msg {
	if _, h := j.status(i); h >= 0 {
		if b := strings.TrimSpace(j.body(h)); b != "" {
			return msg("bodyof.but-body", excerpt(b))
		}
	}
	return Msg{}
}

// ---- header-mismatch ----

func (j *judge) headers() Graded {
	p := j.first(tagHeaders)
	if p < 0 {
		return j.missing(IDHeaderMismatch, msg("header-mismatch.request-whose-headers"))
	}
	k, m := j.answer(p)
	st, h := j.status(p)
	switch {
	case m != nil && m.Error == nil:
		return j.result(IDHeaderMismatch, Fail, j.seq(k), "header-mismatch.fail.tools-list-sent", protocol.MethodPromptsList, j.seq(p), j.seq(k))
	case m != nil && m.Error.Code == protocol.CodeHeaderMismatch && st == 400:
		return j.result(IDHeaderMismatch, Pass, j.seq(k), "header-mismatch.pass.tools-list-sent", protocol.MethodPromptsList, j.seq(k))
	case st >= 400 && st < 500:
		code := msg("header-mismatch.no-json-rpc-error")
		if m != nil {
			code = msg("header-mismatch.code-message", m.Error.Code, m.Error.Message)
		}
		return j.result(IDHeaderMismatch, Warn, j.seq(h), "header-mismatch.warn.tools-list-sent", protocol.MethodPromptsList, st, code, j.seq(h))
	}
	return j.result(IDHeaderMismatch, Fail, j.seq(p), "header-mismatch.fail.tools-list-sent.2", protocol.MethodPromptsList, j.seq(p), st)
}

// ---- origin-validated ----

func (j *judge) origin() Graded {
	p := j.first(tagOrigin)
	if p < 0 {
		return j.missing(IDOrigin, msg("origin-validated.request-foreign-origin"))
	}
	st, h := j.status(p)
	if st == 403 {
		return j.result(IDOrigin, Pass, j.seq(h), "origin-validated.pass.request-origin-was", ForeignOrigin, j.seq(h))
	}
	if h < 0 {
		return j.result(IDOrigin, Fail, j.seq(p), "origin-validated.fail.request-origin-got", ForeignOrigin, j.seq(p))
	}
	return j.result(IDOrigin, Fail, j.seq(h), "origin-validated.fail.request-origin-got.2", ForeignOrigin, st, j.seq(h), j.adviceOrigin())
}

// ---- tool-schemas-valid ----

func (j *judge) schemas() Graded {
	l, ok := j.firstTools()
	if !ok {
		return j.missing(IDSchemas, msg("missing.what.tools-list-result"))
	}
	var problems []Msg
	for _, t := range l.tools {
		problems = append(problems, schemaProblems(t)...)
	}
	if len(problems) > 0 {
		return j.result(IDSchemas, Fail, j.seq(l.resp), "tool-schemas-valid.fail.tools-list-result", j.seq(l.resp), limit(problems, 5))
	}
	// The first list answers the session's first request after the
	// opening; the later ones (tools-list-2, -3) are read too, so a server
	// whose schemas break later in the session is named in either order.
	for _, later := range j.answeredLists()[1:] {
		var late []Msg
		for _, t := range later.tools {
			late = append(late, schemaProblems(t)...)
		}
		if len(late) > 0 {
			return j.result(IDSchemas, Fail, j.seq(later.resp), "tool-schemas-valid.fail.later-list",
				j.seq(later.resp), limit(late, 5), j.seq(l.resp))
		}
	}
	return j.result(IDSchemas, Pass, j.seq(l.resp), "tool-schemas-valid.pass.tools-input-output", len(l.tools), dialects(l.tools), j.seq(l.resp))
}

// Dialects of JSON Schema by their $schema (without the scheme and "#").
var dialectNames = map[string]string{
	"json-schema.org/draft-04/schema":      "draft-04",
	"json-schema.org/draft-06/schema":      "draft-06",
	"json-schema.org/draft-07/schema":      "draft-07",
	"json-schema.org/draft/2019-09/schema": "2019-09",
	"json-schema.org/draft/2020-12/schema": "2020-12",
}

// dialectOf names the dialect a schema declares with $schema ("" when it
// declares none: the default, 2020-12, applies).
func dialectOf(schema json.RawMessage) string {
	var s struct {
		Schema string `json:"$schema"`
	}
	if json.Unmarshal(schema, &s) != nil || s.Schema == "" {
		return ""
	}
	u := strings.TrimSuffix(s.Schema, "#")
	u = strings.TrimPrefix(strings.TrimPrefix(u, "https://"), "http://")
	if n, ok := dialectNames[u]; ok {
		return n
	}
	return s.Schema
}

// dialects names the dialects the tools' schemas are valid under, each
// once: the declared ones, and the default where a schema declares none
// (basic §JSON Schema Usage: "Schemas MUST be valid according to their
// declared or default dialect").
func dialects(tools []mcp.Tool) Msg {
	var items []Msg
	seen := map[string]bool{}
	for _, t := range tools {
		for _, raw := range []json.RawMessage{t.InputSchema, t.OutputSchema} {
			if len(bytes.TrimSpace(raw)) == 0 || string(bytes.TrimSpace(raw)) == "null" {
				continue
			}
			d := dialectOf(raw)
			if seen[d] {
				continue
			}
			seen[d] = true
			if d == "" {
				items = append(items, msg("dialects.default"))
			} else {
				items = append(items, msg("dialects.declared", d))
			}
		}
	}
	return joinWith(items, "sep.names")
}

// schemaProblems lists what is wrong with a tool's schemas.
func schemaProblems(t mcp.Tool) []Msg {
	var out []Msg
	in := bytes.TrimSpace(t.InputSchema)
	var root struct {
		Type json.RawMessage `json:"type"`
	}
	switch {
	case len(in) == 0 || string(in) == "null":
		out = append(out, msg("schemaproblems.has-no-inputschema", t.Name))
	case in[0] != '{':
		out = append(out, msg("schemaproblems.inputschema-not-json", t.Name))
	default:
		_ = json.Unmarshal(in, &root)
		if string(bytes.TrimSpace(root.Type)) != `"object"` {
			out = append(out, msg("schemaproblems.inputschema-has-type", t.Name, orNone(root.Type)))
		}
		if _, err := primitive.CompileSchema(t.Name, "input", in); err != nil {
			out = append(out, msg("schemaproblems.inputschema-does-not", t.Name, oneLine(err.Error())))
		}
	}
	if o := bytes.TrimSpace(t.OutputSchema); len(o) > 0 && string(o) != "null" {
		if _, err := primitive.CompileSchema(t.Name, "output", o); err != nil {
			out = append(out, msg("schemaproblems.outputschema-does-not", t.Name, oneLine(err.Error())))
		}
	}
	return out
}

func orNone(raw json.RawMessage) Msg {
	if len(bytes.TrimSpace(raw)) == 0 {
		return msg("ornone.none")
	}
	return plain(string(raw))
}

// ---- structured-content-matches ----

func (j *judge) structured() Graded {
	l, ok := j.firstTools()
	if !ok {
		return j.missing(IDStructured, msg("missing.what.tools-list-result"))
	}
	schemas := map[string]json.RawMessage{}
	for _, t := range l.tools {
		if o := bytes.TrimSpace(t.OutputSchema); len(o) > 0 && string(o) != "null" {
			schemas[t.Name] = o
		}
	}
	called, checked, last := 0, 0, -1
	for _, tag := range []string{tagCall, tagSlow} {
		for _, i := range j.requests(tag) {
			called++
			var cp callParams
			params(j.msg(i), &cp)
			raw, has := schemas[cp.Name]
			k, m := j.answer(i)
			res, ok := toolResult(m)
			if !has || !ok || res.IsError {
				continue
			}
			checked++
			last = k
			if len(bytes.TrimSpace(res.StructuredContent)) == 0 {
				return j.result(IDStructured, Fail, j.seq(k), "structured-content-matches.fail.declares-outputschema-but", cp.Name, j.seq(k))
			}
			sch, err := primitive.CompileSchema(cp.Name, "output", raw)
			if err != nil {
				continue // tool-schemas-valid reports it
			}
			inst, err := jsonschema.UnmarshalJSON(bytes.NewReader(res.StructuredContent))
			if err == nil {
				err = sch.Validate(inst)
			}
			if err != nil {
				return j.result(IDStructured, Fail, j.seq(k), "structured-content-matches.fail.structuredcontent-does-not", cp.Name, j.seq(k), validationMsg(primitive.DescribeValidation(err, inst)))
			}
		}
	}
	switch {
	case checked > 0:
		return j.result(IDStructured, Pass, j.seq(last), "structured-content-matches.pass.results-tools-outputschema", checked)
	case called == 0 && len(schemas) > 0:
		return j.result(IDStructured, Skip, 0, "structured-content-matches.skip.no-tool-was", strings.Join(sortedKeys(schemas), ", "))
	case called == 0:
		return j.result(IDStructured, Skip, 0, "structured-content-matches.skip.no-tool-was.2")
	}
	return j.result(IDStructured, Skip, 0, "structured-content-matches.skip.none-successful-calls", called)
}

// ---- tool-descriptions ----

func (j *judge) descriptions() Graded {
	l, ok := j.firstTools()
	if !ok {
		return j.missing(IDDescriptions, msg("missing.what.tools-list-result"))
	}
	var problems []Msg
	for _, t := range l.tools {
		if strings.TrimSpace(t.Description) == "" {
			problems = append(problems, msg("tool-descriptions.has-no-description", t.Name))
		}
	}
	if len(problems) > 0 {
		// No sentence of either version asks for a description (a tool
		// definition "includes" one): advice, never a failure.
		return j.result(IDDescriptions, Warn, j.seq(l.resp), "tool-descriptions.warn.tools-list-result", j.seq(l.resp), limit(problems, 5))
	}
	return j.result(IDDescriptions, Pass, j.seq(l.resp), "tool-descriptions.pass.tools-each-have", len(l.tools), j.seq(l.resp))
}

// ---- tool-names ----

// toolNameRules are the sentences of server/tools §Tool Names (the same in
// both versions) that tool-names judges: length, characters, uniqueness.
var toolNameRules = [...]string{qToolNames, qToolNameChars, qToolNameUnique}

func (j *judge) toolNames() Graded {
	l, ok := j.firstTools()
	if !ok {
		return j.missing(IDToolNames, msg("missing.what.tools-list-result"))
	}
	var problems []Msg
	broken := -1 // the first rule broken (toolNameRules)
	add := func(rule int, m Msg) {
		if broken < 0 {
			broken = rule
		}
		problems = append(problems, m)
	}
	seen := map[string]bool{}
	for _, t := range l.tools {
		if n := utf8.RuneCountInString(t.Name); n < 1 || n > 128 {
			add(0, msg("tool-names.name-characters-long", t.Name, n))
		}
		if bad, ok := badNameChars(t.Name); ok {
			add(1, msg("tool-names.name-has-only", t.Name, bad))
		}
		if seen[t.Name] {
			add(2, msg("tool-names.name-listed-twice", t.Name))
		}
		seen[t.Name] = true
	}
	if len(problems) > 0 {
		g := j.result(IDToolNames, Fail, j.seq(l.resp), "tool-names.fail.tools-list-result", j.seq(l.resp), limit(problems, 5))
		// The finding quotes the sentence of the rule it reports first
		// (the def's cite is the length rule's).
		g.Quote = toolNameRules[broken]
		return g
	}
	return j.result(IDToolNames, Pass, j.seq(l.resp), "tool-names.pass.tools-each-have", len(l.tools), j.seq(l.resp))
}

// badNameChars lists the characters of a name outside A-Z, a-z, 0-9, _, -
// and . (ok false when there is none).
func badNameChars(name string) (bad Msg, ok bool) {
	var out []Msg
	seen := map[rune]bool{}
	for _, r := range name {
		switch {
		case r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z', r >= '0' && r <= '9', r == '_', r == '-', r == '.':
		case seen[r]:
		case r == ' ':
			out = append(out, msg("badnamechars.space"))
		default:
			out = append(out, plain(fmt.Sprintf("%q", r)))
		}
		seen[r] = true
	}
	return joinWith(out, "sep.names"), len(out) > 0
}

// ---- tools-order-stable ----

// answeredLists are the tools/list requests that got a list.
func (j *judge) answeredLists() []listing {
	var got []listing
	for _, l := range j.lists() {
		if l.ok {
			got = append(got, l)
		}
	}
	return got
}

func (j *judge) order() Graded {
	got := j.answeredLists()
	if len(got) < 2 {
		return j.missing(IDOrder, msg("missing.what.two-answered-lists"))
	}
	var legacyNote Msg
	if !j.modern {
		legacyNote = msg("tools-order-stable.says-nothing-about")
	}
	first := names(got[0].tools)
	for _, l := range got[1:] {
		if a, b := common(first, names(l.tools)); !slices.Equal(a, b) {
			return j.result(IDOrder, Fail, j.seq(l.resp), "tools-order-stable.fail.tools-list-gave",
				list(a), j.seq(got[0].resp), list(b), j.seq(l.resp), legacyNote)
		}
	}
	return j.result(IDOrder, Pass, j.seq(got[len(got)-1].resp), "tools-order-stable.pass.tools-list-results", len(got), legacyNote)
}

func names(ts []mcp.Tool) []string {
	out := make([]string, len(ts))
	for i, t := range ts {
		out[i] = t.Name
	}
	return out
}

// common keeps, in each list's order, the names both lists have.
func common(a, b []string) ([]string, []string) {
	in := func(l []string) map[string]bool {
		m := map[string]bool{}
		for _, s := range l {
			m[s] = true
		}
		return m
	}
	ia, ib := in(a), in(b)
	var ca, cb []string
	for _, s := range a {
		if ib[s] {
			ca = append(ca, s)
		}
	}
	for _, s := range b {
		if ia[s] {
			cb = append(cb, s)
		}
	}
	return ca, cb
}

func list(s []string) string {
	if len(s) > 8 {
		return "[" + strings.Join(s[:8], ", ") + ", …]"
	}
	return "[" + strings.Join(s, ", ") + "]"
}

// ---- unknown-tool-error ----

func (j *judge) unknownTool() Graded {
	p := j.first(tagUnknownTool)
	if p < 0 {
		return j.missing(IDUnknownTool, msg("unknown-tool-error.call-unknown-tool"))
	}
	var cp callParams
	params(j.msg(p), &cp)
	k, m := j.answer(p)
	res, isResult := toolResult(m)
	switch {
	case m == nil:
		return j.result(IDUnknownTool, Fail, j.seq(p), "unknown-tool-error.fail.tools-call-tool", cp.Name, j.seq(p))
	case m.Error != nil && m.Error.Code == protocol.CodeInvalidParams:
		return j.result(IDUnknownTool, Pass, j.seq(k), "unknown-tool-error.pass.tools-call-tool", cp.Name, m.Error.Message, j.seq(k))
	case m.Error != nil:
		return j.result(IDUnknownTool, Warn, j.seq(k), "unknown-tool-error.warn.tools-call-tool", cp.Name, m.Error.Code, m.Error.Message, j.seq(k))
	case isResult && res.IsError:
		return j.result(IDUnknownTool, Warn, j.seq(k), "unknown-tool-error.warn.tools-call-tool.2", cp.Name, j.seq(k))
	}
	return j.result(IDUnknownTool, Fail, j.seq(k), "unknown-tool-error.fail.tools-call-tool.2", cp.Name, j.seq(k))
}

// ---- invalid-arguments-tool-error ----

func (j *judge) invalidArgs() Graded {
	l, _ := j.firstTools()
	byName := map[string]mcp.Tool{}
	for _, t := range l.tools {
		byName[t.Name] = t
	}
	named := j.namedTools()
	reqs := j.requests(tagInvalidArgs)
	if len(reqs) == 0 {
		switch {
		case len(named) == 0:
			return j.result(IDInvalidArgs, Skip, 0, "invalid-arguments-tool-error.skip.no-tool-was")
		case j.lost() >= 0:
			return j.missing(IDInvalidArgs, msg("invalid-arguments-tool-error.call-invalid-arguments"))
		}
		return j.result(IDInvalidArgs, Skip, 0, "invalid-arguments-tool-error.skip.inputschema-each-tool", strings.Join(named, ", "))
	}
	worst := Pass
	var says []Msg
	seq := 0
	for _, i := range reqs {
		var cp callParams
		params(j.msg(i), &cp)
		what := msg("invalid-arguments-tool-error.break-inputschema")
		if t, ok := byName[cp.Name]; ok {
			if _, w, ok := InvalidArguments(t.InputSchema); ok {
				what = w
			}
		}
		k, m := j.answer(i)
		res, isResult := toolResult(m)
		v, say := Pass, Msg{}
		switch {
		case m == nil:
			v, say = Fail, msg("invalid-arguments-tool-error.called-arguments-got", cp.Name, compactJSON(cp.Arguments), j.seq(i), what)
		case isResult && res.IsError:
			say = msg("invalid-arguments-tool-error.called-arguments-that", cp.Name, compactJSON(cp.Arguments), what, j.seq(k), excerpt(res.text()))
		case m.Error != nil && m.Error.Code == protocol.CodeInvalidParams:
			v, say = Warn, msg("invalid-arguments-tool-error.called-arguments-that.2", cp.Name, compactJSON(cp.Arguments), what, m.Error.Message, j.seq(k))
		case m.Error != nil:
			v, say = Warn, msg("invalid-arguments-tool-error.called-arguments-that.3", cp.Name, compactJSON(cp.Arguments), what, m.Error.Code, m.Error.Message, j.seq(k))
		default:
			v, say = Fail, msg("invalid-arguments-tool-error.called-arguments-that.4", cp.Name, compactJSON(cp.Arguments), what, j.seq(k))
		}
		if seq == 0 || rank(v) > rank(worst) {
			worst, seq = v, j.seq(k)
			if k < 0 {
				seq = j.seq(i)
			}
		}
		says = append(says, say)
	}
	return j.result(IDInvalidArgs, worst, seq, "invalid-arguments-tool-error.summary", join(says))
}

func rank(v Verdict) int {
	switch v {
	case Fail:
		return 3
	case Warn:
		return 2
	case Pass:
		return 1
	}
	return 0
}

// namedTools are the tools the capture called on the user's behalf.
func (j *judge) namedTools() []string {
	var out []string
	for _, tag := range []string{tagCall, tagSlow} {
		for _, i := range j.requests(tag) {
			var cp callParams
			params(j.msg(i), &cp)
			out = append(out, cp.Name)
		}
	}
	return dedupe(out)
}

// ---- cancellation-honoured ----

// cancelGrace is how long after the cancellation a message already on
// its way may still arrive (the server wrote it before it read the
// notification), for captures without the barrier (older checkers').
const cancelGrace = 100

func (j *judge) cancellation() Graded {
	tries, failed := 0, 0
	var firstBad Msg
	seq := 0
	tool := ""
	var took int64
	for n := 1; ; n++ {
		tag := fmt.Sprintf("%s-%d", tagCancel, n)
		r := j.first(tag)
		if r < 0 {
			break
		}
		tries++
		req := j.msg(r)
		var cp callParams
		params(req, &cp)
		tool = cp.Name
		token, _ := json.Marshal(cp.Meta[protocol.MetaProgressToken])
		notice := j.first(tag + "-notice")
		if notice < 0 {
			failed++
			continue
		}
		if seq == 0 {
			seq = j.seq(notice)
		}
		at := j.ms(notice)
		// In flight: written before the server had read the cancellation,
		// that is before it answered the barrier sent right after it
		// (capture.go, cancelOnce); a capture without the barrier (an older
		// checker's) falls back to cancelGrace.
		answered := -1
		if b := j.first(tag + tagBarrier); b >= 0 {
			if k, m := j.answer(b); m != nil {
				answered = k
			}
		}
		inFlight := func(k int) bool {
			if answered >= 0 {
				return k < answered
			}
			return j.ms(k)-at <= cancelGrace
		}
		var bad Msg
		for k := notice + 1; k < len(j.t.Events) && bad.empty(); k++ {
			if j.ev(k).Kind == trace.KindLaunch {
				break // another connection (a fresh run's, stdio: another process): its ids and tokens are not this call's
			}
			if !j.fromServer(k) {
				continue
			}
			if j.tr == "http" && j.exchange(k) != j.exchange(r) {
				continue
			}
			for _, m := range j.msgs[k] {
				switch {
				case m.Method == "" && m.ID == req.ID && inFlight(k) && j.ms(k)-at <= cancelGrace && plainResult(m):
					// The call's own result, within cancelGrace of the
					// cancellation and before the server had read it: the
					// call completed as it was cancelled (§Timing
					// Considerations: "potentially after a response has
					// already been sent"). Not excused: an error or isError
					// answer (what a server that read the cancellation
					// writes: go-sdk's "context canceled"), and a result
					// later than that, even before the barrier's answer (a
					// server that reads nothing while a call runs, and so
					// never saw the cancellation in time).
				case m.Method == "" && m.ID == req.ID:
					bad = msg("cancellation-honoured.answers-call-cancelled", j.seq(k), j.seq(notice), j.ms(k)-at, answerText(m))
					if j.ms(k)-at <= cancelGrace*5 {
						bad = cat(bad, msg("cancellation-honoured.work-stopped-once"))
					}
				case m.Method == protocol.MethodProgress && !inFlight(k):
					var pp mcp.ProgressParams
					if params(m, &pp) && bytes.Equal(bytes.TrimSpace(pp.ProgressToken), token) {
						bad = msg("cancellation-honoured.still-reports-progress", j.seq(k), j.seq(notice), j.ms(k)-at)
					}
				}
				if !bad.empty() {
					if firstBad.empty() {
						firstBad, seq = bad, j.seq(k)
					}
					break
				}
			}
		}
		if !bad.empty() {
			failed++
		}
	}
	if tries == 0 {
		return j.slowMissing(IDCancellation)
	}
	if s := j.first(tagSlow); s >= 0 {
		if k, m := j.answer(s); m != nil {
			took = j.ms(k) - j.ms(s)
		}
	}
	odds := ruleOfThree(tries, failed, j.o.K)
	if failed > 0 {
		rule := msg("cancellation-honoured.should-stop-work")
		if j.modern {
			rule = msg("cancellation-honoured.must-send-nothing")
		}
		return j.result(IDCancellation, Fail, seq, "cancellation-honoured.fail.cancelled-calls-got",
			failed, tries, tool, firstBad, rule, odds)
	}
	return j.result(IDCancellation, Pass, seq, "cancellation-honoured.pass.calls-which-takes", tries, tries, tool, took, odds)
}

// plainResult reports whether a response is a result that is no tool
// execution error.
func plainResult(m *jsonrpc.Message) bool {
	res, ok := toolResult(m)
	return ok && !res.IsError
}

// answerText says in a few words what a response is.
func answerText(m *jsonrpc.Message) Msg {
	if m.Error != nil {
		return msg("answertext.error", m.Error.Code, excerpt(m.Error.Message))
	}
	if res, ok := toolResult(m); ok && res.IsError {
		return msg("answertext.result-iserror-true", excerpt(res.text()))
	}
	return msg("answertext.result")
}

// ruleOfThree says what n tries with f failures tell about a task of k
// such calls.
func ruleOfThree(n, f, k int) Msg {
	if f > 0 {
		rate := float64(f) / float64(n)
		return msg("ruleofthree.observed-failure-rate",
			f, n, 100*rate, k, rate, k, 100*math.Pow(1-rate, float64(k)))
	}
	bound := 3 / float64(n)
	if bound >= 1 {
		return msg("ruleofthree.no-failure-tries", n, n)
	}
	return msg("ruleofthree.no-failure-tries.2",
		n, n, 100*bound, k, bound, k, 100*math.Pow(1-bound, float64(k)))
}

// slowMissing is the skip of a check that needs the slow call.
func (j *judge) slowMissing(id string) Graded {
	s := j.first(tagSlow)
	if s < 0 {
		if j.lost() >= 0 {
			return j.missing(id, msg("slowmissing.slow-call"))
		}
		return j.result(id, Skip, 0, "slowmissing.skip.no-slow-tool")
	}
	var cp callParams
	params(j.msg(s), &cp)
	k, m := j.answer(s)
	switch res, ok := toolResult(m); {
	case m == nil:
		return j.result(id, Skip, j.seq(s), "slowmissing.skip.slow-call-got", cp.Name, j.seq(s))
	case !ok || res.IsError:
		return j.result(id, Skip, j.seq(k), "slowmissing.skip.slow-call-failed", cp.Name, j.seq(k))
	}
	if took := j.ms(k) - j.ms(s); took < minSlow.Milliseconds() {
		return j.result(id, Skip, j.seq(k), "slowmissing.skip.slow-call-took", cp.Name, took)
	}
	return j.missing(id, msg("slowmissing.cancelled-calls"))
}

// ---- responsive-during-call ----

func (j *judge) responsive() Graded {
	s, d := j.first(tagSlow), j.first(tagDuring)
	if s < 0 || d < 0 {
		return j.slowMissing(IDResponsive)
	}
	var cp callParams
	params(j.msg(s), &cp)
	sk, sm := j.answer(s)
	dk, dm := j.answer(d)
	method := j.msg(d).Method
	switch {
	case sm != nil && sk < d:
		return j.result(IDResponsive, Skip, j.seq(sk), "responsive-during-call.skip.slow-call-was", cp.Name, j.seq(sk))
	case dm == nil:
		return j.result(IDResponsive, Fail, j.seq(d), "responsive-during-call.fail.sent-while-ran", method, cp.Name, j.seq(d))
	case sm != nil && j.together(dk, sk) && j.ms(dk)-j.ms(d) > togetherMs:
		// Both answers came at once, after the request had waited: the
		// server answered it only when the call was done, whichever of the
		// two lines the capture numbered first (two lines read in one
		// burst can reach the record in either order).
		return j.result(IDResponsive, Fail, j.seq(max(dk, sk)), "responsive-during-call.fail.answered-together",
			method, cp.Name, j.seq(d), j.seq(min(dk, sk)), j.seq(max(dk, sk)), j.ms(dk)-j.ms(d), j.adviceBlocking())
	case sm == nil || dk < sk:
		return j.result(IDResponsive, Pass, j.seq(dk), "responsive-during-call.pass.sent-while-ran", method, cp.Name, j.seq(d), j.ms(dk)-j.ms(d), j.seq(dk))
	}
	return j.result(IDResponsive, Fail, j.seq(dk), "responsive-during-call.fail.sent-while-ran.2",
		method, cp.Name, j.seq(d), j.seq(sk), j.seq(dk), j.ms(dk)-j.ms(d), j.adviceBlocking())
}

// togetherMs: two server lines this close in time came in one burst.
const togetherMs = 20

// together reports whether events a and b came in one burst.
func (x *view) together(a, b int) bool {
	d := x.ms(a) - x.ms(b)
	return d <= togetherMs && d >= -togetherMs
}

// ---- tool-poisoning ----

func (j *judge) poisoning() Graded {
	l, ok := j.firstTools()
	if !ok {
		return j.missing(IDPoisoning, msg("missing.what.tools-list-result"))
	}
	var found []Msg
	for i, t := range l.tools {
		raw := l.raw(j, i)
		for _, f := range Poisoning(t, raw) {
			found = append(found, msg("tool-poisoning.finding", t.Name, f.Kind, f.Text))
		}
	}
	if len(found) > 0 {
		return j.result(IDPoisoning, Fail, j.seq(l.resp), "tool-poisoning.fail.model-reads-every", j.seq(l.resp), limit(found, 6))
	}
	return j.result(IDPoisoning, Pass, j.seq(l.resp), "tool-poisoning.pass.no-instructions-model", len(l.tools), j.seq(l.resp))
}

// raw is the JSON of tool i exactly as the server sent it.
func (l listing) raw(j *judge, i int) json.RawMessage {
	for _, m := range j.msgs[l.resp] {
		var res struct {
			Tools []json.RawMessage `json:"tools"`
		}
		if m.Method == "" && json.Unmarshal(m.Result, &res) == nil && i < len(res.Tools) {
			return res.Tools[i]
		}
	}
	return nil
}

// ---- list-changed-honest ----

func (j *judge) listChanged() Graded {
	got := j.answeredLists()
	if len(got) < 2 {
		return j.missing(IDListChangedHonest, msg("missing.what.two-answered-lists"))
	}
	for n := 1; n < len(got); n++ {
		a, b := got[n-1], got[n]
		changes := toolChanges(a.tools, b.tools)
		if len(changes) == 0 {
			continue
		}
		notified := false
		for k := a.resp; k <= b.resp; k++ {
			for _, m := range j.msgs[k] {
				notified = notified || (j.fromServer(k) && m.Method == protocol.MethodToolsChanged)
			}
		}
		if !notified {
			return j.result(IDListChangedHonest, Fail, j.seq(b.resp), "list-changed-honest.fail.between-tools-list",
				j.seq(a.resp), j.seq(b.resp), limit(changes, 4))
		}
	}
	return j.result(IDListChangedHonest, Pass, j.seq(got[len(got)-1].resp), "list-changed-honest.pass.tools-list-results", len(got))
}

// toolChanges lists what differs between two tool lists.
func toolChanges(a, b []mcp.Tool) []Msg {
	key := func(t mcp.Tool) string {
		in, _ := canonical(t.InputSchema)
		out, _ := canonical(t.OutputSchema)
		return t.Title + "\x00" + t.Description + "\x00" + in + "\x00" + out
	}
	ma := map[string]mcp.Tool{}
	for _, t := range a {
		ma[t.Name] = t
	}
	var out []Msg
	seen := map[string]bool{}
	for _, t := range b {
		seen[t.Name] = true
		old, ok := ma[t.Name]
		switch {
		case !ok:
			out = append(out, msg("toolchanges.appeared", t.Name))
		case old.Description != t.Description:
			out = append(out, msg("toolchanges.description-changed-from", t.Name, excerpt(old.Description), excerpt(t.Description)))
		case key(old) != key(t):
			out = append(out, msg("toolchanges.schema-or-title", t.Name))
		}
	}
	for _, t := range a {
		if !seen[t.Name] {
			out = append(out, msg("toolchanges.disappeared", t.Name))
		}
	}
	return out
}

// canonical re-encodes JSON with sorted keys.
func canonical(raw json.RawMessage) (string, error) {
	if len(bytes.TrimSpace(raw)) == 0 {
		return "", nil
	}
	var v any
	if err := json.Unmarshal(raw, &v); err != nil {
		return string(raw), err
	}
	b, err := json.Marshal(v)
	return string(b), err
}

// ---- helpers ----

func excerpt(s string) string {
	s = strings.TrimRight(s, "\r\n")
	if utf8.RuneCountInString(s) > 120 {
		r := []rune(s)
		return string(r[:120]) + "…"
	}
	return s
}

func oneLine(s string) string { return strings.Join(strings.Fields(s), " ") }

func compactJSON(raw json.RawMessage) string {
	var b bytes.Buffer
	if json.Compact(&b, raw) != nil {
		return string(raw)
	}
	return b.String()
}

func limit(items []Msg, n int) Msg {
	if len(items) > n {
		return cat(join(items[:n]), msg("limit.more", len(items)-n))
	}
	return join(items)
}

func dedupe(s []string) []string {
	var out []string
	seen := map[string]bool{}
	for _, v := range s {
		if !seen[v] {
			seen[v] = true
			out = append(out, v)
		}
	}
	return out
}

func sortedKeys(m map[string]json.RawMessage) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}
