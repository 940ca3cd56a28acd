package toolbox

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
	out := make([]EmailRecord, len(emails))
	for i, m := range emails {
		out[i] = EmailRecord(m)
	}
	return out
}

// EmployeeRecord is one employee of the company.
type EmployeeRecord struct {
	ID         string   `json:"id"`
	Name       string   `json:"name"`
	NameZh     string   `json:"name_zh,omitempty"`
	Department string   `json:"department"`
	Email      string   `json:"email"`
	OfficeDays []string `json:"office_days"`
}

// Employees returns the staff list in id order.
func Employees() []EmployeeRecord {
	out := make([]EmployeeRecord, len(employees))
	for i, e := range employees {
		out[i] = EmployeeRecord{ID: e.ID, Name: e.Name, NameZh: e.NameZh, Department: e.Department,
			Email: e.Email, OfficeDays: append([]string(nil), e.OfficeDays...)}
	}
	return out
}
