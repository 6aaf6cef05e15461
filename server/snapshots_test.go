package server_test

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"strings"
	"testing"

	"github.com/gkampitakis/go-snaps/snaps"
)

// Golden outputs live in the top-level snapshots/ directory. They pin the
// bytes of every output format, which the ETag and year-long caches promise
// never change for a request (README, opening paragraph): a renderer change that alters them
// must bump rendererVersion and refresh them with UPDATE_SNAPS=true.
var (
	golden    = snaps.WithConfig(snaps.Dir("../snapshots/server"), snaps.Raw())
	goldenSVG = snaps.WithConfig(snaps.Dir("../snapshots/server"), snaps.Raw(), snaps.Ext(".svg"))
)

const snapData = "https%3A%2F%2Fqrforge.example%2Fsnap"

// SVG bodies, one file each, so that a change shows as a picture and a diff.
func TestSnapshotSVG(t *testing.T) {
	tests := []struct{ name, options string }{
		{"square", ""},
		{"rounded-rounded", "&style=rounded&eye=rounded"},
		{"dot-squircle", "&style=dot&eye=squircle&ec=H"},
		{"organic-leaf-navy", "&style=organic&eye=leaf&color=navy&bg=fffbe6"},
		{"diamond-octagon-label", "&style=diamond&eye=octagon&label=Tom%20%26%20%3CJerry%3E"},
		{"star-scanme", "&style=star&tpl=scanme"},
		{"vertical-bars-transparent", "&style=vertical-bars&bg=transparent&margin=1"},
		{"horizontal-bars-scanme-label", "&style=horizontal-bars&tpl=scanme&label=Order%20here&color=%23b00020"},
		{"classy-cut-dot", "&style=classy&eyeframe=cut&eyeball=dot"},
		{"heart-petal-pointed", "&style=heart&eye=leaf&eyeframe=petal&eyeball=pointed&color=%23880e4f"},
		{"plus-extra-rounded", "&style=plus&eyeframe=extra-rounded&eyeball=circle"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			body := ok(t, "/api/v1/qr?data="+snapData+"&format=svg&size=256"+tt.options)
			goldenSVG.MatchStandaloneSnapshot(t, string(body))
		})
	}
}

// SVG Tiny 1.2 for print and cutting tools.
func TestSnapshotSVGTiny(t *testing.T) {
	body := ok(t, "/api/v1/qr?data="+snapData+"&format=svg-tiny&size=256&style=rounded&eye=circle&tpl=scanme&label=Menu")
	goldenSVG.MatchStandaloneSnapshot(t, string(body))
}

// The JSON module matrix: its shape is part of the API.
func TestSnapshotJSON(t *testing.T) {
	body := ok(t, "/api/v1/qr?data="+snapData+"&format=json&ec=Q&margin=2")
	snaps.WithConfig(snaps.Dir("../snapshots/server"), snaps.Raw(), snaps.Ext(".json")).MatchStandaloneSnapshot(t, string(body))
}

// PNGs are pinned by their SHA-256: one line per request, so that a change
// names the requests it affects.
func TestSnapshotPNG(t *testing.T) {
	requests := []string{
		"",
		"&size=64",
		"&size=1000",
		"&ec=L&margin=0",
		"&color=ff0000&bg=transparent",
		"&fg=0000ff80&bg=fffbe6",
		"&style=rounded&eye=rounded",
		"&style=dot&eye=squircle",
		"&style=organic&eye=leaf&size=300",
		"&style=diamond&eye=octagon",
		"&style=star",
		"&style=vertical-bars",
		"&style=horizontal-bars",
		"&label=Scan%20for%20the%20menu",
		"&tpl=scanme",
		"&tpl=scanme&label=Order%20here&color=navy",
	}
	var lines []string
	for _, options := range requests {
		target := "/api/v1/qr?data=" + snapData + options
		sum := sha256.Sum256(ok(t, target))
		lines = append(lines, fmt.Sprintf("%s  %s", hex.EncodeToString(sum[:]), target))
	}
	golden.MatchSnapshot(t, strings.Join(lines, "\n"))
}

// PNGs of the module styles, eye frames and eye balls that no eye style
// names, pinned as TestSnapshotPNG pins the others.
func TestSnapshotShapesPNG(t *testing.T) {
	requests := []string{
		"&style=classy&eyeframe=cut&eyeball=dot",
		"&style=classy-rounded&eye=leaf&eyeball=petal",
		"&style=small-dots&eyeframe=pointed&eyeball=pointed",
		"&style=gapped-squares&eyeframe=extra-rounded",
		"&style=heart&eyeframe=petal&eyeball=cut&size=300",
		"&style=plus&eyeball=squircle",
		"&style=soft&eye=rounded&eyeframe=squircle&eyeball=dot",
	}
	var lines []string
	for _, options := range requests {
		target := "/api/v1/qr?data=" + snapData + options
		sum := sha256.Sum256(ok(t, target))
		lines = append(lines, fmt.Sprintf("%s  %s", hex.EncodeToString(sum[:]), target))
	}
	golden.MatchSnapshot(t, strings.Join(lines, "\n"))
}
