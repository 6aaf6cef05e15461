#!/usr/bin/env bash
# Browser tests of qrforge's pages: builds the binary from this checkout,
# starts it on a free loopback port and runs pages.test.mjs with node's
# test runner in Debian's Chromium, driven by playwright-core (which never
# downloads a browser of its own).
#
# Usage: bash e2e/browser/run.sh   (from any directory; root or sudo
# installs chromium and zbar-tools from Debian when they are missing).
# Screenshots and downloads go to e2e/artifacts/ (gitignored).
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$here/../.." && pwd)
export QRFORGE_ARTIFACTS=${QRFORGE_ARTIFACTS:-$root/e2e/artifacts}
export CHROMIUM=${CHROMIUM:-/usr/bin/chromium}

log() { printf 'browser e2e: %s\n' "$*"; }

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

missing=()
[ -x "$CHROMIUM" ] || missing+=(chromium)
command -v zbarimg >/dev/null 2>&1 || missing+=(zbar-tools)
if [ ${#missing[@]} -gt 0 ]; then
	log "installing from Debian: ${missing[*]}"
	as_root env DEBIAN_FRONTEND=noninteractive apt-get update -q
	as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -q "${missing[@]}"
fi
for cmd in node npm go zbarimg; do
	command -v "$cmd" >/dev/null 2>&1 || { log "$cmd is missing"; exit 1; }
done

# playwright-core (it drives the system Chromium) and axe-core, from the
# lock file.
if ! (cd "$here" && node -e 'import("playwright-core"); require.resolve("axe-core")' >/dev/null 2>&1); then
	log "npm ci"
	(cd "$here" && npm ci --no-audit --no-fund)
fi

. "$root/e2e/serve.sh"
start_qrforge browser

mkdir -p "$QRFORGE_ARTIFACTS"
status=0
(cd "$here" && QRFORGE_URL="$url" node --test --test-reporter=spec pages.test.mjs) || status=$?
if [ "$status" -ne 0 ]; then
	log "failed; server log:"
	tail -n 50 "$work/stderr" >&2 || true
fi
exit "$status"
