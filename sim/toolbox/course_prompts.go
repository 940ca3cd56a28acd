package toolbox

import (
	"context"
	"fmt"
	"strings"

	"mcpwirelab/sim/primitive"
)

// coursePrompts returns the course prompts, in prompts/list order: a
// weekly digest for a department (text, the department's roster embedded,
// a link to the office-days page) and a welcome e-mail for an employee
// (text, the welcome page embedded, the logo as an image).
func coursePrompts() []primitive.Prompt {
	return []primitive.Prompt{
		{
			Name:        "weekly_digest",
			Title:       "Weekly digest",
			Description: "Draft this week's digest for one department: who is in the office when, and what needs the team's attention.",
			Arguments: []primitive.PromptArgument{{
				Name: "department", Title: "Department", Required: true,
				Description: "The department the digest is for: Engineering, Finance, Sales or Support.",
				Complete:    func(map[string]string) []string { return append([]string(nil), departments...) },
			}},
			Get: getWeeklyDigest,
		},
		{
			Name:        "welcome_email",
			Title:       "Welcome e-mail",
			Description: "Draft a welcome e-mail for an employee, with the handbook's welcome page and the logo.",
			Arguments: []primitive.PromptArgument{
				{
					Name: "department", Title: "Department",
					Description: "Optional: narrows the completion of employee to this department.",
					Complete:    func(map[string]string) []string { return append([]string(nil), departments...) },
				},
				{
					Name: "employee", Title: "Employee", Required: true,
					Description: "The employee's id (e01 to e08).",
					// completion §Requesting Completions: "clients should
					// include previous completions in the context.arguments
					// object" — a chosen department narrows the ids.
					Complete: func(ctx map[string]string) []string { return employeeIDs(ctx["department"]) },
				},
			},
			Get: getWelcomeEmail,
		},
	}
}

func getWeeklyDigest(_ context.Context, args map[string]string) (primitive.PromptResult, error) {
	dept := args["department"]
	text, ok := roster(dept)
	if !ok {
		return primitive.PromptResult{}, &primitive.ArgumentError{Msg: "Invalid arguments for prompt weekly_digest: department must be one of " +
			primitive.QuoteAll(departments) + ", got " + primitive.Quote(dept)}
	}
	return primitive.PromptResult{
		Description: "Weekly digest for " + dept,
		Messages: []primitive.PromptMessage{
			{Role: "user", Content: primitive.TextContent("Write this week's digest for the " + dept + " department: who is in the office on which days, " +
				"and the e-mails that need the team's attention (use list_emails). Keep it under 150 words.")},
			{Role: "user", Content: primitive.EmbeddedResource(primitive.ResourceContents{
				URI: strings.Replace(DepartmentTemplate, "{department}", dept, 1), MIMEType: "application/json", Text: text})},
			{Role: "user", Content: primitive.ResourceLink(HandbookOfficeDays, "office-days.md", "The office-days policy.", "text/markdown")},
		},
	}, nil
}

func getWelcomeEmail(_ context.Context, args map[string]string) (primitive.PromptResult, error) {
	e, ok := findEmployee(args["employee"])
	if !ok {
		return primitive.PromptResult{}, &primitive.ArgumentError{Msg: "Invalid arguments for prompt welcome_email: unknown employee " +
			primitive.Quote(args["employee"]) + " (ids e01 to e08)"}
	}
	if d := args["department"]; d != "" && d != e.Department {
		return primitive.PromptResult{}, &primitive.ArgumentError{Msg: fmt.Sprintf("Invalid arguments for prompt welcome_email: %s works in %s, not %s",
			e.ID, e.Department, d)}
	}
	return primitive.PromptResult{
		Description: "Welcome e-mail for " + e.displayName(),
		Messages: []primitive.PromptMessage{
			{Role: "user", Content: primitive.TextContent(fmt.Sprintf("Write a short welcome e-mail to %s, who joins %s. "+
				"Mention their office days (%s) and where the handbook is; put the logo below at the top.",
				e.displayName(), e.Department, strings.Join(e.OfficeDays, ", ")))},
			{Role: "user", Content: primitive.EmbeddedResource(primitive.ResourceContents{URI: HandbookWelcome, MIMEType: "text/markdown", Text: handbookPages[0].text})},
			{Role: "user", Content: primitive.ImageContent(Logo(), "image/png")},
		},
	}, nil
}
