package toolbox

import (
	"context"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"sync"
	"time"

	"mcpwirelab/sim/primitive"
	"mcpwirelab/sim/protocol"
)

// courseTools returns the five course tools, in tools/list order.
func courseTools() []primitive.Def {
	return []primitive.Def{
		{
			Tool: primitive.Tool{
				Name:  "list_employees",
				Title: "List employees",
				Description: "List the company's employees with their id, department, e-mail address and office days. " +
					"Optionally filter by department.",
				InputSchema: objectSchema(map[string]any{
					"department": map[string]any{
						"type":        "string",
						"enum":        departments,
						"description": "Only return employees of this department. Omit to list everyone.",
					},
				}),
				ReadOnly: true, Idempotent: true,
			},
			Run: runListEmployees,
		},
		{
			Tool: primitive.Tool{
				Name:  "list_emails",
				Title: "List e-mails",
				Description: "List the most recent e-mails in the team inbox, newest first, with sender, subject, date and a short preview. " +
					"Optionally only urgent (or only non-urgent) ones.",
				InputSchema: objectSchema(map[string]any{
					"urgent": map[string]any{
						"type":        "boolean",
						"description": "true: only urgent e-mails; false: only non-urgent ones. Omit for all e-mails.",
					},
					"limit": map[string]any{
						"type":        "integer",
						"minimum":     1,
						"maximum":     20,
						"default":     5,
						"description": "Maximum number of e-mails to return (1 to 20, default 5).",
					},
				}),
				ReadOnly: true, Idempotent: true,
			},
			Run: runListEmails,
		},
		{
			Tool: primitive.Tool{
				Name:  "office_days",
				Title: "Office days",
				Description: "Tell on which weekdays an employee works in the office. " +
					`Identify the employee by id (e.g. "e03") or exact name (e.g. "Wang Fang" or "王芳"); list_employees shows both.`,
				InputSchema: objectSchema(map[string]any{
					"employee": map[string]any{
						"type":        "string",
						"description": `Employee id (e.g. "e03") or exact name (e.g. "Wang Fang" or "王芳").`,
					},
					"week": map[string]any{
						"type":        "string",
						"pattern":     `^\d{4}-W\d{2}$`,
						"description": `ISO week such as "2026-W48". Omit for the regular weekly schedule.`,
					},
				}, "employee"),
				ReadOnly: true, Idempotent: true,
			},
			Run: runOfficeDays,
		},
		{
			Tool: primitive.Tool{
				Name:  "export_timesheets",
				Title: "Export timesheets",
				Description: "Export a department's timesheets, one week per step. Slow: about one second per step, " +
					"with progress notifications when the client asks for them. Returns a summary of the export.",
				InputSchema: objectSchema(map[string]any{
					"department": map[string]any{
						"type":        "string",
						"enum":        departments,
						"description": "Department whose timesheets to export.",
					},
					"steps": map[string]any{
						"type":        "integer",
						"minimum":     1,
						"maximum":     10,
						"default":     5,
						"description": "Number of weeks to export, one step (about one second) each: 1 to 10, default 5.",
					},
				}, "department"),
				ReadOnly: true, Idempotent: true,
				// The slow tool may run as a task: a client that declared the
				// tasks extension (or, in 2025-11-25, asked with params.task)
				// gets a task handle and polls.
				TaskSupport: protocol.TaskOptional,
			},
			Run: runExportTimesheets,
		},
		{
			Tool: primitive.Tool{
				Name:  "post_announcement",
				Title: "Post an announcement",
				Description: "Post a short announcement on one office's notice board. " +
					"Over Streamable HTTP the office travels in the Mcp-Param-Office header too, so the company gateway can route the call to that office's board.",
				InputSchema: objectSchema(map[string]any{
					"office": map[string]any{
						"type":        "string",
						"enum":        offices,
						"description": "The office whose board gets the announcement.",
						// 2026-07-28 server/tools §x-mcp-header: mirrored into
						// Mcp-Param-Office (Base64 form for São Paulo and 上海).
						protocol.XMCPHeader: "Office",
					},
					"text": map[string]any{
						"type":        "string",
						"minLength":   1,
						"maxLength":   280,
						"description": "The announcement, at most 280 characters.",
					},
				}, "office", "text"),
				OutputSchema: objectSchema(map[string]any{
					"office": map[string]any{"type": "string"},
					"board":  map[string]any{"type": "string"},
					"posted": map[string]any{"type": "boolean"},
				}, "office", "board", "posted"),
			},
			Run: runPostAnnouncement,
		},
	}
}

// --- post_announcement ---

func runPostAnnouncement(_ context.Context, args map[string]any, env primitive.Env) (primitive.Result, error) {
	office, _ := argString(args, "office")
	text, _ := argString(args, "text")
	board := "board-" + strings.ToLower(strings.NewReplacer(" ", "-", "ã", "a").Replace(office))
	if office == "上海" {
		board = "board-shanghai"
	}
	env.SendLog("info", "announcements", fmt.Sprintf("posted %d characters to %s", len([]rune(text)), board))
	return primitive.Result{
		Text: fmt.Sprintf("Posted on the %s notice board (%s): %q", office, board, text),
		Structured: struct {
			Office string `json:"office"`
			Board  string `json:"board"`
			Posted bool   `json:"posted"`
		}{office, board, true},
	}, nil
}

var (
	defaultOnce sync.Once
	defaultReg  *primitive.Registry
)

// Default returns what the course server offers: the course tools, in a
// deterministic order (the order tools/list shows: list_employees,
// list_emails, office_days, export_timesheets, post_announcement), the
// handbook resources, the employee and department templates, the prompts,
// and logging. Schemas are compiled once; the registry is shared and
// immutable.
func Default() *primitive.Registry {
	defaultOnce.Do(func() {
		r, err := primitive.NewRegistry(courseTools()...)
		if err == nil {
			r, err = r.WithResources(courseResources()...)
		}
		if err == nil {
			r, err = r.WithTemplates(courseTemplates()...)
		}
		if err == nil {
			r, err = r.WithPrompts(coursePrompts()...)
		}
		if err != nil {
			panic("toolbox: " + err.Error()) // a bug in this package; tests catch it
		}
		defaultReg = r.WithLogging(true)
	})
	return defaultReg
}

// objectSchema builds a compact object schema with sorted keys
// (json.Marshal sorts map keys), additionalProperties false.
func objectSchema(props map[string]any, required ...string) json.RawMessage {
	s := map[string]any{
		"type":                 "object",
		"properties":           props,
		"additionalProperties": false,
	}
	if len(required) > 0 {
		s["required"] = required
	}
	b, err := json.Marshal(s)
	if err != nil {
		panic("toolbox: " + err.Error())
	}
	return b
}

// --- argument helpers (arguments are already schema-validated) ---

func argString(args map[string]any, key string) (string, bool) {
	s, ok := args[key].(string)
	return s, ok
}

func argBool(args map[string]any, key string) (bool, bool) {
	b, ok := args[key].(bool)
	return b, ok
}

func argInt(args map[string]any, key string, def int) int {
	n, ok := args[key].(json.Number)
	if !ok {
		return def
	}
	if i, err := n.Int64(); err == nil {
		return int(i)
	}
	if f, err := n.Float64(); err == nil { // e.g. 5.0, an integer per JSON Schema
		return int(f)
	}
	return def
}

// --- list_employees ---

func runListEmployees(_ context.Context, args map[string]any, _ primitive.Env) (primitive.Result, error) {
	dept, filtered := argString(args, "department")
	list := []EmployeeRecord{}
	for _, e := range employees {
		if !filtered || e.Department == dept {
			list = append(list, e)
		}
	}
	var b strings.Builder
	if filtered {
		fmt.Fprintf(&b, "%d employees in %s:", len(list), dept)
	} else {
		fmt.Fprintf(&b, "%d employees:", len(list))
	}
	for _, e := range list {
		fmt.Fprintf(&b, "\n%s | %s | %s | %s | office: %s",
			e.ID, e.displayName(), e.Department, e.Email, strings.Join(e.OfficeDays, ", "))
	}
	return primitive.Result{
		Text: b.String(),
		Structured: struct {
			Employees []EmployeeRecord `json:"employees"`
		}{list},
	}, nil
}

// --- list_emails ---

func runListEmails(_ context.Context, args map[string]any, _ primitive.Env) (primitive.Result, error) {
	urgent, filtered := argBool(args, "urgent")
	matching, total := QueryEmails(urgent, filtered, argInt(args, "limit", 5))
	kindOf := "e-mails"
	if filtered && urgent {
		kindOf = "urgent e-mails"
	} else if filtered {
		kindOf = "non-urgent e-mails"
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%d of %d %s, newest first:", len(matching), total, kindOf)
	for _, m := range matching {
		flag := ""
		if m.Urgent {
			flag = " [URGENT]"
		}
		fmt.Fprintf(&b, "\n%s %s%s from %s: %s - %s", m.ID, m.Received, flag, m.From, m.Subject, m.Preview)
	}
	return primitive.Result{
		Text: b.String(),
		Structured: struct {
			Emails []EmailRecord `json:"emails"`
			Total  int           `json:"total"`
		}{matching, total},
	}, nil
}

// --- office_days ---

// findEmployee matches an id (case-insensitive) or an exact name
// (case-insensitive for Latin names, exact for Chinese ones).
func findEmployee(q string) (EmployeeRecord, bool) {
	q = strings.TrimSpace(q)
	for _, e := range employees {
		if strings.EqualFold(q, e.ID) || strings.EqualFold(q, e.Name) || (e.NameZh != "" && q == e.NameZh) {
			return e, true
		}
	}
	return EmployeeRecord{}, false
}

func runOfficeDays(_ context.Context, args map[string]any, _ primitive.Env) (primitive.Result, error) {
	who, _ := argString(args, "employee")
	week, hasWeek := argString(args, "week")
	e, ok := findEmployee(who)
	if !ok {
		ids := make([]string, len(employees))
		for i, e := range employees {
			ids[i] = e.ID
		}
		return primitive.Result{
			Text:    "Unknown employee " + primitive.Quote(who) + ": valid ids are " + strings.Join(ids, ", ") + " (or use an exact name).",
			IsError: true,
		}, nil
	}
	when := "every week"
	if hasWeek {
		when = "in week " + week
	}
	out := struct {
		ID         string   `json:"id"`
		Name       string   `json:"name"`
		Week       string   `json:"week,omitempty"`
		OfficeDays []string `json:"office_days"`
	}{e.ID, e.Name, week, e.OfficeDays}
	return primitive.Result{
		Text: fmt.Sprintf("%s %s is in the office on %s %s.",
			e.ID, e.displayName(), strings.Join(e.OfficeDays, ", "), when),
		Structured: out,
	}, nil
}

// --- export_timesheets ---

func runExportTimesheets(ctx context.Context, args map[string]any, env primitive.Env) (primitive.Result, error) {
	return exportTimesheets(ctx, args, env, false)
}

// unapprovedHours are the hours of week 2 nobody approved, which the
// reviewed export asks about (ExportTimesheetsReviewed).
const unapprovedHours = 3

// exportTimesheets runs export_timesheets; review makes it ask the user,
// after the first week, whether to include week 2's unapproved hours.
func exportTimesheets(ctx context.Context, args map[string]any, env primitive.Env, review bool) (primitive.Result, error) {
	dept, _ := argString(args, "department")
	steps := argInt(args, "steps", 5)
	// The long work starts here: a call that may become a task becomes one
	// (its progress then shows as the task's statusMessage).
	env.Detach()
	note := ""
	for i := 1; i <= steps; i++ {
		if err := env.Sleep(ctx, 1*time.Second); err != nil {
			return primitive.Result{}, err // cancelled: report nothing further
		}
		msg := "Exported week " + strconv.Itoa(i) + " of " + strconv.Itoa(steps)
		if env.Progress != nil {
			env.Progress(float64(i), float64(steps), msg)
		}
		env.SendLog("debug", "export", msg)
		if review && i == 1 && steps > 1 {
			a, err := env.Elicit(ctx, primitive.ElicitForm("unapproved", fmt.Sprintf("Week 2 of the %s timesheets has %d hours nobody approved yet. Include them in the export?", dept, unapprovedHours),
				objectSchema(map[string]any{"include": map[string]any{"type": "boolean", "title": "Include the unapproved hours"}}, "include")))
			if err != nil {
				return primitive.Result{}, err
			}
			if a.Action == protocol.ActionAccept && a.Content["include"] == true {
				note = fmt.Sprintf(" (with week 2's %d unapproved hours)", unapprovedHours)
			} else {
				note = fmt.Sprintf(" (without week 2's %d unapproved hours)", unapprovedHours)
			}
		}
	}
	people := 0
	for _, e := range employees {
		if e.Department == dept {
			people++
		}
	}
	file := "timesheets-" + strings.ToLower(dept) + ".csv"
	env.SendLog("info", "export", fmt.Sprintf("wrote %s (%s)", file, plural(people*steps, "row")))
	return primitive.Result{
		Text: fmt.Sprintf("Exported %s of timesheets for %s (%s, %s) to %s%s.",
			plural(steps, "week"), dept, plural(people, "employee"), plural(people*steps, "row"), file, note),
		Structured: struct {
			Department string `json:"department"`
			Weeks      int    `json:"weeks"`
			Employees  int    `json:"employees"`
			Rows       int    `json:"rows"`
			File       string `json:"file"`
		}{dept, steps, people, people * steps, file},
	}, nil
}

func plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return strconv.Itoa(n) + " " + noun + "s"
}
