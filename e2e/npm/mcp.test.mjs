// qrforge's MCP endpoint through the official MCP TypeScript SDK: its
// Client over StreamableHTTPClientTransport, as an agent would connect.
// Every argument sent is first checked against the tool's inputSchema from
// tools/list with the SDK's own JSON Schema validator, and every generated
// PNG is read back by a real decoder (zbarimg, Debian's zbar-tools).
//
// Run through ./run.sh, which builds and starts qrforge and sets
// QRFORGE_URL (the server's base URL, no trailing slash).
import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { AjvJsonSchemaValidator } from "@modelcontextprotocol/sdk/validation/ajv";

const base = process.env.QRFORGE_URL;
if (!base) throw new Error("QRFORGE_URL is not set: run ./run.sh, or set it to a running qrforge");

const TOOLS = ["qr_batch", "qr_decode", "qr_generate", "qr_generate_typed", "qr_kind_schema", "qr_list_kinds", "qr_size_recommend", "qr_verify"];
const URL_PAYLOAD = "https://example.com/mcp";
const WIFI_FIELDS = { ssid: "Cafe", password: "longpassword" };
const WIFI_PAYLOAD = "WIFI:T:WPA;S:Cafe;P:longpassword;;";

const validator = new AjvJsonSchemaValidator();
let client;
let scratch;
const tools = new Map(); // name -> tool from tools/list

before(async () => {
  scratch = mkdtempSync(join(tmpdir(), "qrforge-mcp-e2e-"));
  client = new Client({ name: "qrforge-npm-e2e", version: "1.0.0" });
  await client.connect(new StreamableHTTPClientTransport(new URL(base + "/api/mcp")));
  for (const tool of (await client.listTools()).tools) tools.set(tool.name, tool);
});

after(async () => {
  await client?.close();
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

// schemaOf is a tool's input schema, failing the test when the tool is absent.
function schemaOf(name) {
  const tool = tools.get(name);
  assert.ok(tool, `tools/list has no ${name}`);
  return tool.inputSchema;
}

// call checks args against the tool's inputSchema, then calls the tool.
async function call(name, args, { valid = true } = {}) {
  const check = validator.getValidator(schemaOf(name))(args);
  assert.equal(check.valid, valid, `${name} ${JSON.stringify(args)} against its inputSchema: ${check.errorMessage ?? "valid"}`);
  return client.callTool({ name, arguments: args });
}

// ok asserts a tool result is not an error, showing its text when it is.
function ok(result, name) {
  const text = (result.content ?? []).filter((c) => c.type === "text").map((c) => c.text).join("\n");
  assert.notEqual(result.isError, true, `${name} failed: ${text}`);
  return result;
}

// zbarimg's flags: --nodbus where this zbarimg has it (0.23 and later),
// so it does not try the system bus to publish what it read.
const zbarFlags = ["--raw", "-q"];
if (/--nodbus/.test(execFileSync("zbarimg", ["--help"], { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] }))) {
  zbarFlags.push("--nodbus");
}

// scan writes a PNG to a file and returns what zbarimg reads in it.
let scans = 0;
function scan(png) {
  assert.deepEqual([...png.subarray(0, 8)], [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], "not a PNG");
  const file = join(scratch, `code-${++scans}.png`);
  writeFileSync(file, png);
  return execFileSync("zbarimg", [...zbarFlags, file], { encoding: "utf8", stdio: ["ignore", "pipe", "inherit"] }).replace(/\n$/, "");
}

// imageOf is the one PNG image content of a generation result.
function imageOf(result) {
  const images = result.content.filter((c) => c.type === "image");
  assert.equal(images.length, 1, `one image content, got ${JSON.stringify(result.content.map((c) => c.type))}`);
  assert.equal(images[0].mimeType, "image/png");
  return Buffer.from(images[0].data, "base64");
}

// pickSize is a pixel size the size option's schema allows: its integer
// branch, beside the string of a printed length (30mm).
function pickSize(schema) {
  const size = schema.properties.size;
  const pixels = size.type === "integer" ? size : (size.anyOf || []).find((b) => b.type === "integer");
  assert.ok(pixels, `size has no integer form: ${JSON.stringify(size)}`);
  return Math.min(Math.max(256, pixels.minimum), pixels.maximum);
}

describe("qrforge MCP over Streamable HTTP (official SDK client)", () => {
  test("initialize names the server and its capabilities", () => {
    const info = client.getServerVersion();
    assert.equal(info.name, "qrforge");
    assert.ok(info.version, "serverInfo.version");
    const caps = client.getServerCapabilities();
    assert.ok(caps.tools, "tools capability");
    assert.ok(caps.resources, "resources capability");
  });

  test("tools/list has exactly the eight tools", () => {
    assert.deepEqual([...tools.keys()].sort(), TOOLS);
    for (const tool of tools.values()) {
      assert.equal(tool.inputSchema.type, "object", `${tool.name} inputSchema`);
      assert.ok(tool.description, `${tool.name} description`);
      assert.equal(tool.annotations?.readOnlyHint, true, `${tool.name} readOnlyHint`);
    }
  });

  let urlPNG; // qr_generate's PNG, for qr_decode

  test("qr_generate returns a PNG that decodes to the data, the same bytes as its URL", async () => {
    const schema = schemaOf("qr_generate");
    assert.deepEqual(schema.required, ["data"]);
    assert.ok(schema.properties.format.enum.includes("png"));
    const result = ok(await call("qr_generate", { data: URL_PAYLOAD, size: pickSize(schema), format: "png" }), "qr_generate");
    urlPNG = imageOf(result);
    assert.equal(scan(urlPNG), URL_PAYLOAD);
    const summary = result.structuredContent;
    assert.equal(summary.content_type, "image/png");
    assert.equal(summary.bytes, urlPNG.length);
    assert.ok(summary.url.startsWith(base + "/"), `url ${summary.url}`);
    const resp = await fetch(summary.url);
    assert.equal(resp.status, 200);
    assert.ok(Buffer.from(await resp.arrayBuffer()).equals(urlPNG), "the URL returns the tool's bytes");
  });

  test("qr_generate_typed wifi returns a PNG that decodes to the WIFI: payload", async () => {
    const schema = schemaOf("qr_generate_typed");
    assert.ok(schema.properties.kind.enum.includes("wifi"));
    // The kind's fields come from qr_kind_schema, not tools/list.
    const { schema: fields } = ok(await call("qr_kind_schema", { kind: "wifi" }), "qr_kind_schema").structuredContent;
    for (const name of Object.keys(WIFI_FIELDS)) assert.ok(fields.properties[name], `wifi field ${name}`);
    const result = ok(await call("qr_generate_typed", { kind: "wifi", fields: WIFI_FIELDS, size: pickSize(schemaOf("qr_generate")) }), "qr_generate_typed");
    assert.equal(scan(imageOf(result)), WIFI_PAYLOAD);
    assert.equal(result.structuredContent.payload, WIFI_PAYLOAD);
    assert.equal(result.structuredContent.kind, "wifi");
  });

  test("qr_decode reads qr_generate's PNG", async () => {
    assert.ok(urlPNG, "qr_generate ran first");
    assert.equal(schemaOf("qr_decode").properties.image.contentEncoding, "base64");
    const result = ok(await call("qr_decode", { image: urlPNG.toString("base64") }), "qr_decode");
    const { results } = result.structuredContent;
    assert.equal(results.length, 1);
    assert.equal(results[0].text, URL_PAYLOAD);
    assert.equal(results[0].kind, "url");
  });

  test("qr_verify says the code scans and matches", async () => {
    const result = ok(await call("qr_verify", { kind: "wifi", fields: WIFI_FIELDS }), "qr_verify");
    const v = result.structuredContent;
    assert.equal(v.scannable, true);
    assert.equal(v.matches, true);
    assert.equal(v.decoded, WIFI_PAYLOAD);
    assert.ok(v.checks.length > 0 && v.checks.every((c) => c.pass), JSON.stringify(v.checks));
  });

  test("qr_batch generates every item, each PNG decoding to its payload", async () => {
    const schema = schemaOf("qr_batch");
    assert.ok(schema.properties.output.enum.includes("base64"));
    const result = ok(
      await call("qr_batch", {
        output: "base64",
        style: { size: pickSize(schemaOf("qr_generate")) },
        items: [
          { id: "url", data: URL_PAYLOAD },
          { id: "wifi", type: "wifi", fields: WIFI_FIELDS },
        ],
      }),
      "qr_batch",
    );
    const b = result.structuredContent;
    assert.equal(b.count, 2);
    assert.equal(b.succeeded, 2);
    assert.equal(b.failed, 0);
    const want = { url: URL_PAYLOAD, wifi: WIFI_PAYLOAD };
    for (const item of b.items) {
      const prefix = "data:image/png;base64,";
      assert.ok(item.data.startsWith(prefix), `item ${item.id} data`);
      assert.equal(scan(Buffer.from(item.data.slice(prefix.length), "base64")), want[item.id], `item ${item.id}`);
    }
  });

  test("qr_size_recommend gives a print size for a scan distance", async () => {
    const schema = schemaOf("qr_size_recommend");
    assert.ok(schema.properties.distance_m, "distance_m argument");
    const result = ok(await call("qr_size_recommend", { data: URL_PAYLOAD, distance_m: 2 }), "qr_size_recommend");
    const s = result.structuredContent;
    assert.ok(s.version >= 1 && s.version <= 40, `version ${s.version}`);
    assert.ok(s.print_mm > 0, `print_mm ${s.print_mm}`);
    assert.ok(s.pixels > 0, `pixels ${s.pixels}`);
    assert.ok(s.explanation, "explanation");
  });

  test("an invalid call (size 99999) is a tool error with a problem detail and a fix", async () => {
    const size = schemaOf("qr_generate").properties.size;
    const max = (size.type === "integer" ? size : size.anyOf.find((b) => b.type === "integer")).maximum;
    assert.ok(99999 > max, "99999 is above the schema's maximum");
    const result = await call("qr_generate", { data: URL_PAYLOAD, size: 99999 }, { valid: false });
    assert.equal(result.isError, true);
    // The problem is the last text content; an error has no structuredContent.
    assert.equal(result.structuredContent, undefined);
    const p = JSON.parse(result.content.at(-1).text);
    assert.equal(p.status, 400);
    assert.equal(p.field, "size");
    assert.match(p.detail, /99999/);
    assert.ok(p.fix, "fix");
    assert.ok(p.type.endsWith("/errors/invalid-parameter"), `type ${p.type}`);
    assert.deepEqual(p.fix_arguments, { data: URL_PAYLOAD, size: max });
    assert.match(result.content[0].text, /fix: /);
    // The fix really works.
    const fixed = ok(await call("qr_generate", p.fix_arguments), "qr_generate with the fix");
    assert.equal(scan(imageOf(fixed)), URL_PAYLOAD);
  });

  test("resources list every kind's schema and one reads back as JSON Schema", async () => {
    const { resources } = await client.listResources();
    const kinds = schemaOf("qr_generate_typed").properties.kind.enum;
    const kindURIs = resources.map((r) => r.uri).filter((u) => u.startsWith("qrforge://kinds/"));
    assert.deepEqual(kindURIs.sort(), kinds.map((k) => `qrforge://kinds/${k}/schema`).sort());
    const uri = "qrforge://kinds/wifi/schema";
    const listed = resources.find((r) => r.uri === uri);
    assert.equal(listed.mimeType, "application/schema+json");
    const { contents } = await client.readResource({ uri });
    assert.equal(contents.length, 1);
    assert.equal(contents[0].uri, uri);
    assert.equal(contents[0].mimeType, "application/schema+json");
    const schema = JSON.parse(contents[0].text);
    assert.ok(schema.$schema, "$schema");
    assert.deepEqual(schema.required, ["ssid"]);
    // The same schema as qr_kind_schema gives.
    const tool = ok(await call("qr_kind_schema", { kind: "wifi" }), "qr_kind_schema").structuredContent;
    assert.deepEqual(schema, tool.schema);
  });
});
