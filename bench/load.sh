#!/usr/bin/env bash
# load.sh puts HTTP load on the real qrforge binary and, for comparison, on
# bench/baseline (net/http + skip2/go-qrcode, no cache) with wrk, on
# loopback only, and prints one table: requests a second, p50 and p99
# latency for each scenario and server, and qrforge's peak RSS (VmHWM).
# Like run.sh it measures the committed tree (HEAD, exported), so edits
# in progress are not measured. Bounded: DURATION seconds per run, eight
# runs, plus a batch of 1000 base64 codes; about 2 minutes by default.
#
#   bench/load.sh                       # DURATION=10 THREADS=2 CONNS=32
#   DURATION=20 CONNS=64 bench/load.sh
#
# Scenarios (the same URL shapes on both servers):
#   png-distinct  512 px PNG, new data on every request (load/distinct.lua)
#   png-same      512 px PNG, one URL repeated (a cache hit on qrforge)
#   svg-distinct  SVG, new data on every request
#   wifi-distinct /api/v1/wifi, a typed kind, new SSID on every request
#                 (qrforge only: the baseline has no kinds)
set -euo pipefail
cd "$(dirname "$0")"
duration=${DURATION:-10}
threads=${THREADS:-2}
conns=${CONNS:-32}
if ((duration < 1 || duration > 60)); then
	echo "load.sh: DURATION must be 1 to 60 seconds" >&2
	exit 2
fi
qport=${QRFORGE_PORT:-18180}
bport=${BASELINE_PORT:-18181}

if ! command -v wrk >/dev/null; then
	apt-get update -qq
	DEBIAN_FRONTEND=noninteractive apt-get install -y -qq wrk >/dev/null
fi

src=$(mktemp -d)
pids=()
cleanup() {
	for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done
	rm -rf "$src"
}
trap cleanup EXIT
root=$(git rev-parse --show-toplevel)
git -C "$root" archive HEAD | tar -x -C "$src"
(cd "$src" && go build -o "$src/qrforge" ./cmd/qrforge)
(cd "$src/bench" && go build -o "$src/baseline" ./baseline)

# Production settings: default cache (64 MiB), JSON request logs (to
# /dev/null: the cost of writing them is in, a disk is not).
"$src/qrforge" --addr "127.0.0.1:$qport" >/dev/null 2>&1 &
qpid=$!
pids+=("$qpid")
"$src/baseline" -addr "127.0.0.1:$bport" >/dev/null 2>&1 &
pids+=("$!")
for port in "$qport" "$bport"; do
	for _ in $(seq 50); do
		curl -sf -o /dev/null "http://127.0.0.1:$port/" 2>/dev/null && break
		curl -s -o /dev/null "http://127.0.0.1:$port/qr?data=x" 2>/dev/null && break
		sleep 0.1
	done
done

item="https%3A%2F%2Fexample.com%2Fitem%2F"
# run NAME SERVER SCRIPT URL prints one table row.
run() {
	local name=$1 server=$2 script=$3 url=$4 line
	line=$(cd load && wrk -t"$threads" -c"$conns" -d"${duration}s" --latency -s "$script" "$url" | grep '^RESULT')
	printf '%s\t%s\t%s\n' "$name" "$server" "$(cut -f2- <<<"$line")"
}

printf 'scenario\tserver\treq/s\tp50 ms\tp99 ms\trequests\tnon-2xx/3xx\tsocket errors\n'
q="http://127.0.0.1:$qport"
b="http://127.0.0.1:$bport"
run png-distinct baseline distinct.lua "$b/qr?size=512&data=$item"
run png-distinct qrforge distinct.lua "$q/api/v1/qr?size=512&data=$item"
run png-same baseline same.lua "$b/qr?size=512&data=${item}menu"
run png-same qrforge same.lua "$q/api/v1/qr?size=512&data=${item}menu"
run svg-distinct baseline distinct.lua "$b/qr?format=svg&size=512&data=$item"
run svg-distinct qrforge distinct.lua "$q/api/v1/qr?format=svg&size=512&data=$item"
run wifi-distinct qrforge distinct.lua "$q/api/v1/wifi?size=512&password=correct%20horse&ssid=net-"
printf 'qrforge peak RSS (VmHWM)\t%s\n' "$(awk '/VmHWM/ {print $2, $3}' "/proc/$qpid/status")"

# A batch of 1000 base64 data URIs (512 px PNGs) in one request, five
# times; the time is curl's, request sent to last byte.
items=$(for i in $(seq 0 999); do printf '{"id":"item-%d","data":"https://example.com/product/%d"},' "$i" "$i"; done)
printf '{"output":"base64","items":[%s]}' "${items%,}" >"$src/batch.json"
for i in 1 2 3 4 5; do
	curl -s -o /dev/null -w 'batch of 1000 base64\t%{http_code}\t%{time_total} s\t%{size_download} bytes\n' \
		-H 'Content-Type: application/json' --data-binary @"$src/batch.json" "$q/api/v1/qr/batch"
done
printf 'qrforge peak RSS after the batches (VmHWM)\t%s\n' "$(awk '/VmHWM/ {print $2, $3}' "/proc/$qpid/status")"
