"""Read every PNG in a directory with zxing-cpp's Python binding and print
JSON: {"decoders": {"zxing-cpp-1": "<version>"}, "results": {"<file>":
{"zxing-cpp-1": <text or null>}}}.

Run with Debian's interpreter, /usr/bin/python3, which sees the Debian
packages python3-zxing-cpp (zxing-cpp 1.4 on bookworm) and python3-pil.

Usage: /usr/bin/python3 decode.py [--text] <dir>

With --text, the decoder's own text (its character set handling: ECI,
Kanji mode as Shift JIS) instead of the payload's bytes read as UTF-8.
ZXING_FORMATS, a comma-separated list, names the formats to look for
(default QRCode; MicroQRCode reads Micro QR Codes). With ZXING_SYMBOLOGY=1
each row also has "zxing-cpp-1 symbology": the symbology identifier
(ISO/IEC 18004 Annex F: ]Q3 after FNC1 in first position, a GS1 QR Code).
"""

import json
import os
import subprocess
import sys

import zxingcpp
from PIL import Image


def version():
    """The Debian package's version: the binding carries none of its own."""
    try:
        return subprocess.run(["dpkg-query", "-W", "-f", "${Version}", "python3-zxing-cpp"],
                              capture_output=True, text=True, check=True).stdout
    except (OSError, subprocess.CalledProcessError):
        return "unknown (" + zxingcpp.__file__ + ")"


def formats():
    """The formats ZXING_FORMATS names; zxing-cpp 1.4's binding spells
    Micro QR "MircoQRCode"."""
    chosen = []
    for name in os.environ.get("ZXING_FORMATS", "QRCode").split(","):
        name = name.strip()
        if name == "MicroQRCode" and not hasattr(zxingcpp.BarcodeFormat, name):
            name = "MircoQRCode"
        chosen.append(getattr(zxingcpp.BarcodeFormat, name))
    out = chosen[0]
    for f in chosen[1:]:
        out = out | f
    return out


def main(directory, text=False):
    out = {"decoders": {"zxing-cpp-1": version()}, "results": {}}
    for name in sorted(os.listdir(directory)):
        if not name.endswith(".png"):
            continue
        with Image.open(os.path.join(directory, name)) as img:
            found = zxingcpp.read_barcodes(img.convert("L"), formats=formats())
        valid = [r for r in found if r.valid]
        # bytes is the payload as encoded; text went through a charset guess.
        reading = None
        if valid:
            reading = valid[0].text if text else valid[0].bytes.decode("utf-8", "replace")
        out["results"][name] = {"zxing-cpp-1": reading}
        if os.environ.get("ZXING_SYMBOLOGY") == "1":
            out["results"][name]["zxing-cpp-1 symbology"] = valid[0].symbology_identifier if valid else None
    json.dump(out, sys.stdout)


if __name__ == "__main__":
    args = sys.argv[1:]
    as_text = args[:1] == ["--text"]
    if as_text:
        args = args[1:]
    if len(args) != 1:
        sys.exit("usage: decode.py [--text] <dir>")
    main(args[0], as_text)
