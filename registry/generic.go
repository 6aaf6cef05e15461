package registry

import (
	"math/bits"
	"strings"
)

// genericWords say what a code is for, whichever kind it is: the code
// itself, and what any kind's code is scanned as (a network to join, a
// chat to open, a link to follow, a message or payment to send, a card
// to save). A kind's name written with them ("wifi network", "whatsapp
// chat", "url link") means that kind. Words that name one kind among
// others are not here: contact is a vCard's (Words), and "phone contact"
// may mean either.
var genericWords = map[string]bool{
	"qr": true, "code": true, "qrcode": true,
	"network": true, "chat": true, "link": true, "message": true, "payment": true, "card": true,
}

// maxNameWords bounds the words of a name read with genericWords: each
// generic word may or may not be part of the kind's name, and a kind's
// name with its generic words is a few words at most.
const maxNameWords = 6

// meantWithoutGenericWords is the one kind name names once some of its
// generic words are dropped: what is left, joined, is a kind's name or a
// word it is also called ("business card qr" is business-card, a vCard),
// or each word left is one of the same kind's ("vcard contact"). Fewest
// dropped first, so a generic word that is part of a name stays in it
// ("text message qr" is an SMS, not text). Two kinds read with as few
// dropped are no guess between them ("github link" is social, but
// "phone contact" names phone and vcard).
func meantWithoutGenericWords(name string, names []string, words map[string]string) (string, bool) {
	all := strings.FieldsFunc(strings.ToLower(name), func(r rune) bool { return strings.ContainsRune(" -_/,.", r) })
	var generic []int // indexes in all
	for i, w := range all {
		if genericWords[w] {
			generic = append(generic, i)
		}
	}
	if len(all) < 2 || len(all) > maxNameWords {
		return "", false
	}
	kindOf := func(w string) string {
		for _, n := range names {
			if n == w {
				return n
			}
		}
		return words[w]
	}
	for dropped := 0; dropped <= len(generic); dropped++ {
		found := ""
		for set := 0; set < 1<<len(generic); set++ {
			if bits.OnesCount(uint(set)) != dropped {
				continue
			}
			var kept []string
			for i, w := range all {
				if !droppedWord(set, generic, i) {
					kept = append(kept, w)
				}
			}
			k := readKind(kept, kindOf)
			if k == "" {
				continue
			}
			if found != "" && found != k {
				return "", false
			}
			found = k
		}
		if found != "" {
			return found, true
		}
	}
	return "", false
}

// readKind is the kind the words name, joined or each alone, or "".
func readKind(kept []string, kindOf func(string) string) string {
	if len(kept) == 0 {
		return ""
	}
	if k := kindOf(strings.Join(kept, "-")); k != "" {
		return k
	}
	one := ""
	for _, w := range kept {
		k := kindOf(w)
		if k == "" || one != "" && k != one {
			return ""
		}
		one = k
	}
	return one
}

// droppedWord reports whether set drops the word at index i of a name
// whose generic words are at the indexes generic.
func droppedWord(set int, generic []int, i int) bool {
	for b, g := range generic {
		if g == i {
			return set&(1<<b) != 0
		}
	}
	return false
}
