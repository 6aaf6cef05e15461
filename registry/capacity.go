package registry

import (
	"fmt"

	"github.com/qrforge/qrforge/render"
)

// checkCapacity refuses a payload that no QR code holds: more than a
// version 40 symbol carries at the kind's level, or at level L, which
// carries the most (ISO/IEC 18004 Table 7: 2953 bytes in byte mode), or
// than the largest version the kind's standard allows (Hints.MaxVersion). It
// runs in Build, so /payload, the image, batch and MCP refuse the same
// payloads, counted in bytes. The longest field is blamed, and its fix
// cuts it by the excess on a rune boundary; on an identity field that cut
// is no mechanical correction, and guardIdentity drops it.
func (e *entry[F]) checkCapacity(given F, payload string) []FieldError {
	level, version := e.kind.Hints.Level, 40
	if v := e.kind.Hints.MaxVersion; v > 0 {
		version = v
	}
	fit := render.MaxFitVersion(payload, level, version)
	if fit == len(payload) {
		return nil
	}
	if level == render.LevelAuto {
		level = render.LevelL
	}
	values := e.toMap(given)
	longest := ""
	for _, fi := range e.fields {
		if len(values[fi.Name]) > len(values[longest]) {
			longest = fi.Name
		}
	}
	return []FieldError{{
		Field: longest,
		Detail: fmt.Sprintf("the payload is %d bytes of UTF-8; a QR code holds at most %d bytes of it (version %d at level %s, ISO/IEC 18004 Table 7%s). Shorten %s by at least %s; there is no fix, as which part to leave out is yours to choose",
			len(payload), fit, version, level, e.standardLimit(), longest, byteCount(len(payload)-fit)),
	}}
}

// standardLimit names the standard that caps the version, when one does.
func (e *entry[F]) standardLimit() string {
	if e.kind.Hints.MaxVersion == 0 {
		return ""
	}
	return ", the largest " + e.kind.Standard.Name + " allows"
}

// byteCount is n bytes in words: 1 byte, 2 bytes.
func byteCount(n int) string {
	if n == 1 {
		return "1 byte"
	}
	return fmt.Sprintf("%d bytes", n)
}
