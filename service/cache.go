package service

import (
	"sync"

	"github.com/hashicorp/golang-lru/v2/simplelru"
)

// responseCache keeps rendered generation responses in memory, least
// recently used first out, within a budget of bytes (--cache-size).
// A generation response is a pure function of its canonical request, so the
// key is the request's ETag (etagFor: renderer version, data, format,
// options, level); popular codes, a menu or a Wi-Fi sign, are then drawn
// once. Only successful responses are stored: a problem is never cached.
type responseCache struct {
	mu       sync.Mutex
	entries  *simplelru.LRU[string, *Image]
	bytes    int64
	capacity int64
	metrics  CacheMetrics
}

// entryOverhead approximates the bytes an entry costs beyond its key,
// body, content type and ETag: the LRU's list element and map slot, the
// struct and the two short header strings.
const entryOverhead = 160

func entrySize(key string, e *Image) int64 {
	return int64(len(key)+len(e.Body)+len(e.ContentType)+len(e.ETag)+len(e.Level)) + entryOverhead
}

// newResponseCache returns a cache of at most capacity bytes, or nil (no
// cache) when capacity is not positive.
func newResponseCache(capacity int64, m CacheMetrics) *responseCache {
	if capacity <= 0 {
		return nil
	}
	c := &responseCache{capacity: capacity, metrics: m}
	// The entry count is bounded by the byte budget, not by the LRU: one
	// entry costs at least entryOverhead bytes.
	maxEntries := int(min(capacity/entryOverhead+1, 1<<30))
	c.entries, _ = simplelru.NewLRU(maxEntries, func(key string, e *Image) {
		n := entrySize(key, e)
		c.bytes -= n
		c.metrics.Evicted(int(n))
	})
	return c
}

// get returns the response stored under key and counts a hit or a miss.
func (c *responseCache) get(key string) (*Image, bool) {
	if c == nil {
		return nil, false
	}
	c.mu.Lock()
	e, ok := c.entries.Get(key)
	c.mu.Unlock()
	if ok {
		c.metrics.Hit()
	} else {
		c.metrics.Miss()
	}
	return e, ok
}

// add stores a response, evicting the least recently used ones until the
// cache is back within its budget. A response larger than an eighth of the
// budget is not stored: it would push out many popular small ones.
func (c *responseCache) add(key string, e *Image) {
	if c == nil {
		return
	}
	n := entrySize(key, e)
	if n > c.capacity/8 {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.entries.Contains(key) {
		// Two requests for the same code rendered at once: the bytes are
		// equal, keep the first.
		return
	}
	c.entries.Add(key, e)
	c.bytes += n
	for c.bytes > c.capacity {
		c.entries.RemoveOldest()
	}
	c.metrics.SetBytes(c.bytes)
}

// CacheMetrics is what the response cache reports; with the cache off
// nothing is reported.
type CacheMetrics interface {
	// Hit is an answer served from the cache.
	Hit()
	// Miss is a lookup that had to render.
	Miss()
	// Evicted is an entry of n bytes dropped to make room.
	Evicted(n int)
	// SetBytes reports the bytes the cache holds now.
	SetBytes(n int64)
}
