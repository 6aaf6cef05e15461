// Package deploy holds qrforge's Kubernetes manifests (kubectl apply -k
// deploy/). It has no code: its test checks the manifests against the
// Kubernetes API types, the Dockerfile with Docker's own parser, and both
// against the routes and defaults of the binary, so that the YAML and
// Dockerfile libraries stay out of the service.
package deploy
