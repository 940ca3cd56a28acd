package ui

import "fmt"

// trn formats a string that counts something: under English, n == 1 takes
// the key's ".one" form when the table has one ("1 more step", not "1 more
// steps"); Chinese has no plural, so both forms read the same there. args
// follow n in the format.
func trn(lang, key string, n int, args ...any) string {
	k := key
	if n == 1 {
		if hasStr(key + ".one") {
			k = key + ".one"
		}
	}
	return fmt.Sprintf(tr(lang, k), append([]any{n}, args...)...)
}
