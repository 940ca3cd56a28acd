package exercise

import (
	"reflect"
	"strings"
	"testing"
)

func TestStoreFresh(t *testing.T) {
	for _, data := range []string{"", "  \n\t"} {
		s, notice := LoadStore([]byte(data))
		if notice != "" || s.Version != StoreVersion || s.Exercises == nil || len(s.Exercises) != 0 {
			t.Errorf("LoadStore(%q) = %+v, %q", data, s, notice)
		}
	}
	if got := string(NewStore().Marshal()); got != `{"version":1,"exercises":{}}` {
		t.Errorf("fresh Marshal = %s", got)
	}
	if got := string(Store{}.Marshal()); got != `{"version":1,"exercises":{}}` {
		t.Errorf("zero Marshal = %s", got)
	}
	if StoreKey != "mcpwirelab.progress.v1" {
		t.Errorf("StoreKey = %q", StoreKey)
	}
}

func TestStoreRoundTrip(t *testing.T) {
	s := NewStore()
	ex := mustEx(t, IDNxM)
	wrong := Grade(ex, `{"without":1,"with":1,"saved":1}`, EN)
	s.Record(IDNxM, "first", wrong)
	p := s.Record(IDNxM, ex.ModelAnswer, Grade(ex, ex.ModelAnswer, EN))
	if p != (Progress{Attempts: 2, Solved: true, LastAnswer: ex.ModelAnswer}) || !Reveal(p) {
		t.Errorf("progress = %+v", p)
	}
	p = s.Record(IDNxM, "later wrong", wrong) // stays solved
	if !p.Solved || p.Attempts != 3 {
		t.Errorf("after solved: %+v", p)
	}
	s.Record(IDRetryMath, "línea \"2\"\n中文", wrong)
	data := s.Marshal()
	want := `{"version":1,"exercises":{"nxm-adapters":{"attempts":3,"solved":true,"lastAnswer":"later wrong"},"retry-math":{"attempts":1,"solved":false,"lastAnswer":"línea \"2\"\n中文"}}}`
	if string(data) != want {
		t.Errorf("Marshal =\n%s\nwant\n%s", data, want)
	}
	back, notice := LoadStore(data)
	if notice != "" || !reflect.DeepEqual(back, s) {
		t.Errorf("round trip: %+v, %q", back, notice)
	}
	if string(back.Marshal()) != want {
		t.Errorf("second Marshal differs")
	}
	if got := back.Get(IDRetryMath); got.Attempts != 1 || got.Solved || Reveal(got) {
		t.Errorf("Get = %+v", got)
	}
	if got := back.Get("nope"); got != (Progress{}) {
		t.Errorf("Get(unknown) = %+v", got)
	}
	// Unknown fields are tolerated; null entries and a null map are dropped.
	s2, notice := LoadStore([]byte(`{"version":1,"exercises":{"a":null,"b":{"attempts":1}},"theme":"dark"}`))
	if notice != "" || len(s2.Exercises) != 1 || s2.Get("b").Attempts != 1 {
		t.Errorf("lenient load: %+v, %q", s2, notice)
	}
	s3, notice := LoadStore([]byte(`{"version":1,"exercises":null}`))
	if notice != "" || s3.Exercises == nil {
		t.Errorf("null exercises: %+v, %q", s3, notice)
	}
}

func TestStoreReset(t *testing.T) {
	for _, c := range []struct{ data, lang, want string }{
		{"{\"version\":1,\n\"exercises\":{,}}", EN, "Your saved progress could not be read (line 2, column 14: invalid character ',' looking for beginning of object key string) and was reset."},
		{`{"version":1`, ZH, "无法读取已保存的进度（第 1 行，第 13 列：JSON 在此意外结束），进度已重置。"},
		{`[1,2,3]`, EN, "Your saved progress has an unexpected shape ($: expected object, got array) and was reset."},
		{`"hello"`, EN, "Your saved progress has an unexpected shape ($: expected object, got string) and was reset."},
		{`{"exercises":{}}`, EN, `Your saved progress has an unexpected shape ($: missing required property "version") and was reset.`},
		{`{"version":"1","exercises":{}}`, EN, "Your saved progress has an unexpected shape ($.version: expected number, got string) and was reset."},
		{`{"version":1.5}`, EN, "Your saved progress has an unexpected shape ($.version: expected integer, got number) and was reset."},
		{`{"version":1,"exercises":[]}`, EN, "Your saved progress has an unexpected shape ($.exercises: expected object, got array) and was reset."},
		{`{"version":1,"exercises":{"retry-math":3}}`, EN, "Your saved progress has an unexpected shape ($.exercises[\"retry-math\"]: expected object, got number) and was reset."},
		{`{"version":1,"exercises":{"a":{"attempts":-1}}}`, EN, "Your saved progress has an unexpected shape ($.exercises.a.attempts: expected a non-negative integer, got -1) and was reset."},
		{`{"version":1,"exercises":{"a":{"solved":"yes"}}}`, ZH, "已保存的进度格式不符（$.exercises.a.solved：应为布尔值，实际是字符串），进度已重置。"},
		{`{"version":1,"exercises":{"a":{"lastAnswer":42}}}`, EN, "Your saved progress has an unexpected shape ($.exercises.a.lastAnswer: expected string, got number) and was reset."},
		{`{"version":0,"exercises":{}}`, EN, "Your saved progress is from an older version of the course (format 0, now 1) and was reset."},
		{`{"version":2,"exercises":{}}`, ZH, "已保存的进度来自更新版本的课程（格式 2，当前为 1），进度已重置。"},
	} {
		s, notice := LoadStoreLang([]byte(c.data), c.lang)
		if notice != c.want {
			t.Errorf("LoadStore(%s):\n got %q\nwant %q", c.data, notice, c.want)
		}
		if s.Version != StoreVersion || s.Exercises == nil || len(s.Exercises) != 0 {
			t.Errorf("LoadStore(%s): store not fresh: %+v", c.data, s)
		}
	}
	// LoadStore = English notices.
	if _, n := LoadStore([]byte("nope")); !strings.HasPrefix(n, "Your saved progress could not be read (line 1, column 2:") {
		t.Errorf("LoadStore notice = %q", n)
	}
}

// Garbage never panics.
func TestStoreNeverPanics(t *testing.T) {
	for _, data := range []string{"\x00\xff", "null", "{}", "1e999", `{"version":1e400}`, `{"version":1,"exercises":{"":{}}}`, strings.Repeat("[", 10000)} {
		s, _ := LoadStore([]byte(data))
		if s.Exercises == nil {
			t.Errorf("LoadStore(%q): nil map", data)
		}
	}
}

// TestStoreExactMemberNames: members are read by their exact names, as
// the shape check reads them. encoding/json's struct decoding matches names
// without regard to case, so "eXerCIses" or "Attempts" used to be read
// unchecked: a negative count was loaded, saved, and reset the progress at
// the next load (found by FuzzLoadStore).
func TestStoreExactMemberNames(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{`{"version":1,"eXerCIses":{"a":{"attempts":-1}}}`, `{"version":1,"exercises":{}}`},
		{`{"version":1,"exercises":{"a":{"Attempts":-1,"SOLVED":true,"lastanswer":"x"}}}`, `{"version":1,"exercises":{"a":{"attempts":0,"solved":false,"lastAnswer":""}}}`},
		{`{"version":1,"exercises":{"a":{"attempts":2,"solved":true,"lastAnswer":"x"},"b":null}}`, `{"version":1,"exercises":{"a":{"attempts":2,"solved":true,"lastAnswer":"x"}}}`},
	} {
		s, notice := LoadStore([]byte(c.in))
		if notice != "" || string(s.Marshal()) != c.want {
			t.Errorf("LoadStore(%s) = %s (notice %q), want %s", c.in, s.Marshal(), notice, c.want)
		}
		again, notice := LoadStore(s.Marshal())
		if notice != "" || string(again.Marshal()) != c.want {
			t.Errorf("%s: saved and read back: %s, notice %q", c.in, again.Marshal(), notice)
		}
	}
}
