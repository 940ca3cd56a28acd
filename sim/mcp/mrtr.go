package mcp

// 2026-07-28 multi round-trip requests (basic/patterns/mrtr): a request
// whose handler needs the client answers with an InputRequiredResult
// (resultType "input_required", inputRequests, requestState); the client
// retries the original request with a new id, inputResponses and the
// requestState unchanged; the server runs the handler again from the start
// and answers its questions from the retry.
//
// Nothing is kept between the rounds: everything the next round needs —
// the answers of earlier rounds, which questions are open — travels in the
// requestState, signed with the server's key, so any replica with the same
// key can serve any round ("the server processing the retry does not need
// any information beyond what is directly present in the retry request").

import (
	"bytes"
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"mcpwirelab/sim/jsonrpc"
	"mcpwirelab/sim/protocol"

	"mcpwirelab/sim/primitive"
)

// RequestStateTTL is how long a requestState stays valid: mrtr §Server
// Requirements 5, servers SHOULD include "a short expiry (TTL), rejecting
// state presented after it lapses".
const RequestStateTTL = 10 * time.Minute

// stateVersion prefixes every requestState this server issues.
const stateVersion = "mwl1"

// InputRequest is one entry of InputRequests: a server-to-client request
// without JSON-RPC envelope (2026-07-28 schema InputRequest).
type InputRequest struct {
	Method string          `json:"method"`
	Params json.RawMessage `json:"params,omitempty"`
}

// InputRequiredResult is the 2026-07-28 result that asks the client for
// input before the request can complete (mrtr §InputRequiredResult).
type InputRequiredResult struct {
	ResultType    string                  `json:"resultType"`
	InputRequests map[string]InputRequest `json:"inputRequests,omitempty"`
	RequestState  string                  `json:"requestState,omitempty"`
	Meta          *ResultMeta             `json:"_meta,omitempty"`
}

// statePayload is what a requestState carries, under the server's
// signature. mrtr §Server Requirements 5: servers SHOULD include in it "an
// identifier for the originating request, e.g. the method name and a
// digest of its salient parameters" and "a short expiry". The third item,
// "the authenticated principal", has nothing to bind to here: the dev
// server has one bearer token for everyone.
type statePayload struct {
	Method  string                     `json:"m"`
	Digest  string                     `json:"d"`           // salientDigest of the request
	Round   int                        `json:"r"`           // InputRequiredResults this request has had
	Expires int64                      `json:"exp"`         // Unix milliseconds
	Answers map[string]json.RawMessage `json:"a,omitempty"` // checked answers of earlier rounds
	Open    []string                   `json:"o"`           // the keys asked in round Round
}

// replay is one attempt at a request that may ask the client: the answers
// earlier rounds gave (from a verified requestState), the answers this
// retry brings (inputResponses), and, once the handler ran, the questions
// still open.
type replay struct {
	caps    json.RawMessage // the request's declared client capabilities
	state   *statePayload   // nil: the first round
	answers map[string]json.RawMessage
	fresh   map[string]json.RawMessage
	taken   bool // a batch took this retry's answers (round 0 has one such batch)

	open []primitive.InputRequest // questions the retry did not answer
}

// openReplay reads inputResponses and requestState of a tools/call or
// prompts/get (mrtr §Supported Requests). A requestState that fails its
// signature, has expired or belongs to another request is refused (-32602):
// "servers MUST treat requestState as an attacker-controlled input ... and
// MUST reject state that fails verification".
//
// salient gives the request's salient parameters; it is called only when
// a requestState has to be checked against them (canonicalJSON of a 4 MiB
// argument is a decode and an encode of all of it).
func (q *call) openReplay(salient func() []string) (*replay, *Reply) {
	var p struct {
		InputResponses json.RawMessage `json:"inputResponses"`
		RequestState   json.RawMessage `json:"requestState"`
	}
	if r := q.params(&p); r != nil {
		return nil, r
	}
	rp := &replay{caps: q.meta[protocol.MetaClientCapabilities], answers: map[string]json.RawMessage{}}
	if p.InputResponses != nil {
		if err := json.Unmarshal(p.InputResponses, &rp.fresh); err != nil || rp.fresh == nil {
			r := q.invalid("Invalid params: inputResponses must be an object that maps each input request key to the client's result, got "+shortJSON(p.InputResponses), nil)
			return nil, &r
		}
		for k, v := range rp.fresh {
			if t := bytes.TrimSpace(v); len(t) == 0 || t[0] != '{' {
				// schema InputResponses: every value is a result object.
				r := q.invalid(fmt.Sprintf("Invalid params: inputResponses[%s] must be a result object (ElicitResult, CreateMessageResult or ListRootsResult), got %s", quoteJSON(k), shortJSON(v)), nil)
				return nil, &r
			}
		}
	}
	if p.RequestState == nil {
		return rp, nil
	}
	var token string
	if err := json.Unmarshal(p.RequestState, &token); err != nil {
		r := q.invalid("Invalid params: requestState must be the string the server sent, unchanged", nil)
		return nil, &r
	}
	st, why := q.s.openState(token, q.m.Method, salientDigest(q.m.Method, salient()...))
	if why != "" {
		q.s.Logf("refusing requestState: %s", why)
		r := q.invalid("Invalid params: requestState "+why, nil)
		return nil, &r
	}
	rp.state = st
	for k, v := range st.Answers {
		rp.answers[k] = v
	}
	return rp, nil
}

// ask is the Env.Ask of a 2026-07-28 request. A question already answered
// (in the requestState) gets that answer; an open one gets this retry's
// answer, checked (CheckAnswer); anything left unanswered makes the whole
// request end in an InputRequiredResult (ErrInputRequired).
func (rp *replay) ask(_ context.Context, reqs ...primitive.InputRequest) ([]json.RawMessage, error) {
	if rp.open != nil {
		return nil, primitive.ErrInputRequired
	}
	for _, r := range reqs {
		// basic/index §_meta: "A server MUST NOT rely on capabilities the
		// client has not declared." A retry is a request of its own and
		// declares its own capabilities: an answer (from inputResponses or
		// an earlier round) to a question that needs a capability this
		// request does not declare is not used; the request gets -32021,
		// as the first round would have (mrtr §Server Requirements 7).
		if need := primitive.Needs(rp.caps, r); need != nil {
			return nil, &primitive.MissingCapabilityError{Method: r.Method, Required: need}
		}
	}
	out := make([]json.RawMessage, len(reqs))
	var missing []primitive.InputRequest
	needsRound := false
	for i, r := range reqs {
		if a, ok := rp.answers[r.Key]; ok {
			out[i] = a
			continue
		}
		needsRound = true
		if a, ok := rp.fresh[r.Key]; ok && rp.acceptsFresh(r.Key) {
			if err := primitive.CheckAnswer(r, a); err != nil {
				return nil, err
			}
			rp.answers[r.Key] = a
			out[i] = a
			continue
		}
		// mrtr §Error Handling: "If the client fails to send all the
		// information requested ... the server SHOULD respond with a new
		// InputRequiredResult requesting the missing information again".
		missing = append(missing, r)
	}
	if needsRound {
		rp.taken = true
	}
	if len(missing) == 0 {
		return out, nil
	}
	// mrtr §Server Requirements 7, "Servers MUST NOT send an inputRequests
	// that the client has not declared support for": every question was
	// checked above.
	rp.open = missing
	return nil, primitive.ErrInputRequired
}

// acceptsFresh reports whether this retry may answer key: a key the last
// round asked (the requestState's open keys), or, on the first round, a
// key of the first batch of questions. Answers to anything else are
// ignored ("the server SHOULD ignore any information it does not recognize
// or need").
func (rp *replay) acceptsFresh(key string) bool {
	if rp.state != nil {
		return contains(rp.state.Open, key)
	}
	return !rp.taken
}

// inputRequired is the InputRequiredResult for the questions still open,
// with a requestState for the next round.
func (q *call) inputRequired(rp *replay, salient ...string) Reply {
	reqs := map[string]InputRequest{}
	st := statePayload{Method: q.m.Method, Digest: salientDigest(q.m.Method, salient...),
		Expires: q.s.cfg.Now().Add(RequestStateTTL).UnixMilli(), Answers: rp.answers}
	if rp.state != nil {
		st.Round = rp.state.Round
	}
	st.Round++
	for _, r := range rp.open {
		reqs[r.Key] = inputRequestOf(r)
		st.Open = append(st.Open, r.Key)
	}
	if len(st.Answers) == 0 {
		st.Answers = nil
	}
	_, meta := q.stamp()
	q.s.Logf("%s: input required (round %d: %s)", q.m.Method, st.Round, strings.Join(st.Open, ", "))
	return q.ok(InputRequiredResult{ResultType: protocol.ResultInputRequired, InputRequests: reqs,
		RequestState: q.s.sealState(st), Meta: meta})
}

// sealState encodes and signs a payload: base64url(JSON) "." base64url(HMAC).
func (s *Server) sealState(st statePayload) string {
	body := base64.RawURLEncoding.EncodeToString(mustJSON(st))
	return stateVersion + "." + body + "." + s.stateMAC(body)
}

func (s *Server) stateMAC(body string) string {
	mac := hmac.New(sha256.New, s.cfg.StateKey)
	mac.Write([]byte(stateVersion + "." + body))
	return base64.RawURLEncoding.EncodeToString(mac.Sum(nil))
}

// openState verifies a requestState for the request (method, digest) and
// returns its payload, or why it is refused.
func (s *Server) openState(token, method, digest string) (*statePayload, string) {
	parts := strings.Split(token, ".")
	if len(parts) != 3 || parts[0] != stateVersion ||
		!hmac.Equal([]byte(parts[2]), []byte(s.stateMAC(parts[1]))) {
		return nil, "failed its integrity check: it was changed, or issued by another server (or with another key); send the request again without requestState and inputResponses to start over"
	}
	raw, err := base64.RawURLEncoding.DecodeString(parts[1])
	var st statePayload
	if err == nil {
		err = json.Unmarshal(raw, &st)
	}
	if err != nil {
		return nil, "cannot be read"
	}
	if st.Method != method || st.Digest != digest {
		return nil, "was issued for a different request (" + st.Method + " with other parameters); it is valid only for a retry of the request that received it"
	}
	if exp := time.UnixMilli(st.Expires); !s.cfg.Now().Before(exp) {
		return nil, "expired at " + exp.UTC().Format(time.RFC3339) + "; send the request again without requestState and inputResponses to start over"
	}
	return &st, ""
}

// salientDigest identifies a request by its method and the parameters that
// decide what it does (tool or prompt name, arguments): a requestState is
// valid only for retries of the same request.
func salientDigest(method string, salient ...string) string {
	h := sha256.New()
	h.Write([]byte(method))
	for _, s := range salient {
		h.Write([]byte{0})
		h.Write([]byte(s))
	}
	return base64.RawURLEncoding.EncodeToString(h.Sum(nil)[:16])
}

// canonicalJSON re-encodes raw with sorted keys and no layout, so that two
// encodings of the same arguments have the same digest.
func canonicalJSON(raw json.RawMessage) string {
	if len(bytes.TrimSpace(raw)) == 0 || string(bytes.TrimSpace(raw)) == "null" {
		return "{}"
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	var v any
	if dec.Decode(&v) != nil {
		return string(raw)
	}
	b, err := jsonrpc.Marshal(v)
	if err != nil {
		return string(raw)
	}
	return string(b)
}

func shortJSON(raw json.RawMessage) string {
	s := string(bytes.TrimSpace(raw))
	if len(s) > 80 {
		s = s[:80] + "…"
	}
	return s
}
