# qrforge as a container: a static Go binary on distroless/static, run as a
# non-root user, listening on 0.0.0.0:8080. See docs/operations.md.
#
#   docker build -t qrforge .
#   docker run --rm -p 8080:8080 -e QRFORGE_BASE_URL=http://localhost:8080 qrforge

# Base images are pinned by digest, so that a rebuild of a commit starts
# from the same bytes; the tag stays for readers. A release refreshes both
# (docs/operations.md "Releases and images"):
#   crane digest golang:1.26.8-bookworm
#   crane digest gcr.io/distroless/static-debian12:nonroot
# The builder's Go must be at least go.mod's go line: the official golang
# images set GOTOOLCHAIN=local, so an older Go refuses to build.
# No "# syntax=" line: BuildKit's bundled Dockerfile frontend (Docker 23
# and later) reads this file, RUN --mount included, so no frontend image
# is pulled by a moving tag. deploy/release_test.go checks all of this.

# golang:1.26.8-bookworm, the multi-platform index of 2026-09-01.
FROM golang:1.26.8-bookworm@sha256:9fdc884aacc3bec89b20ffc69f4bb369c78210e3e4f600387b5128b12c199f81 AS build
WORKDIR /src
# Modules first: a code change reuses the download layer.
COPY go.mod go.sum ./
RUN --mount=type=cache,target=/go/pkg/mod go mod download
COPY . .
# CGO_ENABLED=0 links a static binary: distroless/static has no libc.
# -trimpath and -s -w keep build paths and symbols out of the image.
# nomsgpack leaves out gin's MessagePack codec (github.com/ugorji/go),
# which qrforge never uses: 31.7 MB becomes 25.2 MB.
RUN --mount=type=cache,target=/go/pkg/mod \
    --mount=type=cache,target=/root/.cache/go-build \
    CGO_ENABLED=0 GOOS=linux go build -tags nomsgpack -trimpath -ldflags="-s -w" -o /out/qrforge ./cmd/qrforge

# gcr.io/distroless/static-debian12:nonroot, the multi-platform index
# current from 2026-08-26 to at least 2026-09-29.
FROM gcr.io/distroless/static-debian12:nonroot@sha256:afa5c872c891853ca7fcf1f12c3edb23f7eeef36189728842dd51042ff57f7ab
COPY --from=build /out/qrforge /qrforge
# 65532 is distroless's nonroot user, given by number so that Kubernetes'
# runAsNonRoot can verify it.
USER 65532:65532
ENV QRFORGE_ADDR=0.0.0.0:8080
EXPOSE 8080
# distroless has no shell or curl: the binary checks its own /healthz.
HEALTHCHECK --interval=30s --timeout=5s --start-period=5s --retries=3 \
    CMD ["/qrforge", "healthcheck"]
ENTRYPOINT ["/qrforge"]
