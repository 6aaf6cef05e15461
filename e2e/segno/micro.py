"""Encode Micro QR symbols with segno (Debian python3-segno) for qrforge's
cross-check: reads a JSON list of cases on stdin, each {"segments":
[[hex, mode], ...], "version": "M1".."M4", "error": "L"|"M"|"Q"|null,
"mask": 0..3|null}, and writes for each case the matrix segno makes as it is
("plain") and with its padding made to follow ISO/IEC 18004:2015 §7.4.10
("padded"), each as rows of 0 and 1 with the mask segno used.

segno 1.4.1 deviates from §7.4.10 in two ways (segno issue 148): it adds
8 zero bits when the data already ends on a codeword boundary, and it fills
M1 and M3 with zero bits where the standard puts the pad codewords 11101100
and 00010001 before the final 4-bit codeword 0000.
"""
import json
import sys

import segno
from segno import consts, encoder

MODES = {
    "numeric": consts.MODE_NUMERIC,
    "alphanumeric": consts.MODE_ALPHANUMERIC,
    "byte": consts.MODE_BYTE,
}

plain_padding_bits = encoder.write_padding_bits
plain_pad_codewords = encoder.write_pad_codewords


def padding_bits(buff, version, length):
    if version not in (consts.VERSION_M1, consts.VERSION_M3):
        buff.extend([0] * (-length % 8))


def pad_codewords(buff, version, capacity, length):
    if version in (consts.VERSION_M1, consts.VERSION_M3):
        # Zero bits up to the codeword boundary, whole pad codewords, then
        # the final 4-bit codeword 0000.
        buff.extend([0] * min(-length % 8, capacity - length))
        length = len(buff)
        pads = ((1, 1, 1, 0, 1, 1, 0, 0), (0, 0, 0, 1, 0, 0, 0, 1))
        i = 0
        while length + 8 <= capacity:
            buff.extend(pads[i % 2])
            length += 8
            i += 1
        buff.extend([0] * (capacity - length))
    else:
        plain_pad_codewords(buff, version, capacity, length)


def make(case):
    content = [(bytes.fromhex(h), MODES[m]) for h, m in case["segments"]]
    return segno.make(content, version=case["version"], error=case["error"],
                      mask=case["mask"], micro=True, boost_error=False)


def rows(qr):
    return {"mask": qr.mask, "designator": qr.designator,
            "rows": ["".join(str(b) for b in row) for row in qr.matrix]}


out = []
for case in json.load(sys.stdin):
    encoder.write_padding_bits, encoder.write_pad_codewords = plain_padding_bits, plain_pad_codewords
    plain = rows(make(case))
    encoder.write_padding_bits, encoder.write_pad_codewords = padding_bits, pad_codewords
    padded = rows(make(case))
    out.append({"plain": plain, "padded": padded})
json.dump(out, sys.stdout)
