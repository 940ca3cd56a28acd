package exercise

import (
	"bytes"
	"encoding/json"
	"errors"
)

// StoreKey is the localStorage key the UI keeps the progress store under.
const StoreKey = "mcpwirelab.progress.v1"

// StoreVersion is the current format version of Store.
const StoreVersion = 1

// Progress is a learner's progress on one exercise.
type Progress struct {
	Attempts   int    `json:"attempts"`
	Solved     bool   `json:"solved"`
	LastAnswer string `json:"lastAnswer"`
}

// Store is the whole saved progress: the localStorage value and the
// export/import file use the same JSON format:
//
//	{"version":1,"exercises":{"retry-math":{"attempts":2,"solved":true,"lastAnswer":"…"}}}
type Store struct {
	Version   int                  `json:"version"`
	Exercises map[string]*Progress `json:"exercises"`
}

// NewStore returns an empty store of the current version.
//
// Not inlined: it has many call sites, and one call is much smaller
// WebAssembly than an inlined copy at each of them.
//
//go:noinline
func NewStore() Store {
	return Store{Version: StoreVersion, Exercises: map[string]*Progress{}}
}

// LoadStore reads a saved store (English notice). See LoadStoreLang.
func LoadStore(data []byte) (Store, string) {
	return LoadStoreLang(data, EN)
}

// LoadStoreLang reads a saved store. Empty data gives a fresh store and no
// notice. Corrupt JSON, a wrong shape, or another format version give a
// fresh store and a non-empty notice (in lang) saying the progress was
// reset. It never panics and never fails.
func LoadStoreLang(data []byte, lang string) (Store, string) {
	if len(bytes.TrimSpace(data)) == 0 {
		return NewStore(), ""
	}
	var raw any
	if err := json.Unmarshal(data, &raw); err != nil {
		msg := err.Error()
		if line, col, m, ok := syntaxLineCol(string(data), err); ok {
			msg = tr(lang, "syntax", line, col, m)
		}
		return NewStore(), tr(lang, "store-reset-syntax", msg)
	}
	top, ok := raw.(map[string]any)
	if !ok {
		return NewStore(), tr(lang, "store-reset-shape", tr(lang, "type", "$", "object", typeName(raw)))
	}
	v, ok := top["version"].(float64)
	if !ok {
		if _, present := top["version"]; !present {
			return NewStore(), tr(lang, "store-reset-shape", tr(lang, "missing-prop", "$", "version"))
		}
		return NewStore(), tr(lang, "store-reset-shape", tr(lang, "type", "$.version", "number", typeName(top["version"])))
	}
	switch {
	case v != float64(int(v)):
		return NewStore(), tr(lang, "store-reset-shape", tr(lang, "type", "$.version", "integer", "number"))
	case int(v) < StoreVersion:
		return NewStore(), tr(lang, "store-reset-old", int(v), StoreVersion)
	case int(v) > StoreVersion:
		return NewStore(), tr(lang, "store-reset-new", int(v), StoreVersion)
	}
	if problem := checkStoreShape(top, lang); problem != "" {
		return NewStore(), tr(lang, "store-reset-shape", problem)
	}
	return storeOf(int(v), top), ""
}

// storeOf builds the store from the members checkStoreShape checked, by
// their exact names. (Decoding the text again into Store would let
// encoding/json match member names without regard to case: a saved
// "eXerCIses" or "Attempts" would be read without having been checked, and
// a negative attempt count would be saved and then reset the progress at
// the next load.) Members of other names are ignored; a null exercise is
// dropped.
func storeOf(version int, top map[string]any) Store {
	s := Store{Version: version, Exercises: map[string]*Progress{}}
	m, _ := top["exercises"].(map[string]any)
	for id, pv := range m {
		p, ok := pv.(map[string]any)
		if !ok {
			continue
		}
		var pr Progress
		if a, ok := p["attempts"].(float64); ok {
			pr.Attempts = int(a)
		}
		pr.Solved, _ = p["solved"].(bool)
		pr.LastAnswer, _ = p["lastAnswer"].(string)
		s.Exercises[id] = &pr
	}
	return s
}

// checkStoreShape checks the decoded JSON against the Store format.
func checkStoreShape(top map[string]any, lang string) string {
	ex, ok := top["exercises"]
	if !ok || ex == nil {
		return ""
	}
	m, ok := ex.(map[string]any)
	if !ok {
		return tr(lang, "type", "$.exercises", "object", typeName(ex))
	}
	for id, pv := range m {
		path := jpath("$.exercises", id)
		if pv == nil {
			continue
		}
		p, ok := pv.(map[string]any)
		if !ok {
			return tr(lang, "type", path, "object", typeName(pv))
		}
		if a, ok := p["attempts"]; ok {
			f, isNum := a.(float64)
			if !isNum || f != float64(int(f)) || f < 0 {
				return tr(lang, "type", path+".attempts", tr(lang, "non-negative-integer"), compact(a))
			}
		}
		if s, ok := p["solved"]; ok {
			if _, isBool := s.(bool); !isBool {
				return tr(lang, "type", path+".solved", "boolean", typeName(s))
			}
		}
		if s, ok := p["lastAnswer"]; ok {
			if _, isStr := s.(string); !isStr {
				return tr(lang, "type", path+".lastAnswer", "string", typeName(s))
			}
		}
	}
	return ""
}

// Marshal encodes the store (deterministic: exercise IDs sorted). A zero
// Store is written as an empty store of the current version.
func (s Store) Marshal() []byte {
	if s.Version == 0 {
		s.Version = StoreVersion
	}
	if s.Exercises == nil {
		s.Exercises = map[string]*Progress{}
	}
	b, err := json.Marshal(s)
	if err != nil { // a map of plain structs always encodes
		panic(errors.New("exercise: cannot encode store: " + err.Error()))
	}
	return b
}

// Get returns the progress of exercise id (zero Progress when none).
func (s Store) Get(id string) Progress {
	if p := s.Exercises[id]; p != nil {
		return *p
	}
	return Progress{}
}

// Record counts one graded attempt at exercise id and returns its new
// progress. Once solved, an exercise stays solved.
func (s *Store) Record(id, answer string, fb Feedback) Progress {
	if s.Exercises == nil {
		s.Exercises = map[string]*Progress{}
	}
	if s.Version == 0 {
		s.Version = StoreVersion
	}
	p := s.Exercises[id]
	if p == nil {
		p = &Progress{}
		s.Exercises[id] = p
	}
	p.Attempts++
	p.LastAnswer = answer
	p.Solved = p.Solved || fb.Correct
	return *p
}
