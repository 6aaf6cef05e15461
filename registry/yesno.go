package registry

import "strings"

// yesNoRule is the validate rule of a field that is true or false, as
// the kinds declare it (wifi's hidden, event's allday, facetime's audio).
const yesNoRule = "oneofci=true false 1 0 yes no"

// yesNoWords are the other words a form or a person writes for yes and
// no: on and off are what an HTML checkbox submits when checked (HTML
// Living Standard §4.10.5.1.15: a checkbox's value defaults to "on"),
// y and n the short answers. Each has one reading, so a fix writes it,
// as the field lists it (true or false).
var yesNoWords = map[string]string{"on": "true", "off": "false", "y": "true", "n": "false"}

// addYesNoWords adds yesNoWords to the meant words of a field whose rule
// is yesNoRule, keeping any the field declares itself.
func addYesNoWords(rules string, meant map[string]string) map[string]string {
	if !strings.Contains(rules, yesNoRule) {
		return meant
	}
	if meant == nil {
		meant = map[string]string{}
	}
	for word, value := range yesNoWords {
		if _, declared := meant[word]; !declared {
			meant[word] = value
		}
	}
	return meant
}
