package deploy

import (
	"bufio"
	"bytes"
	"encoding/json"
	"go/version"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/moby/buildkit/frontend/dockerfile/parser"
	networkingv1 "k8s.io/api/networking/v1"
	"sigs.k8s.io/yaml"

	qrversion "github.com/qrforge/qrforge/internal/version"
	"github.com/qrforge/qrforge/registry"
	"github.com/qrforge/qrforge/server"
)

// kustomization is the part of kustomize's Kustomization that qrforge's
// files use; decoding strictly into it refuses any other field.
type kustomization struct {
	APIVersion string   `json:"apiVersion"`
	Kind       string   `json:"kind"`
	Resources  []string `json:"resources"`
	Images     []struct {
		Name    string `json:"name"`
		NewName string `json:"newName,omitempty"`
		NewTag  string `json:"newTag,omitempty"`
		Digest  string `json:"digest,omitempty"`
	} `json:"images,omitempty"`
}

func readKustomization(t *testing.T, file string) kustomization {
	t.Helper()
	var k kustomization
	b, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	if err := yaml.UnmarshalStrict(b, &k); err != nil || k.Kind != "Kustomization" || k.APIVersion != "kustomize.config.k8s.io/v1beta1" {
		t.Fatalf("%s: %v (%s %s)", file, err, k.APIVersion, k.Kind)
	}
	return k
}

// TestImageIsTaggedWithTheRelease: the Deployment and the kustomization
// pull the image of the release internal/version declares (the one the
// binary prints and /readyz reports), never :latest, which would make a
// rollout or a rollback pull whatever was pushed last.
func TestImageIsTaggedWithTheRelease(t *testing.T) {
	c := load(t).container(t)
	name, tag, ok := strings.Cut(c.Image, ":")
	if !ok || name != "qrforge" || tag != qrversion.Version {
		t.Errorf("the Deployment's image is %q, want qrforge:%s", c.Image, qrversion.Version)
	}
	k := readKustomization(t, "kustomization.yaml")
	var tagged bool
	for _, img := range k.Images {
		if img.Name != name {
			continue
		}
		tagged = true
		// A digest would replace the tag; the release is what names it.
		if img.NewTag != qrversion.Version || img.Digest != "" {
			t.Errorf("kustomization.yaml tags %s with %q (digest %q), want newTag %q (internal/version)", img.Name, img.NewTag, img.Digest, qrversion.Version)
		}
	}
	if !tagged {
		t.Errorf("kustomization.yaml has no images: entry for %s", name)
	}
	overlay := readKustomization(t, filepath.Join("ingress", "kustomization.yaml"))
	if len(overlay.Images) > 0 {
		t.Error("ingress/kustomization.yaml sets images: the tag is set in kustomization.yaml only")
	}
	if qrversion.Version == "latest" {
		t.Error("the release is called latest")
	}
}

// pinned is an image reference that keeps its tag for readers and is
// pulled by digest: name:tag@sha256:<64 hex digits> (the OCI image spec's
// digest, "Digests"; the distribution spec's tag grammar).
var pinned = regexp.MustCompile(`^([a-z0-9][a-z0-9._/-]*(?::[0-9]+)?(?:/[a-z0-9._-]+)*):([A-Za-z0-9_][A-Za-z0-9._-]{0,127})@sha256:[0-9a-f]{64}$`)

// TestBaseImagesArePinned: every FROM names its image by tag and digest,
// no "# syntax=" directive pulls a frontend by a moving tag, and the
// builder's Go is at least go.mod's go line, which the official golang
// images (GOTOOLCHAIN=local) refuse to build below.
func TestBaseImagesArePinned(t *testing.T) {
	dt, err := os.ReadFile("../Dockerfile")
	if err != nil {
		t.Fatal(err)
	}
	if syntax, _, _, ok := parser.DetectSyntax(dt); ok && !strings.Contains(syntax, "@sha256:") {
		t.Errorf("# syntax=%s pulls the Dockerfile frontend by tag; pin it by digest or leave it out", syntax)
	}
	stages := dockerfile(t)
	var earlier []string
	for _, st := range stages {
		switch {
		case st.BaseName == "scratch" || slices.Contains(earlier, st.BaseName):
		case !pinned.MatchString(st.BaseName):
			t.Errorf("FROM %s is not pinned as image:tag@sha256:<digest>", st.BaseName)
		}
		earlier = append(earlier, st.Name)
	}

	m := pinned.FindStringSubmatch(stages[0].BaseName)
	if m == nil || m[1] != "golang" {
		t.Fatalf("the builder %s is not a pinned golang image", stages[0].BaseName)
	}
	goVersion, _, _ := strings.Cut(m[2], "-") // 1.26.8-bookworm
	want := goLine(t, "../go.mod")
	if version.Compare("go"+goVersion, "go"+want) < 0 || strings.Count(goVersion, ".") != 2 {
		t.Errorf("the builder is Go %s; go.mod asks for go %s, and the image's GOTOOLCHAIN=local refuses older (name the patch release in the tag)", goVersion, want)
	}
}

// goLine reads the go directive of a go.mod.
func goLine(t *testing.T, file string) string {
	t.Helper()
	f, err := os.Open(file)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if v, ok := strings.CutPrefix(strings.TrimSpace(sc.Text()), "go "); ok {
			return strings.TrimSpace(v)
		}
	}
	t.Fatalf("%s has no go line", file)
	return ""
}

// TestIngressExample: ingress/ingress.yaml is a valid networking.k8s.io/v1
// Ingress, its TLS covers every host it routes, it sends everything to the
// Service's port, QRFORGE_BASE_URL is its https address, it rewrites no
// response header, and it stays out of the default kustomization.
func TestIngressExample(t *testing.T) {
	var ing networkingv1.Ingress
	decode(t, filepath.Join("ingress", "ingress.yaml"), &ing, "networking.k8s.io/v1", "Ingress")
	m := load(t)

	covered := map[string]bool{}
	for _, tls := range ing.Spec.TLS {
		if tls.SecretName == "" {
			t.Errorf("TLS for %v names no Secret", tls.Hosts)
		}
		for _, h := range tls.Hosts {
			covered[h] = true
		}
	}
	if len(ing.Spec.Rules) == 0 {
		t.Fatal("the Ingress has no rules")
	}
	var hosts []string
	for _, r := range ing.Spec.Rules {
		if r.Host == "" || !covered[r.Host] {
			t.Errorf("rule host %q is not covered by the Ingress's TLS %v", r.Host, ing.Spec.TLS)
		}
		hosts = append(hosts, r.Host)
		if r.HTTP == nil || len(r.HTTP.Paths) == 0 {
			t.Errorf("rule %s has no paths", r.Host)
			continue
		}
		for _, p := range r.HTTP.Paths {
			checkBackend(t, m, p.Backend)
			if p.PathType == nil || *p.PathType != networkingv1.PathTypePrefix || p.Path != "/" {
				t.Errorf("path %s (%v) does not send every qrforge route, want / Prefix", p.Path, p.PathType)
			}
		}
	}
	if ing.Spec.DefaultBackend != nil {
		checkBackend(t, m, *ing.Spec.DefaultBackend)
	}

	// The fixes and links qrforge writes must use the address the
	// Ingress serves, over TLS.
	base, _ := env(m.container(t), "QRFORGE_BASE_URL")
	if u, err := url.Parse(base); err != nil || u.Scheme != "https" || !slices.Contains(hosts, u.Host) {
		t.Errorf("QRFORGE_BASE_URL %q is not https://<a host of the Ingress %v>", base, hosts)
	}

	// Annotations that rewrite responses (ingress-nginx's snippets and
	// custom headers, proxy caches) could drop Cache-Control, ETag or
	// Vary, or cache what qrforge marks no-store.
	for key := range ing.Annotations {
		for _, bad := range []string{"snippet", "header", "cache", "expires"} {
			if strings.Contains(strings.ToLower(key), bad) {
				t.Errorf("annotation %s may rewrite qrforge's caching headers", key)
			}
		}
	}

	overlay := readKustomization(t, filepath.Join("ingress", "kustomization.yaml"))
	files, _ := filepath.Glob(filepath.Join("ingress", "*.yaml"))
	for _, f := range files {
		if base := filepath.Base(f); base != "kustomization.yaml" && !slices.Contains(overlay.Resources, base) {
			t.Errorf("ingress/kustomization.yaml does not list %s", base)
		}
	}
	if !slices.Contains(overlay.Resources, "..") {
		t.Error("ingress/kustomization.yaml does not include the base (..)")
	}
	for _, r := range readKustomization(t, "kustomization.yaml").Resources {
		var tm struct {
			Kind string `json:"kind"`
		}
		b, _ := os.ReadFile(r)
		if yaml.Unmarshal(b, &tm) == nil && tm.Kind == "Ingress" {
			t.Errorf("kustomization.yaml lists the Ingress %s: the default must apply without an ingress controller", r)
		}
	}
}

// checkBackend: the backend is the Service, on a port it has.
func checkBackend(t *testing.T, m *manifests, b networkingv1.IngressBackend) {
	t.Helper()
	if b.Service == nil || b.Service.Name != m.service.Name {
		t.Errorf("backend %+v is not Service %s", b, m.service.Name)
		return
	}
	for _, p := range m.service.Spec.Ports {
		if (b.Service.Port.Name != "" && b.Service.Port.Name == p.Name) || (b.Service.Port.Number != 0 && b.Service.Port.Number == p.Port) {
			return
		}
	}
	t.Errorf("backend port %+v is not a port of Service %s (%v)", b.Service.Port, m.service.Name, m.service.Spec.Ports)
}

// TestCachingHeadersTheDocsPromise: the headers docs/operations.md tells a
// CDN to key and cache on are the ones the binary sends.
func TestCachingHeadersTheDocsPromise(t *testing.T) {
	h := server.New(server.Config{BaseURL: "https://qr.example.com"})
	do := func(method, target string, header http.Header) *httptest.ResponseRecorder {
		req := httptest.NewRequest(method, target, nil)
		for k, v := range header {
			req.Header[k] = v
		}
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		return rec
	}

	img := do(http.MethodGet, "/api/v1/qr?data=https%3A%2F%2Fexample.com&size=200", nil)
	if img.Code != http.StatusOK || img.Header().Get("Cache-Control") != "public, max-age=31536000, immutable" {
		t.Errorf("GET /api/v1/qr: %d, Cache-Control %q, want 200 public, max-age=31536000, immutable", img.Code, img.Header().Get("Cache-Control"))
	}
	etag := img.Header().Get("ETag")
	if !strings.HasPrefix(etag, `"`) || !strings.HasSuffix(etag, `"`) || len(etag) < 3 {
		t.Fatalf("GET /api/v1/qr: ETag %q, want a strong entity tag", etag)
	}
	// A CDN that compresses may weaken the tag (nginx does); revalidation
	// still answers 304 (RFC 9110 §13.1.2's weak comparison).
	for _, inm := range []string{etag, "W/" + etag} {
		if rec := do(http.MethodGet, "/api/v1/qr?size=200&data=https%3A%2F%2Fexample.com", http.Header{"If-None-Match": {inm}}); rec.Code != http.StatusNotModified || rec.Body.Len() != 0 {
			t.Errorf("If-None-Match %s: %d with %d bytes, want an empty 304", inm, rec.Code, rec.Body.Len())
		}
	}

	kinds := registry.All()
	if len(kinds) == 0 {
		t.Fatal("no kind registered")
	}
	q := url.Values{}
	for k, v := range kinds[0].Example() {
		q.Set(k, v)
	}
	payload := do(http.MethodGet, kinds[0].Path()+"/payload?"+q.Encode(), nil)
	if payload.Code != http.StatusOK || payload.Header().Get("Vary") != "Accept" || !strings.Contains(payload.Header().Get("Cache-Control"), "max-age=31536000") {
		t.Errorf("GET %s/payload: %d, Vary %q, Cache-Control %q, want 200 with Vary: Accept and a year", kinds[0].Path(), payload.Code, payload.Header().Get("Vary"), payload.Header().Get("Cache-Control"))
	}
	var asJSON map[string]any
	if err := json.Unmarshal(payload.Body.Bytes(), &asJSON); err != nil {
		t.Errorf("GET %s/payload without Accept is not JSON: %v", kinds[0].Path(), err)
	}

	problem := do(http.MethodGet, "/api/v1/qr?data=x&size=banana", nil)
	if problem.Code/100 != 4 || problem.Header().Get("Cache-Control") != "no-store" {
		t.Errorf("GET /api/v1/qr?size=banana: %d, Cache-Control %q, want a 4xx with no-store", problem.Code, problem.Header().Get("Cache-Control"))
	}

	post := httptest.NewRequest(http.MethodPost, "/api/v1/qr?data=Hello", bytes.NewReader([]byte(`{}`)))
	post.Header.Set("Content-Type", "application/json")
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, post)
	if rec.Code != http.StatusOK || rec.Header().Get("Cache-Control") != "no-store" {
		t.Errorf("POST /api/v1/qr: %d, Cache-Control %q, want 200 with no-store: %s", rec.Code, rec.Header().Get("Cache-Control"), rec.Body)
	}
}
