// Browser tests of qrforge's pages, in Debian's Chromium driven by
// playwright-core. run.sh builds and starts the server and sets QRFORGE_URL;
// every decoded image is checked with zbarimg, independent of qrforge.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { createRequire } from 'node:module';
import { chromium } from 'playwright-core';

const axeScript = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

const base = process.env.QRFORGE_URL;
if (!base) throw new Error('QRFORGE_URL is not set: run e2e/browser/run.sh');
const artifacts = process.env.QRFORGE_ARTIFACTS || path.resolve(import.meta.dirname, '../artifacts');
fs.mkdirSync(artifacts, { recursive: true });

// Flags for a closed network: without the background-networking ones
// Chromium keeps trying to reach Google's hosts.
const chromiumFlags = [
  '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync',
];

const profiles = [];
const contexts = [];

// open starts Chromium with a fresh profile (its --user-data-dir).
async function open(options = {}) {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'qrforge-chromium-'));
  profiles.push(profile);
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    headless: true,
    args: chromiumFlags,
    acceptDownloads: true,
    viewport: { width: 1280, height: 900 },
    ...options,
  });
  contexts.push(context);
  return context;
}

// newPage opens a page that fails the test on a script error.
async function newPage(context) {
  const page = await context.newPage();
  page.errors = [];
  page.on('pageerror', (e) => page.errors.push(e.message));
  page.on('console', (m) => {
    // A preview of an invalid state is a 400 by design; anything else,
    // including a Content-Security-Policy violation, is a bug.
    if (m.type() === 'error' && !/status of 400/.test(m.text())) page.errors.push(m.text());
  });
  return page;
}

let browser;
before(async () => { browser = await open(); });
after(async () => {
  for (const c of contexts) await c.close().catch(() => {});
  for (const p of profiles) fs.rmSync(p, { recursive: true, force: true });
});

// zbar decodes a PNG file and returns the text of its one code.
function zbar(file) {
  return execFileSync('zbarimg', ['--raw', '-q', file], { encoding: 'utf8' }).replace(/\n$/, '');
}

// previewLoaded waits until the preview shows the image of its current src.
async function previewLoaded(page) {
  await page.waitForFunction(() => {
    const img = document.getElementById('preview-img');
    return img.complete && img.naturalWidth > 0 && !document.getElementById('preview').classList.contains('is-error');
  });
  return page.getAttribute('#preview-img', 'src');
}

// savePreview fetches the preview's image as the browser did and saves it.
async function savePreview(page, name) {
  const src = await previewLoaded(page);
  const res = await page.request.get(new URL(src, base).href);
  assert.equal(res.status(), 200, `preview ${src}`);
  assert.equal(res.headers()['content-type'], 'image/png');
  const file = path.join(artifacts, name);
  fs.writeFileSync(file, await res.body());
  return file;
}

function query(url) { return new URL(url, base).searchParams; }

// ringPNG is a size×size RGB PNG of a red ring on white, a stand-in for a
// person's logo file.
function ringPNG(size) {
  const rows = [];
  for (let y = 0; y < size; y++) {
    const row = Buffer.alloc(1 + 3 * size, 255);
    row[0] = 0;
    for (let x = 0; x < size; x++) {
      const r = Math.hypot(x + 0.5 - size / 2, y + 0.5 - size / 2);
      if (r > size * 0.3 && r < size * 0.45) row.set([200, 30, 40], 1 + 3 * x);
    }
    rows.push(row);
  }
  const chunk = (type, data) => {
    const head = Buffer.alloc(8);
    head.writeUInt32BE(data.length, 0);
    head.write(type, 4, 'latin1');
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(Buffer.concat([head.subarray(4), data])), 0);
    return Buffer.concat([head, data, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr), chunk('IDAT', zlib.deflateSync(Buffer.concat(rows))), chunk('IEND', Buffer.alloc(0)),
  ]);
}

describe('wifi page', () => {
  const link = '/wifi?ssid=Cafe&password=longpassword&fg=1d3557';

  test('a prefilled link shows its values and a preview that scans', async () => {
    const page = await newPage(browser);
    await page.goto(base + link);
    assert.equal(await page.inputValue('[name=ssid]'), 'Cafe');
    assert.equal(await page.inputValue('[name=password]'), 'longpassword');
    assert.equal(await page.inputValue('[name=fg]'), '1d3557');
    assert.equal(await page.inputValue('#o-color-picker'), '#1d3557');
    const src = await previewLoaded(page);
    assert.equal(src, '/api/v1/wifi?ssid=Cafe&password=longpassword&color=1d3557');
    const file = await savePreview(page, 'browser-wifi-preview.png');
    assert.equal(zbar(file), 'WIFI:T:WPA;S:Cafe;P:longpassword;;');
    await page.screenshot({ path: path.join(artifacts, 'browser-wifi.png'), fullPage: true });
    assert.deepEqual(page.errors, []);
    await page.close();
  });

  test('a printed size, its resolution and CMYK inks reach the print downloads', async () => {
    const page = await newPage(browser);
    await page.goto(base + link + '&size=30mm&dpi=600&cmyk=true');
    assert.equal(await page.inputValue('[name=size]'), '30mm');
    assert.equal(await page.inputValue('[name=dpi]'), '600');
    assert.equal(await page.inputValue('[name=cmyk]'), 'true');
    // The preview is the PNG, which cmyk does not draw; the PDF takes it.
    const src = await previewLoaded(page);
    assert.equal(query(src).get('size'), '30mm');
    assert.equal(query(src).get('cmyk'), null);
    let pdf = query(await page.getAttribute('#download-pdf', 'href'));
    assert.equal(pdf.get('cmyk'), 'true');
    assert.equal(pdf.get('dpi'), '600');
    assert.equal(zbar(await savePreview(page, 'browser-wifi-print.png')), 'WIFI:T:WPA;S:Cafe;P:longpassword;;');
    // A length typed into the size keeps to the downloads.
    await page.fill('[name=size]', '40mm');
    await page.waitForFunction(() => location.search.includes('size=40mm'));
    pdf = query(await page.getAttribute('#download-pdf', 'href'));
    assert.equal(pdf.get('size'), '40mm');
    assert.equal(query(await page.getAttribute('#download-png', 'href')).get('cmyk'), null);
    assert.deepEqual(page.errors, []);
    await page.close();
  });

  test('an optional colour left empty shows a hatched swatch, not black', async () => {
    const page = await newPage(browser);
    await page.goto(base + link);
    const picker = page.locator('#o-framecolor-picker');
    // The share of the picker's pixels that are near black.
    const darkShare = async () => page.evaluate(async (b64) => {
      const img = new Image();
      img.src = 'data:image/png;base64,' + b64;
      await img.decode();
      const c = document.createElement('canvas');
      c.width = img.width;
      c.height = img.height;
      const g = c.getContext('2d');
      g.drawImage(img, 0, 0);
      const d = g.getImageData(0, 0, c.width, c.height).data;
      let dark = 0;
      for (let i = 0; i < d.length; i += 4) if (d[i] + d[i + 1] + d[i + 2] < 60) dark++;
      return dark / (d.length / 4);
    }, (await picker.screenshot()).toString('base64'));
    assert.equal(await picker.getAttribute('data-unset'), '');
    assert.equal(await picker.getAttribute('title'), 'Frame colour is not set');
    const unset = await darkShare();
    assert.ok(unset < 0.05, `an unset picker is ${Math.round(unset * 100)} % black`);
    await page.fill('#o-framecolor', '000000');
    assert.equal(await picker.getAttribute('data-unset'), null);
    const black = await darkShare();
    assert.ok(black > 0.3, `a black picker is ${Math.round(black * 100)} % black`);
    assert.deepEqual(page.errors, []);
    await page.close();
  });

  test('editing updates the link and the preview, in a box that keeps its size', async () => {
    const page = await newPage(browser);
    await page.goto(base + link);
    await previewLoaded(page);
    const size = () => page.evaluate(() => {
      const r = document.getElementById('preview').getBoundingClientRect();
      return { x: r.x + scrollX, width: r.width, height: r.height };
    });
    const box = await size();

    await page.fill('[name=ssid]', '');
    await page.locator('[name=ssid]').pressSequentially('Cafe Two');
    await page.waitForFunction(() => location.search.includes('ssid=Cafe+Two'));
    await page.waitForFunction(() => document.getElementById('preview-img').getAttribute('src').includes('ssid=Cafe+Two'));
    assert.equal(zbar(await savePreview(page, 'browser-wifi-edited.png')), 'WIFI:T:WPA;S:Cafe Two;P:longpassword;;');

    // Short names in the page's link, the API's names in the preview.
    await page.selectOption('[name=sec]', 'WPA2');
    await page.locator('[data-field="style"] label.swatch', { hasText: /^dot$/ }).click();
    await page.waitForFunction(() => document.getElementById('preview-img').getAttribute('src').includes('style=dot'));
    const pageQuery = query(page.url());
    assert.equal(pageQuery.get('sec'), 'WPA2');
    assert.equal(pageQuery.get('fg'), '1d3557');
    assert.equal(pageQuery.get('style'), 'dot');
    const src = await previewLoaded(page);
    const apiQuery = query(src);
    assert.equal(apiQuery.get('security'), 'WPA2');
    assert.equal(apiQuery.get('color'), '1d3557');
    assert.equal(apiQuery.get('sec'), null);
    assert.equal(await page.inputValue('#api-url'), base + src);
    assert.equal(await page.getAttribute('#download-svg', 'href'), src + '&format=svg');
    assert.equal(await page.getAttribute('#download-pdf', 'href'), src + '&format=pdf');
    // A module matrix draws no colour or style, which the API refuses
    // there: the script leaves them out of the JSON download's link.
    const json = query(await page.getAttribute('#download-json', 'href'));
    assert.equal(json.get('format'), 'json');
    assert.equal(json.get('color'), null);
    assert.equal(json.get('style'), null);
    assert.equal(json.get('security'), 'WPA2');

    // The eye picker is a radio group: arrow keys move the choice.
    await page.focus('[name=eye]:checked');
    await page.keyboard.press('ArrowRight');
    await page.waitForFunction(() => location.search.includes('eye=rounded'));
    assert.equal(await page.locator('[name=eye]:checked').getAttribute('value'), 'rounded');

    // The colour picker writes the text field, which holds the state.
    await page.locator('#o-color-picker').fill('#aa0000');
    await page.waitForFunction(() => location.search.includes('fg=aa0000'));

    assert.equal(zbar(await savePreview(page, 'browser-wifi-styled.png')), 'WIFI:T:WPA;S:Cafe Two;P:longpassword;;');
    assert.deepEqual(await size(), box, 'the preview box moved or changed size');

    // Reloading the link reopens the same state.
    await page.reload();
    assert.equal(await page.inputValue('[name=ssid]'), 'Cafe Two');
    assert.equal(await page.inputValue('[name=sec]'), 'WPA2');
    assert.equal(await page.locator('[name=style]:checked').getAttribute('value'), 'dot');
    assert.equal(await page.inputValue('[name=fg]'), 'aa0000');
    assert.equal(await previewLoaded(page), '/api/v1/wifi?ssid=Cafe+Two&password=longpassword&security=WPA2&style=dot&eye=rounded&color=aa0000');
    assert.deepEqual(page.errors, []);
    await page.close();
  });

  test("a field the API refuses shows the API's detail beside it", async () => {
    const page = await newPage(browser);
    await page.goto(base + link);
    await previewLoaded(page);
    await page.fill('[name=password]', 'short');
    const message = page.locator('#f-password-error');
    await message.filter({ hasText: /\S/ }).waitFor();
    const src = await page.getAttribute('#preview-img', 'src');
    const problem = await (await page.request.get(new URL(src, base).href)).json();
    assert.equal(problem.field, 'password');
    assert.equal((await message.textContent()).trim(), problem.detail);
    assert.equal(await page.getAttribute('[name=password]', 'aria-invalid'), 'true');
    assert.match(await page.getAttribute('#preview', 'class'), /is-error/);
    await page.screenshot({ path: path.join(artifacts, 'browser-wifi-error.png') });

    await page.fill('[name=password]', 'long enough now');
    await previewLoaded(page);
    assert.equal((await message.textContent()).trim(), '');
    assert.equal(await page.getAttribute('[name=password]', 'aria-invalid'), null);
    assert.deepEqual(page.errors, []);
    await page.close();
  });

  test("a problem's fix is a button that says what it types: an option's, a typed field's re-spelt, never one filling an empty field", async () => {
    const page = await newPage(browser);
    await page.goto(base + link + '&size=5000');
    const apply = page.locator('#o-size-error button');
    await apply.waitFor();
    const src = await page.getAttribute('#preview-img', 'src');
    const problem = await (await page.request.get(new URL(src, base).href)).json();
    assert.equal(new URL(problem.fix).searchParams.get('size'), '4096');
    assert.equal(await apply.textContent(), 'Apply: size=4096');
    await apply.click();
    await previewLoaded(page);
    assert.equal(await page.inputValue('#o-size'), '4096');
    assert.equal(new URL(page.url()).searchParams.get('ssid'), 'Cafe');

    // The person's own IBAN, re-spelt by the fix: the button names the
    // field and the value it types, and the code it makes scans.
    await page.goto(base + '/epc?name=Jane+Doe&iban=be72-0000-0000-1616');
    const respell = page.locator('#f-iban-error button');
    await respell.waitFor();
    const refused = await (await page.request.get(new URL(await page.getAttribute('#preview-img', 'src'), base).href)).json();
    assert.equal(new URL(refused.fix).searchParams.get('iban'), 'BE72000000001616');
    assert.equal(await respell.textContent(), 'Apply: IBAN = BE72000000001616');
    // From the keyboard: the focus goes to the field the fix typed in, not
    // back to the top of the page as the button goes.
    await respell.focus();
    await page.keyboard.press('Enter');
    const fixed = await previewLoaded(page);
    assert.equal(await page.inputValue('[name=iban]'), 'BE72000000001616');
    assert.equal(await page.evaluate(() => document.activeElement.name), 'iban');
    assert.equal(fixed, '/api/v1/epc?name=Jane+Doe&iban=BE72000000001616');
    const payload = await (await page.request.get(new URL(fixed.replace('/api/v1/epc?', '/api/v1/epc/payload?'), base).href)).json();
    assert.equal(zbar(await savePreview(page, 'browser-epc-respelt.png')), payload.payload);
    assert.match(payload.payload, /\nJane Doe\nBE72000000001616$/);

    // Two fields refused at once, one fix for both: one button, under the
    // first, that names both changes.
    await page.goto(base + '/epc?name=Jane+Doe&iban=be72-0000-0000-1616&amount=EUR+12.50');
    const both = page.locator('#f-iban-error button');
    await both.waitFor();
    assert.equal(await both.textContent(), 'Apply: IBAN = BE72000000001616, Amount (EUR) = 12.50');
    assert.equal(await page.locator('.error button').count(), 1);
    await both.click();
    assert.equal(await previewLoaded(page), '/api/v1/epc?name=Jane+Doe&iban=BE72000000001616&amount=12.50');

    // A fix that would fill a field the person left empty (a pasted
    // "lat, lon" split into Longitude) is no button: the detail says what
    // to do.
    await page.goto(base + '/geo');
    await page.locator('[name=lat]').pressSequentially('48.85, 2.35');
    await page.locator('#f-lat-error').filter({ hasText: /\S/ }).waitFor();
    const split = await (await page.request.get(new URL(await page.getAttribute('#preview-img', 'src'), base).href)).json();
    assert.equal(new URL(split.fix).searchParams.get('lon'), '2.35');
    assert.equal(await page.locator('.error button').count(), 0);
    assert.equal(await page.inputValue('[name=lon]'), '');
    assert.deepEqual(page.errors, []);
    await page.close();
  });

  test('download PNG, SVG and PDF deliver the code', async () => {
    const page = await newPage(browser);
    await page.goto(base + link);
    await previewLoaded(page);
    const [png] = await Promise.all([page.waitForEvent('download'), page.click('#download-png')]);
    assert.equal(png.suggestedFilename(), 'qrcode-wifi.png');
    const pngFile = path.join(artifacts, 'browser-download.png');
    await png.saveAs(pngFile);
    const bytes = fs.readFileSync(pngFile);
    assert.deepEqual([...bytes.subarray(0, 8)], [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], 'not a PNG');
    assert.equal(zbar(pngFile), 'WIFI:T:WPA;S:Cafe;P:longpassword;;');

    const [svg] = await Promise.all([page.waitForEvent('download'), page.click('#download-svg')]);
    assert.equal(svg.suggestedFilename(), 'qrcode-wifi.svg');
    const svgFile = path.join(artifacts, 'browser-download.svg');
    await svg.saveAs(svgFile);
    assert.match(fs.readFileSync(svgFile, 'utf8'), /<svg[\s>]/);

    const [pdf] = await Promise.all([page.waitForEvent('download'), page.click('#download-pdf')]);
    assert.equal(pdf.suggestedFilename(), 'qrcode-wifi.pdf');
    const pdfFile = path.join(artifacts, 'browser-download.pdf');
    await pdf.saveAs(pdfFile);
    assert.equal(fs.readFileSync(pdfFile).subarray(0, 5).toString('latin1'), '%PDF-');

    // The other formats, each by its file's signature.
    const signatures = {
      'svg-tiny': ['tiny.svg', '<?xml'], eps: ['eps', '%!PS-Adobe'], gif: ['gif', 'GIF8'], jpeg: ['jpg', '\xff\xd8\xff'],
      base64: ['txt', 'data:image/png;base64,'], json: ['json', '{'],
    };
    for (const [format, [ext, magic]] of Object.entries(signatures)) {
      const [dl] = await Promise.all([page.waitForEvent('download'), page.click(`#download-${format}`)]);
      assert.equal(dl.suggestedFilename(), `qrcode-wifi.${ext}`);
      const file = path.join(artifacts, `browser-download.${ext}`);
      await dl.saveAs(file);
      assert.equal(fs.readFileSync(file).subarray(0, magic.length).toString('latin1'), magic, `${format} download`);
    }
    // The GIF and JPEG are the PNG's pixels: they scan too.
    assert.equal(zbar(path.join(artifacts, 'browser-download.gif')), 'WIFI:T:WPA;S:Cafe;P:longpassword;;');
    assert.equal(zbar(path.join(artifacts, 'browser-download.jpg')), 'WIFI:T:WPA;S:Cafe;P:longpassword;;');
    assert.deepEqual(page.errors, []);
    await page.close();
  });

  test('a logo file refused is marked under the file, not under the icon list', async () => {
    const hostile = path.join(artifacts, 'browser-hostile.svg');
    fs.writeFileSync(hostile, '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><script>alert(1)</script><rect width="10" height="10"/></svg>');
    const page = await newPage(browser);
    await page.goto(base + link);
    await previewLoaded(page);
    await page.setInputFiles('#logo-file', hostile);
    await page.waitForFunction(() => document.getElementById('logo-file-error').textContent !== '');
    assert.match(await page.textContent('#logo-file-error'), /script/);
    assert.equal(await page.getAttribute('#logo-file', 'aria-invalid'), 'true');
    assert.equal(await page.textContent('[data-field="logo"] .error'), '');
    await page.close();
  });

  test('a logo chosen from disk goes with the preview and the downloads, and scans', async () => {
    const logo = path.join(artifacts, 'browser-logo.png');
    fs.writeFileSync(logo, ringPNG(96));
    const page = await newPage(browser);
    await page.goto(base + link);
    const plain = await savePreview(page, 'browser-wifi-plain.png');
    const posted = page.waitForResponse((r) => r.request().method() === 'POST' && r.url() === base + '/api/v1/wifi');
    await page.setInputFiles('#logo-file', logo);
    const answer = await posted;
    assert.equal(answer.status(), 200);
    assert.equal(answer.headers()['x-qr-ec'], 'H', 'a logo raises error correction to H');
    await page.waitForFunction(() => document.getElementById('preview-img').getAttribute('src').startsWith('blob:'));
    await previewLoaded(page);
    // The preview shows the red ring of the logo in its centre (the code
    // is dark blue): read back through a canvas.
    const red = await page.evaluate(() => {
      const img = document.getElementById('preview-img');
      const c = document.createElement('canvas');
      c.width = img.naturalWidth;
      c.height = img.naturalHeight;
      const g = c.getContext('2d');
      g.drawImage(img, 0, 0);
      const w = c.width, box = g.getImageData(w * 0.35, w * 0.35, w * 0.3, w * 0.3).data;
      let n = 0;
      for (let i = 0; i < box.length; i += 4) if (box[i] > 150 && box[i + 1] < 90) n++;
      return n;
    });
    assert.ok(red > 100, `only ${red} red pixels in the preview's centre`);
    await page.screenshot({ path: path.join(artifacts, 'browser-wifi-upload.png'), fullPage: true });

    // The same POST from outside the page: what the downloads save.
    const res = await page.request.post(base + '/api/v1/wifi', {
      multipart: {
        ssid: 'Cafe', password: 'longpassword', color: '1d3557',
        logo: { name: 'browser-logo.png', mimeType: 'image/png', buffer: fs.readFileSync(logo) },
      },
    });
    assert.equal(res.status(), 200);
    const shown = await res.body();
    const file = path.join(artifacts, 'browser-wifi-logo.png');
    fs.writeFileSync(file, shown);
    assert.equal(zbar(file), 'WIFI:T:WPA;S:Cafe;P:longpassword;;');
    assert.notDeepEqual(shown, fs.readFileSync(plain), 'the logo changed nothing');
    // The page's link cannot hold a file; the API box gives the call.
    assert.equal(query(page.url()).get('logo'), null);
    const call = await page.inputValue('#api-url');
    assert.match(call, /^curl -F logo=@browser-logo\.png -F ssid=Cafe -F password=longpassword -F color=1d3557 http:/);

    const [png] = await Promise.all([page.waitForEvent('download'), page.click('#download-png')]);
    assert.equal(png.suggestedFilename(), 'qrcode-wifi.png');
    const saved = path.join(artifacts, 'browser-download-logo.png');
    await png.saveAs(saved);
    assert.deepEqual(fs.readFileSync(saved), shown);
    const [svg] = await Promise.all([page.waitForEvent('download'), page.click('#download-svg')]);
    const svgFile = path.join(artifacts, 'browser-download-logo.svg');
    await svg.saveAs(svgFile);
    assert.match(fs.readFileSync(svgFile, 'utf8'), /<svg[\s>][\s\S]*<image /);

    // Removing the file goes back to the link's own preview.
    await page.click('#logo-clear');
    await page.waitForFunction(() => !document.getElementById('preview-img').getAttribute('src').startsWith('blob:'));
    assert.equal(await previewLoaded(page), '/api/v1/wifi?ssid=Cafe&password=longpassword&color=1d3557');
    assert.equal(await page.inputValue('#api-url'), base + '/api/v1/wifi?ssid=Cafe&password=longpassword&color=1d3557');
    assert.deepEqual(page.errors, []);
    await page.close();
  });

  test('copy buttons put the API URL and the page link on the clipboard', async () => {
    await browser.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: base });
    const page = await newPage(browser);
    await page.goto(base + link);
    await previewLoaded(page);
    await page.click('#copy-api');
    await page.locator('#status').filter({ hasText: 'copied' }).waitFor();
    const api = await page.evaluate(() => navigator.clipboard.readText());
    assert.equal(api, base + '/api/v1/wifi?ssid=Cafe&password=longpassword&color=1d3557');
    assert.equal((await page.request.get(api)).status(), 200);
    const copied = async (button) => {
      await page.evaluate(() => navigator.clipboard.writeText(''));
      await page.click(button);
      await page.waitForFunction(async () => (await navigator.clipboard.readText()) !== '');
      return page.evaluate(() => navigator.clipboard.readText());
    };
    assert.equal(await copied('#copy-html'), `<img src="${api.replace(/&/g, '&amp;')}" alt="QR code">`);
    assert.equal(await copied('#copy-markdown'), `![QR code](${api})`);
    const curl = await copied('#copy-curl');
    assert.equal(curl, `curl -o qrcode-wifi.png '${api}'`);
    // The curl command runs in a shell and saves the code.
    const saved = path.join(artifacts, 'qrcode-wifi.png');
    fs.rmSync(saved, { force: true });
    execFileSync('sh', ['-c', curl], { cwd: artifacts, stdio: 'ignore' });
    assert.equal(zbar(saved), 'WIFI:T:WPA;S:Cafe;P:longpassword;;');
    await page.click('#copy-link');
    await page.locator('#status').filter({ hasText: 'Link' }).waitFor();
    assert.equal(await page.evaluate(() => navigator.clipboard.readText()), base + link);
    await page.close();
  });
});

describe('without JavaScript', () => {
  test('the form submits to a short link and the preview follows', async () => {
    const context = await open({ javaScriptEnabled: false });
    const page = await newPage(context);
    await page.goto(base + '/wifi?ssid=Cafe&password=longpassword&fg=1d3557');
    await page.fill('[name=ssid]', 'No Script');
    await page.selectOption('[name=sec]', 'WPA2');
    await Promise.all([page.waitForURL(/ssid=No\+Script/), page.getByRole('button', { name: 'Update the code' }).first().click()]);
    assert.equal(new URL(page.url()).search, '?ssid=No+Script&password=longpassword&sec=WPA2&fg=1d3557');
    const src = await page.getAttribute('#preview-img', 'src');
    assert.equal(src, '/api/v1/wifi?ssid=No+Script&password=longpassword&security=WPA2&color=1d3557');
    assert.equal(zbar(await savePreview(page, 'browser-nojs.png')), 'WIFI:T:WPA;S:No Script;P:longpassword;;');

    // The server marks the field the API refuses.
    await page.goto(base + '/wifi?ssid=Cafe&password=short');
    assert.match(await page.textContent('#f-password-error'), /WPA passphrase/);
    await context.close();
  });
});

describe('pages', () => {
  test("a link's parameters the page does not read are named, and the notice stays as the form changes", async () => {
    const link = '/?data=x&colr=red&eci=utf8&_=1';
    const page = await newPage(browser);
    await page.goto(base + link);
    await previewLoaded(page);
    const notice = page.locator('#link-notice');
    assert.equal(await notice.isVisible(), true);
    const items = (await notice.locator('li').allTextContents()).map((t) => t.replace(/\s+/g, ' ').trim());
    assert.deepEqual(items, [
      'colr is not an option of this page; did you mean color?',
      'eci is not an option of this page; the API takes it: the API call with it.',
    ]);
    assert.equal(await notice.locator('a', { hasText: 'the API call with it' }).getAttribute('href'), '/api/v1/qr?data=x&eci=utf8');
    await page.fill('#f-data', 'xy');
    await page.waitForFunction(() => document.getElementById('preview-img').getAttribute('src') === '/api/v1/qr?data=xy');
    assert.equal(await notice.isVisible(), true);
    assert.equal(await notice.locator('li').count(), 2);
    // The suggestion is a link to the page with the value renamed.
    await notice.locator('a', { hasText: 'color' }).click();
    await page.waitForURL((u) => u.search === '?data=x&fg=red');
    assert.equal(await page.inputValue('#o-color'), 'red');
    assert.equal(await page.locator('#link-notice').count(), 0);
    assert.deepEqual(page.errors, []);
    await page.close();

    const context = await open({ javaScriptEnabled: false });
    const bare = await newPage(context);
    await bare.goto(base + link);
    assert.match(await bare.textContent('#link-notice'), /colr is not an option of this page; did you mean color\?/);
    await bare.close();
  });

  test('home lists every kind and its editor makes a code', async () => {
    const page = await newPage(browser);
    await page.goto(base + '/');
    const kinds = (await (await page.request.get(base + '/api/v1/kinds')).json()).kinds.map((k) => k.name);
    assert.ok(kinds.length > 0);
    for (const name of kinds) {
      assert.equal(await page.locator(`#kinds a[href="/${name}"]`).count(), 1, `no link to /${name}`);
    }
    await page.fill('[name=data]', 'https://example.org/qrforge?x=1&y=2');
    await page.waitForFunction(() => document.getElementById('preview-img').getAttribute('src').includes('example.org'));
    assert.equal(zbar(await savePreview(page, 'browser-home-preview.png')), 'https://example.org/qrforge?x=1&y=2');
    assert.equal(query(page.url()).get('data'), 'https://example.org/qrforge?x=1&y=2');
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: path.join(artifacts, 'browser-home.png'), fullPage: true });
    assert.deepEqual(page.errors, []);
    await page.close();
  });

  test('a payment page opens empty, with its example marked, and the code is the person\'s once typed', async () => {
    const page = await newPage(browser);
    await page.goto(base + '/epc');
    const kind = await (await page.request.get(base + '/api/v1/kinds/epc')).json();
    for (const f of kind.fields) {
      const control = page.locator(`[data-api="${f.name}"]`);
      assert.equal(await control.count(), 1, `no control for ${f.name}`);
      assert.equal(await control.inputValue(), '', `${f.name} opens with a value`);
      assert.equal(await page.locator(`label[for="f-${f.name}"] .name`).textContent(), f.title);
    }
    assert.equal(await page.getAttribute('[name=iban]', 'placeholder'), kind.example.iban);
    // The example is shown, marked, and offers nothing to take away.
    const example = await previewLoaded(page);
    assert.equal(example, '/epc/example.svg');
    assert.ok(await page.locator('#example-badge').isVisible(), 'no example badge');
    assert.match(await page.locator('#example-badge').textContent(), /Example: not your data/);
    for (const a of await page.locator('a[data-format]').all()) {
      assert.equal(await a.getAttribute('href'), null);
      assert.equal(await a.getAttribute('aria-disabled'), 'true');
    }
    for (const b of await page.locator('button[data-copy]').all()) assert.ok(await b.isDisabled());
    assert.equal(await page.inputValue('#api-url'), '');
    await page.screenshot({ path: path.join(artifacts, 'browser-epc-example.png'), fullPage: true });

    // Only a name typed: the API refuses the missing IBAN; the charity's
    // IBAN is never filled in.
    await page.locator('[name=name]').pressSequentially('Jane Doe');
    await page.locator('#f-iban-error').filter({ hasText: /iban/ }).waitFor();
    assert.ok(!(await page.locator('#example-badge').isVisible()));
    const refused = await page.getAttribute('#preview-img', 'src');
    assert.equal(refused, '/api/v1/epc?name=Jane+Doe');
    assert.equal(query(page.url()).get('iban'), null);

    await page.locator('[name=iban]').pressSequentially('DE89 3704 0044 0532 0130 00');
    const src = await previewLoaded(page);
    assert.equal(src, '/api/v1/epc?name=Jane+Doe&iban=DE89+3704+0044+0532+0130+00');
    const payload = await (await page.request.get(new URL(src.replace('/api/v1/epc?', '/api/v1/epc/payload?'), base).href)).json();
    assert.equal(zbar(await savePreview(page, 'browser-epc-preview.png')), payload.payload);
    assert.match(payload.payload, /\nJane Doe\nDE89370400440532013000$/);
    assert.equal(await page.getAttribute('#download-png', 'href'), src);
    assert.equal(await page.getAttribute('#download-png', 'aria-disabled'), null);
    assert.equal(await page.inputValue('#api-url'), base + src);

    // Emptied again, the page is the example again.
    await page.fill('[name=name]', '');
    await page.fill('[name=iban]', '');
    await page.waitForFunction(() => document.getElementById('preview-img').getAttribute('src') === '/epc/example.svg');
    assert.ok(await page.locator('#example-badge').isVisible());
    assert.equal(await page.getAttribute('#download-png', 'href'), null);
    assert.equal(new URL(page.url()).search, '');
    assert.deepEqual(page.errors, []);
    await page.close();
  });

  test('the home page lists kinds by purpose, and the search box filters them', async () => {
    const page = await newPage(browser);
    await page.goto(base + '/');
    const headings = await page.locator('#kinds .kind-group h3').allTextContents();
    assert.equal(headings[0], 'Links and text');
    assert.ok(headings.includes('Payments in Europe') && headings.includes('Crypto'), headings.join(', '));
    const total = await page.locator('#kinds li[data-search]').count();
    await page.fill('#kind-search', 'iban');
    const shown = await page.locator('#kinds li[data-search]:visible a').evaluateAll((as) => as.map((a) => a.getAttribute('href')));
    assert.ok(shown.includes('/epc') && shown.includes('/swissqr'), shown.join(', '));
    assert.ok(!shown.includes('/wifi'));
    assert.match(await page.textContent('#kind-search-status'), /codes? match/);
    assert.equal(await page.locator('#kinds .kind-group:visible h3').first().textContent(), 'Payments in Europe');
    await page.fill('#kind-search', 'zzzz');
    assert.equal(await page.locator('#kinds li[data-search]:visible').count(), 0);
    assert.match(await page.textContent('#kind-search-status'), /No code matches/);
    await page.fill('#kind-search', '');
    assert.equal(await page.locator('#kinds li[data-search]:visible').count(), total);
    assert.deepEqual(page.errors, []);
    await page.close();
  });

  test('a phone-sized screen scrolls only down', async () => {
    const page = await newPage(browser);
    await page.setViewportSize({ width: 360, height: 780 });
    // Every kind's page: a hint's long link or account wraps.
    const { kinds } = await (await page.request.get(base + '/api/v1/kinds')).json();
    const pages = ['/', '/wifi?ssid=Cafe&password=longpassword', ...kinds.map((k) => '/' + k.name)];
    for (const p of pages) {
      await page.goto(base + p);
      await previewLoaded(page);
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      assert.ok(width <= 360, `${p} is ${width} px wide at 360`);
    }
    // A fix's button under a field says its whole value, wrapped.
    await page.goto(base + '/epc?name=Jane+Doe&iban=IBAN+BE72+0000+0000+1616');
    await page.locator('#f-iban-error button').waitFor();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(width <= 360, `a fix's button makes the page ${width} px wide at 360`);
    await page.goto(base + '/wifi?ssid=Cafe&password=longpassword&fg=1d3557');
    await page.screenshot({ path: path.join(artifacts, 'browser-wifi-360.png'), fullPage: true });
    await page.close();
  });

  test('every control can be reached with the keyboard', async () => {
    const page = await newPage(browser);
    await page.goto(base + '/wifi?ssid=Cafe&password=longpassword');
    const names = new Set();
    for (let i = 0; i < 100; i++) {
      await page.keyboard.press('Tab');
      const name = await page.evaluate(() => document.activeElement && (document.activeElement.name || document.activeElement.id));
      if (name) names.add(name);
    }
    for (const want of ['ssid', 'password', 'sec', 'style', 'eye', 'fg', 'bg', 'size', 'margin', 'ec', 'tpl', 'label',
      'download-png', 'download-svg', 'download-pdf', 'download-eps', 'download-gif', 'download-jpeg', 'download-json',
      'copy-api', 'copy-html', 'copy-markdown', 'copy-curl', 'copy-link']) {
      assert.ok(names.has(want), `Tab never reaches ${want}; reached ${[...names].join(', ')}`);
    }
    await page.close();
  });
});

describe('accessibility', () => {
  // The pages a person meets first, and the states a form goes through.
  const states = [
    ['home', '/'],
    ['example', '/epc'],
    ['typed', '/wifi?ssid=Cafe&password=longpassword&fg=1d3557'],
    ['error', '/wifi?ssid=Cafe&password=short'],
    ['warned', '/?data=hello+editor&fg=fefefe&colr=red'],
    ['gallery', '/gallery'],
  ];

  // axe injects its script inline, which the pages' Content-Security-Policy
  // forbids: this context alone bypasses it.
  let axeContext;
  before(async () => { axeContext = await open({ bypassCSP: true }); });

  for (const [name, link] of states) {
    test(`axe-core finds no violation on the ${name} page, at phone and desktop widths`, async () => {
      const page = await newPage(axeContext);
      for (const [width, height] of [[390, 844], [1280, 900]]) {
        await page.setViewportSize({ width, height });
        await page.goto(base + link);
        if (name === 'error') await page.locator('#f-password-error').filter({ hasText: /\S/ }).waitFor();
        else if (name !== 'gallery') await previewLoaded(page);
        // The score panel, once its answer is in.
        if (name === 'typed') await page.waitForFunction(() => /^\d+$/.test(document.getElementById('score-value').textContent));
        // The link's notice, and the colour's warning with its fix.
        if (name === 'warned') await page.locator('#o-color-warning button').waitFor();
        await page.addScriptTag({ path: axeScript });
        const result = await page.evaluate(() => window.axe.run(document, { resultTypes: ['violations'] }));
        const found = result.violations.map((v) => `${v.id} (${v.impact}): ${v.help}\n  ${v.nodes.slice(0, 5).map((n) => n.target.join(' ')).join('\n  ')}`);
        assert.deepEqual(found, [], `${link} at ${width} px`);
        assert.ok(result.passes.length > 20, `axe ran only ${result.passes.length} passing rules`);
        await page.screenshot({ path: path.join(artifacts, `a11y-${name}-${width}.png`), fullPage: true });
      }
      // A control: the same run finds a field without a label once there
      // is one, so a pass above is axe's verdict and not a silent no-op.
      const control = await page.evaluate(() => {
        const input = document.createElement('input');
        input.type = 'text';
        document.querySelector('main').append(input);
        return window.axe.run(document, { resultTypes: ['violations'] });
      });
      assert.ok(control.violations.some((v) => v.id === 'label'), 'axe missed an unlabelled field');
      assert.deepEqual(page.errors, []);
      await page.close();
    });
  }

  test('a code can be made and downloaded with the keyboard alone', async () => {
    const page = await newPage(browser);
    await page.goto(base + '/wifi');
    // The first Tab reaches the skip link, which leads into the editor.
    await page.keyboard.press('Tab');
    assert.equal(await page.evaluate(() => document.activeElement.textContent), 'Skip to the editor');
    await page.keyboard.press('Enter');
    const focusName = () => page.evaluate(() => document.activeElement && (document.activeElement.name || document.activeElement.id));
    const tabTo = async (want) => {
      for (let i = 0; i < 120; i++) {
        if (await focusName() === want) return;
        await page.keyboard.press('Tab');
      }
      assert.fail(`Tab never reaches ${want}`);
    };
    await tabTo('ssid');
    await page.keyboard.type('Keyboard Cafe');
    await tabTo('password');
    await page.keyboard.type('typed without a mouse');
    await tabTo('sec');
    await page.keyboard.press('ArrowDown'); // from "(not set)" to the first choice, WPA
    await page.waitForFunction(() => location.search.includes('sec=WPA'));
    await tabTo('download-png');
    // Focus is visible on a download button.
    const outline = await page.evaluate(() => getComputedStyle(document.activeElement).outlineStyle);
    assert.notEqual(outline, 'none');
    const [png] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Enter')]);
    const file = path.join(artifacts, 'browser-keyboard.png');
    await png.saveAs(file);
    assert.equal(zbar(file), 'WIFI:T:WPA;S:Keyboard Cafe;P:typed without a mouse;;');
    await page.screenshot({ path: path.join(artifacts, 'browser-keyboard.png'.replace('.png', '-page.png')), fullPage: true });

    // The home page's search is reached and used from the keyboard too.
    await page.goto(base + '/');
    await page.focus('#kind-search');
    await page.keyboard.type('wifi');
    await page.keyboard.press('Tab');
    assert.equal(await page.evaluate(() => document.activeElement.getAttribute('href')), '/wifi');
    await Promise.all([page.waitForURL(/\/wifi$/), page.keyboard.press('Enter')]);
    assert.deepEqual(page.errors, []);
    await page.close();
  });
});

describe('scan robustness', () => {
  // scoreShown waits until the panel shows a score and returns it.
  async function scoreShown(page) {
    await page.waitForFunction(() => /^\d+$/.test(document.getElementById('score-value').textContent) &&
      !document.getElementById('robustness').classList.contains('is-loading'));
    return Number(await page.textContent('#score-value'));
  }
  // verified is what the verify API answers for the preview's API call.
  async function verified(page) {
    const src = await previewLoaded(page);
    const res = await page.request.get(base + '/api/v1/verify?' + new URL(src, base).searchParams);
    assert.equal(res.status(), 200);
    return (await res.json()).robustness;
  }

  test('typing in the editor shows the score verify gives, its meter and the weakest condition', async () => {
    const page = await newPage(browser);
    await page.goto(base + '/');
    assert.equal(await page.isVisible('#robustness'), true);
    assert.match(await page.textContent('#score-status'), /Fill in the fields/);
    await page.locator('#f-data').pressSequentially('https://example.com/menu');
    await page.waitForFunction(() => document.getElementById('preview-img').getAttribute('src').includes('menu'));
    const score = await scoreShown(page);
    // Each keystroke asked for a score; only the last state's is shown.
    const want = await verified(page);
    assert.equal(score, want.score);
    assert.ok(score >= 0 && score <= 100);
    assert.equal(await page.evaluate(() => document.getElementById('score-meter').value), score);
    assert.equal(await page.isVisible('#score-meter'), true);
    assert.match(await page.textContent('#score-status'), new RegExp(`^Score ${score} out of 100: `));
    assert.equal(await page.textContent('#score-weakest'), want.weakest.length ? `Weakest: ${want.weakest[0]}.` : 'It read under every condition tried.');
    assert.deepEqual(page.errors, []);
    await page.close();
  });

  test('a weak design scores lower and its fix, applied, reaches the score it claimed', async () => {
    const page = await newPage(browser);
    await page.goto(base + '/?data=https%3A%2F%2Fexample.com');
    const plain = await scoreShown(page);
    // Light grey small dots: the grid's distance and focus fail sooner.
    await page.fill('#o-color', 'aaa');
    await page.locator('[data-field="style"] label.swatch', { hasText: /^small-dots$/ }).click();
    await page.waitForFunction(() => document.getElementById('preview-img').getAttribute('src').includes('style=small-dots'));
    const weak = await scoreShown(page);
    assert.equal(await page.isVisible('#score-fix'), true);
    assert.equal(weak, (await verified(page)).score);
    assert.ok(weak < plain, `the weak design scores ${weak}, the plain one ${plain}`);
    const label = await page.textContent('#score-fix-apply');
    assert.match(label, /^Apply: error correction H/);
    const claimed = Number(/(\d+) out of 100/.exec(await page.textContent('#score-fix-note'))[1]);
    assert.ok(claimed > weak, `the fix claims ${claimed}, from ${weak}`);
    assert.equal(await page.inputValue('#o-ec'), '');
    await page.screenshot({ path: path.join(artifacts, 'browser-score-weak.png'), fullPage: true });

    await page.click('#score-fix-apply');
    assert.equal(await page.inputValue('#o-ec'), 'H');
    await page.waitForFunction(() => document.getElementById('preview-img').getAttribute('src').includes('ec=H'));
    assert.equal(query(page.url()).get('ec'), 'H');
    // The rest of the design stays as it was.
    assert.equal(await page.inputValue('#o-color'), 'aaa');
    assert.equal(await page.locator('[name=style]:checked').getAttribute('value'), 'small-dots');
    await page.waitForFunction((w) => document.getElementById('score-value').textContent !== String(w), weak);
    assert.equal(await scoreShown(page), claimed);
    assert.equal(zbar(await savePreview(page, 'browser-score-fixed.png')), 'https://example.com');
    await page.screenshot({ path: path.join(artifacts, 'browser-score-fixed.png'.replace('.png', '-page.png')), fullPage: true });
    assert.deepEqual(page.errors, []);
    await page.close();
  });

  test('an uploaded logo and an invalid state say why there is no score', async () => {
    const logo = path.join(artifacts, 'browser-score-logo.png');
    fs.writeFileSync(logo, ringPNG(96));
    const page = await newPage(browser);
    await page.goto(base + '/wifi?ssid=Cafe&password=longpassword');
    await scoreShown(page);
    await page.setInputFiles('#logo-file', logo);
    await page.waitForFunction(() => /uploaded logo/.test(document.getElementById('score-status').textContent));
    assert.equal(await page.textContent('#score-value'), '–');
    assert.equal(await page.isVisible('#score-meter'), false);
    assert.equal(await page.isVisible('#score-fix'), false);
    await page.click('#logo-clear');
    await scoreShown(page);

    await page.fill('[name=password]', 'short');
    await page.waitForFunction(() => /correct the marked field/.test(document.getElementById('score-status').textContent));
    assert.equal(await page.textContent('#score-value'), '–');
    assert.deepEqual(page.errors, []);
    await page.close();
  });

  test('a colour too light to scan is warned of beside Colour, with its fix, and the panel says why there is no score', async () => {
    const page = await newPage(browser);
    await page.goto(base + '/?data=hello+editor');
    await scoreShown(page);
    assert.equal(await page.isVisible('#o-color-warning'), false);
    await page.fill('#o-color', 'fefefe');
    const warning = page.locator('#o-color-warning');
    await warning.locator('button').waitFor();
    assert.match(await warning.textContent(), /contrast 1\.01:1 between color and bg/);
    assert.equal(await warning.locator('button').textContent(), 'Apply: color=727272');
    await page.waitForFunction(() => /^No score: .*contrast 1\.01:1/.test(document.getElementById('score-status').textContent));
    assert.equal(await page.textContent('#score-fix-apply'), 'Apply: color=727272');
    // Drawn as asked: the API draws it, so the downloads stay.
    assert.equal(await page.getAttribute('#download-png', 'aria-disabled'), null);
    await page.screenshot({ path: path.join(artifacts, 'browser-contrast-warned.png'), fullPage: true });

    await warning.locator('button').click();
    assert.equal(await page.inputValue('#o-color'), '727272');
    await page.waitForFunction(() => document.getElementById('preview-img').getAttribute('src').includes('color=727272'));
    assert.equal(query(page.url()).get('fg'), '727272');
    await scoreShown(page);
    assert.equal(await page.isVisible('#o-color-warning'), false);
    assert.equal(zbar(await savePreview(page, 'browser-contrast-fixed.png')), 'hello editor');
    assert.deepEqual(page.errors, []);
    await page.close();
  });

  test('a link with a colour too light is warned of on first load, with or without JavaScript', async () => {
    const link = base + '/?data=hello+editor&fg=fefefe';
    const page = await newPage(browser);
    await page.goto(link);
    await page.locator('#o-color-warning button').waitFor();
    assert.equal(await page.locator('#o-color-warning button').textContent(), 'Apply: color=727272');
    assert.deepEqual(page.errors, []);
    await page.close();
    const context = await open({ javaScriptEnabled: false });
    const bare = await newPage(context);
    await bare.goto(link);
    assert.equal(await bare.isVisible('#o-color-warning'), true);
    assert.match(await bare.textContent('#o-color-warning'), /contrast 1\.01:1 between color and bg .*darken color to #727272/);
    await bare.close();
  });

  test('without JavaScript the panel stays hidden', async () => {
    const context = await open({ javaScriptEnabled: false });
    const page = await newPage(context);
    await page.goto(base + '/?data=hello');
    assert.equal(await page.isVisible('#robustness'), false);
    await page.close();
  });
});

describe('gallery', () => {
  test('every design loads, and a tile opens the editor with its design', async () => {
    const page = await newPage(browser);
    await page.goto(base + '/');
    await Promise.all([page.waitForURL(/\/gallery$/), page.click('header nav a[href="/gallery"]')]);
    const images = page.locator('li.design img');
    const count = await images.count();
    assert.ok(count >= 20, `only ${count} designs`);
    // The images load lazily: bring each into view, as a reader scrolling
    // down the page does.
    for (let i = 0; i < count; i++) await images.nth(i).scrollIntoViewIfNeeded();
    await page.waitForFunction(() => [...document.querySelectorAll('li.design img')].every((img) => img.complete));
    const loaded = await images.evaluateAll((imgs) => imgs.map((img) => ({ src: img.getAttribute('src'), natural: img.naturalWidth, width: img.width })));
    for (const img of loaded) {
      assert.ok(img.natural > 0, `${img.src} did not load`);
      assert.equal(img.natural, 2 * img.width, `${img.src} is ${img.natural} px for ${img.width} CSS px`);
    }
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: path.join(artifacts, 'browser-gallery.png'), fullPage: true });

    const recipe = page.locator('#recipes li.design').first();
    // The image is kept under /gallery/images/; the tile's API link has
    // the call that draws it.
    const src = await recipe.locator('.design-links a', { hasText: 'API URL' }).getAttribute('href');
    const data = query(src).get('data');
    await Promise.all([page.waitForURL((u) => u.pathname === '/'), recipe.locator('a.design-image').click()]);
    const preview = query(await previewLoaded(page));
    for (const [name, value] of query(src)) {
      if (name !== 'size') assert.equal(preview.get(name), value, `the editor's preview has ${name}=${preview.get(name)}`);
    }
    assert.equal(zbar(await savePreview(page, 'browser-gallery-recipe.png')), data);
    assert.deepEqual(page.errors, []);
    await page.close();
  });

  test('on a phone-sized screen the gallery scrolls only down', async () => {
    const page = await newPage(browser);
    await page.setViewportSize({ width: 360, height: 780 });
    await page.goto(base + '/gallery');
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(width <= 360, `/gallery is ${width} px wide at 360`);
    assert.deepEqual(page.errors, []);
    await page.close();
  });
});
