// Keeping sandboxes across restarts (what the in-browser mock does with IndexedDB): a snapshot
// restored into a new mock answers as the old one did, the caps and the id rule still hold, and
// the service worker answers only same-origin requests under the mount path.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { MOCK_BASE, PROBE_HEADER, workerAnswers } from '../../../site/mock/hosts/mount.ts';
import { mountedMock, req } from '../../support/mock.ts';

const json = (body: unknown) => ({ body: JSON.stringify(body) });

describe('snapshot and restore', () => {
  test('a created pet survives a restart; another token still sees the seed', async () => {
    const before = await mountedMock();
    assert.equal((await before.handle(req('POST', '/pets', json({ name: 'Kept', categoryId: 1 })))).status, 201);
    const snapshot = structuredClone(before.snapshot());
    const after = await mountedMock();
    after.restore(snapshot);
    const names = ((await (await after.handle(req('GET', '/pets'))).json()) as Array<{ name: string }>).map(
      (p) => p.name,
    );
    assert.ok(names.includes('Kept'), names.join());
    const other = await after.handle(req('GET', '/pets', { headers: { authorization: 'Bearer someone-else' } }));
    assert.equal(((await other.json()) as unknown[]).length, 6);
    // The next id continues after the restored records.
    const next = await after.handle(req('POST', '/pets', json({ name: 'Next', categoryId: 1 })));
    assert.equal(((await next.json()) as { id: number }).id, 8);
  });

  test('stock, orders and the caps hold after a restore', async () => {
    const before = await mountedMock({ caps: { pets: 7 } });
    assert.equal((await before.handle(req('POST', '/store/orders', json({ petId: 1, quantity: 2 })))).status, 201);
    assert.equal((await before.handle(req('POST', '/pets', json({ name: 'Seventh', categoryId: 1 })))).status, 201);
    const after = await mountedMock({ caps: { pets: 7 } });
    after.restore(structuredClone(before.snapshot()));
    const stock = (await (await after.handle(req('GET', '/store/inventory/1'))).json()) as { quantity: number };
    assert.equal(stock.quantity, 1);
    const full = await after.handle(req('POST', '/pets', json({ name: 'Eighth', categoryId: 1 })));
    assert.equal(full.status, 409);
    assert.equal(((await full.json()) as { code: string }).code, 'capacity_reached');
  });

  test('a reset sandbox leaves the snapshot', async () => {
    const mock = await mountedMock();
    await mock.handle(req('POST', '/pets', json({ name: 'Gone', categoryId: 1 })));
    assert.equal(mock.snapshot().length, 1);
    assert.equal((await mock.handle(req('POST', '/_reset'))).status, 204);
    assert.deepEqual(mock.snapshot(), []);
  });
});

describe('what the service worker answers', () => {
  const origin = 'https://docs.example.com';
  const none = new Headers();
  test('same-origin requests under the mount path', () => {
    assert.equal(workerAnswers(`${origin}${MOCK_BASE}/pets?limit=5`, origin, none), true);
    assert.equal(workerAnswers(`${origin}${MOCK_BASE}`, origin, none), true);
  });
  test('nothing else: pages, look-alike paths, other origins, the production server, probes', () => {
    assert.equal(workerAnswers(`${origin}/reference/list-pets/`, origin, none), false);
    assert.equal(workerAnswers(`${origin}${MOCK_BASE}ery/pets`, origin, none), false);
    assert.equal(workerAnswers(`https://evil.example${MOCK_BASE}/pets`, origin, none), false);
    assert.equal(workerAnswers('https://petstore.example.com/v1/pets', origin, none), false);
    assert.equal(workerAnswers(`${origin}${MOCK_BASE}/`, origin, new Headers({ [PROBE_HEADER]: '1' })), false);
  });
});
