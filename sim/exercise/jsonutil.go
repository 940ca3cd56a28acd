package exercise

import (
	"encoding/json"
	"errors"
	"strings"
	"unicode/utf8"

	"mcpwirelab/sim/jsonrpc"
)

// LineCol converts a byte offset in text to a 1-based line and column. The
// column counts characters (runes), as an editor shows them.
func LineCol(text string, offset int) (line, col int) {
	if offset > len(text) {
		offset = len(text)
	}
	if offset < 0 {
		offset = 0
	}
	before := text[:offset]
	line = strings.Count(before, "\n") + 1
	start := strings.LastIndexByte(before, '\n') + 1
	col = utf8.RuneCountInString(before[start:]) + 1
	return line, col
}

// syntaxLineCol maps a JSON decoding error to a line and column of text.
// json.SyntaxError.Offset is the number of bytes read when the error was
// found, so the offending byte is the one just before it; "unexpected end"
// errors point just past the last character.
func syntaxLineCol(text string, err error) (line, col int, msg string, ok bool) {
	var se *json.SyntaxError
	if errors.As(err, &se) {
		off := int(se.Offset)
		if off > 0 && off <= len(text) && !strings.Contains(se.Error(), "unexpected end") {
			off--
		}
		if strings.Contains(se.Error(), "unexpected end") {
			off = len(strings.TrimRight(text, " \t\r\n"))
		}
		line, col = LineCol(text, off)
		return line, col, se.Error(), true
	}
	return 0, 0, "", false
}

// parseJSON decodes text; on a syntax error it records a "line L, column C:"
// problem. lineBase is added to the line number (text starting mid-answer).
func parseJSON(c *checker, text string, lineBase int) (any, bool) {
	var v any
	err := json.Unmarshal([]byte(text), &v)
	if err == nil {
		return v, true
	}
	if line, col, msg, ok := syntaxLineCol(text, err); ok {
		c.fail("syntax", line+lineBase, col, msg)
	} else {
		c.fail("syntax-other", err.Error())
	}
	return nil, false
}

// typeName is the JSON type of a decoded value.
//
// Not inlined: it has many call sites, and one call is much smaller
// WebAssembly than an inlined copy at each of them.
//
//go:noinline
func typeName(v any) string {
	switch v.(type) {
	case nil:
		return "null"
	case map[string]any:
		return "object"
	case []any:
		return "array"
	case string:
		return "string"
	case bool:
		return "boolean"
	case float64, json.Number:
		return "number"
	default:
		return "unknown"
	}
}

// jpath appends an object key to a JSONPath-like path ("$", "$.params").
//
// Not inlined: it has many call sites, and one call is much smaller
// WebAssembly than an inlined copy at each of them.
//
//go:noinline
func jpath(base, key string) string {
	if jsonrpc.IsIdentifier(key) {
		return base + "." + key
	}
	b, _ := json.Marshal(key)
	return base + "[" + string(b) + "]"
}

// compact renders a decoded value as compact JSON (map keys sorted).
func compact(v any) string {
	b, err := jsonrpc.Marshal(v)
	if err != nil {
		return "?"
	}
	return string(b)
}

// sameJSON reports whether two decoded values are the same JSON value.
func sameJSON(a, b any) bool { return compact(a) == compact(b) }

// object checks that v at path is an object.
func object(c *checker, v any, path string) (map[string]any, bool) {
	m, ok := v.(map[string]any)
	if !ok {
		c.fail("type", path, "object", typeName(v))
	}
	return m, ok
}

// str returns obj[key] as a string; missing or wrong type is a problem.
func str(c *checker, obj map[string]any, path, key string) (string, bool) {
	v, ok := obj[key]
	if !ok {
		c.fail("missing-prop", path, key)
		return "", false
	}
	s, ok := v.(string)
	if !ok {
		c.fail("type", jpath(path, key), "string", typeName(v))
	}
	return s, ok
}

// objAt returns obj[key] as an object; missing or wrong type is a problem.
func objAt(c *checker, obj map[string]any, path, key string) (map[string]any, bool) {
	v, ok := obj[key]
	if !ok {
		c.fail("missing-prop", path, key)
		return nil, false
	}
	return object(c, v, jpath(path, key))
}

// checkRPC checks the JSON-RPC 2.0 envelope of one client message.
// wantID: 1 = a request (id required), -1 = a notification (no id).
func checkRPC(c *checker, v any, path string, wantID int) (map[string]any, bool) {
	m, ok := object(c, v, path)
	if !ok {
		return nil, false
	}
	mark := len(c.problems)
	if jv, ok := m["jsonrpc"]; !ok {
		c.fail("missing-prop", path, "jsonrpc")
	} else if s, isStr := jv.(string); !isStr || s != "2.0" {
		c.fail("jsonrpc-version", jpath(path, "jsonrpc"), compact(jv))
	}
	id, hasID := m["id"]
	switch {
	case wantID > 0 && !hasID:
		c.fail("missing-id", path)
	case wantID > 0:
		switch x := id.(type) {
		case string:
		case float64:
			if x != float64(int64(x)) {
				c.fail("id-integer", jpath(path, "id"), compact(id))
			}
		default:
			c.fail("id-type", jpath(path, "id"), typeName(id))
		}
	case wantID < 0 && hasID:
		c.fail("notification-id", path)
	}
	if _, ok := m["method"]; !ok {
		c.fail("missing-prop", path, "method")
	} else if _, ok := m["method"].(string); !ok {
		c.fail("type", jpath(path, "method"), "string", typeName(m["method"]))
	}
	return m, !c.since(mark)
}
