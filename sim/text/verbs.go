package text

import (
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"
)

// Verbs returns the fmt verbs of a format string by the argument each
// formats (1 for the first), as fmt numbers them: in order, or by an
// explicit index %[n]v, after which numbering continues from n+1. "%%" is
// not a verb. Flags, width and precision are part of the verb ("%-8s").
func Verbs(format string) map[int]string {
	out := map[int]string{}
	arg := 1
	for i := 0; i < len(format); i++ {
		if format[i] != '%' {
			continue
		}
		j := i + 1
		for j < len(format) && strings.IndexByte("+-# 0123456789.*", format[j]) >= 0 {
			j++
		}
		if j < len(format) && format[j] == '[' {
			if end := strings.IndexByte(format[j:], ']'); end > 0 {
				if n, err := strconv.Atoi(format[j+1 : j+end]); err == nil {
					arg = n
				}
				j += end + 1
			}
		}
		for j < len(format) && strings.IndexByte("+-# 0123456789.*", format[j]) >= 0 {
			j++
		}
		if j >= len(format) {
			break
		}
		if format[j] == '%' {
			i = j
			continue
		}
		spec := format[i+1 : j+1]
		if k := strings.IndexByte(spec, '['); k >= 0 {
			spec = spec[:k] + spec[strings.IndexByte(spec, ']')+1:]
		}
		if prev, ok := out[arg]; !ok || prev == spec {
			out[arg] = spec
		} else {
			out[arg] = prev + "|" + spec
		}
		arg++
		i = j
	}
	return out
}

// CheckVerbs reports how a text's two languages disagree on their fmt
// verbs ("" when they agree): both must format the same arguments with
// the same verbs, or a translation shows %!d(string=…) or drops a value.
func CheckVerbs(t Text) string {
	en, zh := Verbs(t.En), Verbs(t.Zh)
	if maps.Equal(en, zh) {
		return ""
	}
	return fmt.Sprintf("the verbs differ: en %s, zh %s", showVerbs(en), showVerbs(zh))
}

func showVerbs(v map[int]string) string {
	if len(v) == 0 {
		return "none"
	}
	var parts []string
	for _, n := range slices.Sorted(maps.Keys(v)) {
		parts = append(parts, fmt.Sprintf("arg %d %%%s", n, v[n]))
	}
	return strings.Join(parts, ", ")
}
