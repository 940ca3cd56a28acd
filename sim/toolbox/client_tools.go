package toolbox

// The course tools that need the client while they run: book_room asks the
// user (elicitation) when the room is taken, summarize_inbox asks the
// Host's model (sampling), export_roster asks where the user's workspace
// is (roots). Each asks through Env.Ask and is written once for both eras
// (ask.go); when the client did not declare the capability a question
// needs, the engine never asks: 2026-07-28 answers -32021, 2025-11-25 a
// tool execution error that says so.

import (
	"context"
	"encoding/json"
	"fmt"
	"sort"
	"strings"
	"sync"

	"mcpwirelab/sim/primitive"
	"mcpwirelab/sim/protocol"
)

// Course is the course server, in the simulator and on the dev server's
// /mcp alike (labserver.Config): Default() plus the tools that need the
// client (book_room, summarize_inbox, export_roster). Default alone is the
// list-changed scenario's server before book_room is enabled. Each call has
// its own room calendar: one server's bookings are not another's.
func Course() *primitive.Registry {
	return Default().MustWith(BookRoom(), SummarizeInbox(), ExportRoster())
}

// The input schemas of the tools Course adds to every server it builds
// (one per run): made once, shared (a Registry hands out clones).
var bookRoomSchema, summarizeInboxSchema, exportRosterSchema onceSchema

// onceSchema is a schema built the first time it is asked for.
type onceSchema struct {
	once sync.Once
	b    json.RawMessage
}

func (o *onceSchema) get(build func() json.RawMessage) json.RawMessage {
	o.once.Do(func() { o.b = build() })
	return o.b
}

// rooms are the bookable meeting rooms.
var rooms = []string{"Aurora", "Borealis"}

// booked are the days already taken when the calendar opens: the course's
// conflict is Aurora on Thursday 3 December 2026.
var booked = map[string]bool{"Aurora 2026-12-03": true, "Borealis 2026-12-10": true}

// calendar is one server's room bookings.
type calendar struct {
	mu    sync.Mutex
	taken map[string]bool // "<room> <day>"
}

func newCalendar() *calendar {
	c := &calendar{taken: map[string]bool{}}
	for k := range booked {
		c.taken[k] = true
	}
	return c
}

// book takes room on day, or reports it taken.
func (c *calendar) book(room, day string) bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.taken[room+" "+day] {
		return false
	}
	c.taken[room+" "+day] = true
	return true
}

// alternatives are free slots close to room on day: the other rooms that
// day, then the same room on the next days.
func (c *calendar) alternatives(room, day string) []string {
	c.mu.Lock()
	defer c.mu.Unlock()
	var out []string
	for _, r := range rooms {
		if r != room && !c.taken[r+" "+day] {
			out = append(out, r+" "+day)
		}
	}
	for _, next := range nextDays(day, 3) {
		if !c.taken[room+" "+next] {
			out = append(out, room+" "+next)
			break
		}
	}
	return out
}

// nextDays returns the n days after day (YYYY-MM-DD, already validated),
// in the course's December calendar.
func nextDays(day string, n int) []string {
	var y, m, d int
	if _, err := fmt.Sscanf(day, "%d-%d-%d", &y, &m, &d); err != nil {
		return nil
	}
	days := []int{31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31}
	if y%4 == 0 && (y%100 != 0 || y%400 == 0) {
		days[1] = 29
	}
	var out []string
	for i := 0; i < n; i++ {
		d++
		if m >= 1 && m <= 12 && d > days[m-1] {
			d, m = 1, m+1
			if m > 12 {
				m, y = 1, y+1
			}
		}
		out = append(out, fmt.Sprintf("%04d-%02d-%02d", y, m, d))
	}
	return out
}

// BookRoom is book_room: it books a room for a day. It first appears in
// the list-changed lesson; when the room is already taken it asks the user
// to pick one of the free slots nearby (elicitation, form mode).
func BookRoom() primitive.Def {
	cal := newCalendar()
	return primitive.Def{
		Tool: primitive.Tool{
			Name:        "book_room",
			Title:       "Book a meeting room",
			Description: "Book a meeting room for a given day. Rooms: Aurora, Borealis.",
			InputSchema: bookRoomSchema.get(func() json.RawMessage {
				return objectSchema(map[string]any{
					"room": map[string]any{"type": "string", "enum": rooms, "description": "Which room."},
					"day":  map[string]any{"type": "string", "pattern": `^\d{4}-\d{2}-\d{2}$`, "description": "Day, YYYY-MM-DD."},
				}, "room", "day")
			}),
		},
		Run: func(ctx context.Context, args map[string]any, env primitive.Env) (primitive.Result, error) {
			room, _ := argString(args, "room")
			day, _ := argString(args, "day")
			if cal.book(room, day) {
				return primitive.Result{Text: fmt.Sprintf("Booked %s on %s.", room, day)}, nil
			}
			alts := cal.alternatives(room, day)
			if len(alts) == 0 {
				return primitive.Result{Text: fmt.Sprintf("%s is already booked on %s, and nothing close is free; try another day.", room, day), IsError: true}, nil
			}
			a, err := env.Elicit(ctx, primitive.ElicitForm("slot", fmt.Sprintf("%s is already booked on %s. Book one of these instead?", room, day), slotSchema(alts)))
			if err != nil {
				return primitive.Result{}, err
			}
			switch a.Action {
			case protocol.ActionDecline:
				return primitive.Result{Text: fmt.Sprintf("Not booked: %s is taken on %s and the user declined the alternatives (%s).", room, day, strings.Join(alts, ", "))}, nil
			case protocol.ActionCancel:
				return primitive.Result{Text: fmt.Sprintf("Not booked: %s is taken on %s and the user dismissed the question.", room, day)}, nil
			}
			choice, _ := a.Content["slot"].(string)
			r, d, _ := strings.Cut(choice, " ")
			if !cal.book(r, d) {
				// Taken meanwhile (or this retry repeats a booking already
				// made): the calendar, not the requestState, decides.
				return primitive.Result{Text: fmt.Sprintf("Not booked: %s on %s was taken meanwhile; call book_room again.", r, d), IsError: true}, nil
			}
			return primitive.Result{Text: fmt.Sprintf("Booked %s on %s instead (%s was taken on %s).", r, d, room, day)}, nil
		},
	}
}

// slotSchema is the form that offers the free slots: one titled choice
// (client/elicitation §Requested Schema, single-select enum with titles).
func slotSchema(alts []string) json.RawMessage {
	var options []map[string]string
	for _, a := range alts {
		r, d, _ := strings.Cut(a, " ")
		options = append(options, map[string]string{"const": a, "title": r + " on " + d})
	}
	// Not objectSchema: a requested schema is a flat object of primitive
	// properties and nothing else (ElicitRequestFormParams.requestedSchema).
	b, _ := json.Marshal(map[string]any{
		"type":       "object",
		"properties": map[string]any{"slot": map[string]any{"type": "string", "title": "Book instead", "oneOf": options}},
		"required":   []string{"slot"},
	})
	return b
}

// SummarizeInbox is summarize_inbox: it asks the Host's model to summarise
// the newest e-mails (sampling/createMessage). Context from the server
// (includeContext "thisServer", deprecated) is asked for only when the
// client declared sampling.context (CreateMessageRequestParams: servers
// "SHOULD only use the deprecated values if the client declares
// ClientCapabilities.sampling.context").
func SummarizeInbox() primitive.Def {
	return primitive.Def{
		Tool: primitive.Tool{
			Name:  "summarize_inbox",
			Title: "Summarise the inbox",
			Description: "Summarise the newest e-mails of the team inbox in two sentences. " +
				"The summary is written by the Host's own model (the server asks it through the client).",
			InputSchema: summarizeInboxSchema.get(func() json.RawMessage {
				return objectSchema(map[string]any{
					"urgent": map[string]any{"type": "boolean", "description": "true: only urgent e-mails. Omit for all."},
					"limit":  map[string]any{"type": "integer", "minimum": 1, "maximum": 10, "default": 5, "description": "How many e-mails (1 to 10, default 5)."},
				})
			}),
			ReadOnly: true,
		},
		Run: func(ctx context.Context, args map[string]any, env primitive.Env) (primitive.Result, error) {
			urgent, filtered := argBool(args, "urgent")
			page, _ := QueryEmails(urgent, filtered, argInt(args, "limit", 5))
			var b strings.Builder
			b.WriteString("Summarise these e-mails for a busy manager in two sentences:")
			for _, m := range page {
				fmt.Fprintf(&b, "\n- %s, from %s: %s. %s", m.Received, m.From, m.Subject, m.Preview)
			}
			req := primitive.SamplingRequest{
				Messages:     []primitive.SamplingMessage{{Role: "user", Content: primitive.TextContent(b.String())}},
				SystemPrompt: "You summarise a company's team inbox. Be brief and factual.",
				MaxTokens:    200,
			}
			if env.Declares(protocol.CapSampling, "context") {
				req.IncludeContext = "thisServer"
			}
			a, err := env.Sample(ctx, primitive.Sample("summary", req))
			if err != nil {
				return primitive.Result{}, err
			}
			if a.Text == "" {
				return primitive.Result{Text: "The Host's model (" + a.Model + ") answered without text; there is no summary to show.", IsError: true}, nil
			}
			return primitive.Result{Text: fmt.Sprintf("Summary of %s, by the Host's model (%s): %s", plural(len(page), "e-mail"), a.Model, a.Text)}, nil
		},
	}
}

// ExportRoster is export_roster: it saves a department's roster into the
// user's workspace, which it learns from the client's roots (roots/list).
// Roots are deprecated in 2026-07-28 (client/roots: "New implementations
// SHOULD NOT adopt it"); the lab keeps one tool that uses them to show
// both eras' messages.
func ExportRoster() primitive.Def {
	return primitive.Def{
		Tool: primitive.Tool{
			Name:  "export_roster",
			Title: "Export a roster",
			Description: "Save a department's roster as a CSV file in the user's workspace " +
				"(the first of the folders the client shares as roots).",
			InputSchema: exportRosterSchema.get(func() json.RawMessage {
				return objectSchema(map[string]any{
					"department": map[string]any{"type": "string", "enum": departments, "description": "Department whose roster to export."},
				}, "department")
			}),
			Idempotent: true,
		},
		Run: func(ctx context.Context, args map[string]any, env primitive.Env) (primitive.Result, error) {
			dept, _ := argString(args, "department")
			roots, err := env.Roots(ctx, "workspace")
			if err != nil {
				return primitive.Result{}, err
			}
			if len(roots) == 0 {
				return primitive.Result{Text: "The client shares no roots, so there is no workspace to save into; add a workspace folder in the Host and try again.", IsError: true}, nil
			}
			var people []string
			for _, e := range employees {
				if e.Department == dept {
					people = append(people, e.ID)
				}
			}
			sort.Strings(people)
			file := strings.TrimSuffix(roots[0].URI, "/") + "/rosters/" + strings.ToLower(dept) + ".csv"
			where := roots[0].URI
			if roots[0].Name != "" {
				where = roots[0].Name + " (" + roots[0].URI + ")"
			}
			return primitive.Result{Text: fmt.Sprintf("Saved the %s roster (%s: %s) to %s, in the workspace %s.",
				dept, plural(len(people), "employee"), strings.Join(people, ", "), file, where)}, nil
		},
	}
}
