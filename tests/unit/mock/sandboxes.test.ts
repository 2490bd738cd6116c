// Per-token sandboxes (site/mock/access/sandboxes.ts) holding the Petstore's store
// (site/mock/petstore/state.ts), and the rate window (site/mock/access/ratelimit.ts): pure
// bookkeeping driven by an injected clock.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { consume, rateLimitHeaders } from '../../../site/mock/access/ratelimit.ts';
import { Sandboxes, sandboxKey } from '../../../site/mock/access/sandboxes.ts';
import { estimateBytes, storeState } from '../../../site/mock/petstore/state.ts';
import { DEFAULT_CAPS } from '../../../site/mock/petstore/store.ts';

function clock(start = 1_000_000): { now: () => number; advance: (ms: number) => void } {
  let t = start;
  return { now: () => t, advance: (ms) => (t += ms) };
}

describe('sandboxes', () => {
  test('each token writes to its own copy of the seed; reads before any write see the seed', () => {
    const boxes = new Sandboxes();
    const pets = boxes.state('petstore', storeState());
    const a = boxes.get('a');
    const b = boxes.get('b');
    pets.of(a, true).deletePet(4);
    assert.throws(() => pets.of(a, false).getPet(4), /not_found|no pet/i);
    assert.equal(pets.of(b, false).getPet(4).name, 'Tweety');
    assert.equal(pets.held(b), undefined, 'a reader that never wrote holds no store');
  });

  test('reset sends only that sandbox back to the seed', () => {
    const boxes = new Sandboxes();
    const pets = boxes.state('petstore', storeState());
    const a = boxes.get('a');
    const b = boxes.get('b');
    pets.of(a, true).deletePet(4);
    pets.of(b, true).deletePet(5);
    pets.reset(a);
    assert.equal(pets.of(a, false).getPet(4).name, 'Tweety');
    assert.throws(() => pets.of(b, false).getPet(5));
  });

  test('beyond maxSandboxes the least recently used sandbox is dropped', () => {
    const boxes = new Sandboxes({ maxSandboxes: 2 });
    const pets = boxes.state('petstore', storeState());
    pets.of(boxes.get('a'), true).deletePet(1);
    boxes.get('b');
    boxes.get('a'); // a is now the most recent
    boxes.get('c'); // drops b
    assert.equal(boxes.size, 2);
    assert.ok(pets.held(boxes.get('a')), 'a kept its changes');
    assert.equal(pets.held(boxes.get('b')), undefined);
  });

  test('a sandbox idle for idleMs is dropped with its changes', () => {
    const c = clock();
    const boxes = new Sandboxes({ idleMs: 60_000 }, c.now);
    const pets = boxes.state('petstore', storeState(DEFAULT_CAPS));
    pets.of(boxes.get('a'), true).deletePet(1);
    c.advance(59_999);
    assert.ok(pets.held(boxes.get('a')), 'still there just before the expiry');
    c.advance(60_000);
    boxes.get('z');
    assert.equal(boxes.size, 1, 'a expired');
    assert.equal(boxes.bytes, 0);
  });

  test('over maxStoreBytes the least recently used changed stores go back to the seed, never the current one', () => {
    const boxes = new Sandboxes({ maxStoreBytes: 1 });
    const pets = boxes.state('petstore', storeState());
    const a = boxes.get('a');
    pets.of(a, true).createCategory({ name: 'Fish' });
    boxes.settle(a);
    assert.ok(pets.held(a), 'the sandbox being served keeps its store even over budget');
    const b = boxes.get('b');
    pets.of(b, true).createCategory({ name: 'Fish' });
    boxes.settle(b);
    assert.equal(pets.held(a), undefined, 'a was sent back to the seed');
    assert.ok(pets.held(b));
    assert.equal(boxes.bytes, b.bytes);
  });

  test('estimated bytes grow with records and text', () => {
    const boxes = new Sandboxes();
    const a = boxes.get('a');
    const store = boxes.state('petstore', storeState()).of(a, true);
    const before = estimateBytes(store);
    store.createCategory({ name: 'x'.repeat(10_000) });
    assert.ok(estimateBytes(store) >= before + 20_000);
  });

  test('long tokens are keyed by length and hash, short ones as they are', () => {
    assert.equal(sandboxKey('abc'), 'abc');
    const long = 'x'.repeat(5000);
    assert.ok(sandboxKey(long).length < 40);
    assert.notEqual(sandboxKey(long), sandboxKey(`${'x'.repeat(4999)}y`));
  });
});

describe('rate window', () => {
  const policy = { limit: 3, windowS: 60 };

  test('counts requests in a fixed window and refuses past the limit until it ends', () => {
    const w = { start: 0, count: 0 };
    const t0 = 1_000_000;
    assert.deepEqual(consume(w, policy, t0), { allowed: true, remaining: 2, resetS: 60 });
    consume(w, policy, t0 + 1);
    assert.equal(consume(w, policy, t0 + 2).remaining, 0);
    assert.deepEqual(consume(w, policy, t0 + 30_500), { allowed: false, remaining: 0, resetS: 30 });
    assert.deepEqual(consume(w, policy, t0 + 60_000), { allowed: true, remaining: 2, resetS: 60 });
  });

  test('headers: RateLimit-Policy and RateLimit always, Retry-After when refused', () => {
    assert.deepEqual(rateLimitHeaders(policy, { allowed: true, remaining: 2, resetS: 60 }), {
      'RateLimit-Policy': '"default";q=3;w=60',
      RateLimit: '"default";r=2;t=60',
    });
    assert.equal(rateLimitHeaders(policy, { allowed: false, remaining: 0, resetS: 7 })['Retry-After'], '7');
  });
});
