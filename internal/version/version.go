// Package version holds qrforge's release version, declared once: the
// binary prints it (qrforge version), /readyz and the qrforge_build_info
// metric report it, and deploy/kustomization.yaml tags the image with it
// (deploy/release_test.go checks that the tag is this value).
package version

// Version is qrforge's release, in Semantic Versioning 2.0.0 without the
// leading "v" so that it is also a valid image tag. A release changes it
// here and in deploy/ (docs/operations.md "Releases and images").
const Version = "0.1.0"
