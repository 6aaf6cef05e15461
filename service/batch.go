package service

import (
	"context"
	"encoding/json"
	"io"
	"net/url"
	"sync/atomic"
	"time"

	"github.com/qrforge/qrforge/analysis"
)

// Default limits of POST /api/v1/qr/batch (README "Batch, decode, verify"; docs/operations.md); Config.MaxBody
// and Config.MaxBatchItems change them.
const (
	maxBatchBody  = 4 << 20
	maxBatchItems = 1000
	// MaxInlineSize bounds base64 items: their PNG bytes travel inside
	// the JSON answer, and grow with the square of the size. Larger codes
	// come as URLs or in a zip. SVG and JSON bodies do not grow with size.
	MaxInlineSize = 1024
)

// Batch outputs (README "Batch, decode, verify").
const (
	OutputURL    = "url"
	outputBase64 = "base64"
	outputSVG    = "svg"
	outputJSON   = "json"
	outputZip    = "zip"
)

var BatchOutputs = []string{OutputURL, outputBase64, outputSVG, outputJSON, outputZip}

// outputFormats are the formats each output can carry; the first is the
// default when the style names none.
var outputFormats = map[string][]Format{
	OutputURL:    Formats,
	outputZip:    Formats,
	outputBase64: {FormatBase64, FormatPNG},
	outputSVG:    {FormatSVG, FormatSVGTiny},
	outputJSON:   {FormatJSON},
}

// batchKeys are the members of the request body (README "Batch, decode, verify") and of an item.
var (
	batchKeys = []string{"output", "style", "items", "verify"}
	itemKeys  = []string{"data", "id", "type", "fields", "style"}
)

// zipEpoch stamps every zip entry: a fixed time keeps the archive the same
// bytes for the same request. 1980-01-01 is the first MS-DOS date.
var zipEpoch = time.Date(1980, 1, 1, 0, 0, 0, 0, time.UTC)

// batchRequest is a validated request body.
type batchRequest struct {
	output string
	style  url.Values // canonical option names
	format Format     // of items whose style names none
	items  []json.RawMessage
	// verify is how deep each item's verify scores robustness; verifying
	// is set when the body asks for a verify of each item.
	verify    analysis.Depth
	verifying bool
	// linkFrom, set by BatchRun.LinkFrom, is one more than the first
	// index whose items are linked rather than rendered; 0 links none.
	linkFrom atomic.Int64
	// checking tries the batch for a fix of its style (tryBatchStyle):
	// each item is encoded, not drawn, nor verified, nor linked.
	checking bool
}

// linked says whether item i is checked and linked, as output url does,
// rather than rendered.
func (r *batchRequest) linked(i int) bool {
	from := r.linkFrom.Load()
	return r.output == OutputURL || from > 0 && int64(i) >= from-1
}

// BatchRun is an accepted batch: its items render on a pool of workers,
// ahead of the writer but never far ahead (renderBatch).
type BatchRun struct {
	req    *batchRequest
	stream *batchStream
	ctx    context.Context
	cancel context.CancelFunc
}

// Batch checks a batch body (POST /api/v1/qr/batch) and starts rendering
// its items. Anything wrong with the body as a whole is one problem; a bad
// item fails alone, in its place in the answer. Close the run when done.
func (s *Service) Batch(ctx context.Context, body []byte) (*BatchRun, *Problem) {
	req, p := s.readBatch(body)
	if p != nil {
		return nil, s.settle(ctx, p)
	}
	s.observe.Batched(len(req.items))
	ctx, cancel := context.WithCancel(ctx)
	return &BatchRun{req: req, stream: s.renderBatch(ctx, req), ctx: ctx, cancel: cancel}, nil
}

// CheckBatch reports the problem Batch would answer for body, reading it
// as Batch does but rendering nothing: nil when the batch would start.
// fixed is the body the problem's fix sends; nil when the fix is none, or
// is not a body (a split). An item's own problems are not among them: a
// bad item fails alone, in its place in the answer, once it is made. A
// fix of the shared style is tried on the items as Batch tries it, each
// encoded, none drawn (tryBatchStyle).
func (s *Service) CheckBatch(ctx context.Context, body []byte) (p *Problem, fixed json.RawMessage) {
	if _, p = s.readBatch(body); p != nil {
		p = s.settle(ctx, p)
		return p, p.fixBody
	}
	return nil, nil
}

// Zip says whether the answer is a zip archive rather than JSON.
func (b *BatchRun) Zip() bool { return b.req.output == outputZip }

// Count is the number of items.
func (b *BatchRun) Count() int { return len(b.req.items) }

// Close stops the workers; items not yet written are dropped.
func (b *BatchRun) Close() { b.cancel() }

// BatchItem is one item of an answer as Each hands it out.
type BatchItem struct {
	Index int
	ID    *string
	// URL is the GET call that returns the item's bytes; "" when the
	// item failed.
	URL string
	// Format and Body are the rendered item; Body is nil when the item
	// failed or was linked rather than rendered (LinkFrom).
	Format  Format
	Body    []byte
	Problem *Problem
	// Verify is the item's verify answer when the body asked for one.
	Verify *Verification
	// Warning is what the item's URL would send as X-QR-Warning, for an
	// item rendered in the answer; "" for none or a linked item.
	Warning string
}

// Each hands f the items in item order as they finish, for callers that
// write their own answer. An error from f stops the run and is returned.
func (b *BatchRun) Each(f func(BatchItem) error) error {
	for i := range b.Count() {
		res, ok := b.stream.next(b.ctx, i)
		if !ok {
			return b.ctx.Err()
		}
		item := BatchItem{Index: res.index, ID: res.id, URL: res.itemURL(), Format: res.format, Body: res.body, Problem: res.problem, Verify: res.verify, Warning: res.warning}
		if err := f(item); err != nil {
			b.cancel()
			return err
		}
	}
	return nil
}

// LinkFrom makes the items from index i on that no worker has started
// come back checked and linked, as output url gives them, rather than
// rendered: a caller that will not carry their bytes spares the work.
func (b *BatchRun) LinkFrom(i int) {
	b.req.linkFrom.CompareAndSwap(0, int64(max(i, 0))+1)
}

// Write streams the answer to w as items finish, in item order: the
// JSON document or the zip archive. A failed write stops the run.
func (b *BatchRun) Write(w io.Writer) error {
	var err error
	if b.Zip() {
		err = b.writeZip(w)
	} else {
		err = b.writeJSON(w)
	}
	if err != nil {
		b.cancel()
	}
	return err
}
