package version

import (
	"regexp"
	"testing"
)

// semver is Semantic Versioning 2.0.0's own regular expression (semver.org,
// "Is there a suggested regular expression"), without build metadata: "+"
// is not allowed in an OCI image tag.
var semver = regexp.MustCompile(`^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(?:-((?:0|[1-9]\d*|\d*[a-zA-Z-][0-9a-zA-Z-]*)(?:\.(?:0|[1-9]\d*|\d*[a-zA-Z-][0-9a-zA-Z-]*))*))?$`)

// imageTag is the OCI distribution spec's grammar for a tag
// (distribution-spec, "Pulling manifests").
var imageTag = regexp.MustCompile(`^[a-zA-Z0-9_][a-zA-Z0-9._-]{0,127}$`)

func TestVersionIsSemverAndAnImageTag(t *testing.T) {
	if !semver.MatchString(Version) {
		t.Errorf("Version %q is not a Semantic Versioning 2.0.0 version without a leading v", Version)
	}
	if !imageTag.MatchString(Version) {
		t.Errorf("Version %q is not a valid image tag", Version)
	}
}
