// End to end: the built site (what `npm start` serves) answers the mock under /api/mock/,
// including plain API clients (`curl -X DELETE` without body or content type, which Astro's origin
// check would refuse) and CORS preflights from other origins.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { request as httpRequest } from 'node:http';
import { after, before, describe, test } from 'node:test';
import { promisify } from 'node:util';
import { type RunningSite, startSite } from '../../support/server.ts';

const run = promisify(execFile);
const AUTH = { Authorization: 'Bearer test-token' };

let site: RunningSite;
let base: string;
before(async () => {
  site = await startSite();
  base = `${site.url}/api/mock`;
});
after(() => site?.stop());

/** Runs curl and returns the status code it printed last and the body before it. */
async function curl(...args: string[]): Promise<{ status: number; body: string }> {
  const { stdout } = await run('curl', ['-sS', '-w', '\n%{http_code}', ...args], { timeout: 10_000 });
  const lines = stdout.split('\n');
  return { status: Number(lines.pop()), body: lines.join('\n') };
}

describe('the mock in the built site', () => {
  test('reset, create a pet and read it back', async () => {
    assert.equal((await fetch(`${base}/_reset`, { method: 'POST', headers: AUTH })).status, 204);
    const created = await fetch(`${base}/pets`, {
      method: 'POST',
      headers: { ...AUTH, 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: 'Coco', categoryId: 3 }),
    });
    assert.equal(created.status, 201);
    const pet = (await created.json()) as { id: number };
    assert.equal(pet.id, 7);
    const location = created.headers.get('location') ?? '';
    assert.equal(location, `${base}/pets/7`);
    const read = await fetch(location, { headers: AUTH });
    assert.equal(read.status, 200);
    assert.deepEqual(await read.json(), { id: 7, name: 'Coco', categoryId: 3, status: 'available' });
    assert.equal(read.headers.get('deprecation'), '@1788220800');
  });

  test('curl -X DELETE without body or content type is not refused by the framework', async () => {
    await fetch(`${base}/_reset`, { method: 'POST', headers: AUTH });
    const del = await curl('-X', 'DELETE', `${base}/pets/4`, '-H', 'Authorization: Bearer test-token');
    assert.equal(del.status, 204, del.body);
    assert.equal(del.body, '');
    const again = await curl('-X', 'DELETE', `${base}/pets/4`, '-H', 'Authorization: Bearer test-token');
    assert.equal(again.status, 404);
    assert.equal((JSON.parse(again.body) as { code: string }).code, 'not_found');
    const anonymous = await curl('-X', 'DELETE', `${base}/pets/5`);
    assert.equal(anonymous.status, 401, anonymous.body);
    // A cross-site Origin does not trigger Astro's origin check either.
    const foreign = await curl(
      '-X',
      'DELETE',
      `${base}/categories/4`,
      '-H',
      'Authorization: Bearer t',
      '-H',
      'Origin: https://evil.example',
    );
    assert.equal(foreign.status, 204, foreign.body);
  });

  test('CORS preflight from another origin is answered, and responses carry CORS headers', async () => {
    const pre = await fetch(`${base}/pets/1`, {
      method: 'OPTIONS',
      headers: {
        Origin: 'https://elsewhere.example',
        'Access-Control-Request-Method': 'PUT',
        'Access-Control-Request-Headers': 'authorization, content-type',
      },
    });
    assert.equal(pre.status, 204);
    assert.equal(pre.headers.get('access-control-allow-origin'), '*');
    assert.match(pre.headers.get('access-control-allow-methods') ?? '', /\bPUT\b/);
    assert.match(pre.headers.get('access-control-allow-headers') ?? '', /authorization/i);
    const get = await fetch(`${base}/pets?limit=1`, { headers: { ...AUTH, Origin: 'https://elsewhere.example' } });
    assert.equal(get.headers.get('access-control-allow-origin'), '*');
    const exposed = get.headers.get('access-control-expose-headers') ?? '';
    for (const h of ['X-Total-Count', 'Link', 'Location', 'Deprecation', 'Sunset', 'Retry-After'])
      assert.ok(exposed.includes(h), h);
    const err = await fetch(`${base}/nowhere`, { headers: { Origin: 'https://elsewhere.example' } });
    assert.equal(err.status, 404);
    assert.equal(err.headers.get('access-control-allow-origin'), '*');
  });

  test('a body over 65,536 bytes is refused: declared, and streamed without Content-Length', async () => {
    const declared = await fetch(`${base}/pets`, {
      method: 'POST',
      headers: { ...AUTH, 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: 'x'.repeat(70_000), categoryId: 1 }),
    });
    assert.equal(declared.status, 413);
    const streamed = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const r = httpRequest(
        `${base}/pets`,
        { method: 'POST', headers: { ...AUTH, 'Content-Type': 'application/json', 'Transfer-Encoding': 'chunked' } },
        (res) => {
          let body = '';
          res.on('data', (d) => {
            body += d;
          });
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
        },
      );
      r.on('error', reject);
      // 128 KiB in 8 KiB chunks; the server may answer (and stop reading) before the end.
      const chunk = ' '.repeat(8192);
      let n = 0;
      const write = (): void => {
        while (n < 16) {
          n++;
          if (!r.write(chunk)) {
            r.once('drain', write);
            return;
          }
        }
        r.end();
      };
      write();
    });
    assert.equal(streamed.status, 413, streamed.body);
    assert.equal((JSON.parse(streamed.body) as { code: string }).code, 'payload_too_large');
  });

  test('unknown paths and wrong methods answer with the catalogue errors', async () => {
    const missing = await fetch(`${base}/unicorns`, { headers: AUTH });
    assert.equal(missing.status, 404);
    assert.equal(((await missing.json()) as { code: string }).code, 'route_not_found');
    const wrong = await fetch(`${base}/pets`, { method: 'PATCH', headers: AUTH });
    assert.equal(wrong.status, 405);
    assert.equal(wrong.headers.get('allow'), 'GET, POST');
    const id = await fetch(`${base}/pets/1e3`, { headers: AUTH });
    assert.equal(id.status, 400);
  });
});
