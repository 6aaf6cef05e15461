# Sourced by the node-based e2e suites (browser/, npm/, mcp/ run.sh): builds
# qrforge from this checkout and serves it on a free loopback port.
#
#   root=<checkout>; log() { ...; }; . "$root/e2e/serve.sh"; start_qrforge <name>
#
# After start_qrforge, $work is a scratch directory and $url the server's
# address (http://127.0.0.1:PORT); the server stops and $work goes when the
# script exits. $work/stderr is the server's log.

start_qrforge() {
	work=$(mktemp -d "${TMPDIR:-/tmp}/qrforge-$1.XXXXXX")
	server_pid=
	trap stop_qrforge EXIT

	log "building qrforge"
	(cd "$root" && go build -o "$work/qrforge" ./cmd/qrforge)

	# Port 0: the kernel picks a free port, and qrforge prints the address
	# it listens on ("qrforge listening on http://ADDR ..."), so there is no
	# race between choosing a port and binding it.
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
	local healthy=
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
}

stop_qrforge() {
	if [ -n "${server_pid:-}" ]; then
		kill "$server_pid" 2>/dev/null || true
		wait "$server_pid" 2>/dev/null || true
	fi
	rm -rf "${work:-}"
}
