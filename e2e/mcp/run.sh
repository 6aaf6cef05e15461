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

. "$root/e2e/serve.sh"
start_qrforge mcp-e2e

status=0
log "node --test mcp.test.mjs"
(cd "$here" && QRFORGE_URL="$url" node --test --test-reporter=spec mcp.test.mjs) || status=$?

if [ "$status" -ne 0 ]; then
	log "failed; server log:"
	tail -n 50 "$work/stderr" >&2 || true
fi
exit "$status"
