package toolbox

import "sort"

// Read-only views of the course company for other packages (sim/httplab
// serves the same e-mails over a plain JSON API). Each call returns a fresh
// copy: callers cannot change the company.

// EmailRecord is one e-mail of the company inbox.
type EmailRecord struct {
	ID       string `json:"id"`
	From     string `json:"from"`
	Subject  string `json:"subject"`
	Urgent   bool   `json:"urgent"`
	Received string `json:"received"` // YYYY-MM-DD
	Preview  string `json:"preview"`
}

// Emails returns the inbox, oldest first (the order of the data).
func Emails() []EmailRecord {
	return append([]EmailRecord(nil), emails...)
}

// QueryEmails is the inbox query both faces of the course share (the
// list_emails tool and the toy HTTP API's /emails): only urgent or only
// non-urgent e-mails when filtered, newest first (ties by id, descending),
// at most limit of them; total counts every match.
func QueryEmails(urgent, filtered bool, limit int) (page []EmailRecord, total int) {
	page = []EmailRecord{}
	for _, m := range emails {
		if !filtered || m.Urgent == urgent {
			page = append(page, m)
		}
	}
	sort.SliceStable(page, func(i, j int) bool {
		if page[i].Received != page[j].Received {
			return page[i].Received > page[j].Received
		}
		return page[i].ID > page[j].ID
	})
	total = len(page)
	if len(page) > limit {
		page = page[:limit]
	}
	return page, total
}

// EmployeeRecord is one employee of the company.
type EmployeeRecord struct {
	ID         string   `json:"id"`
	Name       string   `json:"name"`
	NameZh     string   `json:"name_zh,omitempty"` // Chinese name, when the person has one
	Department string   `json:"department"`
	Email      string   `json:"email"`
	OfficeDays []string `json:"office_days"`
}

// Employees returns the staff list in id order.
func Employees() []EmployeeRecord {
	out := append([]EmployeeRecord(nil), employees...)
	for i := range out {
		out[i].OfficeDays = append([]string(nil), out[i].OfficeDays...)
	}
	return out
}
