#!/usr/bin/env bash
# qrforge's MCP server checked with the official MCP TypeScript SDK client:
# builds the binary from this checkout, starts it on a free loopback port,
# then runs mcp.test.mjs with node's test runner against /api/mcp over
# Streamable HTTP: the tools/list budget, a typed code in three calls,
# every structuredContent against its outputSchema with ajv (an error
# result too), the kind schema resources and template, and the prompts.
# It prints the bytes of tools/list and of a generate-verify loop
# (BENCHMARKS.md, "MCP").
#
# Usage: bash e2e/mcp/run.sh   (from any directory). Needs node >= 20, npm, go.
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$here/../.." && pwd)

log() { printf 'mcp e2e: %s\n' "$*"; }

# The machine has Go at /usr/local/go even when a non-login shell lacks it.
if ! command -v go >/dev/null 2>&1 && [ -x /usr/local/go/bin/go ]; then
	export PATH="$PATH:/usr/local/go/bin"
fi

for cmd in node npm go; do
	command -v "$cmd" >/dev/null 2>&1 || { log "$cmd is missing"; exit 1; }
done

# The lock file pins @modelcontextprotocol/sdk and ajv; npm ci again when
# it is newer than what node_modules holds.
if [ ! -f "$here/node_modules/.package-lock.json" ] || [ "$here/package-lock.json" -nt "$here/node_modules/.package-lock.json" ]; then
	log "npm ci"
	(cd "$here" && npm ci --no-audit --no-fund)
fi

work=$(mktemp -d "${TMPDIR:-/tmp}/qrforge-mcp-e2e.XXXXXX")
server_pid=
cleanup() {
	if [ -n "$server_pid" ]; then
		kill "$server_pid" 2>/dev/null || true
		wait "$server_pid" 2>/dev/null || true
	fi
	rm -rf "$work"
}
trap cleanup EXIT

log "building qrforge"
(cd "$root" && go build -o "$work/qrforge" ./cmd/qrforge)

# Port 0: the kernel picks a free port, and qrforge prints the address it
# listens on ("qrforge listening on http://ADDR ..."), so there is no race
# between choosing a port and binding it.
env -u QRFORGE_ADDR -u QRFORGE_BASE_URL "$work/qrforge" --addr 127.0.0.1:0 >"$work/stdout" 2>"$work/stderr" &
server_pid=$!
url=
for _ in $(seq 1 200); do
	url=$(sed -n 's/^qrforge listening on \(http:\/\/[0-9.:]*\).*/\1/p;T;q' "$work/stdout")
	[ -n "$url" ] && break
	if ! kill -0 "$server_pid" 2>/dev/null; then
		log "qrforge exited:"
		cat "$work/stdout" "$work/stderr" >&2
		exit 1
	fi
	sleep 0.1
done
if [ -z "$url" ]; then
	log "qrforge did not print its address within 20s"
	cat "$work/stdout" "$work/stderr" >&2
	exit 1
fi
healthy=
for _ in $(seq 1 100); do
	if node -e 'fetch(process.argv[1]).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))' "$url/healthz"; then
		healthy=1
		break
	fi
	sleep 0.1
done
if [ -z "$healthy" ]; then
	log "$url/healthz did not answer 200 within 10s"
	cat "$work/stderr" >&2
	exit 1
fi
log "qrforge at $url"

status=0
log "node --test mcp.test.mjs"
(cd "$here" && QRFORGE_URL="$url" node --test --test-reporter=spec mcp.test.mjs) || status=$?

if [ "$status" -ne 0 ]; then
	log "failed; server log:"
	tail -n 50 "$work/stderr" >&2 || true
fi
exit "$status"
