package toolbox

// The course company: fixed, in-memory, deterministic. Nothing here changes
// at run time, so every call with the same arguments gives the same answer.

// Departments, sorted; the order used in enums and messages.
var departments = []string{"Engineering", "Finance", "Sales", "Support"}

// displayName is "Wang Fang (王芳)" or just "Ana Souza".
func (e EmployeeRecord) displayName() string {
	if e.NameZh != "" {
		return e.Name + " (" + e.NameZh + ")"
	}
	return e.Name
}

// employees and emails are the company itself; Employees and Emails
// (export.go) hand out copies.
var employees = []EmployeeRecord{
	{ID: "e01", Name: "Ana Souza", Department: "Engineering", Email: "ana.souza@acme.example", OfficeDays: []string{"Mon", "Wed", "Thu"}},
	{ID: "e02", Name: "Ben Okafor", Department: "Sales", Email: "ben.okafor@acme.example", OfficeDays: []string{"Tue", "Thu"}},
	{ID: "e03", Name: "Wang Fang", NameZh: "王芳", Department: "Engineering", Email: "wang.fang@acme.example", OfficeDays: []string{"Mon", "Tue"}},
	{ID: "e04", Name: "Chloé Martin", Department: "Support", Email: "chloe.martin@acme.example", OfficeDays: []string{"Wed", "Fri"}},
	{ID: "e05", Name: "David Kim", Department: "Finance", Email: "david.kim@acme.example", OfficeDays: []string{"Mon", "Thu"}},
	{ID: "e06", Name: "Elena Rossi", Department: "Sales", Email: "elena.rossi@acme.example", OfficeDays: []string{"Mon", "Wed"}},
	{ID: "e07", Name: "Li Wei", NameZh: "李伟", Department: "Support", Email: "li.wei@acme.example", OfficeDays: []string{"Tue", "Fri"}},
	{ID: "e08", Name: "Farah Haddad", Department: "Finance", Email: "farah.haddad@acme.example", OfficeDays: []string{"Wed", "Thu"}},
}

// emails, oldest first; list_emails sorts newest first.
var emails = []EmailRecord{
	{ID: "m01", From: "Ben Okafor", Subject: "Q4 pipeline review", Received: "2026-11-14", Preview: "Slides for Monday's pipeline review are in the shared folder."},
	{ID: "m02", From: "IT Helpdesk", Subject: "Your password expires in 3 days", Urgent: true, Received: "2026-11-16", Preview: "Change it before Thursday to keep VPN access."},
	{ID: "m03", From: "Wang Fang", Subject: "Design doc: sync service", Received: "2026-11-17", Preview: "First draft ready for comments, 设计文档 v1."},
	{ID: "m04", From: "Farah Haddad", Subject: "Expense reports due Friday", Urgent: true, Received: "2026-11-18", Preview: "Please submit November expenses by Friday noon."},
	{ID: "m05", From: "Chloé Martin", Subject: "Customer escalation #4521", Urgent: true, Received: "2026-11-19", Preview: "Acme Retail reports failed exports since Tuesday."},
	{ID: "m06", From: "Elena Rossi", Subject: "Team lunch on Thursday?", Received: "2026-11-20", Preview: "Thinking of the noodle place, who is in?"},
	{ID: "m07", From: "David Kim", Subject: "Budget freeze for December", Received: "2026-11-21", Preview: "No new purchases above 500 EUR until January."},
	{ID: "m08", From: "Li Wei", Subject: "On-call handover", Received: "2026-11-22", Preview: "Pager is yours from Monday 09:00, runbook updated."},
	{ID: "m09", From: "Ana Souza", Subject: "Production incident: login errors", Urgent: true, Received: "2026-11-23", Preview: "Login fails for about 5% of users, investigating."},
	{ID: "m10", From: "HR Team", Subject: "Holiday calendar 2027", Received: "2026-11-24", Preview: "The 2027 holiday calendar is now on the intranet."},
}
