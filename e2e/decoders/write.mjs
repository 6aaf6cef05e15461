// write.mjs encodes rMQR symbols with zxing-cpp 3's writer (zxing-wasm,
// which draws them with zint) so that tests can compare qrforge's
// matrices with an independent encoder's.
//
// Usage: node write.mjs < cases.json
//
// cases.json is an array of {"text": "...", "ec": "M"|"H", "version": 1-32}
// (version 1 is R7x43, 32 is R17x139, in the order of ISO/IEC 23941
// Table 9). It prints {"writer": "<version>", "results": [{"rows":
// ["0101...", ...], "error": "..."}]}, one row string per module row, 1 =
// dark, without the quiet zone.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { ZXING_CPP_COMMIT, ZXING_WASM_VERSION, prepareZXingModule, writeBarcode } from "zxing-wasm/writer";

const require = createRequire(import.meta.url);
const wasmBinary = readFileSync(require.resolve("zxing-wasm/writer/zxing_writer.wasm"));
await prepareZXingModule({ overrides: { wasmBinary }, fireImmediately: true });

const cases = JSON.parse(readFileSync(0, "utf8"));
const results = [];
for (const c of cases) {
  try {
    const r = await writeBarcode(c.text, { format: "rMQRCode", ecLevel: c.ec, options: `version=${c.version}` });
    if (r.error) {
      results.push({ rows: null, error: r.error });
      continue;
    }
    const { data, width, height } = r.symbol;
    const rows = [];
    for (let y = 0; y < height; y++) {
      let row = "";
      for (let x = 0; x < width; x++) row += data[y * width + x] < 128 ? "1" : "0";
      rows.push(row);
    }
    results.push({ rows, error: "" });
  } catch (e) {
    results.push({ rows: null, error: String(e.message || e) });
  }
}
process.stdout.write(JSON.stringify({ writer: `zxing-wasm ${ZXING_WASM_VERSION} (zxing-cpp ${ZXING_CPP_COMMIT})`, results }));
