// qrforge's MCP server v2 through the official MCP TypeScript SDK client
// (Client over StreamableHTTPClientTransport, as an agent connects), with
// every byte on the wire counted:
//  - tools/list stays under its budget (qrforge issue 23, "MCP v2");
//  - an agent goes from nothing to a valid typed code in three calls
//    (qr_list_kinds, qr_kind_schema, qr_generate_typed);
//  - every tool's structuredContent validates against its outputSchema
//    with ajv, and an error result carries the API's problem document;
//  - kind schemas are resources (listed, and through the template);
//  - the prompts walk through their kinds.
// It prints the numbers BENCHMARKS.md records ("MCP").
//
// Run through ./run.sh, which builds and starts qrforge and sets
// QRFORGE_URL (the server's base URL, no trailing slash).
import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";

import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { Ajv } from "ajv";
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";

const base = process.env.QRFORGE_URL;
if (!base) throw new Error("QRFORGE_URL is not set: run ./run.sh, or set it to a running qrforge");

const TOOLS_LIST_BUDGET = 16 * 1024;
const TOOLS = ["qr_batch", "qr_decode", "qr_generate", "qr_generate_typed", "qr_kind_schema", "qr_list_kinds", "qr_size_recommend", "qr_verify"];

// The wire: every JSON-RPC request and reply body, so that sizes are what
// a client really receives. Only POSTs carry calls: the SDK's GET for a
// server-to-client stream, answered 405 whenever it lands, is no part of
// one, and counting it put its 483 bytes into whichever call it overlapped.
const wire = { sent: 0, received: 0 };
async function countingFetch(url, init) {
  const call = (init?.method ?? "GET").toUpperCase() === "POST";
  if (call && typeof init?.body === "string") wire.sent += Buffer.byteLength(init.body);
  const resp = await fetch(url, init);
  const body = Buffer.from(await resp.arrayBuffer());
  if (call) wire.received += body.length;
  return new Response(body, { status: resp.status, statusText: resp.statusText, headers: resp.headers });
}

// bytesOf runs f and returns the bytes it sent and received.
async function bytesOf(f) {
  const before = { ...wire };
  const value = await f();
  return { value, sent: wire.sent - before.sent, received: wire.received - before.received };
}

// Output schemas are draft-07-compatible objects; union types ("string" or
// "object") are deliberate. Kind schemas declare draft 2020-12.
const ajv = new Ajv({ strict: true, allowUnionTypes: true, allErrors: true });
addFormats(ajv);
const ajv2020 = new Ajv2020({ strict: false, allErrors: true });
addFormats(ajv2020);

let client;
const tools = new Map(); // name -> tool of tools/list
const checked = new Set(); // tools whose structuredContent was validated

before(async () => {
  client = new Client({ name: "qrforge-mcp-e2e", version: "1.0.0" });
  await client.connect(new StreamableHTTPClientTransport(new URL(base + "/api/mcp"), { fetch: countingFetch }));
  for (const tool of (await client.listTools()).tools) tools.set(tool.name, tool);
});

after(async () => {
  await client?.close();
});

// call calls a tool; a result with structuredContent is validated against
// the tool's outputSchema (the SDK does too, and would throw).
async function call(name, args) {
  const result = await client.callTool({ name, arguments: args });
  if (result.structuredContent !== undefined) {
    const validate = ajv.compile(tools.get(name).outputSchema);
    assert.ok(validate(result.structuredContent), `${name}: structuredContent against outputSchema: ${ajv.errorsText(validate.errors)}`);
    checked.add(name);
  }
  return result;
}

function ok(result, name) {
  const text = (result.content ?? []).filter((c) => c.type === "text").map((c) => c.text).join("\n");
  assert.notEqual(result.isError, true, `${name} failed: ${text}`);
  assert.ok(result.structuredContent, `${name}: no structuredContent`);
  return result;
}

// problemOf is an error result's problem document: its last text content.
function problemOf(result) {
  assert.equal(result.isError, true);
  return JSON.parse(result.content.at(-1).text);
}

// USER is what a user gives for each kind of the loop.
const USER = {
  wifi: { ssid: "Harbour Hotel Guests", password: "welcome-aboard-2025" },
  url: { url: "https://example.com/menu" },
  epc: { name: "Anna Berg", iban: "DE89370400440532013000", amount: "12.50" },
  geo: { lat: "48.2082", lon: "16.3738" },
  vcard: { fn: "Anna", ln: "Berg", phone: "+43 1 234567", email: "anna@example.com" },
  upi: { pa: "annaberg@okbank", pn: "Anna Berg" },
  email: { to: "anna@example.com", subject: "Hello" },
};

function median(xs) {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

describe("qrforge MCP v2 (official SDK client)", () => {
  test("tools/list is under 16 KB, with every tool and an outputSchema each", async () => {
    const { value, received } = await bytesOf(() => client.listTools());
    console.log(`tools/list: ${received} bytes as received (${value.tools.length} tools); budget ${TOOLS_LIST_BUDGET}`);
    assert.ok(received < TOOLS_LIST_BUDGET, `tools/list is ${received} bytes`);
    assert.deepEqual(value.tools.map((t) => t.name).sort(), TOOLS);
    for (const tool of value.tools) {
      assert.equal(tool.outputSchema?.type, "object", `${tool.name} outputSchema`);
      assert.ok(ajv.validateSchema(tool.outputSchema), `${tool.name} outputSchema is a schema: ${ajv.errorsText(ajv.errors)}`);
      for (const kw of ["oneOf", "anyOf", "allOf"]) assert.equal(tool.inputSchema[kw], undefined, `${tool.name} inputSchema has ${kw} at the top`);
    }
  });

  test("nothing to a valid typed code in three calls", async () => {
    let calls = 0;
    const { value: kinds } = await bytesOf(async () => (calls++, ok(await call("qr_list_kinds", {}), "qr_list_kinds")));
    const wifi = kinds.structuredContent.kinds.find((k) => /wi-fi network/i.test(k.summary));
    assert.ok(wifi, "a kind joins a Wi-Fi network");
    const schemaResult = ok(await call("qr_kind_schema", { kind: wifi.name }), "qr_kind_schema");
    calls++;
    const { schema, required, identity } = schemaResult.structuredContent;
    assert.deepEqual(required, wifi.required);
    assert.ok(identity.includes("ssid") && identity.includes("password"), `identity ${identity}`);
    // The user's network, checked against the kind's own schema first.
    const fields = { ssid: "Harbour Hotel Guests", password: "welcome-aboard-2025" };
    const validFields = ajv2020.compile(schema);
    assert.ok(validFields(fields), ajv2020.errorsText(validFields.errors));
    const generated = ok(await call("qr_generate_typed", { kind: wifi.name, fields }), "qr_generate_typed");
    calls++;
    assert.equal(calls, 3);
    const out = generated.structuredContent;
    assert.equal(out.kind, wifi.name);
    assert.equal(out.payload, "WIFI:T:WPA;S:Harbour Hotel Guests;P:welcome-aboard-2025;;");
    const types = generated.content.map((c) => c.type);
    assert.deepEqual(types, ["image", "resource_link", "text"]);
    const link = generated.content[1];
    assert.equal(link.uri, out.url);
    const resp = await fetch(link.uri);
    assert.equal(resp.status, 200);
    assert.ok(Buffer.from(await resp.arrayBuffer()).equals(Buffer.from(generated.content[0].data, "base64")), "the link returns the image's bytes");
    // And it reads: the server's decoder agrees.
    const verified = ok(await call("qr_verify", { kind: wifi.name, fields }), "qr_verify").structuredContent;
    assert.equal(verified.scannable, true);
    assert.equal(verified.decoded, out.payload);
  });

  test("every tool's structuredContent validates against its outputSchema", async () => {
    const png = ok(await call("qr_generate", { data: "https://example.com/menu" }), "qr_generate").content[0].data;
    ok(await call("qr_generate", { data: "https://example.com/menu", format: "svg" }), "qr_generate svg");
    ok(await call("qr_generate_typed", { kind: "url", fields: { url: "https://example.com" }, style: "rounded" }), "qr_generate_typed");
    ok(await call("qr_list_kinds", {}), "qr_list_kinds");
    ok(await call("qr_kind_schema", { kind: "vcard" }), "qr_kind_schema");
    const decoded = ok(await call("qr_decode", { image: png }), "qr_decode").structuredContent;
    assert.equal(decoded.results[0].text, "https://example.com/menu");
    ok(await call("qr_verify", { data: "https://example.com/menu", color: "bbbbbb" }), "qr_verify");
    const batch = ok(
      await call("qr_batch", {
        output: "json",
        items: [{ id: "a", data: "a" }, { id: "b", type: "url", fields: { url: "https://example.com" } }, { id: "bad", type: "url", fields: {} }],
      }),
      "qr_batch",
    ).structuredContent;
    assert.equal(batch.failed, 1, "the bad item fails alone, inside a valid answer");
    ok(await call("qr_size_recommend", { data: "https://example.com/menu", print_mm: 25 }), "qr_size_recommend");
    assert.deepEqual([...checked].sort(), TOOLS);
  });

  test("an error result passes the SDK's check and carries the API's problem document", async () => {
    const openapi = await (await fetch(base + "/api/openapi.json")).json();
    const validProblem = ajv.compile(openapi.components.schemas.Problem);
    // A misspelt kind: a fix that names the nearest kind.
    const result = await call("qr_generate_typed", { kind: "wify", fields: { ssid: "Home" } });
    assert.equal(result.structuredContent, undefined, "an error has no structuredContent (outputSchema is the answer's)");
    const p = problemOf(result);
    assert.ok(validProblem(p), ajv.errorsText(validProblem.errors));
    assert.equal(p.field, "kind");
    assert.equal(p.fix_arguments.kind, "wifi");
    // A payee the user must give: no fix, and no example value in it.
    const epc = await call("qr_kind_schema", { kind: "epc" });
    const { schema, identity } = epc.structuredContent;
    const wrong = await call("qr_generate_typed", { kind: "epc", fields: { name: "Anna Berg", iban: "DE00 1234" } });
    const q = problemOf(wrong);
    assert.ok(validProblem(q), ajv.errorsText(validProblem.errors));
    assert.equal(q.field, "iban");
    assert.equal(q.fix_arguments, undefined, "no fix invents an IBAN");
    for (const name of identity) {
      for (const example of schema.properties[name]?.examples ?? []) {
        assert.ok(!JSON.stringify(q.fix_arguments ?? {}).includes(example), `fix carries the example ${name}`);
      }
    }
  });

  test("kind schemas are resources, listed and through the template", async () => {
    const { resources } = await client.listResources();
    const kinds = tools.get("qr_generate_typed").inputSchema.properties.kind.enum;
    const kindURIs = resources.map((r) => r.uri).filter((u) => u.startsWith("qrforge://kinds/"));
    assert.deepEqual(kindURIs.sort(), kinds.map((k) => `qrforge://kinds/${k}/schema`).sort());
    assert.ok(resources.some((r) => r.uri === "qrforge://options/schema"), "the options resource");
    const { resourceTemplates } = await client.listResourceTemplates();
    assert.deepEqual(resourceTemplates.map((t) => t.uriTemplate), ["qrforge://kinds/{name}/schema"]);
    const uri = resourceTemplates[0].uriTemplate.replace("{name}", "geo");
    const { contents } = await client.readResource({ uri });
    assert.equal(contents[0].mimeType, "application/schema+json");
    const schema = JSON.parse(contents[0].text);
    assert.ok(ajv2020.validateSchema(schema), ajv2020.errorsText(ajv2020.errors));
    const tool = ok(await call("qr_kind_schema", { kind: "geo" }), "qr_kind_schema").structuredContent;
    assert.deepEqual(schema, tool.schema);
    await assert.rejects(client.readResource({ uri: "qrforge://kinds/no-such-kind/schema" }));
  });

  test("prompts walk through a payment code, a guest Wi-Fi card and a business card", async () => {
    const { prompts } = await client.listPrompts();
    assert.deepEqual(prompts.map((p) => p.name).sort(), ["business_card", "payment_code", "wifi_guest_card"]);
    for (const [name, args, kind] of [["wifi_guest_card", {}, "wifi"], ["business_card", {}, "vcard"], ["payment_code", { kind: "upi" }, "upi"]]) {
      const { messages } = await client.getPrompt({ name, arguments: args });
      const text = messages.map((m) => m.content.text).join("\n");
      const { required, identity } = (await call("qr_kind_schema", { kind })).structuredContent;
      assert.ok(text.includes("`" + kind + "`"), `${name} names ${kind}`);
      for (const f of required) assert.ok(text.includes(`- ${f}:`), `${name} walks through ${f}`);
      if (identity.length) assert.ok(text.includes(identity.join(", ")), `${name} names the identity fields ${identity}`);
      assert.match(text, /qr_generate_typed/);
      assert.match(text, /qr_verify/);
    }
    const { messages } = await client.getPrompt({ name: "payment_code", arguments: {} });
    assert.match(messages[0].content.text, /qr_list_kinds/);
  });

  test("a generate-verify loop's size (printed for BENCHMARKS.md)", async () => {
    // The loop of an agent with a kind in mind: its schema, generate,
    // verify, for several kinds.
    const loops = [];
    for (const [kind, fields] of Object.entries(USER)) {
      const { value: schemaResult, sent: s1, received: r1 } = await bytesOf(() => call("qr_kind_schema", { kind }));
      ok(schemaResult, "qr_kind_schema");
      const { value: gen, sent: s2, received: r2 } = await bytesOf(() => call("qr_generate_typed", { kind, fields }));
      ok(gen, `qr_generate_typed ${kind}`);
      const { value: ver, sent: s3, received: r3 } = await bytesOf(() => call("qr_verify", { kind, fields }));
      assert.equal(ok(ver, `qr_verify ${kind}`).structuredContent.scannable, true, kind);
      const image = Buffer.byteLength(gen.content[0].data ?? "");
      loops.push({ kind, bytes: s1 + r1 + s2 + r2 + s3 + r3, image });
    }
    const m = median(loops.map((l) => l.bytes));
    const mNoImage = median(loops.map((l) => l.bytes - l.image));
    console.log(`generate-verify loop (qr_kind_schema, qr_generate_typed, qr_verify), ${loops.length} kinds: ` +
      loops.map((l) => `${l.kind} ${l.bytes}`).join(", "));
    console.log(`median ${m} bytes ~ ${Math.round(m / 4)} tokens (bytes/4); without the base64 PNG ${mNoImage} bytes ~ ${Math.round(mNoImage / 4)} tokens`);
  });
});
