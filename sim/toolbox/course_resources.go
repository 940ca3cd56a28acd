package toolbox

import (
	"context"
	"encoding/base64"
	"fmt"
	"slices"
	"time"

	"mcpwirelab/sim/jsonrpc"
	"mcpwirelab/sim/primitive"
)

// The course company's resources: handbook pages and the logo with fixed
// URIs, employee records and department rosters through URI templates.
// Like the rest of the company, nothing here changes at run time.

// Course resource URIs; the prompts refer to them.
const (
	HandbookWelcome    = "company://handbook/welcome"
	HandbookOfficeDays = "company://handbook/office-days"
	HandbookExpenses   = "company://handbook/expenses"
	LogoURI            = "company://logo.png"
	EmployeeTemplate   = "company://employees/{id}"
	DepartmentTemplate = "company://departments/{department}"
)

// offices are where the company works; post_announcement routes by them.
var offices = []string{"Lisbon", "São Paulo", "上海"}

// logoPNG is the company logo: a 16×16 teal tile with a white "A" (165
// bytes, palette PNG).
const logoPNG = "iVBORw0KGgoAAAANSUhEUgAAABAAAAAQAgMAAABinRfyAAAACVBMVEUAAAAPdm7////f4OhYAAAAAXRSTlMAQObYZgAAAEpJREFUeNosy7ENwCAUA1EvYaRkLhsJ6lCwD2wQGqaMfsQrrjv8aAvMU2BdAksT2LvAVgSuKnBvIc08kOyB235x2c95I+ELAAD//9E2Ehzsb5dmAAAAAElFTkSuQmCC"

// Logo returns the logo's PNG bytes.
func Logo() []byte {
	b, err := base64.StdEncoding.DecodeString(logoPNG)
	if err != nil {
		panic("toolbox: logo: " + err.Error())
	}
	return b
}

// handbookPages are the handbook, in resources/list order.
var handbookPages = []struct{ uri, name, title, description, text string }{
	{HandbookWelcome, "welcome.md", "Welcome to Acme", "Who we are, where we work, and which tools to use.",
		"# Welcome to Acme\n\n" +
			"Acme has four departments (Engineering, Finance, Sales, Support) and three offices: " +
			"Lisbon, São Paulo, 上海 (Shanghai).\n\n" +
			"- Your office days are fixed per person: see the office-days page.\n" +
			"- Expenses go in by Friday noon: see the expenses page.\n" +
			"- Announcements for an office go on its notice board (the post_announcement tool).\n"},
	{HandbookOfficeDays, "office-days.md", "Office days", "The office-days policy.",
		"# Office days\n\n" +
			"Everyone has fixed office days, agreed with their team lead. " +
			"Ask the office_days tool for a person's days; list_employees shows everyone's.\n" +
			"Book a meeting room only on a day the attendees are in.\n"},
	{HandbookExpenses, "expenses.md", "Expenses", "How and when to claim expenses.",
		"# Expenses\n\n" +
			"- Submit the month's expenses by Friday noon.\n" +
			"- Purchases above 500 EUR need Finance's approval first.\n" +
			"- December: budget freeze, no new purchases above 500 EUR until January.\n"},
}

var handbookNotes = &primitive.Annotations{Audience: []string{"user", "assistant"}, LastModified: "2026-11-02T09:00:00Z"}

// courseResources returns the handbook pages and the logo.
func courseResources() []primitive.Resource {
	out := make([]primitive.Resource, 0, len(handbookPages)+1)
	for _, p := range handbookPages {
		text := p.text
		out = append(out, primitive.Resource{
			URI: p.uri, Name: p.name, Title: p.title, Description: p.description, MIMEType: "text/markdown",
			Annotations: handbookNotes,
			// The handbook is the same for everyone and rarely changes.
			Cache: primitive.Cache{TTL: time.Hour},
			Read: func(context.Context) ([]primitive.ResourceContents, error) {
				return []primitive.ResourceContents{{Text: text}}, nil
			},
		})
	}
	out = append(out, primitive.Resource{
		URI: LogoURI, Name: "logo.png", Title: "Acme logo", Description: "The company logo (16×16 PNG).", MIMEType: "image/png",
		Cache: primitive.Cache{TTL: 24 * time.Hour},
		Read: func(context.Context) ([]primitive.ResourceContents, error) {
			return []primitive.ResourceContents{{Blob: Logo()}}, nil
		},
	})
	return out
}

// courseTemplates returns the employee record and department roster
// templates.
func courseTemplates() []primitive.ResourceTemplate {
	return []primitive.ResourceTemplate{
		{
			URITemplate: EmployeeTemplate, Name: "employee", Title: "Employee record",
			Description: "One employee's record (id, name, department, e-mail, office days) as JSON. Ids are e01 to e08.",
			MIMEType:    "application/json",
			// Personal data: only the caller's own cache may keep it.
			Cache: primitive.Cache{TTL: time.Minute, Private: true},
			Read: func(_ context.Context, _ string, vars map[string]string) ([]primitive.ResourceContents, error) {
				for _, e := range employees {
					if e.ID == vars["id"] {
						b, err := jsonrpc.Marshal(e)
						return []primitive.ResourceContents{{Text: string(b)}}, err
					}
				}
				return nil, fmt.Errorf("employee %q: %w", vars["id"], primitive.ErrNotFound)
			},
			Complete: map[string]primitive.Completer{"id": func(map[string]string) []string { return employeeIDs("") }},
		},
		{
			URITemplate: DepartmentTemplate, Name: "department", Title: "Department roster",
			Description: "A department's members and their office days as JSON.",
			MIMEType:    "application/json",
			Cache:       primitive.Cache{TTL: time.Minute, Private: true},
			Read: func(_ context.Context, _ string, vars map[string]string) ([]primitive.ResourceContents, error) {
				text, ok := roster(vars["department"])
				if !ok {
					return nil, fmt.Errorf("department %q: %w", vars["department"], primitive.ErrNotFound)
				}
				return []primitive.ResourceContents{{Text: text}}, nil
			},
			Complete: map[string]primitive.Completer{"department": func(map[string]string) []string { return append([]string(nil), departments...) }},
		},
	}
}

// roster is a department's members as JSON.
func roster(dept string) (string, bool) {
	if !slices.Contains(departments, dept) {
		return "", false
	}
	members := []EmployeeRecord{}
	for _, e := range employees {
		if e.Department == dept {
			members = append(members, e)
		}
	}
	b, _ := jsonrpc.Marshal(struct {
		Department string           `json:"department"`
		Members    []EmployeeRecord `json:"members"`
	}{dept, members})
	return string(b), true
}

// employeeIDs lists the ids of a department's employees ("" for all).
func employeeIDs(dept string) []string {
	var ids []string
	for _, e := range employees {
		if dept == "" || e.Department == dept {
			ids = append(ids, e.ID)
		}
	}
	return ids
}
