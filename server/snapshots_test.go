package server_test

import (
	"bytes"
	"compress/zlib"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"net/url"
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
		{"rounded-banner-above", "&style=rounded&eye=rounded&tpl=banner-above&label=Menu"},
		{"dot-box-colours", "&style=dot&eye=squircle&tpl=box&color=1d3557&framecolor=e63946&textcolor=1d3557"},
		{"square-bubble-colours", "&tpl=bubble&label=Free%20Wi-Fi&framecolor=e63946&textcolor=fff176"},
		{"organic-corners", "&style=organic&eye=leaf&tpl=corners&framecolor=2a9d8f"},
		{"rounded-box-mono", "&style=rounded&tpl=box&label=SSID%3A%20cafe-5G&font=mono"},
		{"logo-wifi-plate", "&logo=wifi&logobg=fff3e0&logoplate=rounded&color=1a237e"},
		{"classy-cut-dot", "&style=classy&eyeframe=cut&eyeball=dot"},
		{"heart-petal", "&style=heart&eye=leaf&eyeframe=petal&eyeball=petal&color=%23880e4f"},
		{"plus-extra-rounded", "&style=plus&eyeframe=extra-rounded&eyeball=squircle"},
		{"rmqr-dot-label", "&symbol=rmqr&style=dot&label=Aisle%204"}, // a strip, 256 wide
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
		"&size=74", // the smallest: two pixels a module
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
		"&tpl=banner-above&label=Menu",
		"&tpl=banner-above&framecolor=e63946&textcolor=fff176&size=300",
		"&tpl=box&style=rounded&eye=rounded",
		"&tpl=box&framecolor=1d3557&label=Table%2012&size=1000",
		"&tpl=bubble&style=dot&eye=squircle",
		"&tpl=bubble&label=Free%20Wi-Fi&framecolor=e63946&textcolor=fff176&bg=transparent",
		"&tpl=corners",
		"&tpl=corners&framecolor=2a9d8f&textcolor=264653&style=organic&eye=leaf",
		"&label=Menu&textcolor=b00020",
		"&tpl=box&label=Table%2012&font=regular",
		"&tpl=banner-below&label=WIFI-5G&font=mono",
	}
	golden.MatchSnapshot(t, hashLines(t, requests))
}

// EPS is text: one file, the page as PostScript reads it.
func TestSnapshotEPS(t *testing.T) {
	body := ok(t, "/api/v1/qr?data="+snapData+"&format=eps&size=30mm&style=rounded&eye=rounded&label=Menu&cmyk=true")
	snaps.WithConfig(snaps.Dir("../snapshots/server"), snaps.Raw(), snaps.Ext(".eps")).MatchStandaloneSnapshot(t, string(body))
}

// PDF is pinned as its file with the page's content stream inflated, so
// that a change reads as a diff of objects and operators, and the exact
// bytes, deflated, by their SHA-256 with the other binary formats'.
func TestSnapshotPDF(t *testing.T) {
	body := ok(t, "/api/v1/qr?data="+snapData+"&format=pdf&size=1.2in&style=dot&eye=squircle&tpl=scanme&color=navy&bg=fffbe6")
	start := bytes.Index(body, []byte("stream\n")) + len("stream\n")
	end := bytes.LastIndex(body, []byte("\nendstream"))
	if start < len("stream\n") || end < start {
		t.Fatalf("no content stream in %.200q", body)
	}
	z, err := zlib.NewReader(bytes.NewReader(body[start:end]))
	if err != nil {
		t.Fatal(err)
	}
	content, err := io.ReadAll(z)
	if err != nil {
		t.Fatal(err)
	}
	readable := string(body[:start]) + "[inflated]\n" + string(content) + string(body[end:])
	snaps.WithConfig(snaps.Dir("../snapshots/server"), snaps.Raw(), snaps.Ext(".txt")).MatchStandaloneSnapshot(t, readable)
}

// GIF, JPEG and PDF are pinned by their SHA-256, as PNGs are.
func TestSnapshotPrintFormats(t *testing.T) {
	requests := []string{
		"&format=gif",
		"&format=gif&style=dot&bg=transparent",
		"&format=jpeg",
		"&format=jpeg&style=organic&eye=leaf&color=1a237e&bg=fff8e1",
		"&format=jpeg&size=30mm&dpi=600",
		"&format=pdf",
		"&format=pdf&size=30mm&cmyk=true&tpl=scanme",
		"&format=pdf&fg=0000ff80&bg=transparent&label=Menu",
		"&format=eps&size=1.2in&style=star",
		"&size=30mm",
		"&format=svg&size=3cm",
	}
	golden.MatchSnapshot(t, hashLines(t, requests))
}

// Logos' PNGs, pinned by their SHA-256 as the others are.
func TestSnapshotLogoPNG(t *testing.T) {
	var lines []string
	for _, options := range []string{
		"&logo=chat",
		"&logo=heart&logosize=0.3&logobg=ffebee&logoplate=rounded&color=b71c1c",
		"&logo=globe&logosize=0.15&ec=M&style=rounded&eye=rounded",
		"&logo=" + url.QueryEscape(dataURIOf("image/png", logoPNG(t))) + "&logosize=0.25",
	} {
		target := "/api/v1/qr?data=" + snapData + options
		sum := sha256.Sum256(ok(t, target))
		lines = append(lines, fmt.Sprintf("%s  %s", hex.EncodeToString(sum[:]), strings.ReplaceAll(target, url.QueryEscape(dataURIOf("image/png", logoPNG(t))), "<logoPNG>")))
	}
	golden.MatchStandaloneSnapshot(t, strings.Join(lines, "\n"))
}

// PNGs of the module styles, eye frames and eye balls that no eye style
// names, pinned as TestSnapshotPNG pins the others.
func TestSnapshotShapesPNG(t *testing.T) {
	requests := []string{
		"&style=classy&eyeframe=cut&eyeball=dot",
		"&style=classy-rounded&eye=leaf&eyeball=squircle&eyeframe=rounded",
		"&style=small-dots&eyeframe=pointed&eyeball=pointed",
		"&style=gapped-squares&eyeframe=extra-rounded",
		"&style=heart&eyeframe=petal&eyeball=petal&size=300",
		"&style=plus&eyeball=squircle",
		"&style=soft&eye=rounded&eyeframe=squircle&eyeball=cut",
	}
	golden.MatchSnapshot(t, hashLines(t, requests))
}

// hashLines fetches each request's options on snapData and lists the
// SHA-256 of the body beside the request, a line each: binary outputs are
// pinned by their hash.
func hashLines(t *testing.T, requests []string) string {
	t.Helper()
	var lines []string
	for _, options := range requests {
		target := "/api/v1/qr?data=" + snapData + options
		sum := sha256.Sum256(ok(t, target))
		lines = append(lines, fmt.Sprintf("%s  %s", hex.EncodeToString(sum[:]), target))
	}
	return strings.Join(lines, "\n")
}
