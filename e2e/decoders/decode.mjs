// decode.mjs reads every PNG in a directory with two QR decoders and prints
// one JSON object: {"decoders": {"zxing-cpp-3": "<version>", "jsqr": "..."},
// "results": {"<file>": {"zxing-cpp-3": <text or null>, "jsqr": ...}}}.
// A decoder that finds no symbol, or throws, gives null and an entry in
// "errors". Text is the symbol's byte-mode payload read as UTF-8, or with
// --text each decoder's own text (its character set handling: ECI, Kanji
// mode as Shift JIS).
//
// Usage: node decode.mjs [--text] [--append] <dir>
//
// With --append, zxing-cpp also reads every symbol of each image and
// reports its structured append place (ISO/IEC 18004:2015 §8) under
// "append": {"<file>": [{"text", "index", "size", "id"}]}: index from 0,
// size the set's count, id its parity in decimal; -1 and "" for a symbol
// of no set.
//
// ZXING_FORMATS, a comma-separated list, names the formats zxing-cpp looks
// for (default QRCode; MicroQRCode reads Micro QR Codes, rMQRCode
// rectangular Micro QR Codes). jsQR reads QR Codes only. With ZXING_SYMBOLOGY=1 each row also has
// "zxing-cpp-3 symbology": the symbology identifier (ISO/IEC 18004 Annex
// F: ]Q3 after FNC1 in first position, a GS1 QR Code).
//
// The zxing-cpp WebAssembly binary is read from node_modules: without an
// override zxing-wasm would fetch it from a CDN.
import { readFileSync, readdirSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import jsQR from "jsqr";
import { PNG } from "pngjs";
import {
  ZXING_CPP_COMMIT,
  ZXING_WASM_VERSION,
  prepareZXingModule,
  readBarcodes,
} from "zxing-wasm/reader";

const require = createRequire(import.meta.url);
const wasmBinary = readFileSync(require.resolve("zxing-wasm/reader/zxing_reader.wasm"));
await prepareZXingModule({ overrides: { wasmBinary }, fireImmediately: true });

const args = process.argv.slice(2);
const asText = args.includes("--text");
const withAppend = args.includes("--append");
const dir = args.filter((a) => !a.startsWith("--"))[0];
if (!dir) {
  console.error("usage: node decode.mjs [--text] [--append] <dir>");
  process.exit(2);
}

const formats = (process.env.ZXING_FORMATS || "QRCode").split(",").map((f) => f.trim());
const utf8 = new TextDecoder("utf-8", { fatal: false });
const out = {
  decoders: {
    "zxing-cpp-3": `zxing-wasm ${ZXING_WASM_VERSION} (zxing-cpp ${ZXING_CPP_COMMIT})`,
    jsqr: require("jsqr/package.json").version,
  },
  results: {},
  errors: {},
};
if (withAppend) out.append = {};

for (const name of readdirSync(dir).filter((f) => f.endsWith(".png")).sort()) {
  const png = PNG.sync.read(readFileSync(join(dir, name)));
  const image = { data: new Uint8ClampedArray(png.data.buffer, png.data.byteOffset, png.data.length), width: png.width, height: png.height };
  const row = {};
  const errs = [];
  try {
    const found = await readBarcodes(image, { formats, tryHarder: true, maxNumberOfSymbols: 1 });
    row["zxing-cpp-3"] = found.length > 0 && found[0].isValid ? (asText ? found[0].text : utf8.decode(found[0].bytes)) : null;
    if (found.length > 0 && !found[0].isValid) errs.push(`zxing-cpp-3: ${found[0].error}`);
    if (process.env.ZXING_SYMBOLOGY === "1") {
      row["zxing-cpp-3 symbology"] = found.length > 0 && found[0].isValid ? found[0].symbologyIdentifier : null;
    }
    if (withAppend) {
      const all = await readBarcodes(image, { formats, tryHarder: true, maxNumberOfSymbols: 16 });
      out.append[name] = all.filter((r) => r.isValid).map((r) => ({
        text: asText ? r.text : utf8.decode(r.bytes),
        index: r.sequenceIndex,
        size: r.sequenceSize,
        id: r.sequenceId,
      }));
    }
  } catch (e) {
    row["zxing-cpp-3"] = null;
    errs.push(`zxing-cpp-3: ${e.message}`);
  }
  try {
    const code = jsQR(image.data, image.width, image.height);
    row.jsqr = code ? (asText ? code.data : utf8.decode(Uint8Array.from(code.binaryData))) : null;
  } catch (e) {
    row.jsqr = null;
    errs.push(`jsqr: ${e.message}`);
  }
  out.results[name] = row;
  if (errs.length > 0) out.errors[name] = errs;
}
process.stdout.write(JSON.stringify(out));
