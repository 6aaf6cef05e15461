#!/usr/bin/env bash
# run.sh takes the numbers in BENCHMARKS.md: it measures the committed tree
# (HEAD, exported to a temporary directory, so edits in progress are not
# measured) and writes the raw output to bench/results/:
#
#   bench.txt    this module's comparison (qrforge against the Go peers)
#   inrepo.txt   the benchmarks in render/ and server/
#   peers.txt    peers.sh, tab-separated (qrencode, node-qrcode, segno)
#   ratios.md    cmd/ratios: every library against qrforge-auto, per payload
#   loadavg.txt  /proc/loadavg before each round and after the last
#   commit.txt   the commit measured
#
# Each round runs every benchmark once (-count 1), so load from other
# processes falls on every library alike rather than on whichever ran while
# it lasted. About 40 s per round at the default -benchtime 0.5s.
#
#   bench/run.sh
#   ROUNDS=6 BENCHTIME=1s bench/run.sh
#   OUT=results/2026-11 bench/run.sh    # another directory, relative to bench/
set -euo pipefail
cd "$(dirname "$0")"
rounds=${ROUNDS:-10}
benchtime=${BENCHTIME:-0.5s}
out=$PWD/${OUT:-results}
mkdir -p "$out"

src=$(mktemp -d)
trap 'rm -rf "$src"' EXIT
root=$(git rev-parse --show-toplevel)
git -C "$root" archive HEAD | tar -x -C "$src"
git rev-parse HEAD >"$out/commit.txt"

: >"$out/bench.txt"
: >"$out/inrepo.txt"
: >"$out/loadavg.txt"
for ((i = 1; i <= rounds; i++)); do
	echo "round $i of $rounds" >&2
	cat /proc/loadavg >>"$out/loadavg.txt"
	(cd "$src/bench" && go test -bench . -benchmem -benchtime "$benchtime" -count 1 -run '^$' ./...) >>"$out/bench.txt"
	(cd "$src" && go test -bench . -benchmem -benchtime "$benchtime" -count 1 -run '^$' ./render ./server) >>"$out/inrepo.txt"
done
cat /proc/loadavg >>"$out/loadavg.txt"
RAW=1 "$src/bench/peers.sh" >"$out/peers.txt"

benchstat() { go run golang.org/x/perf/cmd/benchstat@latest "$@"; }
benchstat -col /lib -filter '.name:PNG512' "$out/bench.txt"
benchstat -filter '.name:QRForge' "$out/bench.txt"
benchstat "$out/inrepo.txt"
column -t -s $'\t' "$out/peers.txt"
echo
(cd "$src/bench" && go run ./cmd/ratios "$out/bench.txt" "$out/peers.txt") | tee "$out/ratios.md"
