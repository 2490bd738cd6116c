// Unit tests of the mock's pure parts: store rules (spec/README.md "Pet status transitions",
// "Stock", "Limits", "Seed data"), identifier parsing, JSON int64 checks, links and headers.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { deprecationHeaders, paginationLink } from '../../../site/mock/petstore/http.ts';
import { canTransition, DEFAULT_CAPS, Store } from '../../../site/mock/petstore/store.ts';
import { MockError } from '../../../site/mock/pipeline/errors.ts';
import { MAX_BODY_BYTES, parseJsonBody, readBodyText } from '../../../site/mock/request/body.ts';
import { exactJsonInteger, readRawInteger } from '../../../site/mock/request/ids.ts';

const ALL = { limit: 100, offset: 0 };

function code(fn: () => unknown): string {
  try {
    fn();
  } catch (err) {
    if (err instanceof MockError) return err.code;
    throw err;
  }
  return 'ok';
}

describe('seed data (spec/README.md)', () => {
  test('categories, pets, orders and inventory match the seed tables', () => {
    const s = new Store();
    assert.deepEqual(
      s.listCategories({}, ALL).items.map((c) => c.name),
      ['Dogs', 'Cats', 'Birds', 'Reptiles'],
    );
    assert.deepEqual(
      s.listPets({}, ALL).items.map((p) => [p.id, p.name, p.categoryId, p.status]),
      [
        [1, 'Rex', 1, 'available'],
        [2, 'Bella', 1, 'pending'],
        [3, 'Whiskers', 2, 'sold'],
        [4, 'Tweety', 3, 'available'],
        [5, 'Luna', 2, 'available'],
        [6, 'Max', 1, 'sold'],
      ],
    );
    assert.deepEqual(
      s.listInventory({}, ALL).items.map((i) => i.quantity),
      [3, 1, 0, 12, 2, 0],
    );
    assert.deepEqual(s.getOrder(2), { id: 2, petId: 3, quantity: 1, shipDate: '2026-10-15T09:30:00Z', complete: true });
  });

  test('reset drops changes and restores ids', () => {
    const s = new Store();
    s.createPet({ name: 'Coco', categoryId: 3 });
    s.deletePet(4);
    s.reset();
    assert.equal(s.listPets({}, ALL).total, 6);
    assert.equal(s.createPet({ name: 'Coco', categoryId: 3 }).id, 7);
  });
});

describe('ids', () => {
  test('new records get the next id after the highest in use (a deleted highest id is given out again)', () => {
    const s = new Store();
    assert.equal(s.createPet({ name: 'A', categoryId: 1 }).id, 7);
    assert.equal(s.createPet({ name: 'B', categoryId: 1 }).id, 8);
    s.deletePet(8);
    assert.equal(s.createPet({ name: 'C', categoryId: 1 }).id, 8);
    s.deletePet(3);
    assert.equal(s.createPet({ name: 'D', categoryId: 1 }).id, 9);
    assert.equal(s.createCategory({ name: 'Fish' }).id, 5);
    assert.equal(s.placeOrder({ petId: 4, quantity: 1 }).id, 3);
  });
});

describe('pets', () => {
  test('create defaults status to available and creates inventory with quantity 0', () => {
    const s = new Store();
    const p = s.createPet({ name: 'Coco', categoryId: 3 });
    assert.deepEqual(p, { id: 7, name: 'Coco', categoryId: 3, status: 'available' });
    assert.deepEqual(s.getInventoryItem(7), { petId: 7, quantity: 0, status: 'available' });
  });
  test('category must exist (422 reference_not_found)', () => {
    const s = new Store();
    assert.equal(
      code(() => s.createPet({ name: 'X', categoryId: 99 })),
      'reference_not_found',
    );
    assert.equal(
      code(() => s.replacePet(1, { name: 'X', categoryId: 99 })),
      'reference_not_found',
    );
  });
  test('status transitions: sold is final, the others follow the table', () => {
    assert.equal(canTransition('available', 'pending'), true);
    assert.equal(canTransition('pending', 'available'), true);
    assert.equal(canTransition('available', 'sold'), true);
    assert.equal(canTransition('pending', 'sold'), true);
    assert.equal(canTransition('sold', 'available'), false);
    assert.equal(canTransition('sold', 'pending'), false);
    assert.equal(canTransition('sold', 'sold'), true);
    const s = new Store();
    assert.equal(
      code(() => s.replacePet(3, { name: 'Whiskers', categoryId: 2, status: 'available' })),
      'invalid_transition',
    );
    // An omitted status means available, as on creation: also refused for a sold pet.
    assert.equal(
      code(() => s.replacePet(3, { name: 'Whiskers', categoryId: 2 })),
      'invalid_transition',
    );
    assert.equal(s.replacePet(3, { name: 'Whisky', categoryId: 2, status: 'sold' }).name, 'Whisky');
    assert.equal(s.replacePet(1, { name: 'Rex', categoryId: 1, status: 'pending' }).status, 'pending');
    assert.equal(s.getInventoryItem(1).status, 'pending');
  });
  test('deleting a pet with open orders is a conflict; otherwise it removes the inventory entry', () => {
    const s = new Store();
    assert.equal(
      code(() => s.deletePet(2)),
      'resource_in_use',
    );
    s.deletePet(3); // only a complete order names it
    assert.equal(
      code(() => s.getInventoryItem(3)),
      'not_found',
    );
    assert.equal(s.getOrder(2).petId, 3);
  });
  test('filters combine and paging reports the total before paging', () => {
    const s = new Store();
    const r = s.listPets({ categoryId: 1, name: 'E', status: undefined }, { limit: 1, offset: 1 });
    assert.equal(r.total, 2); // Rex, Bella
    assert.deepEqual(
      r.items.map((p) => p.name),
      ['Bella'],
    );
    assert.deepEqual(
      s.listPets({ ids: [5, 1, 99] }, ALL).items.map((p) => p.id),
      [1, 5],
    );
    assert.equal(s.listPets({ status: 'sold' }, ALL).total, 2);
  });
});

describe('categories', () => {
  test('names are unique regardless of case (409 duplicate), also on replace', () => {
    const s = new Store();
    assert.equal(
      code(() => s.createCategory({ name: 'dogs' })),
      'duplicate',
    );
    assert.equal(
      code(() => s.replaceCategory(2, { name: 'DOGS' })),
      'duplicate',
    );
    assert.equal(s.replaceCategory(1, { name: 'DOGS' }).name, 'DOGS');
  });
  test('a category in use cannot be deleted; an unused one can', () => {
    const s = new Store();
    assert.equal(
      code(() => s.deleteCategory(1)),
      'resource_in_use',
    );
    s.deleteCategory(4);
    assert.equal(
      code(() => s.getCategory(4)),
      'not_found',
    );
  });
});

describe('orders and stock', () => {
  test('placing reserves stock; a sold pet or too little stock is insufficient_stock', () => {
    const s = new Store();
    s.placeOrder({ petId: 1, quantity: 2 });
    assert.equal(s.getInventoryItem(1).quantity, 1);
    assert.equal(
      code(() => s.placeOrder({ petId: 1, quantity: 2 })),
      'insufficient_stock',
    );
    assert.equal(
      code(() => s.placeOrder({ petId: 3, quantity: 1 })),
      'insufficient_stock',
    );
    assert.equal(
      code(() => s.placeOrder({ petId: 99, quantity: 1 })),
      'reference_not_found',
    );
    assert.equal(s.getInventoryItem(1).quantity, 1, 'failed orders change nothing');
  });
  test('complete defaults to false; id in the request is ignored', () => {
    const s = new Store();
    const o = s.placeOrder({ petId: 4, quantity: 1, shipDate: '2026-12-15T10:00:00Z' });
    assert.deepEqual(o, { id: 3, petId: 4, quantity: 1, shipDate: '2026-12-15T10:00:00Z', complete: false });
  });
  test('replacing applies the difference, also across pets, and undoes a failed change', () => {
    const s = new Store();
    const o = s.placeOrder({ petId: 4, quantity: 2 }); // Tweety 12 → 10
    s.replaceOrder(o.id, { petId: 4, quantity: 5 }); // → 7
    assert.equal(s.getInventoryItem(4).quantity, 7);
    s.replaceOrder(o.id, { petId: 5, quantity: 2 }); // Tweety back to 12, Luna 2 → 0
    assert.equal(s.getInventoryItem(4).quantity, 12);
    assert.equal(s.getInventoryItem(5).quantity, 0);
    assert.equal(
      code(() => s.replaceOrder(o.id, { petId: 1, quantity: 4 })),
      'insufficient_stock',
    );
    assert.equal(s.getInventoryItem(5).quantity, 0, 'unchanged after the refused replace');
    assert.equal(s.getInventoryItem(1).quantity, 3);
  });
  test('a complete order cannot be changed or cancelled; cancelling an open one returns the stock', () => {
    const s = new Store();
    assert.equal(
      code(() => s.replaceOrder(2, { petId: 3, quantity: 1 })),
      'invalid_transition',
    );
    assert.equal(
      code(() => s.cancelOrder(2)),
      'invalid_transition',
    );
    s.cancelOrder(1);
    assert.equal(s.getInventoryItem(2).quantity, 2);
  });
});

describe('caps', () => {
  test('defaults are those of spec/README.md', () => {
    assert.deepEqual(
      { pets: DEFAULT_CAPS.pets, categories: DEFAULT_CAPS.categories, orders: DEFAULT_CAPS.orders },
      { pets: 10_000, categories: 1_000, orders: 10_000 },
    );
  });
  test('each collection refuses records beyond its cap with capacity_reached', () => {
    const s = new Store({ pets: 7, categories: 5, orders: 3, textChars: 1_000_000 });
    s.createPet({ name: 'A', categoryId: 1 });
    assert.equal(
      code(() => s.createPet({ name: 'B', categoryId: 1 })),
      'capacity_reached',
    );
    s.createCategory({ name: 'Fish' });
    assert.equal(
      code(() => s.createCategory({ name: 'Frogs' })),
      'capacity_reached',
    );
    s.placeOrder({ petId: 4, quantity: 1 });
    assert.equal(
      code(() => s.placeOrder({ petId: 4, quantity: 1 })),
      'capacity_reached',
    );
  });
  test('the text budget bounds memory although the spec sets no string length limit', () => {
    const s = new Store({ ...DEFAULT_CAPS, textChars: 100 });
    assert.equal(
      code(() => s.createPet({ name: 'x'.repeat(80), categoryId: 1 })),
      'capacity_reached',
    );
    s.createPet({ name: 'x'.repeat(50), categoryId: 1 });
    s.deletePet(7);
    s.createPet({ name: 'y'.repeat(50), categoryId: 1 }); // deleting gave the characters back
  });
});

describe('readRawInteger (path and query integers)', () => {
  for (const ok of ['1', '0', '42', '9223372036854775807']) {
    test(`accepts ${ok}`, () => assert.equal(readRawInteger(ok).ok, true));
  }
  for (const bad of [
    'abc',
    '1e3',
    '-0',
    '-1',
    '+1',
    '1.0',
    '01',
    '',
    ' 1',
    '%31',
    '0x10',
    '9223372036854775808',
    '99999999999999999999999',
  ]) {
    test(`rejects '${bad}'`, () => assert.equal(readRawInteger(bad).ok, false));
  }
  test('int32 format bounds', () => {
    assert.equal(readRawInteger('2147483647', 'int32').ok, true);
    assert.equal(readRawInteger('2147483648', 'int32').ok, false);
  });
  test('values beyond 2^53 keep their exact value', () => {
    const r = readRawInteger('9007199254740993');
    assert.ok(r.ok);
    assert.equal(r.exact, 9007199254740993n);
  });
});

describe('JSON bodies', () => {
  test('exactJsonInteger reads integer literals exactly, in any notation', () => {
    assert.equal(exactJsonInteger('9223372036854775808'), 9223372036854775808n);
    assert.equal(exactJsonInteger('-12'), -12n);
    assert.equal(exactJsonInteger('1.0'), 1n);
    assert.equal(exactJsonInteger('1e3'), 1000n);
    assert.equal(exactJsonInteger('9.3e18'), 9300000000000000000n);
    assert.equal(exactJsonInteger('1.5'), undefined);
    assert.equal(exactJsonInteger('1e-3'), undefined);
    assert.ok((exactJsonInteger('1e999999') ?? 0n) > 9223372036854775807n);
  });
  test('int64 fields beyond the int64 range are reported with their exact literal', () => {
    const keys = new Set(['categoryId']);
    const r = parseJsonBody('{"name":"x","categoryId":9223372036854775808}', keys);
    assert.deepEqual(
      r.overflow.map((o) => o.source),
      ['9223372036854775808'],
    );
    const ok = parseJsonBody('{"categoryId":9223372036854775807}', keys);
    assert.equal(ok.overflow.length, 0);
    assert.equal(ok.inexact.get('categoryId'), '9223372036854775807');
    assert.equal(parseJsonBody('{"categoryId":1e19}', keys).overflow.length, 1);
  });
  test('malformed JSON is malformed_json', () => {
    assert.throws(
      () => parseJsonBody('{"name":', new Set()),
      (e: unknown) => e instanceof MockError && e.code === 'malformed_json',
    );
  });
  test('readBodyText stops at the limit even without Content-Length and with an endless stream', async () => {
    let pulls = 0;
    const endless = new ReadableStream<Uint8Array>({
      pull(c) {
        pulls++;
        c.enqueue(new Uint8Array(16_384));
      },
    });
    const req = new Request('http://x/', { method: 'POST', body: endless, duplex: 'half' } as RequestInit);
    await assert.rejects(readBodyText(req), (e: unknown) => e instanceof MockError && e.code === 'payload_too_large');
    assert.ok(pulls < 10, `read ${pulls} chunks`);
    const declared = new Request('http://x/', {
      method: 'POST',
      body: 'x',
      headers: { 'content-length': String(MAX_BODY_BYTES + 1) },
    });
    await assert.rejects(
      readBodyText(declared),
      (e: unknown) => e instanceof MockError && e.code === 'payload_too_large',
    );
  });
});

describe('headers', () => {
  test('pagination Link has next and prev and keeps the filters', () => {
    const url = new URL('http://h/api/mock/pets?status=available&limit=2&offset=2');
    assert.equal(
      paginationLink(url, 2, 2, 6),
      '<http://h/api/mock/pets?status=available&limit=2&offset=4>; rel="next", <http://h/api/mock/pets?status=available&limit=2&offset=0>; rel="prev"',
    );
    assert.equal(paginationLink(url, 20, 0, 6), undefined);
  });
  test('deprecation headers: RFC 9745 Deprecation, RFC 8594 Sunset at the end of the day', () => {
    assert.deepEqual(
      deprecationHeaders({
        since: '2026-09-01',
        sunset: '2027-06-30',
        policy: 'https://d/p',
        successor: 'https://d/s',
      }),
      {
        Deprecation: '@1788220800',
        Sunset: 'Wed, 30 Jun 2027 23:59:59 GMT',
        Link: '<https://d/p>; rel="deprecation", <https://d/s>; rel="successor-version"',
      },
    );
    assert.throws(() => deprecationHeaders({ sunset: '30/06/2027' }), /x-deprecated-sunset/);
  });
});
