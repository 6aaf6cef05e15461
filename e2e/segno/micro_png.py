"""Write Micro QR Codes as segno (Debian python3-segno) makes them, for
qrforge's /decode to read: reads a JSON list of cases on stdin, each
{"text": "...", "error": "L"|"M"|"Q"|null}, writes each symbol as a PNG of
scale 6 with a quiet zone of 2 modules into the directory given as the
first argument (0.png, 1.png ...), and prints the designator of each, or
"" when segno cannot make one.
"""
import json
import os
import sys

import segno

out = sys.argv[1]
designators = []
for i, case in enumerate(json.load(sys.stdin)):
    try:
        code = segno.make(case["text"], micro=True, error=case["error"], boost_error=False)
    except Exception:  # data too long for a Micro QR Code at that level
        designators.append("")
        continue
    code.save(os.path.join(out, "%d.png" % i), scale=6, border=2)
    designators.append(code.designator)
json.dump(designators, sys.stdout)
