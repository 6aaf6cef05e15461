"""Renders N PNGs in-process with segno on the payloads of ../bench_test.go
and prints one tab-separated line per payload set: tool, payload, ms per
image, bytes per image, pixels per side.

Run with Debian's /usr/bin/python3, which has python3-segno (see ../peers.sh).
"""
import io
import struct
import sys
import time

import segno

N = int(sys.argv[1]) if len(sys.argv) > 1 else 200
WARM_UP = 20
SIZE = 512
BORDER = 4
URLS = ["https://example.com/item/%d" % i for i in range(64)]
SETS = [
    ("url", URLS),
    ("v10", ["https://example.com/" + "abcdefghij" * 18]),
]


def render(data):
    """Level M exactly (segno raises the level by default when it fits, and
    may pick a Micro QR code) and a 4-module quiet zone, as every peer in the
    Go benchmark; whole pixels per module, the largest that fits in SIZE."""
    qr = segno.make_qr(data, error="m", boost_error=False)
    modules = qr.symbol_size(scale=1, border=0)[0]
    buf = io.BytesIO()
    qr.save(buf, kind="png", scale=SIZE // (modules + 2 * BORDER), border=BORDER)
    return buf.getvalue()


def png_width(png):
    """IHDR's width (PNG §11.2.2)."""
    return struct.unpack(">I", png[16:20])[0]


def main():
    tool = "segno " + segno.__version__
    for name, payloads in SETS:
        for i in range(WARM_UP):
            render(payloads[i % len(payloads)])
        total = 0
        widths = set()
        start = time.perf_counter_ns()
        for i in range(N):
            png = render(payloads[i % len(payloads)])
            total += len(png)
            widths.add(png_width(png))
        ms = (time.perf_counter_ns() - start) / 1e6 / N
        px = "/".join(str(w) for w in sorted(widths))
        print("\t".join([tool, name, "%.3f" % ms, str(round(total / N)), px]))


if __name__ == "__main__":
    main()
