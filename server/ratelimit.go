package server

import (
	"fmt"
	"math"
	"mime"
	"net"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/gin-gonic/gin"
	lru "github.com/hashicorp/golang-lru/v2"
	"github.com/qrforge/qrforge/service"
	"golang.org/x/time/rate"
)

// Fair use: each client has a token bucket (golang.org/x/time/rate) that
// refills at RateLimit tokens a second and holds RateBurst tokens.
//
// What a request costs:
//   - 1 token for a request that renders or does other work;
//   - 1/4 token for one that does not: a HEAD, a conditional request
//     answered 304 Not Modified, and the fixed documents (OpenAPI, llms
//     texts, error and kind descriptions, page assets);
//   - nothing for health, readiness and metrics, and for CORS preflights;
//   - and, for large work, a token more for each further 32 MiB of memory
//     it reserves, charged when it is admitted (service.Fare).
//
// A request is admitted on its expected cost (a quarter when it is a HEAD,
// carries If-None-Match or asks for a fixed document); when it turns out to
// cost more (an If-None-Match that did not match), the difference is taken
// afterwards, and the bucket may go into debt that later requests wait out.
const tokenUnits = 4 // a token is 4 units; a quarter-cost request takes 1

// DefaultRateLimitClients caps the client table when Config leaves it 0.
// Each entry is about 200 bytes, so the table stays under 20 MiB.
const DefaultRateLimitClients = 100_000

// rateLimiter holds the buckets of the most recently seen clients. The
// table is an LRU with a fixed capacity: a client pushed out had been idle
// longer than every other tracked client, and comes back with a full
// bucket, which is what an idle client would have had anyway unless the
// table is churned by more distinct clients than it holds.
type rateLimiter struct {
	perSecond float64
	burst     int
	clients   *lru.Cache[string, *client]
}

// client is what the limiter keeps of one client: its bucket, and its turn
// at large work (turns.go).
type client struct {
	bucket *rate.Limiter
	turn   chan struct{}
}

func newRateLimiter(perSecond float64, burst, maxClients int) *rateLimiter {
	if maxClients <= 0 {
		maxClients = DefaultRateLimitClients
	}
	burst = max(burst, 1)
	clients, err := lru.New[string, *client](maxClients)
	if err != nil {
		panic("server: rate limiter: " + err.Error())
	}
	return &rateLimiter{perSecond: perSecond, burst: burst, clients: clients}
}

// client returns the client of that key, creating one with a full bucket.
func (l *rateLimiter) client(key string) *client {
	if c, ok := l.clients.Get(key); ok {
		return c
	}
	c := &client{bucket: rate.NewLimiter(rate.Limit(l.perSecond*tokenUnits), l.burst*tokenUnits), turn: make(chan struct{}, 1)}
	if prev, found, _ := l.clients.PeekOrAdd(key, c); found {
		return prev
	}
	return c
}

// take charges units to the client's bucket now, or says how long to wait
// until it could.
func (l *rateLimiter) take(b *rate.Limiter, units int, now time.Time) (wait time.Duration, ok bool) {
	if b.AllowN(now, units) {
		return 0, true
	}
	missing := float64(units) - b.TokensAt(now)
	return time.Duration(missing / (l.perSecond * tokenUnits) * float64(time.Second)), false
}

// owe charges units the request turned out to cost beyond what it paid,
// letting the bucket go into debt. A reservation larger than the burst is
// refused whole and takes nothing (rate.Limiter.ReserveN), so a debt is
// taken a burst at a time.
func (l *rateLimiter) owe(b *rate.Limiter, units int, now time.Time) {
	for units > 0 {
		n := min(units, b.Burst())
		b.ReserveN(now, n)
		units -= n
	}
}

// payWork charges the tokens of a request's large work (service.Fare),
// or says how long until the bucket could pay them. What the bucket can
// never hold at once, beyond its burst less the request's own token, is
// taken as debt that later requests wait out.
func (l *rateLimiter) payWork(b *rate.Limiter, tokens int, now time.Time) (wait time.Duration, ok bool) {
	units := tokens * tokenUnits
	payable := min(units, (l.burst-1)*tokenUnits)
	if wait, ok = l.take(b, payable, now); ok {
		l.owe(b, units-payable, now)
	}
	return wait, ok
}

// clientKey is the bucket a client address draws from: the address for
// IPv4, its /64 for IPv6, where one subscriber commonly holds a whole /64.
func clientKey(ip string) string {
	addr := net.ParseIP(ip)
	if addr == nil {
		return ip
	}
	if v4 := addr.To4(); v4 != nil {
		return v4.String()
	}
	return addr.Mask(net.CIDRMask(64, 128)).String() + "/64"
}

// limitRate is the fair-use middleware; it is installed only when a rate
// is configured.
func (s *Server) limitRate(c *gin.Context) {
	r := s.routeOf(c)
	if r.ops {
		c.Next()
		return
	}
	cheap := r.static || c.Request.Method == http.MethodHead || c.GetHeader("If-None-Match") != ""
	paid := tokenUnits
	if cheap {
		paid = 1
	}
	l := s.limiter
	who := l.client(clientKey(c.ClientIP()))
	b := who.bucket
	wait, ok := l.take(b, paid, time.Now())
	if !ok {
		s.metrics.rateLimited.WithLabelValues(r.label).Inc()
		s.refuse(c, wait)
		return
	}
	c.Request = c.Request.WithContext(service.WithFare(c.Request.Context(), service.Fare{
		Pay: func(tokens int) (time.Duration, bool) {
			wait, ok := l.payWork(b, tokens, time.Now())
			if !ok {
				s.metrics.rateLimited.WithLabelValues(r.label).Inc()
			}
			return wait, ok
		},
		Retry: func() string { return s.retryCall(c) },
		Turn:  (&requestTurn{client: who}).take,
	}))
	c.Next()
	cost := tokenUnits
	if r.static || c.Request.Method == http.MethodHead || c.Writer.Status() == http.StatusNotModified {
		cost = 1
	}
	l.owe(b, cost-paid, time.Now())
}

// refuse answers 429 with the wait in Retry-After and in the problem.
func (s *Server) refuse(c *gin.Context, wait time.Duration) {
	seconds := int(math.Ceil(wait.Seconds()))
	if seconds < 1 {
		seconds = 1
	}
	c.Header("Retry-After", strconv.Itoa(seconds))
	l := s.limiter
	detail := fmt.Sprintf("this client has used its fair-use allowance of %s requests a second (bursts of %d); retry in %d s (Retry-After). "+
		"A HEAD, a 304 answer to If-None-Match and the fixed documents cost a quarter of a request",
		strconv.FormatFloat(l.perSecond, 'f', -1, 64), l.burst, seconds)
	writeProblem(c, s.problem(service.KindRateLimited, http.StatusTooManyRequests, detail, "", s.retryCall(c)))
}

// retryCall is the same request, to send again once the wait is over.
func (s *Server) retryCall(c *gin.Context) string {
	u := s.baseURL + c.Request.URL.RequestURI()
	switch c.Request.Method {
	case http.MethodGet:
		return u
	}
	// %27 rather than a quote the shell would end the URL at.
	u = strings.ReplaceAll(u, "'", "%27")
	if c.Request.Method == http.MethodHead {
		return "curl -I '" + u + "'"
	}
	call := "curl -X " + methodLabel(c.Request.Method) + " '" + u + "'"
	// The media type alone, and a multipart body's boundary, without which
	// its parts cannot be told apart (RFC 2046 §5.1.1); a quote a boundary
	// may hold is written as the shell reads it.
	if mediaType, params, err := mime.ParseMediaType(c.GetHeader("Content-Type")); err == nil {
		if b, ok := params["boundary"]; ok && strings.HasPrefix(mediaType, "multipart/") {
			mediaType = mime.FormatMediaType(mediaType, map[string]string{"boundary": b})
		}
		call += " -H 'Content-Type: " + strings.ReplaceAll(mediaType, "'", `'\''`) + "' --data-binary @body  # body: the same request body"
	}
	return call
}
