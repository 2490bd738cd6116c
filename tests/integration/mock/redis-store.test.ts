// The Redis driver of the mock's sandbox store (site/mock/hosts/redis-store.ts) on a real
// redis-server started for this file: the suite every driver passes, with two stores as two
// instances; then what only Redis has: the idle expiry as the key's TTL, the bounded cache, Redis
// stopped and started again (503 store_unavailable with Retry-After, then recovery on its own), a
// Redis that hangs (503 within 2 s), and
// a start while Redis is unreachable (one line, then it connects).
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { MOCK_BASE } from '../../../site/mock/hosts/mount.ts';
import { type RedisStore, redisStore } from '../../../site/mock/hosts/redis-store.ts';
import { createMock } from '../../../site/mock/index.ts';
import { testSpec } from '../../support/mock.ts';
import { type Redis, redisSkip, startRedis } from '../../support/redis.ts';
import { freePort } from '../../support/server.ts';
import { PETS, petsState, storeSuite } from '../../support/store-suite.ts';

const skip = redisSkip();
let redis: Redis | undefined;
const stores: RedisStore[] = [];
const quiet = () => {};

async function connectedStore(options: Partial<Parameters<typeof redisStore>[0]> = {}): Promise<RedisStore> {
  if (!redis) throw new Error('no redis');
  const store = redisStore({ url: redis.url, prefix: `t${stores.length}:`, log: quiet, ...options });
  stores.push(store);
  await store.connected;
  return store;
}

before(async () => {
  if (!skip) redis = await startRedis();
});
after(async () => {
  for (const s of stores) await s.close();
  await redis?.stop();
});

storeSuite(
  'Redis sandbox store (two instances on one redis-server)',
  () => ({
    make: async ({ now, caps }) => {
      const a = await connectedStore({ now, prefix: 'suite:' });
      const b = await connectedStore({ now, prefix: 'suite:' });
      a.declare(PETS, petsState(caps));
      b.declare(PETS, petsState(caps));
      return [a, b];
    },
  }),
  skip,
);

describe('Redis sandbox store: what only Redis has', { skip }, () => {
  const auth = (token: string) => ({ authorization: `Bearer ${token}`, 'content-type': 'application/json' });

  test('the idle expiry is the key’s TTL: an idle sandbox goes back to the seed', async () => {
    const store = await connectedStore({ idleMs: 300 });
    store.declare(PETS, petsState({}));
    const sandbox = () => store.open('idle');
    await sandbox().write(PETS, async (s) => (s as { deletePet(id: number): void }).deletePet(6));
    const name = () =>
      sandbox().read(PETS, async (s) => (s as { getPet(id: number): { name: string } }).getPet(6).name);
    await assert.rejects(name(), /no pet|not_found/i);
    await new Promise((r) => setTimeout(r, 700));
    assert.equal(await name(), 'Max');
  });

  test('the cache of an instance stays within its byte budget', async () => {
    const budget = 64 * 1024;
    const store = await connectedStore({ cacheBytes: budget });
    store.declare(PETS, petsState({}));
    for (let i = 0; i < 60; i++) {
      await store
        .open(`c${i}`)
        .write(PETS, async (s) =>
          (s as { createPet(p: object): unknown }).createPet({ name: 'x'.repeat(500), categoryId: 1 }),
        );
    }
    const { storeBytes, sandboxes } = store.stats();
    assert.ok(storeBytes <= budget, `${storeBytes} bytes cached`);
    assert.ok(sandboxes > 0 && sandboxes < 60, `${sandboxes} sandboxes cached`);
  });

  test('Redis stopped: 503 store_unavailable with Retry-After within 2 s; started again: the mock answers on its own', async () => {
    const r = await startRedis();
    const lines: string[] = [];
    const store = redisStore({ url: r.url, log: (l) => lines.push(l) });
    stores.push(store);
    await store.connected;
    const mock = await createMock(testSpec(), { basePath: MOCK_BASE, onError: quiet, store });
    const created = await mock.handle(
      new Request(`http://x${MOCK_BASE}/pets`, {
        method: 'POST',
        headers: auth('down'),
        body: '{"name":"Coco","categoryId":3}',
      }),
    );
    assert.equal(created.status, 201);
    await r.stop();
    const started = Date.now();
    const down = await mock.handle(new Request(`http://x${MOCK_BASE}/pets`, { headers: auth('down') }));
    assert.ok(Date.now() - started < 2000, `answered after ${Date.now() - started} ms`);
    assert.equal(down.status, 503);
    assert.equal(down.headers.get('retry-after'), '1');
    assert.equal(((await down.json()) as { code: string }).code, 'store_unavailable');
    const write = await mock.handle(
      new Request(`http://x${MOCK_BASE}/pets`, {
        method: 'POST',
        headers: auth('down'),
        body: '{"name":"Kiwi","categoryId":3}',
      }),
    );
    assert.equal(write.status, 503);
    await r.start();
    const deadline = Date.now() + 10_000;
    let back: Response | undefined;
    while (Date.now() < deadline) {
      back = await mock.handle(new Request(`http://x${MOCK_BASE}/pets`, { headers: auth('down') }));
      if (back.status === 200) break;
      await new Promise((res) => setTimeout(res, 200));
    }
    assert.equal(back?.status, 200, 'recovered without a restart');
    assert.equal(back?.headers.get('x-total-count'), '6', 'a Redis without persistence comes back empty: the seed');
    assert.equal(lines.filter((l) => l.includes('unreachable')).length, 1, `one line per outage: ${lines.join(' | ')}`);
    assert.ok(
      lines.some((l) => l.includes('connected')),
      lines.join(' | '),
    );
    await store.close();
    await r.stop();
  });

  test('a Redis that hangs (SIGSTOP): 503 store_unavailable within 2 s; resumed: answers again', async () => {
    const r = await startRedis();
    const store = redisStore({ url: r.url, log: quiet });
    stores.push(store);
    await store.connected;
    const mock = await createMock(testSpec(), { basePath: MOCK_BASE, onError: quiet, store });
    assert.equal((await mock.handle(new Request(`http://x${MOCK_BASE}/pets`, { headers: auth('h') }))).status, 200);
    r.pause();
    try {
      const started = Date.now();
      const hung = await mock.handle(new Request(`http://x${MOCK_BASE}/pets`, { headers: auth('h') }));
      assert.ok(Date.now() - started < 2000, `answered after ${Date.now() - started} ms`);
      assert.equal(hung.status, 503);
      assert.equal(hung.headers.get('retry-after'), '1');
    } finally {
      r.resume();
    }
    assert.equal((await mock.handle(new Request(`http://x${MOCK_BASE}/pets`, { headers: auth('h') }))).status, 200);
    await store.close();
    await r.stop();
  });

  test('started while Redis is unreachable: one line, 503 meanwhile, then it connects', async () => {
    const port = await freePort();
    const lines: string[] = [];
    const store = redisStore({ url: `redis://127.0.0.1:${port}/0`, log: (l) => lines.push(l) });
    stores.push(store);
    const mock = await createMock(testSpec(), { basePath: MOCK_BASE, onError: quiet, store });
    await new Promise((r) => setTimeout(r, 1500));
    assert.equal(lines.length, 1, lines.join('\n'));
    assert.match(lines[0] as string, /unreachable at start \(ECONNREFUSED\); retrying/);
    assert.equal((await mock.handle(new Request(`http://x${MOCK_BASE}/pets`, { headers: auth('s') }))).status, 503);
    const r = await startRedis(port);
    await store.connected;
    assert.equal((await mock.handle(new Request(`http://x${MOCK_BASE}/pets`, { headers: auth('s') }))).status, 200);
    await store.close();
    await r.stop();
  });
});
