package exercise

import (
	"regexp"
	"strings"
	"sync"
)

// zhTypeNames are the JSON type names feedback names, in Chinese: a
// Chinese message says "应为布尔值，实际是字符串 \"yes\"", not "应为
// boolean，实际是 string". null stays null (it is also the literal).
var zhTypeNames = map[string]string{
	"string": "字符串", "number": "数字", "boolean": "布尔值", "array": "数组", "object": "对象", "integer": "整数",
}

// localArgs translates the type names among a message's arguments: an
// argument that is a type name (typeName), or starts with one and a space
// (describe: `string "4x"`). Values are quoted by then, so a learner's
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
		name, rest, _ := strings.Cut(s, " ")
		if zh, ok := zhTypeNames[name]; ok {
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
		names := make([]string, 0, len(zhTypeNames))
		for _, zh := range zhTypeNames {
			names = append(names, zh)
		}
		zhSpace = regexp.MustCompile(`(\p{Han}) (` + strings.Join(names, "|") + `)`)
	})
	return zhSpace.ReplaceAllString(s, "$1$2")
}
