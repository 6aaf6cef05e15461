#!/usr/bin/env bash
# soak.sh runs qrforge, built from the committed tree (HEAD, exported) as
# the deployment runs it (GOMEMLIMIT=900MiB, default cache), under a mixed
# load of generic and typed codes, verify, decode, batch and MCP calls at
# 80 % of the capacity it measures first, for DURATION (10 minutes by
# default), on loopback. It prints the rate, errors, latency percentiles
# and resident-memory samples, and fails when a request failed or memory
# grew more than 10 % after warm-up (until the response cache is full).
# Not part of CI.
#
#   bench/soak.sh                      # DURATION=10m LOAD=0.8
#   DURATION=2m bench/soak.sh
#   DURATION=25m WARMUP=15m bench/soak.sh   # a slower mix fills the cache later
set -euo pipefail
cd "$(dirname "$0")"
port=${QRFORGE_PORT:-18190}
src=$(mktemp -d)
pid=
cleanup() {
	[[ -n $pid ]] && kill "$pid" 2>/dev/null || true
	rm -rf "$src"
}
trap cleanup EXIT
root=$(git rev-parse --show-toplevel)
git -C "$root" archive HEAD | tar -x -C "$src"
(cd "$src" && go build -o "$src/qrforge" ./cmd/qrforge)
(cd "$src/bench" && go build -o "$src/soak" ./cmd/soak)
GOMEMLIMIT=900MiB "$src/qrforge" --addr "127.0.0.1:$port" >"$src/qrforge.log" 2>&1 &
pid=$!
for _ in $(seq 100); do
	curl -sf -o /dev/null "http://127.0.0.1:$port/healthz" && break
	sleep 0.1
done
"$src/soak" -url "http://127.0.0.1:$port" -pid "$pid" -duration "${DURATION:-10m}" -warmup "${WARMUP:-3m}" -load "${LOAD:-0.8}"
printf 'qrforge peak RSS (VmHWM)\t%s\n' "$(awk '/VmHWM/ {print $2, $3}' "/proc/$pid/status")"
