package exercise

import (
	"regexp"
	"slices"
	"strings"
	"sync"
)

// jsonTypes are the JSON type names feedback names. Their Chinese is
// data (text/messages.text, [type.<name>]): a Chinese message says
// "应为布尔值，实际是字符串 \"yes\"", not "应为 boolean，实际是 string".
// null stays null (it is also the literal).
var jsonTypes = []string{"string", "number", "boolean", "array", "object", "integer"}

// typeNamePrefix makes the key of a type name's record.
const typeNamePrefix = "type."

// zhTypeName is the Chinese of a JSON type name; ok is false for any
// other word.
func zhTypeName(name string) (zh string, ok bool) {
	if !slices.Contains(jsonTypes, name) {
		return "", false
	}
	t, ok := texts().Get(typeNamePrefix + name)
	return t.Zh, ok
}

// localArgs translates the type names among a message's arguments: an
// argument that is a type name (typeName), or starts with one and a space
// (describe: `string "4x"`); and a library's message it knows (libmsg.go). Values are quoted by then, so a learner's
// text is never taken for a type name.
func localArgs(lang string, args []any) []any {
	if lang != ZH {
		return args
	}
	out := make([]any, len(args))
	for i, a := range args {
		out[i] = a
		s, ok := a.(string)
		if !ok {
			continue
		}
		if zh, ok := zhLibMessage(s); ok {
			out[i] = zh // a library's message (libmsg.go)
			continue
		}
		name, rest, _ := strings.Cut(s, " ")
		if zh, ok := zhTypeName(name); ok {
			if rest != "" {
				zh += " " + rest
			}
			out[i] = zh
		}
	}
	return out
}

var (
	zhSpaceOnce sync.Once
	zhSpace     *regexp.Regexp
)

// tightZH drops the space a template puts between Chinese text and a type
// name that is now Chinese too ("实际是 字符串" → "实际是字符串").
func tightZH(s string) string {
	zhSpaceOnce.Do(func() {
		names := make([]string, 0, len(jsonTypes))
		for _, t := range jsonTypes {
			if zh, ok := zhTypeName(t); ok {
				names = append(names, regexp.QuoteMeta(zh))
			}
		}
		zhSpace = regexp.MustCompile(`(\p{Han}) (` + strings.Join(names, "|") + `)`)
	})
	return zhSpace.ReplaceAllString(s, "$1$2")
}
