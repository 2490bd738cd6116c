// The mock in the built server as a public sandbox: two tokens never see each other's changes,
// `_reset` resets only the caller's sandbox, and the documented rate limit (600 requests per
// minute per token) answers 429 rate_limited with Retry-After and the RateLimit headers.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { type RunningSite, startSite } from '../../support/server.ts';

let site: RunningSite;
let base: string;
before(async () => {
  site = await startSite();
  base = `${site.url}/api/mock`;
});
after(() => site?.stop());

const as = (token: string, init: RequestInit = {}): RequestInit => ({
  ...init,
  headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...init.headers },
});

describe('per-token sandboxes', () => {
  test('two tokens are isolated: one deletes and creates, the other still sees the seed', async () => {
    const a = `a-${Date.now()}`;
    const b = `b-${Date.now()}`;
    assert.equal((await fetch(`${base}/pets/4`, as(a, { method: 'DELETE' }))).status, 204);
    const created = await fetch(`${base}/pets`, as(a, { method: 'POST', body: '{"name":"Coco","categoryId":3}' }));
    assert.equal(created.status, 201);
    assert.equal(((await created.json()) as { id: number }).id, 7);
    assert.equal((await fetch(`${base}/pets/4`, as(a))).status, 404);
    const seen = await fetch(`${base}/pets`, as(b));
    assert.equal(seen.headers.get('x-total-count'), '6');
    assert.equal((await fetch(`${base}/pets/4`, as(b))).status, 200);
    const second = await fetch(`${base}/pets`, as(b, { method: 'POST', body: '{"name":"Kiwi","categoryId":3}' }));
    assert.equal(((await second.json()) as { id: number }).id, 7, 'b gets its own next id');
  });

  test('_reset resets only the caller’s sandbox, and needs a token', async () => {
    const a = `ra-${Date.now()}`;
    const b = `rb-${Date.now()}`;
    await fetch(`${base}/pets/5`, as(a, { method: 'DELETE' }));
    await fetch(`${base}/pets/5`, as(b, { method: 'DELETE' }));
    assert.equal((await fetch(`${base}/_reset`, as(a, { method: 'POST' }))).status, 204);
    assert.equal((await fetch(`${base}/pets/5`, as(a))).status, 200, 'a is back to the seed');
    assert.equal((await fetch(`${base}/pets/5`, as(b))).status, 404, 'b keeps its change');
    const anonymous = await fetch(`${base}/_reset`, { method: 'POST' });
    assert.equal(anonymous.status, 401);
    assert.equal(anonymous.headers.get('www-authenticate'), 'Bearer');
  });
});

describe('rate limit', () => {
  test('the 601st request in a minute → 429 rate_limited with Retry-After; other tokens go on', async () => {
    const token = `rl-${Date.now()}`;
    let last: Response | undefined;
    for (let i = 1; i <= 600; i++) {
      last = await fetch(`${base}/pets/1`, as(token));
      if (last.status !== 200) assert.fail(`request ${i}: ${last.status}`);
      await last.arrayBuffer();
    }
    assert.equal(last?.headers.get('ratelimit'), `"default";r=0;t=${last?.headers.get('ratelimit')?.split('t=')[1]}`);
    const refused = await fetch(`${base}/pets/1`, as(token));
    assert.equal(refused.status, 429);
    const body = (await refused.json()) as { code: string; status: number };
    assert.deepEqual([body.code, body.status], ['rate_limited', 429]);
    const retry = Number(refused.headers.get('retry-after'));
    assert.ok(Number.isInteger(retry) && retry >= 1 && retry <= 60, `Retry-After ${retry}`);
    assert.equal(refused.headers.get('ratelimit-policy'), '"default";q=600;w=60');
    assert.match(refused.headers.get('ratelimit') ?? '', /^"default";r=0;t=\d+$/);
    assert.match(refused.headers.get('access-control-expose-headers') ?? '', /RateLimit/);
    assert.equal((await fetch(`${base}/pets/1`, as(`other-${token}`))).status, 200);
  });

  test('MOCK_RATE_LIMIT=0 turns it off (what the benchmark does)', async () => {
    const off = await startSite({ MOCK_RATE_LIMIT: '0' });
    try {
      const r = await fetch(`${off.url}/api/mock/pets`, as('t'));
      assert.equal(r.status, 200);
      assert.equal(r.headers.get('ratelimit'), null);
    } finally {
      await off.stop();
    }
  });
});
