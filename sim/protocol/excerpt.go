package protocol

import (
	"strconv"
	"strings"
	"unicode/utf8"
)

// ExcerptBytes is how much of a client-supplied value an error message
// quotes: a 4 MB method name must not come back as a 4 MB error.
const ExcerptBytes = 120

// Excerpt returns s shortened for an error message: at most ExcerptBytes
// bytes, cut at a character boundary, followed by "…" and the full length
// when it was cut. Invalid UTF-8 becomes U+FFFD, so the excerpt is always
// valid text (and valid inside a JSON string).
func Excerpt(s string) string {
	if len(s) <= ExcerptBytes && utf8.ValidString(s) {
		return s
	}
	end := len(s)
	if end > ExcerptBytes {
		// Back up to the start of the character that crosses the limit.
		end = ExcerptBytes
		for end > 0 && !utf8.RuneStart(s[end]) {
			end--
		}
	}
	cut := strings.ToValidUTF8(s[:end], "\uFFFD")
	if end == len(s) {
		return cut
	}
	return cut + "… (" + strconv.Itoa(len(s)) + " bytes)"
}
