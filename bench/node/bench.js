// Renders N PNGs in-process with node-qrcode on the payloads of
// ../bench_test.go and prints one tab-separated line per payload set:
// tool, payload, ms per image, bytes per image, pixels per side.
'use strict';
const QRCode = require('qrcode');
const tool = `node-qrcode ${require('qrcode/package.json').version}`;

const n = Number(process.argv[2] || 200);
const urls = Array.from({ length: 64 }, (_, i) => `https://example.com/item/${i}`);
const sets = [
  ['url', urls],
  ['v10', ['https://example.com/' + 'abcdefghij'.repeat(18)]],
];
// Level M and a 4-module quiet zone, as every peer in the Go benchmark.
const opts = { width: 512, margin: 4, errorCorrectionLevel: 'M' };

// pngWidth reads IHDR's width (PNG §11.2.2).
const pngWidth = (buf) => buf.readUInt32BE(16);

async function main() {
  for (const [name, payloads] of sets) {
    for (let i = 0; i < 20; i++) await QRCode.toBuffer(payloads[i % payloads.length], opts); // warm up the JIT
    let bytes = 0;
    let width = 0;
    const start = process.hrtime.bigint();
    for (let i = 0; i < n; i++) {
      const buf = await QRCode.toBuffer(payloads[i % payloads.length], opts);
      bytes += buf.length;
      width = pngWidth(buf);
    }
    const ms = Number(process.hrtime.bigint() - start) / 1e6 / n;
    console.log([tool, name, ms.toFixed(3), Math.round(bytes / n), width].join('\t'));
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
