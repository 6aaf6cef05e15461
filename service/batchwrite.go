package service

import (
	"archive/zip"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/qrforge/qrforge/options"
)

// batchItemJSON is an item of the non-zip answer.
type batchItemJSON struct {
	Index int             `json:"index"`
	ID    *string         `json:"id,omitempty"`
	URL   string          `json:"url,omitempty"`
	Data  json.RawMessage `json:"data,omitempty"`
	// Warning is what the item's URL sends as X-QR-Warning, for an item
	// whose data the answer carries.
	Warning string `json:"warning,omitempty"`
	// Verify is what GET /api/v1/verify answers for the item, with the
	// body's verify depth (README "Batch, decode, verify").
	Verify *Verification `json:"verify,omitempty"`
	Error  *Problem      `json:"error,omitempty"`
}

// writeJSON streams {"count":N,"items":[...],"succeeded":k,"failed":f}:
// the counts come last because items are written as they are rendered.
func (b *BatchRun) writeJSON(w io.Writer) error {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	fmt.Fprintf(&buf, `{"count":%d,"items":[`, b.Count())
	succeeded := 0
	for i := range b.Count() {
		res, ok := b.stream.next(b.ctx, i)
		if !ok {
			return b.ctx.Err()
		}
		// An item carries its URL or its data (README "Batch, decode, verify").
		item := batchItemJSON{Index: res.index, ID: res.id, Verify: res.verify, Error: res.problem, Warning: res.warning}
		if res.body == nil {
			item.URL = res.url
		}
		if res.problem == nil {
			succeeded++
		}
		if res.problem == nil && res.body != nil {
			switch res.format {
			case FormatJSON:
				item.Data = bytes.TrimSpace(res.body)
			default:
				item.Data, _ = json.Marshal(string(res.body))
			}
		}
		if i > 0 {
			buf.WriteByte(',')
		}
		enc.Encode(item)
		buf.Truncate(buf.Len() - 1) // Encode's newline
		if _, err := w.Write(buf.Bytes()); err != nil {
			return err
		}
		buf.Reset()
	}
	fmt.Fprintf(&buf, `],"succeeded":%d,"failed":%d}`+"\n", succeeded, b.Count()-succeeded)
	_, err := w.Write(buf.Bytes())
	return err
}

// zipError is an entry of errors.json in a zip answer.
type zipError struct {
	Index int      `json:"index"`
	ID    *string  `json:"id,omitempty"`
	File  string   `json:"file"`
	Error *Problem `json:"error"`
}

// writeZip streams an archive with one file per item, named after its id
// (made safe) or its index, and errors.json listing the items that failed.
func (b *BatchRun) writeZip(w io.Writer) error {
	zw := zip.NewWriter(w)
	names := newZipNames()
	var failed []zipError
	for i := range b.Count() {
		res, ok := b.stream.next(b.ctx, i)
		if !ok {
			return b.ctx.Err()
		}
		name := names.name(res.id, i, options.Extension(string(res.format)))
		if res.problem != nil {
			failed = append(failed, zipError{i, res.id, name, res.problem})
			continue
		}
		if err := addZipFile(zw, name, res.body, textual(res.format)); err != nil {
			return err
		}
	}
	if len(failed) > 0 {
		body, _ := json.MarshalIndent(failed, "", "  ")
		if err := addZipFile(zw, zipErrorsName, body, true); err != nil {
			return err
		}
	}
	return zw.Close()
}

const zipErrorsName = "errors.json"

// textual reports whether a format's files are text, which a zip
// deflates; PNG, GIF, JPEG and PDF are compressed already.
func textual(f Format) bool {
	switch f {
	case FormatSVG, FormatSVGTiny, FormatJSON, FormatBase64, FormatEPS:
		return true
	}
	return false
}

func addZipFile(zw *zip.Writer, name string, body []byte, compress bool) error {
	// Compressed images gain nothing from deflate; storing them saves time.
	method := zip.Store
	if compress {
		method = zip.Deflate
	}
	f, err := zw.CreateHeader(&zip.FileHeader{Name: name, Method: method, Modified: zipEpoch})
	if err != nil {
		return err
	}
	_, err = f.Write(body)
	return err
}

// zipNames gives each entry a safe, unique name.
type zipNames map[string]bool

func newZipNames() zipNames { return zipNames{zipErrorsName: true} }

// maxZipStem bounds the part of a name taken from an id.
const maxZipStem = 64

// name is "<id>.<ext>" with the id reduced to [A-Za-z0-9._-] (no leading
// dot, at most 64 characters), or "<index>.<ext>" without an id; a name
// already given gets "-2", "-3", ... before the extension.
func (z zipNames) name(id *string, index int, ext string) string {
	stem := ""
	if id != nil {
		stem = safeStem(*id)
	}
	if stem == "" {
		stem = strconv.Itoa(index)
	}
	name := stem + "." + ext
	for n := 2; z[name]; n++ {
		name = stem + "-" + strconv.Itoa(n) + "." + ext
	}
	z[name] = true
	return name
}

func safeStem(id string) string {
	var b strings.Builder
	for _, r := range id {
		if b.Len() >= maxZipStem {
			break
		}
		switch {
		case 'a' <= r && r <= 'z', 'A' <= r && r <= 'Z', '0' <= r && r <= '9', r == '-', r == '_':
			b.WriteRune(r)
		case r == '.':
			if b.Len() > 0 {
				b.WriteRune(r)
			}
		default:
			b.WriteByte('_')
		}
	}
	return strings.TrimRight(b.String(), ".")
}
