// The built site as `npm start` serves it, for what is not a plain GET of a file: the 404 page is
// sent like every other page (precompressed variant by Accept-Encoding, strong ETag, never a 304
// or a range), and a method other than GET/HEAD on a page or file answers 405 with Allow.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { type RawResponse, rawRequest } from '../../support/http.ts';
import { ROOT, type RunningSite, startSite } from '../../support/server.ts';

const CLIENT = join(ROOT, 'dist', 'client');

let site: RunningSite;
before(async () => {
  site = await startSite();
});
after(() => site?.stop());

/** One request to the site (tests/support/http.ts). */
function send(method: string, path: string, headers: Record<string, string> = {}, body?: string): Promise<RawResponse> {
  return rawRequest(method, `${site.url}${path}`, headers, body);
}

describe('the 404 page', () => {
  const page = readFileSync(join(CLIENT, '404.html'));

  test('brotli or gzip by Accept-Encoding, identity otherwise, with status 404 and Vary', async () => {
    const br = await send('GET', '/no-such-page', { 'accept-encoding': 'gzip, br' });
    assert.equal(br.status, 404);
    assert.equal(br.headers['content-encoding'], 'br');
    assert.deepEqual(brotliDecompressSync(br.body), page);
    const gz = await send('GET', '/guides/no-such-guide/', { 'accept-encoding': 'gzip' });
    assert.equal(gz.status, 404);
    assert.equal(gz.headers['content-encoding'], 'gzip');
    assert.deepEqual(gunzipSync(gz.body), page);
    const plain = await send('GET', '/no-such-page');
    assert.equal(plain.status, 404);
    assert.equal(plain.headers['content-encoding'], undefined);
    assert.deepEqual(plain.body, page);
    for (const r of [br, gz, plain]) {
      assert.match(String(r.headers['content-type']), /^text\/html/i);
      assert.match(String(r.headers.vary), /Accept-Encoding/i);
    }
  });

  test('a strong ETag per variant, as on every page; conditionals and ranges do not apply to a 404', async () => {
    const br = await send('GET', '/no-such-page', { 'accept-encoding': 'br' });
    const plain = await send('GET', '/no-such-page');
    const etag = String(br.headers.etag);
    assert.match(etag, /^"[0-9a-f]+-[0-9a-f]+"$/, 'strong (no W/)');
    assert.notEqual(etag, plain.headers.etag, 'each representation its own');
    assert.equal(br.headers['cache-control'], 'public, max-age=0, must-revalidate');
    const again = await send('GET', '/no-such-page', { 'accept-encoding': 'br', 'if-none-match': etag });
    assert.equal(again.status, 404, 'If-None-Match never turns a 404 into a 304');
    assert.ok(again.body.length > 0);
    const ranged = await send('GET', '/no-such-page', { range: 'bytes=0-9' });
    assert.equal(ranged.status, 404);
    assert.deepEqual(ranged.body, page);
    const head = await send('HEAD', '/no-such-page', { 'accept-encoding': 'br' });
    assert.equal(head.status, 404);
    assert.equal(head.body.length, 0);
    assert.equal(head.headers.etag, etag);
  });

  test('the pages and the mock are not affected', async () => {
    assert.equal((await send('GET', '/')).status, 200);
    assert.equal((await send('GET', '/404.html')).status, 200, 'the file itself');
    const mock = await send('GET', '/api/mock/nope', { authorization: 'Bearer not-found-test' });
    assert.equal(mock.status, 404);
    assert.match(String(mock.headers['content-type']), /json/);
  });
});

describe('methods other than GET and HEAD', () => {
  for (const [method, path] of [
    ['POST', '/'],
    ['PUT', '/guides/getting-started/'],
    ['DELETE', '/guides/getting-started'],
    ['PATCH', '/openapi.yaml'],
    ['OPTIONS', '/favicon.svg'],
    ['POST', '/404.html'],
  ] as const) {
    test(`${method} ${path}: 405 with Allow: GET, HEAD`, async () => {
      const r = await send(method, path, { 'content-type': 'text/plain' }, 'x');
      assert.equal(r.status, 405);
      assert.equal(r.headers.allow, 'GET, HEAD');
      assert.match(String(r.headers['content-security-policy']), /frame-ancestors 'none'/, 'security headers too');
    });
  }

  test('a page answers GET with the same Allow', async () => {
    const r = await send('GET', '/guides/getting-started/');
    assert.equal(r.status, 200);
    assert.equal(r.headers.allow, 'GET, HEAD');
  });

  test('a path that is no page is not found, whatever the method', async () => {
    assert.equal((await send('POST', '/no-such-page', {}, 'x')).status, 404);
  });

  test('the mock keeps its own methods', async () => {
    const auth = { authorization: 'Bearer methods-test', 'content-type': 'application/json' };
    const created = await send('POST', '/api/mock/pets', auth, JSON.stringify({ name: 'Rex', categoryId: 1 }));
    assert.equal(created.status, 201);
    const wrong = await send('PATCH', '/api/mock/pets', auth, '{}');
    assert.equal(wrong.status, 405);
    assert.doesNotMatch(String(wrong.headers.allow), /HEAD/, 'the operation’s methods, not the pages’');
  });
});
