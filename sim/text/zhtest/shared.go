package zhtest

import (
	"reflect"
	"sync"

	"mcpwirelab/sim/trace"
)

// engine is the glossary and the words the engine names, read once for a
// test binary: every package's Chinese checks start from them.
var engine = sync.OnceValues(func() (*base, error) {
	terms, err := Glossary()
	if err != nil {
		return nil, err
	}
	words, err := EngineWords()
	if err != nil {
		return nil, err
	}
	return &base{terms, words}, nil
})

type base struct {
	terms []Term
	words *Words
}

// Engine returns a checker of the glossary's terms that allows the words
// the engine names, and what each extra adds (the wires of a run, the
// names of an exercise), on a copy: the shared words never grow.
func Engine(extra ...func(*Words)) (*Checker, error) {
	b, err := engine()
	if err != nil {
		return nil, err
	}
	w := NewWords()
	w.Merge(b.words)
	for _, add := range extra {
		add(w)
	}
	return NewChecker(b.terms, w), nil
}

// Trace adds what tr's wires carried (AddTrace): an extra for Engine.
func Trace(tr *trace.Trace) func(*Words) {
	return func(w *Words) {
		if tr != nil {
			w.AddTrace(tr)
		}
	}
}

// AddIDs adds every string field named ID of v and of what it holds
// (structs, pointers, slices, maps): the ids of exercises, their
// questions, choices, fields and parts, which a prompt or a problem names.
func (w *Words) AddIDs(v any) {
	var walk func(reflect.Value)
	walk = func(x reflect.Value) {
		switch x.Kind() {
		case reflect.Pointer, reflect.Interface:
			if !x.IsNil() {
				walk(x.Elem())
			}
		case reflect.Slice, reflect.Array:
			for i := 0; i < x.Len(); i++ {
				walk(x.Index(i))
			}
		case reflect.Map:
			for _, k := range x.MapKeys() {
				walk(x.MapIndex(k))
			}
		case reflect.Struct:
			for i := 0; i < x.NumField(); i++ {
				f := x.Field(i)
				if !x.Type().Field(i).IsExported() {
					continue
				}
				if x.Type().Field(i).Name == "ID" && f.Kind() == reflect.String {
					w.Add(f.String())
					continue
				}
				walk(f)
			}
		}
	}
	walk(reflect.ValueOf(v))
}
