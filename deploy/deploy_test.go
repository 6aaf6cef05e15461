package deploy

import (
	"bytes"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/moby/buildkit/frontend/dockerfile/instructions"
	"github.com/moby/buildkit/frontend/dockerfile/parser"
	"github.com/moby/patternmatcher"
	"github.com/moby/patternmatcher/ignorefile"
	appsv1 "k8s.io/api/apps/v1"
	autoscalingv2 "k8s.io/api/autoscaling/v2"
	corev1 "k8s.io/api/core/v1"
	policyv1 "k8s.io/api/policy/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/util/intstr"
	"sigs.k8s.io/yaml"

	_ "github.com/qrforge/qrforge/kinds" // readiness needs the registry filled
	"github.com/qrforge/qrforge/server"
)

// decode reads a manifest strictly into its API type: a misspelt or
// misplaced field is an error, as kubectl's server-side validation would
// report it, and apiVersion and kind must be the ones expected.
func decode(t *testing.T, file string, into any, apiVersion, kind string) {
	t.Helper()
	b, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	if err := yaml.UnmarshalStrict(b, into); err != nil {
		t.Fatalf("%s: %v", file, err)
	}
	var tm metav1.TypeMeta
	if err := yaml.Unmarshal(b, &tm); err != nil {
		t.Fatalf("%s: %v", file, err)
	}
	if tm.APIVersion != apiVersion || tm.Kind != kind {
		t.Fatalf("%s is %s %s, want %s %s", file, tm.APIVersion, tm.Kind, apiVersion, kind)
	}
}

type manifests struct {
	deployment appsv1.Deployment
	service    corev1.Service
	hpa        autoscalingv2.HorizontalPodAutoscaler
	pdb        policyv1.PodDisruptionBudget
}

func load(t *testing.T) *manifests {
	m := &manifests{}
	decode(t, "deployment.yaml", &m.deployment, "apps/v1", "Deployment")
	decode(t, "service.yaml", &m.service, "v1", "Service")
	decode(t, "hpa.yaml", &m.hpa, "autoscaling/v2", "HorizontalPodAutoscaler")
	decode(t, "pdb.yaml", &m.pdb, "policy/v1", "PodDisruptionBudget")
	return m
}

// container is the Deployment's qrforge container.
func (m *manifests) container(t *testing.T) corev1.Container {
	t.Helper()
	cs := m.deployment.Spec.Template.Spec.Containers
	if len(cs) != 1 {
		t.Fatalf("the Deployment has %d containers, want 1", len(cs))
	}
	return cs[0]
}

// port resolves a probe's or Service's port (a number or a port name) to
// the container port number.
func port(t *testing.T, c corev1.Container, p intstr.IntOrString) int32 {
	t.Helper()
	if p.Type == intstr.Int {
		return p.IntVal
	}
	for _, cp := range c.Ports {
		if cp.Name == p.StrVal {
			return cp.ContainerPort
		}
	}
	t.Fatalf("port %q is not a port of container %s", p.StrVal, c.Name)
	return 0
}

func env(c corev1.Container, name string) (string, bool) {
	for _, e := range c.Env {
		if e.Name == name {
			return e.Value, true
		}
	}
	return "", false
}

func TestKustomizationListsEveryManifest(t *testing.T) {
	k := readKustomization(t, "kustomization.yaml")
	files, _ := filepath.Glob("*.yaml")
	for _, f := range files {
		if f != "kustomization.yaml" && !slices.Contains(k.Resources, f) {
			t.Errorf("kustomization.yaml does not list %s", f)
		}
	}
	for _, r := range k.Resources {
		if _, err := os.Stat(r); err != nil {
			t.Errorf("kustomization.yaml lists %s: %v", r, err)
		}
	}
}

// TestProbesMatchTheBinary: the probe paths and ports are the binary's:
// they answer 200 on the real handler, and the port is the one
// QRFORGE_OPS_ADDR makes its operations listener listen on, or, without
// one, QRFORGE_ADDR's. The Service exposes the API's port only.
func TestProbesMatchTheBinary(t *testing.T) {
	m := load(t)
	c := m.container(t)
	listenOn := func(name string) (string, int) {
		t.Helper()
		addr, _ := env(c, name)
		host, p, err := net.SplitHostPort(addr)
		n, _ := strconv.Atoi(p)
		if err != nil || host != "0.0.0.0" || n == 0 {
			t.Fatalf("%s %q, want 0.0.0.0:<port>", name, addr)
		}
		return p, n
	}
	if _, ok := env(c, "QRFORGE_ADDR"); !ok {
		t.Fatal("the container does not set QRFORGE_ADDR: the binary's default, 127.0.0.1, is unreachable from outside the pod")
	}
	apiPort, api := listenOn("QRFORGE_ADDR")
	listenPort, want := apiPort, api

	cfg := server.Config{BaseURL: "https://qr.example.com"}
	h := server.New(cfg)
	if _, ok := env(c, "QRFORGE_OPS_ADDR"); ok {
		// The probes and metrics are the operations listener's
		// (docs/operations.md, "Operations listener").
		listenPort, want = listenOn("QRFORGE_OPS_ADDR")
		if want == api {
			t.Fatalf("QRFORGE_OPS_ADDR and QRFORGE_ADDR share port %d", want)
		}
		var apiHandler http.Handler
		apiHandler, h = server.NewWithOps(cfg)
		rec := httptest.NewRecorder()
		apiHandler.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/metrics", nil))
		if rec.Code != http.StatusNotFound {
			t.Errorf("GET /metrics on the API's port with an operations listener: %d, want 404", rec.Code)
		}
	}
	probes := map[string]*corev1.Probe{"readiness": c.ReadinessProbe, "liveness": c.LivenessProbe}
	paths := map[string]string{"readiness": "/readyz", "liveness": "/healthz"}
	for name, p := range probes {
		if p == nil || p.HTTPGet == nil {
			t.Errorf("%s probe is not an HTTP GET", name)
			continue
		}
		if p.HTTPGet.Path != paths[name] {
			t.Errorf("%s probe on %s, want %s", name, p.HTTPGet.Path, paths[name])
		}
		if got := port(t, c, p.HTTPGet.Port); got != int32(want) {
			t.Errorf("%s probe on port %d, but the probes are served on %d", name, got, want)
		}
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, p.HTTPGet.Path, nil))
		if rec.Code != http.StatusOK {
			t.Errorf("%s probe GET %s: the binary answers %d", name, p.HTTPGet.Path, rec.Code)
		}
	}
	svcPort := m.service.Spec.Ports
	if len(svcPort) != 1 || port(t, c, svcPort[0].TargetPort) != int32(api) {
		t.Errorf("the Service's target port %v is not the API's port (%d)", svcPort, api)
	}
	if got := m.deployment.Spec.Template.Annotations["prometheus.io/port"]; got != listenPort {
		t.Errorf("prometheus.io/port %q, want %s", got, listenPort)
	}
	path := m.deployment.Spec.Template.Annotations["prometheus.io/path"]
	if path != "/metrics" {
		t.Errorf("prometheus.io/path %q, want /metrics", path)
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, path, nil))
	if rec.Code != http.StatusOK {
		t.Errorf("scrape GET %s on port %s: the binary answers %d", path, listenPort, rec.Code)
	}
	for _, p := range c.Ports {
		if p.ContainerPort == int32(want) && want != api && p.Name != "ops" {
			t.Errorf("container port %d of the operations listener is named %q, want ops", want, p.Name)
		}
	}
}

func TestDeploymentIsHardened(t *testing.T) {
	m := load(t)
	c := m.container(t)
	pod := m.deployment.Spec.Template.Spec.SecurityContext
	if pod == nil || pod.RunAsNonRoot == nil || !*pod.RunAsNonRoot || pod.RunAsUser == nil || *pod.RunAsUser == 0 {
		t.Error("the pod does not run as a non-root user")
	}
	sc := c.SecurityContext
	if sc == nil || sc.ReadOnlyRootFilesystem == nil || !*sc.ReadOnlyRootFilesystem {
		t.Error("the root filesystem is not read-only")
	}
	if sc == nil || sc.AllowPrivilegeEscalation == nil || *sc.AllowPrivilegeEscalation {
		t.Error("privilege escalation is not turned off")
	}
	if sc == nil || sc.Capabilities == nil || !slices.Contains(sc.Capabilities.Drop, "ALL") {
		t.Error("capabilities are not all dropped")
	}
	for _, r := range []corev1.ResourceName{corev1.ResourceCPU, corev1.ResourceMemory} {
		req, hasReq := c.Resources.Requests[r]
		lim, hasLim := c.Resources.Limits[r]
		if !hasReq || !hasLim {
			t.Errorf("%s has no request or no limit", r)
			continue
		}
		if req.Cmp(lim) > 0 {
			t.Errorf("%s request %s is above its limit %s", r, req.String(), lim.String())
		}
	}
	// GOMEMLIMIT must stay under the memory limit, or the kernel kills
	// the pod before the GC reacts.
	if v, ok := env(c, "GOMEMLIMIT"); ok {
		mib, err := strconv.Atoi(strings.TrimSuffix(v, "MiB"))
		lim := c.Resources.Limits[corev1.ResourceMemory]
		if err != nil || int64(mib)<<20 >= lim.Value() {
			t.Errorf("GOMEMLIMIT %s is not below the memory limit %s", v, lim.String())
		}
	}
	checkShutdownFits(t, m, c)
}

// abortWait is cmd/qrforge's abortWait: once the shutdown grace is over,
// qrforge takes up to that long to abort the requests still running.
const abortWait = time.Second

// opsCloseWait is cmd/qrforge's: after the drain, the time the operations
// listener (QRFORGE_OPS_ADDR) gives a probe or scrape under way.
const opsCloseWait = time.Second

// checkShutdownFits: the pod's termination grace period covers the preStop
// sleep, qrforge's shutdown grace (QRFORGE_SHUTDOWN_GRACE, set in the
// manifest rather than left to the binary's default) and the abort that
// follows it, so that qrforge, not the kubelet's SIGKILL, ends its
// requests.
func checkShutdownFits(t *testing.T, m *manifests, c corev1.Container) {
	t.Helper()
	podGrace := m.deployment.Spec.Template.Spec.TerminationGracePeriodSeconds
	var preStop int64
	if c.Lifecycle != nil && c.Lifecycle.PreStop != nil && c.Lifecycle.PreStop.Sleep != nil {
		preStop = c.Lifecycle.PreStop.Sleep.Seconds
	}
	v, ok := env(c, "QRFORGE_SHUTDOWN_GRACE")
	if !ok {
		t.Fatal("the container does not set QRFORGE_SHUTDOWN_GRACE: the manifest cannot show that terminationGracePeriodSeconds covers it")
	}
	grace, err := time.ParseDuration(v)
	if err != nil || grace < 0 {
		t.Fatalf("QRFORGE_SHUTDOWN_GRACE %q is not a duration qrforge accepts", v)
	}
	need := time.Duration(preStop)*time.Second + grace + abortWait
	if _, ok := env(c, "QRFORGE_OPS_ADDR"); ok {
		need += opsCloseWait
	}
	if podGrace == nil {
		t.Fatal("the Deployment does not set terminationGracePeriodSeconds")
	}
	if time.Duration(*podGrace)*time.Second <= need {
		t.Errorf("terminationGracePeriodSeconds %d is not above the preStop sleep (%d s) + QRFORGE_SHUTDOWN_GRACE (%v) + qrforge's abort (%v) and the operations listener's close = %v",
			*podGrace, preStop, grace, abortWait, need)
	}
}

func TestSelectorsAndScaling(t *testing.T) {
	m := load(t)
	pod := m.deployment.Spec.Template.Labels
	matches := func(sel map[string]string) bool {
		for k, v := range sel {
			if pod[k] != v {
				return false
			}
		}
		return len(sel) > 0
	}
	if !matches(m.deployment.Spec.Selector.MatchLabels) {
		t.Error("the Deployment's selector does not match its pods")
	}
	if !matches(m.service.Spec.Selector) {
		t.Error("the Service's selector does not match the pods")
	}
	if m.pdb.Spec.Selector == nil || !matches(m.pdb.Spec.Selector.MatchLabels) {
		t.Error("the PodDisruptionBudget's selector does not match the pods")
	}
	ref := m.hpa.Spec.ScaleTargetRef
	if ref.Kind != "Deployment" || ref.Name != m.deployment.Name || ref.APIVersion != "apps/v1" {
		t.Errorf("the HPA scales %s %s, want Deployment %s", ref.APIVersion, ref.Kind, m.deployment.Name)
	}
	if len(m.hpa.Spec.Metrics) == 0 || m.hpa.Spec.Metrics[0].Resource == nil || m.hpa.Spec.Metrics[0].Resource.Name != corev1.ResourceCPU {
		t.Error("the HPA does not scale on CPU")
	}
	min := int32(1)
	if m.hpa.Spec.MinReplicas != nil {
		min = *m.hpa.Spec.MinReplicas
	}
	// A drain must be possible: the budget keeps fewer than the minimum.
	if avail := m.pdb.Spec.MinAvailable; avail == nil || avail.IntValue() >= int(min) {
		t.Errorf("PodDisruptionBudget minAvailable %v with %d replicas at least blocks every drain", avail, min)
	}
	if min < 2 {
		t.Errorf("minReplicas %d: one replica is down in every rollout or drain", min)
	}
	if c := m.container(t); c.Resources.Requests.Cpu().IsZero() {
		t.Error("the HPA's CPU utilisation needs a CPU request")
	}
}

// TestEveryVariableIsDocumented: each QRFORGE_ variable the Deployment sets
// is one docs/operations.md documents (whose test in cmd/qrforge checks it
// against the flags).
func TestEveryVariableIsDocumented(t *testing.T) {
	doc, err := os.ReadFile("../docs/operations.md")
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range load(t).container(t).Env {
		if strings.HasPrefix(e.Name, "QRFORGE_") && !bytes.Contains(doc, []byte("`"+e.Name+"`")) {
			t.Errorf("%s is not documented in docs/operations.md", e.Name)
		}
	}
}

// dockerfile parses ../Dockerfile with Docker's own parser (BuildKit).
func dockerfile(t *testing.T) []instructions.Stage {
	t.Helper()
	f, err := os.Open("../Dockerfile")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	ast, err := parser.Parse(f)
	if err != nil {
		t.Fatalf("Dockerfile: %v", err)
	}
	for _, w := range ast.Warnings {
		t.Errorf("Dockerfile: %s", w.Short)
	}
	stages, _, err := instructions.Parse(ast.AST, nil)
	if err != nil {
		t.Fatalf("Dockerfile: %v", err)
	}
	return stages
}

func TestDockerfile(t *testing.T) {
	stages := dockerfile(t)
	if len(stages) < 2 {
		t.Fatalf("%d stages, want a builder and a runtime stage", len(stages))
	}
	build, final := stages[0], stages[len(stages)-1]
	if !strings.HasPrefix(build.BaseName, "golang:") {
		t.Errorf("the builder is %s, want a golang image", build.BaseName)
	}
	if !strings.HasPrefix(final.BaseName, "gcr.io/distroless/static") && final.BaseName != "scratch" {
		t.Errorf("the runtime image is %s, want distroless/static or scratch", final.BaseName)
	}

	var static bool
	for _, cmd := range build.Commands {
		if run, ok := cmd.(*instructions.RunCommand); ok {
			line := strings.Join(run.CmdLine, " ")
			if strings.Contains(line, "CGO_ENABLED=0") && strings.Contains(line, "go build") && strings.Contains(line, "./cmd/qrforge") {
				static = true
			}
		}
	}
	if !static {
		t.Error("the builder does not build ./cmd/qrforge with CGO_ENABLED=0 (a static binary)")
	}

	var (
		binary, user, addr string
		entrypoint, check  []string
		exposed            []string
	)
	for _, cmd := range final.Commands {
		switch c := cmd.(type) {
		case *instructions.CopyCommand:
			if c.From == build.Name {
				binary = c.DestPath
			}
		case *instructions.UserCommand:
			user = c.User
		case *instructions.EnvCommand:
			for _, kv := range c.Env {
				if kv.Key == "QRFORGE_ADDR" {
					addr = kv.Value
				}
			}
		case *instructions.ExposeCommand:
			exposed = append(exposed, c.Ports...)
		case *instructions.EntrypointCommand:
			entrypoint = c.CmdLine
		case *instructions.HealthCheckCommand:
			check = c.Health.Test
		}
	}
	if binary == "" {
		t.Fatal("the runtime stage copies no binary from the builder")
	}
	uid, _, _ := strings.Cut(user, ":")
	if n, err := strconv.Atoi(uid); err != nil || n == 0 {
		t.Errorf("USER %q, want a numeric non-root user (Kubernetes' runAsNonRoot checks numbers only)", user)
	}
	if !slices.Equal(entrypoint, []string{binary}) {
		t.Errorf("ENTRYPOINT %v, want [%s]", entrypoint, binary)
	}
	if !slices.Equal(check, []string{"CMD", binary, "healthcheck"}) {
		t.Errorf("HEALTHCHECK %v, want CMD [%s healthcheck]: distroless has no shell or curl", check, binary)
	}
	_, p, err := net.SplitHostPort(addr)
	if err != nil || !slices.Contains(exposed, p) {
		t.Errorf("ENV QRFORGE_ADDR=%q and EXPOSE %v disagree", addr, exposed)
	}
	c := load(t).container(t)
	if len(c.Ports) == 0 || strconv.Itoa(int(c.Ports[0].ContainerPort)) != p {
		t.Errorf("the Deployment's container port is not the image's port %s", p)
	}
	if user != "" && c.SecurityContext != nil {
		pod := load(t).deployment.Spec.Template.Spec.SecurityContext
		if pod.RunAsUser == nil || strconv.FormatInt(*pod.RunAsUser, 10) != uid {
			t.Errorf("the pod's runAsUser is not the image's USER %s", uid)
		}
	}
}

// TestDockerignoreKeepsTheBuild: no file the binary is built from, nor an
// embedded one, is excluded from the build context.
func TestDockerignoreKeepsTheBuild(t *testing.T) {
	f, err := os.Open("../.dockerignore")
	if err != nil {
		t.Fatal(err)
	}
	patterns, err := ignorefile.ReadAll(f)
	f.Close()
	if err != nil {
		t.Fatal(err)
	}
	pm, err := patternmatcher.New(patterns)
	if err != nil {
		t.Fatal(err)
	}
	root, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("go", "list", "-deps", "-f", `{{if not .Standard}}{{$d := .Dir}}{{range .GoFiles}}{{$d}}/{{.}}
{{end}}{{range .EmbedFiles}}{{$d}}/{{.}}
{{end}}{{end}}`, "./cmd/qrforge")
	cmd.Dir = root
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	files := []string{"go.mod", "go.sum"}
	for _, line := range strings.Split(string(out), "\n") {
		if rel, err := filepath.Rel(root, line); err == nil && line != "" && !strings.HasPrefix(rel, "..") {
			files = append(files, filepath.ToSlash(rel))
		}
	}
	if len(files) < 10 {
		t.Fatalf("go list found only %v", files)
	}
	for _, file := range files {
		if excluded, err := pm.MatchesOrParentMatches(file); err != nil || excluded {
			t.Errorf(".dockerignore excludes %s, which the build needs", file)
		}
	}
	for _, file := range []string{".git/HEAD", "e2e/node_modules/x", "server/server_test.go", "bench/bench_test.go"} {
		if excluded, _ := pm.MatchesOrParentMatches(file); !excluded {
			t.Errorf(".dockerignore sends %s to the builder", file)
		}
	}
}
