// bysquare.mjs reads PAY by square QR strings with the bysquare package
// (xseman/bysquare on npm), an implementation independent of qrforge's:
// its own base32hex, LZMA (lzma1) and CRC32. It prints one JSON object:
// {"decoder": "bysquare <version>", "results": [{"model": <DataModel>} or
// {"error": "<message>"}, ...]}, one result per argument, in order.
//
// Usage: node bysquare.mjs <qr string>...
import { createRequire } from "node:module";
import { decode } from "bysquare/pay";

const require = createRequire(import.meta.url);
const out = {
  decoder: `bysquare ${require("bysquare/package.json").version}`,
  results: [],
};
for (const qr of process.argv.slice(2)) {
  try {
    out.results.push({ model: decode(qr) });
  } catch (e) {
    out.results.push({ error: `${e.name}: ${e.message}` });
  }
}
process.stdout.write(JSON.stringify(out));
