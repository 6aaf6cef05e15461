package kinds

import (
	"reflect"
	"strconv"
	"strings"
	"unicode/utf8"
)

func itoa(n int) string { return strconv.Itoa(n) }

func isHexString(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !('0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F') {
			return false
		}
	}
	return s != ""
}

// parseBool reads the boolean spellings the API accepts.
func parseBool(s string) bool {
	switch strings.ToLower(s) {
	case "true", "1", "yes":
		return true
	}
	return false
}

// truncateBytes cuts s to at most n bytes on a rune boundary.
func truncateBytes(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n]
}

// meantWords reads the meant tag (word=value,...) of a struct's field, for
// a field its kind checks itself rather than by a list the registry holds.
func meantWords(t reflect.Type, field string) map[string]string {
	f, _ := t.FieldByName(field)
	words := map[string]string{}
	for _, pair := range strings.Split(f.Tag.Get("meant"), ",") {
		if word, value, ok := strings.Cut(pair, "="); ok {
			words[word] = value
		}
	}
	return words
}
