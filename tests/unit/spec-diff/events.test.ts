// Changes between two versions of an event API (AsyncAPI 3), classified by @asyncapi/diff's standard and
// decided by the same deprecation policy as OpenAPI: channels, operations and messages added and removed, a
// payload field made required, an address changed, removals on both sides of the sunset date.
// The documents are small and hand-written with local `$ref`s; the resolved form the loader would give is
// made here by following them (the real parser runs in tests/integration/spec-diff/events.test.ts).
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { eventModel } from '../../../descriptions/asyncapi/index.ts';
import type { JsonObject } from '../../../descriptions/json.ts';
import { diffEvents, type EventSide, writtenAt } from '../../../tools/spec-diff/core/events.ts';
import type { Report } from '../../../tools/spec-diff/core/types.ts';

// biome-ignore lint/suspicious/noExplicitAny: the tests edit nested JSON freely
type Doc = Record<string, any>;

/** Version 1.0.0: two channels, one operation each way, messages and a payload schema in components. */
function v1(): JsonObject {
  return {
    asyncapi: '3.0.0',
    info: { title: 'Pet events', version: '1.0.0' },
    channels: {
      petAdded: {
        address: 'pets/{petId}/added',
        parameters: { petId: { description: 'The pet.' } },
        messages: { petAdded: { $ref: '#/components/messages/petAdded' } },
      },
      adopt: {
        address: 'adoptions',
        messages: { adoptionRequest: { $ref: '#/components/messages/adoptionRequest' } },
      },
    },
    operations: {
      onPetAdded: {
        action: 'send',
        channel: { $ref: '#/channels/petAdded' },
        summary: 'A pet was added.',
        messages: [{ $ref: '#/channels/petAdded/messages/petAdded' }],
      },
      requestAdoption: {
        action: 'receive',
        channel: { $ref: '#/channels/adopt' },
        messages: [{ $ref: '#/channels/adopt/messages/adoptionRequest' }],
        'x-deprecated': true,
        'x-deprecated-sunset': '2027-06-30',
      },
    },
    components: {
      messages: {
        petAdded: { name: 'petAdded', payload: { $ref: '#/components/schemas/Pet' } },
        adoptionRequest: {
          name: 'adoptionRequest',
          payload: { type: 'object', properties: { id: { type: 'integer' } } },
        },
      },
      schemas: {
        Pet: { type: 'object', properties: { id: { type: 'integer' }, name: { type: 'string' } } },
      },
    },
  };
}

/** The document with its local `$ref`s replaced by what they point to (the parser's resolved form). */
function resolved(doc: JsonObject): JsonObject {
  const at = (ref: string): unknown =>
    ref
      .slice(2)
      .split('/')
      .reduce<unknown>((n, t) => (n as JsonObject)[t.replace(/~1/g, '/').replace(/~0/g, '~')], doc);
  const walk = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(walk);
    if (v === null || typeof v !== 'object') return v;
    const o = v as JsonObject;
    if (typeof o.$ref === 'string') return walk(at(o.$ref));
    return Object.fromEntries(Object.entries(o).map(([k, x]) => [k, walk(x)]));
  };
  return walk(doc) as JsonObject;
}

function side(doc: JsonObject, label: string): EventSide {
  const r = resolved(doc);
  return {
    resolved: r,
    upgraded: doc,
    model: eventModel(r),
    side: { label, version: String((doc.info as JsonObject).version), asyncapi: String(doc.asyncapi) },
  };
}

function diff(base: JsonObject, head: JsonObject, buildDate = '2026-11-29'): Report {
  return diffEvents(side(base, 'base.yaml'), side(head, 'head.yaml'), {
    buildDate,
    noticeDays: 90,
    headFile: 'head.yaml',
  });
}

/** `code:decision` of every change, in report order. */
const codes = (r: Report): string[] => r.changes.map((c) => `${c.code}:${c.decision}`);

/** Edits a copy of version 1.0.0. */
function edited(edit: (d: Doc) => void, from: JsonObject = v1()): JsonObject {
  const d = structuredClone(from) as Doc;
  edit(d);
  return d;
}

describe('operations, channels and messages', () => {
  test('nothing changed: no change, ok', () => {
    const r = diff(v1(), v1());
    assert.deepEqual(r.changes, []);
    assert.equal(r.ok, true);
    assert.equal(r.head.asyncapi, '3.0.0');
  });

  test('an operation and its channel added: the operation is added, the channel non-breaking', () => {
    const head = edited((d) => {
      d.channels.petSold = { address: 'pets/{petId}/sold', parameters: { petId: {} }, messages: {} };
      d.operations.onPetSold = { action: 'send', channel: { $ref: '#/channels/petSold' } };
    });
    const r = diff(v1(), head);
    assert.deepEqual(codes(r).sort(), ['non-breaking-change:pass', 'operation-added:pass']);
    const added = r.changes.find((c) => c.code === 'operation-added');
    // The reader's side: the API sends, so the reader receives.
    assert.deepEqual(added?.operations, [{ method: 'RECEIVE', path: 'pets/{petId}/sold', operationId: 'onPetSold' }]);
    assert.equal(r.ok, true);
  });

  test('an operation never deprecated removed with its channel: both breaking, refused', () => {
    const head = edited((d) => {
      delete d.channels.petAdded;
      delete d.operations.onPetAdded;
    });
    const r = diff(v1(), head);
    assert.deepEqual(codes(r).sort(), ['breaking-change:fail', 'operation-removed:fail']);
    const channel = r.changes.find((c) => c.code === 'breaking-change');
    assert.equal(channel?.pointer, '/channels/petAdded');
    assert.equal(r.ok, false);
  });

  test('a message added to a channel is reported with the operations on the channel', () => {
    const head = edited((d) => {
      d.channels.petAdded.messages.petAddedV2 = { name: 'petAddedV2', payload: { type: 'object' } };
    });
    const r = diff(v1(), head);
    assert.equal(r.changes.length, 1);
    const [c] = r.changes;
    assert.equal(c?.pointer, '/channels/petAdded/messages/petAddedV2');
    assert.deepEqual(
      c?.operations.map((o) => o.operationId),
      ['onPetAdded'],
    );
  });

  test('a message removed from a channel is breaking and refused', () => {
    const head = edited((d) => {
      delete d.channels.adopt.messages.adoptionRequest;
      d.operations.requestAdoption.messages = [];
    });
    const r = diff(v1(), head);
    assert.ok(
      r.changes.some((c) => c.pointer === '/channels/adopt/messages/adoptionRequest' && c.decision === 'fail'),
      codes(r).join(', '),
    );
  });

  test('a payload field made required: one change where the schema is written, unclassified, naming the operation', () => {
    const head = edited((d) => {
      d.components.schemas.Pet.required = ['name'];
    });
    const r = diff(v1(), head);
    // The resolved documents repeat the schema under the channel, the operation and the components: one edit.
    assert.equal(r.changes.length, 1, JSON.stringify(r.changes.map((c) => c.pointer)));
    const [c] = r.changes;
    assert.equal(c?.pointer, '/components/schemas/Pet/required');
    assert.equal(c?.schema, 'Pet');
    assert.equal(c?.class, 'unclassified');
    assert.equal(c?.decision, 'pass');
    assert.deepEqual(
      c?.operations.map((o) => o.operationId),
      ['onPetAdded'],
    );
    assert.ok((c?.diffs.length ?? 0) > 1, 'the repeated differences are kept on the one change');
  });

  test('a new info.version alone is not breaking (the library would say so; every release would be refused)', () => {
    const r = diff(
      v1(),
      edited((d) => {
        d.info.version = '1.1.0';
      }),
    );
    assert.deepEqual(codes(r), ['non-breaking-change:pass']);
    assert.equal(r.ok, true);
  });

  test('a channel address changed is breaking: refused, allowed with a new major version', () => {
    const edit = (d: Doc) => {
      d.channels.adopt.address = 'adoption-requests';
    };
    const r = diff(v1(), edited(edit));
    assert.deepEqual(codes(r), ['breaking-change:fail']);
    assert.equal(r.changes[0]?.pointer, '/channels/adopt/address');
    const major = diff(
      v1(),
      edited((d) => {
        edit(d);
        d.info.version = '2.0.0';
      }),
    );
    assert.ok(codes(major).includes('breaking-change:allowed'), codes(major).join(', '));
    assert.equal(major.ok, true);
  });
});

/** A version without the deprecated operation requestAdoption. */
const removed = (from: JsonObject = v1()) =>
  edited((d) => {
    delete d.operations.requestAdoption;
  }, from);

describe('the deprecation policy on event operations', () => {
  test('removed before its x-deprecated-sunset date: refused, naming the date', () => {
    const r = diff(v1(), removed(), '2027-06-30');
    assert.deepEqual(codes(r), ['operation-removed-before-sunset:fail']);
    assert.equal(r.changes[0]?.params.sunset, '2027-06-30');
  });

  test('removed after its sunset date: allowed', () => {
    const r = diff(v1(), removed(), '2027-07-01');
    assert.deepEqual(codes(r), ['operation-removed-after-sunset:allowed']);
    assert.deepEqual(r.changes[0]?.operations, [{ method: 'SEND', path: 'adoptions', operationId: 'requestAdoption' }]);
    assert.equal(r.ok, true);
  });

  test('removed, deprecated without a sunset date: refused', () => {
    const base = edited((d) => {
      delete d.operations.requestAdoption['x-deprecated-sunset'];
    });
    const r = diff(base, removed(), '2030-01-01');
    assert.deepEqual(codes(r), ['operation-removed-without-sunset:fail']);
  });

  test('newly deprecated without a sunset date, or too soon: refused; with one far enough: passes', () => {
    const dep = (sunset?: string) =>
      edited((d) => {
        d.operations.onPetAdded['x-deprecated'] = true;
        if (sunset) d.operations.onPetAdded['x-deprecated-sunset'] = sunset;
      });
    assert.deepEqual(codes(diff(v1(), dep())), ['deprecation-without-sunset:fail']);
    assert.deepEqual(codes(diff(v1(), dep('2026-12-15'))), ['sunset-too-soon:fail']);
    assert.deepEqual(codes(diff(v1(), dep('2027-06-30'))), ['operation-deprecated:pass']);
  });
});

test('writtenAt follows the $refs of the unresolved document to where an edit is written', () => {
  assert.deepEqual(writtenAt(v1(), ['operations', 'onPetAdded', 'messages', '0', 'payload', 'required']), {
    at: ['components', 'schemas', 'Pet'],
    rest: ['required'],
  });
  assert.deepEqual(writtenAt(v1(), ['operations', 'requestAdoption', 'channel', 'address']), {
    at: ['channels', 'adopt', 'address'],
    rest: [],
  });
});

test('an unquoted sunset date upgraded from 2.x (a midnight timestamp) is read as its day', () => {
  const doc = edited((d) => {
    d.operations.requestAdoption['x-deprecated-sunset'] = '2027-06-30T00:00:00.000Z';
  });
  const op = eventModel(resolved(doc)).operations.find((o) => o.id === 'requestAdoption');
  assert.equal(op?.lifecycle.sunset, '2027-06-30');
  assert.deepEqual(codes(diff(doc, removed(doc), '2027-07-01')), ['operation-removed-after-sunset:allowed']);
});
