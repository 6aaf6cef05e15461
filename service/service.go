// Package service is qrforge's core: it turns a request (a kind's fields
// or data, and rendering options) into an image, a payload, a verification,
// the codes read from an image, or a batch, and a request it cannot serve
// into a problem document whose fix is a corrected call. It knows no HTTP
// framework: package server adapts it to routes and package mcp to tools,
// and both give the same answer to the same request.
package service

import (
	"cmp"
	"log/slog"
	"strings"
	"time"

	"github.com/qrforge/qrforge/internal/fetch"
)

// Config is what the service needs from its environment.
type Config struct {
	// BaseURL is the public address fixes and type URIs are written on,
	// without a trailing slash.
	BaseURL string
	Logger  *slog.Logger
	// CacheSize is the response cache's budget in bytes; 0 turns it off.
	CacheSize int64
	// MaxBody bounds a batch body, MaxUpload an image to decode,
	// MaxBatchItems the items of one batch. Zero keeps the defaults of
	// docs/operations.md: 4 MiB, 10 MiB and 1000.
	MaxBody       int64
	MaxUpload     int64
	MaxBatchItems int
	// Memory is the budget of request work in bytes: images being drawn,
	// decoded or verified, and request bodies held (admission.go). Zero
	// means DefaultMemory. AdmissionWait bounds how long work waits for
	// it before a 503; zero means DefaultAdmissionWait.
	Memory        int64
	AdmissionWait time.Duration
	// LogoFetch turns on fetching logos given by URL, from public
	// addresses only (logofetch.go); off, such a logo is a 400.
	LogoFetch bool
	// Observer is told how long work took, CacheMetrics what the cache
	// does; nil observes nothing.
	Observer     Observer
	CacheMetrics CacheMetrics
	// Clock tells the time a stamp field left empty gets (registry.Field
	// Stamp); nil is time.Now.
	Clock func() time.Time
}

// Observer receives the timings and counts that operations export as
// metrics (docs/operations.md).
type Observer interface {
	Encoded(d time.Duration)
	Rendered(format Format, d time.Duration)
	Batched(items int)
	// Refused is a 503 overloaded refusal, for one of the Refused*
	// reasons: a request's, a batch item's or an MCP tool call's.
	Refused(reason string)
}

// Why work is refused with 503 overloaded (Observer.Refused).
const (
	// RefusedMemory: the memory budget stayed full for the admission wait.
	RefusedMemory = "memory"
	// RefusedSlot: large work found its memory but no processor slot
	// within the wait.
	RefusedSlot = "slot"
	// RefusedInFlight: the request arrived with as many in flight as the
	// instance takes (the HTTP adapter's cap).
	RefusedInFlight = "in_flight"
)

// RefusedReasons are every reason Observer.Refused is given.
var RefusedReasons = []string{RefusedMemory, RefusedSlot, RefusedInFlight}

// Service serves every operation; it is safe for concurrent use.
type Service struct {
	baseURL string
	log     *slog.Logger
	observe Observer
	// cache holds rendered images; nil when off.
	cache     *responseCache
	admission *admission
	// logoFetch fetches logos by URL; nil when fetching is off.
	logoFetch *fetch.Fetcher
	clock     func() time.Time

	MaxBody       int64
	MaxUpload     int64
	MaxBatchItems int
}

// New returns a service configured by cfg.
func New(cfg Config) *Service {
	s := &Service{
		baseURL:       strings.TrimRight(cfg.BaseURL, "/"),
		log:           cmp.Or(cfg.Logger, slog.New(slog.DiscardHandler)),
		observe:       cfg.Observer,
		MaxBody:       cmp.Or(cfg.MaxBody, maxBatchBody),
		MaxUpload:     cmp.Or(cfg.MaxUpload, maxImageBytes),
		MaxBatchItems: cmp.Or(cfg.MaxBatchItems, maxBatchItems),
		clock:         cfg.Clock,
	}
	if s.clock == nil {
		s.clock = time.Now
	}
	if cfg.LogoFetch {
		s.logoFetch = fetch.New(fetch.Public, logoFetchTimeout, MaxLogoBytes)
	}
	s.admission = newAdmission(cmp.Or(cfg.Memory, DefaultMemory), cmp.Or(cfg.AdmissionWait, DefaultAdmissionWait))
	if s.observe == nil {
		s.observe = nopObserver{}
	}
	var cm CacheMetrics = nopObserver{}
	if cfg.CacheMetrics != nil {
		cm = cfg.CacheMetrics
	}
	s.cache = newResponseCache(cfg.CacheSize, cm)
	return s
}

// BaseURL is the public address fixes are written on.
func (s *Service) BaseURL() string { return s.baseURL }

type nopObserver struct{}

func (nopObserver) Encoded(time.Duration)          {}
func (nopObserver) Rendered(Format, time.Duration) {}
func (nopObserver) Batched(int)                    {}
func (nopObserver) Refused(string)                 {}
func (nopObserver) Hit()                           {}
func (nopObserver) Miss()                          {}
func (nopObserver) Evicted(int)                    {}
func (nopObserver) SetBytes(int64)                 {}
