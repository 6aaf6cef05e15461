package web

import (
	"bytes"
	"crypto/sha256"
	"embed"
	"encoding/hex"
	"io/fs"
	"mime"
	"net/http"
	"path"
	"strings"
	"sync"
	"time"
)

//go:embed assets
var assetFS embed.FS

// asset is one embedded file, served under a name that carries a hash of
// its content, so that it can be cached for a year and a new binary's
// assets are new URLs.
type asset struct {
	body        []byte
	contentType string
	etag        string
}

type assets struct {
	byURLName map[string]*asset // "site.0123456789.css" → asset
	urls      map[string]string // "site.css" → "/assets/site.0123456789.css"
}

// embeddedAssets are read and hashed once.
var embeddedAssets = sync.OnceValue(loadAssets)

func loadAssets() *assets {
	a := &assets{byURLName: map[string]*asset{}, urls: map[string]string{}}
	err := fs.WalkDir(assetFS, "assets", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		body, err := assetFS.ReadFile(p)
		if err != nil {
			return err
		}
		sum := sha256.Sum256(body)
		hash := hex.EncodeToString(sum[:5])
		name := path.Base(p)
		ext := path.Ext(name)
		urlName := strings.TrimSuffix(name, ext) + "." + hash + ext
		a.byURLName[urlName] = &asset{body: body, contentType: mime.TypeByExtension(ext), etag: `"` + hash + `"`}
		a.urls[name] = AssetsPath + urlName
		return nil
	})
	if err != nil {
		panic("web: embedded assets: " + err.Error())
	}
	return a
}

// url is the hashed URL of an asset; an unknown name is a programming error.
func (a *assets) url(name string) string {
	u, ok := a.urls[name]
	if !ok {
		panic("web: no asset " + name)
	}
	return u
}

func (a *assets) serve(w http.ResponseWriter, r *http.Request, name string) bool {
	f, ok := a.byURLName[name]
	if !ok {
		return false
	}
	h := w.Header()
	h.Set("Content-Type", f.contentType)
	h.Set("Cache-Control", "public, max-age=31536000, immutable")
	h.Set("ETag", f.etag)
	h.Set("X-Content-Type-Options", "nosniff")
	// ServeContent answers HEAD, ranges and If-None-Match against the ETag.
	http.ServeContent(w, r, name, time.Time{}, bytes.NewReader(f.body))
	return true
}
