package toolbox

import "testing"

func TestExportsAreCopies(t *testing.T) {
	m := Emails()
	if len(m) != len(emails) || m[0].ID != "m01" || m[8].Subject != "Production incident: login errors" || !m[8].Urgent {
		t.Fatalf("emails %+v", m)
	}
	m[0].Subject = "changed"
	if Emails()[0].Subject == "changed" {
		t.Fatal("Emails exposes the company data")
	}
	e := Employees()
	if len(e) != len(employees) || e[2].NameZh != "王芳" || e[2].Email != "wang.fang@acme.example" {
		t.Fatalf("employees %+v", e)
	}
	e[0].OfficeDays[0] = "Sun"
	if Employees()[0].OfficeDays[0] == "Sun" {
		t.Fatal("Employees shares its slices")
	}
}
