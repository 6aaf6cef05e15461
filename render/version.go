package render

import (
	"fmt"

	"github.com/qrforge/qrforge/render/qrcode"
)

// MaxVersion is the largest QR Code version (ISO/IEC 18004:2015 §5.3.1:
// versions 1 to 40, 21 to 177 modules a side).
const MaxVersion = 40

// VersionError says that a symbol of the version asked for does not hold
// the data (or, with Logo, its logo or emblem as well) at the level asked.
// Needs is the smallest version that holds it all, from 1 to Max; 0 when
// none does.
type VersionError struct {
	Version int
	Level   Level // LevelAuto: any level
	Needs   int
	Max     int
	Length  int
	// Logo marks a version that holds the data but not the logo (or the
	// kind's emblem) over it; Emblem names which.
	Logo   bool
	Emblem bool
}

func (e *VersionError) Error() string {
	level := "at level " + e.Level.String()
	switch {
	case e.Level == LevelAuto && e.Logo:
		level = "at any level"
	case e.Level == LevelAuto:
		level = "even at level L"
	}
	var what string
	switch {
	case e.Logo && e.Emblem:
		what = fmt.Sprintf("version %d has an alignment pattern at its centre, which the emblem would hide from zbar", e.Version)
	case e.Logo:
		what = fmt.Sprintf("version %d holds the data but leaves no room for the logo %s: its cleared modules would take more than half of a block's error correction, or hide the alignment pattern at the centre of versions 7 to 13, 21 to 27 and 35 to 40", e.Version, level)
	default:
		what = fmt.Sprintf("%d bytes of data do not fit a version-%d QR code %s (ISO/IEC 18004:2015 Table 7 gives each version's capacity)", e.Length, e.Version, level)
	}
	if e.Needs == 0 {
		return fmt.Sprintf("%s, and no version up to %d holds it", what, e.Max)
	}
	if e.Logo {
		return fmt.Sprintf("%s; version %d is the smallest that holds the data and keeps it readable", what, e.Needs)
	}
	return fmt.Sprintf("%s; version %d is the smallest that holds it", what, e.Needs)
}

// versionLevels are the levels tried at a fixed version, most redundant
// first: with LevelAuto every level, as error correction is raised to
// the highest that fits.
func versionLevels(level Level) []Level {
	if level == LevelAuto {
		return []Level{LevelH, LevelQ, LevelM, LevelL}
	}
	return []Level{level}
}

// planAt is the plan of data in a symbol of exactly version at level, nil
// when the data does not fit it.
func planAt(data []byte, level Level, eci, version int) *qrcode.Plan {
	p, err := qrcode.FitFrom(data, level.code(), eci, version)
	if err != nil || p.Version != version {
		return nil
	}
	return p
}

// clampVersion is maxVersion as a limit: 0 or more than 40 is 40.
func clampVersion(maxVersion int) int {
	if maxVersion <= 0 || maxVersion > MaxVersion {
		return MaxVersion
	}
	return maxVersion
}

// EncodeVersion builds the symbol for data at exactly version (segno's and
// node-qrcode's version): at level, or with LevelAuto at the most
// redundant level that holds the data in that version. Data too long for
// it is a *VersionError naming the smallest version, up to maxVersion
// (0: 40), that holds it.
func EncodeVersion(data string, level Level, eci ECI, version, maxVersion int) (*Symbol, error) {
	if data == "" {
		return nil, ErrEmpty
	}
	n := eci.number(data)
	for _, l := range versionLevels(level) {
		if p := planAt([]byte(data), l, n, version); p != nil {
			return symbolOf(p, l)
		}
	}
	e := &VersionError{Version: version, Level: level, Max: clampVersion(maxVersion), Length: len(data)}
	lowest := versionLevels(level)[len(versionLevels(level))-1]
	if p, err := qrcode.FitECI([]byte(data), lowest.code(), n); err == nil && p.Version <= e.Max {
		e.Needs = p.Version
	}
	return nil, e
}

// symbolOf builds the plan's symbol at level.
func symbolOf(p *qrcode.Plan, level Level) (*Symbol, error) {
	q, err := p.Symbol(level.code())
	if err != nil {
		return nil, err
	}
	return fromQR(q, level), nil
}

// EncodeWithLogoVersion is EncodeWithLogo at exactly version, when it is
// not 0: the most redundant level (of those level allows) that holds the
// data there with room for the logo (LogoFits). When none does, a
// *VersionError names the smallest version that holds both; when no
// version up to maxVersion does, the error is EncodeWithLogo's.
func EncodeWithLogoVersion(data string, level Level, eci ECI, size float64, padding, version, maxVersion int) (*Symbol, error) {
	if version == 0 {
		return EncodeWithLogo(data, level, eci, size, padding, maxVersion)
	}
	if data == "" {
		return nil, ErrEmpty
	}
	n := eci.number(data)
	holdsData := false
	fits := func(v int) (*qrcode.Plan, Level) {
		for _, l := range versionLevels(level) {
			if p := planAt([]byte(data), l, n, v); p != nil {
				holdsData = holdsData || v == version
				if LogoFits(v, l, size, padding) {
					return p, l
				}
			}
		}
		return nil, LevelAuto
	}
	if p, l := fits(version); p != nil {
		return symbolOf(p, l)
	}
	e := &VersionError{Version: version, Level: level, Max: clampVersion(maxVersion), Length: len(data), Logo: holdsData}
	for v := 1; v <= e.Max; v++ {
		if p, _ := fits(v); p != nil {
			e.Needs = v
			return nil, e
		}
	}
	if _, err := EncodeWithLogo(data, level, eci, size, padding, maxVersion); err != nil {
		return nil, err
	}
	return nil, e
}

// EncodeClearCentreVersion is EncodeClearCentre at exactly version, when
// it is not 0. A version with an alignment pattern at its centre is
// refused with a *VersionError naming the version EncodeClearCentre
// picks, when that one has none (otherwise it is drawn, as
// EncodeClearCentre draws one when the standard allows no other).
func EncodeClearCentreVersion(data string, level Level, eci ECI, version, maxVersion int) (*Symbol, error) {
	if version == 0 {
		return EncodeClearCentre(data, level, eci, maxVersion)
	}
	s, err := EncodeVersion(data, level, eci, version, maxVersion)
	if ve, tooSmall := err.(*VersionError); tooSmall && ve.Needs > 0 {
		// The fix names the version EncodeClearCentre draws: the data's
		// own, grown past a central alignment pattern.
		if clear, err := EncodeClearCentre(data, level, eci, maxVersion); err == nil {
			ve.Needs = max(ve.Needs, clear.Version)
		}
	}
	if err != nil || !CentreAligned(version) {
		return s, err
	}
	clear, err := EncodeClearCentre(data, level, eci, maxVersion)
	if err != nil || CentreAligned(clear.Version) {
		return s, nil
	}
	return nil, &VersionError{Version: version, Level: level, Needs: clear.Version, Max: clampVersion(maxVersion), Length: len(data), Logo: true, Emblem: true}
}

// EncodeGS1Version is EncodeGS1 at exactly version, when it is not 0.
func EncodeGS1Version(element string, level Level, version int) (*Symbol, error) {
	if version == 0 {
		return EncodeGS1(element, level)
	}
	if element == "" {
		return nil, ErrEmpty
	}
	for _, l := range versionLevels(level) {
		if p, err := qrcode.FitGS1From([]byte(element), l.code(), version); err == nil && p.Version == version {
			return symbolOf(p, l)
		}
	}
	e := &VersionError{Version: version, Level: level, Max: MaxVersion, Length: len(element)}
	lowest := versionLevels(level)[len(versionLevels(level))-1]
	if p, err := qrcode.FitGS1([]byte(element), lowest.code()); err == nil {
		e.Needs = p.Version
	}
	return nil, e
}
