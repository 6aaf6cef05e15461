#!/usr/bin/env bash
# qrforge checked with npm tools: builds the binary from this checkout,
# starts it on a free loopback port, then
#  1. validates the OpenAPI 3.1 document it serves (/api/openapi.json) with
#     Redocly CLI (`redocly lint`, rules in redocly.yaml): errors fail,
#     warnings are printed;
#  2. runs mcp.test.mjs with node's test runner: the official MCP
#     TypeScript SDK's client against /api/mcp over Streamable HTTP, with
#     zbarimg reading back every PNG it generates.
#
# Usage: bash e2e/npm/run.sh   (from any directory; root or sudo installs
# zbar-tools from Debian when zbarimg is missing). Needs node >= 20, npm, go.
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$here/../.." && pwd)

log() { printf 'npm e2e: %s\n' "$*"; }

# The machine has Go at /usr/local/go even when a non-login shell lacks it.
if ! command -v go >/dev/null 2>&1 && [ -x /usr/local/go/bin/go ]; then
	export PATH="$PATH:/usr/local/go/bin"
fi

as_root() {
	if [ "$(id -u)" -eq 0 ]; then
		"$@"
	else
		sudo "$@"
	fi
}

if ! command -v zbarimg >/dev/null 2>&1; then
	log "installing zbar-tools from Debian"
	as_root env DEBIAN_FRONTEND=noninteractive apt-get update -q
	as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends zbar-tools
fi
for cmd in node npm go zbarimg; do
	command -v "$cmd" >/dev/null 2>&1 || { log "$cmd is missing"; exit 1; }
done

# The lock file pins @modelcontextprotocol/sdk and @redocly/cli; npm ci
# again when it is newer than what node_modules holds.
if [ ! -f "$here/node_modules/.package-lock.json" ] || [ "$here/package-lock.json" -nt "$here/node_modules/.package-lock.json" ]; then
	log "npm ci"
	(cd "$here" && npm ci --no-audit --no-fund)
fi

# Redocly CLI: no usage telemetry and no update check (the machine has no
# network but the package registries).
export REDOCLY_TELEMETRY=off REDOCLY_SUPPRESS_UPDATE_NOTICE=true

. "$root/e2e/serve.sh"
start_qrforge npm-e2e

status=0

log "redocly lint $url/api/openapi.json"
node -e '
fetch(process.argv[1]).then(async (r) => {
  if (!r.ok) throw new Error(`GET ${process.argv[1]}: ${r.status}`);
  process.stdout.write(await r.text());
}).catch((e) => { console.error(e.message); process.exit(1); })' "$url/api/openapi.json" >"$work/openapi.json"
(cd "$work" && "$here/node_modules/.bin/redocly" lint --config "$here/redocly.yaml" openapi.json) || status=$?

log "node --test mcp.test.mjs"
(cd "$here" && QRFORGE_URL="$url" node --test --test-reporter=spec mcp.test.mjs) || status=$?

if [ "$status" -ne 0 ]; then
	log "failed; server log:"
	tail -n 50 "$work/stderr" >&2 || true
fi
exit "$status"
