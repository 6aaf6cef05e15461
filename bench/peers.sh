#!/usr/bin/env bash
# peers.sh times the QR code peers that are not Go libraries on the payloads
# of bench_test.go: the qrencode command (libqrencode), node-qrcode and segno
# (Debian's python3-segno). It installs what it needs, runs for well under a
# minute and prints a table: tool, payload set, milliseconds per image, bytes
# per image, pixels per side.
#
#   bench/peers.sh        # N=100 images per tool and payload set
#   N=300 bench/peers.sh
#   RAW=1 bench/peers.sh  # tab-separated, for cmd/ratios
set -euo pipefail
cd "$(dirname "$0")"
n=${N:-100}
# Fixed counts bound the run: about 15 s at the default N.
if ((n < 1 || n > 1000)); then
	echo "peers.sh: N must be 1 to 1000" >&2
	exit 2
fi

# Debian's python, not whichever python3 comes first on PATH: only it sees
# python3-segno.
python=/usr/bin/python3
missing=()
command -v qrencode >/dev/null || missing+=(qrencode)
"$python" -c 'import segno' 2>/dev/null || missing+=(python3-segno)
if ((${#missing[@]})); then
	apt-get update -qq
	DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
fi
(cd node && npm ci --no-audit --no-fund --silent)

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# The same payloads as bench_test.go: 64 short URLs, and 200 bytes for
# version 10 at level M.
urls=()
for i in $(seq 0 63); do urls+=("https://example.com/item/$i"); done
v10="https://example.com/$(printf 'abcdefghij%.0s' $(seq 18))"

# qrencode_set NAME PAYLOAD... times one qrencode process per image: what a
# caller of the command pays, start-up included. -s is whole pixels per
# module, the largest that keeps symbol and 4-module quiet zone within 512.
qrencode_set() {
	local name=$1
	shift
	local payloads=("$@") scales=() sides=() modules
	for p in "${payloads[@]}"; do
		modules=$(qrencode -l M -m 0 -t ASCII "$p" | wc -l)
		scales+=($((512 / (modules + 8))))
		sides+=($(((modules + 8) * (512 / (modules + 8)))))
	done
	qrencode -l M -m 4 -s "${scales[0]}" -o "$tmp/warm.png" "${payloads[0]}" # page in the binary
	local start end k
	start=$(date +%s%N)
	for ((i = 0; i < n; i++)); do
		k=$((i % ${#payloads[@]}))
		qrencode -l M -m 4 -s "${scales[k]}" -o "$tmp/$name-$i.png" "${payloads[k]}"
	done
	end=$(date +%s%N)
	local bytes px
	bytes=$(cat "$tmp/$name"-*.png | wc -c)
	px=$(printf '%s\n' "${sides[@]}" | sort -n | uniq | paste -sd/)
	printf 'qrencode %s\t%s\t%s\t%d\t%s\n' "$version" "$name" \
		"$(awk -v ns=$((end - start)) -v n="$n" 'BEGIN { printf "%.3f", ns / 1e6 / n }')" $((bytes / n)) "$px"
}

# startup times `qrencode --version` the same way: the process cost that
# every qrencode row above includes.
startup() {
	local start end
	start=$(date +%s%N)
	for ((i = 0; i < n; i++)); do qrencode --version >/dev/null 2>&1; done
	end=$(date +%s%N)
	printf 'qrencode --version (start-up only)\t-\t%s\t-\t-\n' \
		"$(awk -v ns=$((end - start)) -v n="$n" 'BEGIN { printf "%.3f", ns / 1e6 / n }')"
}

# table aligns the columns for reading; RAW=1 keeps the tabs.
table() {
	if [[ ${RAW:-} == 1 ]]; then cat; else column -t -s $'\t'; fi
}

version=$(qrencode --version 2>&1 | sed -n 's/.*version \([0-9.]*\).*/\1/p' | head -1)
{
	printf 'tool\tpayload\tms/img\tbytes/img\tpx\n'
	qrencode_set url "${urls[@]}"
	qrencode_set v10 "$v10"
	startup
	(cd node && timeout 40 node bench.js "$n")
	timeout 60 "$python" python/bench.py "$n"
} | table
