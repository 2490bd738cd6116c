// The one test suite every driver of the mock's sandbox store passes (site/mock/access/store.ts
// `SandboxStore`): the in-memory driver (tests/unit/mock/store-memory.test.ts) and the Redis driver
// on a real redis-server (tests/integration/mock/redis-store.test.ts). A driver gives two stores that
// share their data ("two instances"; the in-memory driver gives the same store twice), over the
// Petstore's state, with an injected clock for the rate windows.
import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, test } from 'node:test';
import { rateLimitHeaders } from '../../site/mock/access/ratelimit.ts';
import type { SandboxStore } from '../../site/mock/access/store.ts';
import { storeState } from '../../site/mock/petstore/state.ts';
import type { Caps, Store } from '../../site/mock/petstore/store.ts';
import { MockError } from '../../site/mock/pipeline/errors.ts';

/** What a driver gives the suite. */
export interface StoreFixture {
  /** Two stores over the same data, each with `PETS` declared as the Petstore's state with the given caps. */
  make(options: { now: () => number; caps: Partial<Caps> }): Promise<[SandboxStore, SandboxStore]>;
  /** Ends what `make` opened. */
  done?(): Promise<void>;
}

export const PETS = '/api/mock';

/**
 * Registers the suite under `name`.
 * @param skip describe()'s skip option (a missing redis-server outside CI)
 */
export function storeSuite(name: string, fixture: () => StoreFixture, skip: false | string = false): void {
  describe(name, { skip }, () => {
    let t = 1_000_000_000;
    const now = () => t;
    let a: SandboxStore;
    let b: SandboxStore;
    let f: StoreFixture;
    before(async () => {
      f = fixture();
      [a, b] = await f.make({ now, caps: { pets: 100 } });
    });
    after(() => f?.done?.());
    beforeEach(async () => {
      await a.clear();
      t += 3_600_000;
    });

    const write = <R>(s: SandboxStore, token: string, run: (store: Store) => R) =>
      s.open(token).write(PETS, async (state) => run(state as Store));
    const read = <R>(s: SandboxStore, token: string, run: (store: Store) => R) =>
      s.open(token).read(PETS, async (state) => run(state as Store));

    test('reads before any write see the seed; a write is seen by the token on every instance, not by another token', async () => {
      assert.equal(await read(a, 'x', (s) => s.getPet(4).name), 'Tweety');
      await write(a, 'x', (s) => s.deletePet(4));
      await assert.rejects(
        read(b, 'x', (s) => s.getPet(4)),
        (e: unknown) => e instanceof MockError && e.code === 'not_found',
      );
      assert.equal(await read(b, 'y', (s) => s.getPet(4).name), 'Tweety', 'another token still has the seed');
      const created = await write(b, 'x', (s) => s.createPet({ name: 'Coco', categoryId: 3 }));
      assert.equal(await read(a, 'x', (s) => s.getPet(created.id).name), 'Coco');
    });

    test('concurrent writes of one token on both instances all land: 60 creations, 60 distinct ids', async () => {
      const ids = await Promise.all(
        Array.from({ length: 60 }, (_, i) =>
          write(i % 2 ? a : b, 'busy', (s) => s.createPet({ name: `pet-${i}`, categoryId: 1 }).id),
        ),
      );
      assert.equal(new Set(ids).size, 60, `ids: ${ids.join(',')}`);
      assert.equal(await read(a, 'busy', (s) => s.counts().pets), 66);
      assert.equal(await read(b, 'busy', (s) => s.counts().pets), 66);
    });

    test('a write returns its own result and is there once acknowledged; a failed write changes nothing', async () => {
      const pet = await write(a, 'r', (s) => s.createPet({ name: 'Kiwi', categoryId: 3 }));
      assert.equal(pet.id, 7);
      await assert.rejects(
        write(b, 'r', (s) => s.getPet(999)),
        (e: unknown) => e instanceof MockError && e.code === 'not_found',
      );
      assert.equal(await read(b, 'r', (s) => s.getPet(7).name), 'Kiwi');
    });

    test('caps hold per sandbox: one token at its cap, another still creates', async () => {
      for (let i = 0; i < 94; i++) await write(a, 'full', (s) => s.createPet({ name: `p${i}`, categoryId: 1 }));
      await assert.rejects(
        write(b, 'full', (s) => s.createPet({ name: 'one more', categoryId: 1 })),
        (e: unknown) => e instanceof MockError && e.code === 'capacity_reached',
      );
      assert.equal((await write(b, 'other', (s) => s.createPet({ name: 'fine', categoryId: 1 }))).id, 7);
    });

    test('reset sends only that token back to the seed, everywhere; its rate window is kept', async () => {
      const policy = { limit: 10, windowS: 60 };
      await a.open('p').consume(policy);
      await write(a, 'p', (s) => s.deletePet(1));
      await write(a, 'q', (s) => s.deletePet(1));
      await b.open('p').reset(PETS);
      assert.equal(await read(a, 'p', (s) => s.getPet(1).name), 'Rex');
      await assert.rejects(read(b, 'q', (s) => s.getPet(1)));
      assert.equal((await b.open('p').consume(policy)).remaining, 8, 'the window still counts the first request');
    });

    test('one rate window per token across instances, with the headers of today', async () => {
      const policy = { limit: 3, windowS: 60 };
      const d1 = await a.open('w').consume(policy);
      t += 500;
      const d2 = await b.open('w').consume(policy);
      const d3 = await a.open('w').consume(policy);
      const d4 = await b.open('w').consume(policy);
      assert.deepEqual(
        [d1, d2, d3, d4].map((d) => [d.allowed, d.remaining]),
        [
          [true, 2],
          [true, 1],
          [true, 0],
          [false, 0],
        ],
      );
      assert.equal(rateLimitHeaders(policy, d4)['Retry-After'], '60');
      assert.equal(rateLimitHeaders(policy, d2).RateLimit, '"default";r=1;t=60');
      assert.equal((await a.open('other').consume(policy)).remaining, 2, 'another token has its own window');
      t += 59_500;
      const fresh = await b.open('w').consume(policy);
      assert.deepEqual([fresh.allowed, fresh.remaining, fresh.resetS], [true, 2, 60], 'a new window after 60 s');
    });

    test('long tokens are kept apart like short ones', async () => {
      const long1 = `${'x'.repeat(5000)}1`;
      const long2 = `${'x'.repeat(5000)}2`;
      await write(a, long1, (s) => s.deletePet(5));
      assert.equal(await read(b, long2, (s) => s.getPet(5).name), 'Luna');
      await assert.rejects(read(b, long1, (s) => s.getPet(5)));
    });

    test('clear drops every sandbox and window', async () => {
      await write(a, 'c', (s) => s.deletePet(3));
      await a.open('c').consume({ limit: 1, windowS: 60 });
      await b.clear();
      assert.equal(await read(a, 'c', (s) => s.getPet(3).name), 'Whiskers');
      assert.equal((await a.open('c').consume({ limit: 1, windowS: 60 })).allowed, true);
    });
  });
}

/** The Petstore's state kind with the suite's caps, for a driver's `make`. */
export const petsState = (caps: Partial<Caps>) => storeState(caps);
