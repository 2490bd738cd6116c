// The built server (`npm start`: scripts/serve.ts over dist/) on several instances sharing one real
// redis-server through PETSTORE_MOCK_STORE, as a team runs it behind a load balancer: a change made
// on one instance is seen on the other; 60 concurrent creations of one token spread over both give 60
// distinct ids; one rate window per token across both; `kill -9` of an instance in the middle of a
// burst loses no write it acknowledged; Redis stopped → 503 store_unavailable with Retry-After while
// the pages are still served, then the mock answers again on its own; a start while Redis is
// unreachable says so in one line; a wrong URL stops the start (the server and the stdio MCP server).
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { type Redis, redisSkip, startRedis } from '../../support/redis.ts';
import { freePort, ROOT, type RunningSite, startSite } from '../../support/server.ts';

const skip = redisSkip();
const LIMIT = 100;
let redis: Redis;
let a: RunningSite;
let b: RunningSite;
const running: RunningSite[] = [];

async function instance(env: Record<string, string> = {}): Promise<RunningSite> {
  const site = await startSite({
    PETSTORE_MOCK_STORE: redis.url,
    PETSTORE_MOCK_STORE_PREFIX: 'instances:',
    MOCK_RATE_LIMIT: String(LIMIT),
    ...env,
  });
  running.push(site);
  return site;
}

before(async () => {
  if (skip) return;
  redis = await startRedis();
  a = await instance();
  b = await instance();
});
after(async () => {
  for (const s of running) await s.stop();
  await redis?.stop();
});

const as = (token: string, init: RequestInit = {}): RequestInit => ({
  ...init,
  headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...init.headers },
});
const create = (site: RunningSite, token: string, name: string) =>
  fetch(`${site.url}/api/mock/pets`, as(token, { method: 'POST', body: JSON.stringify({ name, categoryId: 1 }) }));

describe('two instances of npm start on one Redis', { skip }, () => {
  test('a pet created on one instance is there on the other; a delete on the other is seen on the first', async () => {
    const token = `shared-${Date.now()}`;
    const created = await create(a, token, 'Coco');
    assert.equal(created.status, 201);
    const { id } = (await created.json()) as { id: number };
    const seen = await fetch(`${b.url}/api/mock/pets/${id}`, as(token));
    assert.equal(seen.status, 200);
    assert.equal(((await seen.json()) as { name: string }).name, 'Coco');
    assert.equal((await fetch(`${b.url}/api/mock/pets/${id}`, as(token, { method: 'DELETE' }))).status, 204);
    assert.equal((await fetch(`${a.url}/api/mock/pets/${id}`, as(token))).status, 404);
  });

  test('60 concurrent creations of one token spread over both instances: 60 acknowledged, 60 distinct ids', async () => {
    const token = `burst-${Date.now()}`;
    const answers = await Promise.all(
      Array.from({ length: 60 }, async (_, i) => {
        const res = await create(i % 2 ? a : b, token, `pet-${i}`);
        return { status: res.status, id: ((await res.json()) as { id: number }).id };
      }),
    );
    assert.deepEqual(
      answers.filter((x) => x.status !== 201),
      [],
    );
    assert.equal(new Set(answers.map((x) => x.id)).size, 60);
    for (const site of [a, b]) {
      const list = await fetch(`${site.url}/api/mock/pets?limit=1`, as(token));
      assert.equal(list.headers.get('x-total-count'), '66');
    }
  });

  test('one rate window per token across both instances, with the RateLimit headers', async () => {
    const token = `window-${Date.now()}`;
    let last: Response | undefined;
    for (let i = 1; i <= LIMIT; i++) {
      last = await fetch(`${(i % 2 ? a : b).url}/api/mock/pets/1`, as(token));
      assert.equal(last.status, 200, `request ${i}`);
      await last.arrayBuffer();
    }
    assert.match(last?.headers.get('ratelimit') ?? '', /^"default";r=0;t=\d+$/);
    assert.equal(last?.headers.get('ratelimit-policy'), `"default";q=${LIMIT};w=60`);
    for (const site of [a, b]) {
      const refused = await fetch(`${site.url}/api/mock/pets/1`, as(token));
      assert.equal(refused.status, 429);
      assert.ok(Number(refused.headers.get('retry-after')) >= 1);
      assert.equal(((await refused.json()) as { code: string }).code, 'rate_limited');
    }
  });

  test('kill -9 of an instance in the middle of a burst: every acknowledged write is still there', async () => {
    const victim = await instance();
    const token = `crash-${Date.now()}`;
    const acknowledged: number[] = [];
    let killed = false;
    await Promise.all(
      Array.from({ length: 4 }, async (_, worker) => {
        for (let i = 0; !killed && i < 40; i++) {
          try {
            const res = await create(victim, token, `w${worker}-${i}`);
            if (res.status === 201) acknowledged.push(((await res.json()) as { id: number }).id);
          } catch {
            return; // the connection died with the instance: not acknowledged
          }
          if (acknowledged.length >= 12 && !killed) {
            killed = true;
            victim.process.kill('SIGKILL');
          }
        }
      }),
    );
    assert.ok(killed && acknowledged.length >= 12, `${acknowledged.length} acknowledged before the kill`);
    for (const id of acknowledged) {
      assert.equal((await fetch(`${a.url}/api/mock/pets/${id}`, as(token))).status, 200, `pet ${id}`);
    }
  });

  test('Redis stopped: 503 store_unavailable with Retry-After within 2 s, pages still served; Redis back: the mock answers on its own', async () => {
    const token = `outage-${Date.now()}`;
    assert.equal((await create(a, token, 'before')).status, 201);
    await redis.stop();
    const started = Date.now();
    const down = await fetch(`${a.url}/api/mock/pets`, as(token));
    assert.ok(Date.now() - started < 2000, `answered after ${Date.now() - started} ms`);
    assert.equal(down.status, 503);
    assert.equal(down.headers.get('retry-after'), '1');
    assert.equal(((await down.json()) as { code: string }).code, 'store_unavailable');
    assert.equal((await create(b, token, 'during')).status, 503);
    const page = await fetch(`${a.url}/`);
    assert.equal(page.status, 200, 'the pages do not need Redis');
    await page.arrayBuffer();
    await redis.start();
    const deadline = Date.now() + 10_000;
    let status = 0;
    while (Date.now() < deadline) {
      const res = await fetch(`${b.url}/api/mock/pets`, as(token));
      status = res.status;
      await res.arrayBuffer();
      if (status === 200) break;
      await new Promise((r) => setTimeout(r, 200));
    }
    assert.equal(status, 200, 'recovered without a restart');
    const outageLines = a
      .output()
      .split('\n')
      .filter((l) => l.includes('unreachable'));
    assert.equal(outageLines.length, 1, a.output());
  });

  test('started while Redis is unreachable: the site starts, says so in one line, the mock answers 503', async () => {
    const port = await freePort();
    const site = await instance({ PETSTORE_MOCK_STORE: `redis://127.0.0.1:${port}/0` });
    assert.equal((await fetch(`${site.url}/`)).status, 200);
    const res = await fetch(`${site.url}/api/mock/pets`, as('t'));
    assert.equal(res.status, 503);
    await new Promise((r) => setTimeout(r, 1500));
    const lines = site
      .output()
      .split('\n')
      .filter((l) => l.includes('unreachable'));
    assert.equal(lines.length, 1, site.output());
    assert.match(lines[0] as string, /unreachable at start \(ECONNREFUSED\); retrying/);
  });

  test('a wrong PETSTORE_MOCK_STORE stops the server and the stdio MCP server with what is wrong', () => {
    for (const [script, prefix] of [
      ['serve.ts', 'PETSTORE_MOCK_STORE: '],
      ['mcp.ts', 'mcp: PETSTORE_MOCK_STORE: '],
    ] as const) {
      const run = spawnSync(process.execPath, [join(ROOT, 'scripts', script)], {
        env: { ...process.env, PETSTORE_MOCK_STORE: 'redis://127.0.0.1:99999/0', PORT: '0' },
        encoding: 'utf8',
        timeout: 60_000,
      });
      assert.equal(run.status, 2, `${script}: ${run.stderr}`);
      assert.equal(
        run.stderr.trim(),
        `${prefix}port '99999' in 'redis://127.0.0.1:99999/0': a number from 1 to 65535; expected 'memory' or redis://host:port/db (e.g. redis://127.0.0.1:6379/0)`,
      );
    }
  });
});
