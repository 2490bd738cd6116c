// The deprecation policy over small description pairs: removals on both sides of the sunset date, deprecations
// and the notice period, the classified changes (required parameter, narrower enum, response type) and the
// major-version rule.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { parse } from 'yaml';
import { BASE, codes, diff, edited, lineOf } from './fixtures.ts';

describe('removing an operation', () => {
  test('that was never deprecated is breaking and fails', async () => {
    const r = await diff(edited((d) => d.deleteIn(['paths', '/items/{id}', 'delete'])));
    assert.deepEqual(codes(r), ['operation-removed:fail']);
    assert.equal(r.ok, false);
    assert.deepEqual(r.changes[0]?.operations, [{ method: 'DELETE', path: '/items/{id}', operationId: 'deleteItem' }]);
    assert.equal(r.changes[0]?.class, 'breaking');
  });

  test('before its sunset date fails and names the date', async () => {
    const r = await diff(
      edited((d) => d.deleteIn(['paths', '/items/{id}', 'get'])),
      { buildDate: '2027-01-10' },
    );
    assert.deepEqual(codes(r), ['operation-removed-before-sunset:fail']);
    assert.equal(r.changes[0]?.params.sunset, '2027-06-30');
  });

  test('on the sunset day itself still fails (the Sunset header names its last second)', async () => {
    const r = await diff(
      edited((d) => d.deleteIn(['paths', '/items/{id}', 'get'])),
      { buildDate: '2027-06-30' },
    );
    assert.deepEqual(codes(r), ['operation-removed-before-sunset:fail']);
  });

  test('the day after the sunset date is allowed', async () => {
    const r = await diff(
      edited((d) => d.deleteIn(['paths', '/items/{id}', 'get'])),
      { buildDate: '2027-07-01' },
    );
    assert.deepEqual(codes(r), ['operation-removed-after-sunset:allowed']);
    assert.equal(r.changes[0]?.allowedBy, 'sunset-passed');
    assert.equal(r.ok, true);
  });

  test('deprecated without a sunset date fails', async () => {
    const base = edited((d) => d.deleteIn(['paths', '/items/{id}', 'get', 'x-deprecated-sunset']));
    const r = await diff(
      edited((d) => d.deleteIn(['paths', '/items/{id}', 'get']), base),
      { base, buildDate: '2030-01-01' },
    );
    assert.deepEqual(codes(r), ['operation-removed-without-sunset:fail']);
  });

  test('a whole path item removed reports each of its operations', async () => {
    const r = await diff(edited((d) => d.deleteIn(['paths', '/colors'])));
    assert.deepEqual(codes(r), ['operation-removed:fail']);
    assert.equal(r.changes[0]?.operations[0]?.operationId, 'listColors');
  });
});

describe('deprecating an operation', () => {
  const deprecate = (sunset?: string) =>
    edited((d) => {
      d.setIn(['paths', '/items', 'post', 'deprecated'], true);
      if (sunset) d.setIn(['paths', '/items', 'post', 'x-deprecated-sunset'], sunset);
    });

  test('without a sunset date fails, naming the earliest date allowed', async () => {
    const r = await diff(deprecate());
    assert.deepEqual(codes(r), ['deprecation-without-sunset:fail']);
    assert.equal(r.changes[0]?.params.earliest, '2027-02-23');
  });

  test('with a sunset date closer than the notice period fails', async () => {
    const r = await diff(deprecate('2027-02-22'));
    assert.deepEqual(codes(r), ['sunset-too-soon:fail']);
  });

  test('with a sunset date exactly the notice period away passes', async () => {
    const r = await diff(deprecate('2027-02-23'));
    assert.deepEqual(codes(r), ['operation-deprecated:pass']);
    assert.equal(r.changes[0]?.class, 'deprecation');
  });

  test('the notice period is a setting', async () => {
    assert.deepEqual(codes(await diff(deprecate('2027-02-23'), { noticeDays: 180 })), ['sunset-too-soon:fail']);
    assert.deepEqual(codes(await diff(deprecate('2026-12-01'), { noticeDays: 0 })), ['operation-deprecated:pass']);
  });

  test('with a sunset that is not a calendar date fails', async () => {
    assert.deepEqual(codes(await diff(deprecate('2027-02-30'))), ['sunset-invalid:fail']);
  });

  test('moving a sunset date earlier than the notice period allows fails; later passes', async () => {
    const earlier = edited((d) => d.setIn(['paths', '/items/{id}', 'get', 'x-deprecated-sunset'], '2026-12-01'));
    assert.deepEqual(codes(await diff(earlier)), ['sunset-too-soon:fail']);
    const later = edited((d) => d.setIn(['paths', '/items/{id}', 'get', 'x-deprecated-sunset'], '2027-12-31'));
    assert.deepEqual(codes(await diff(later)), ['sunset-changed:pass']);
  });
});

describe('classified changes', () => {
  test('an optional parameter made required is breaking, at the line of the change', async () => {
    const head = edited((d) => d.setIn(['paths', '/items', 'get', 'parameters', 0, 'required'], true));
    const r = await diff(head);
    assert.deepEqual(codes(r), ['breaking-change:fail']);
    const c = r.changes[0];
    assert.equal(c?.operations[0]?.operationId, 'listItems');
    assert.equal(c?.location?.file, 'head.yaml');
    assert.equal(c?.location?.line, lineOf(head, 'required: true'));
  });

  test('an enum narrowed in a request is breaking; one edit, every operation that uses it', async () => {
    const head = edited((d) => d.setIn(['components', 'schemas', 'Status', 'enum'], ['new', 'used']));
    const r = await diff(head);
    assert.deepEqual(codes(r), ['breaking-change:fail']);
    const c = r.changes[0];
    assert.equal(c?.schema, 'Status');
    assert.deepEqual(c?.operations.map((o) => o.operationId).sort(), ['createItem', 'getItem', 'listItems']);
    assert.equal(c?.location?.line, lineOf(head, 'enum:', lineOf(head, 'Status:') - 1));
    assert.match(c?.params.summary as string, /Removed "broken" from enum/);
  });

  test('an enum narrowed only in responses is not breaking', async () => {
    const r = await diff(edited((d) => d.setIn(['components', 'schemas', 'Color', 'enum'], ['red', 'green'])));
    assert.deepEqual(codes(r), ['non-breaking-change:pass']);
    assert.equal(r.ok, true);
  });

  test('a response type changed is breaking', async () => {
    const r = await diff(edited((d) => d.setIn(['components', 'schemas', 'Color', 'type'], 'integer')));
    assert.ok(codes(r).includes('breaking-change:fail'), codes(r).join());
  });

  test('a new operation and a new optional parameter are not breaking', async () => {
    const head = edited((d) => {
      d.setIn(['paths', '/colors', 'post'], {
        operationId: 'createColor',
        responses: { '201': { description: 'Created.' } },
      });
      d.setIn(['paths', '/colors', 'get', 'parameters'], [{ name: 'q', in: 'query', schema: { type: 'string' } }]);
    });
    const r = await diff(head);
    assert.deepEqual(codes(r).sort(), ['non-breaking-change:pass', 'operation-added:pass']);
    assert.equal(r.ok, true);
  });

  test('a reworded summary is documentation', async () => {
    const r = await diff(edited((d) => d.setIn(['paths', '/items', 'get', 'summary'], 'List the items')));
    assert.deepEqual(codes(r), ['documentation-change:pass']);
  });

  test('identical descriptions have no changes', async () => {
    const r = await diff(BASE);
    assert.deepEqual(r.changes, []);
    assert.equal(r.ok, true);
  });
});

describe('the major-version rule', () => {
  const breakingHead = (version: string) =>
    edited((d) => {
      d.deleteIn(['paths', '/items/{id}', 'delete']);
      d.setIn(['paths', '/items', 'get', 'parameters', 0, 'required'], true);
      d.setIn(['info', 'version'], version);
    });

  test('breaking changes with a new major version are reported as allowed', async () => {
    const r = await diff(breakingHead('2.0.0'));
    assert.equal(r.majorBump, true);
    assert.equal(r.ok, true);
    const breaking = r.changes.filter((c) => c.class === 'breaking');
    assert.equal(breaking.length, 2);
    for (const c of breaking) {
      assert.equal(c.decision, 'allowed');
      assert.equal(c.allowedBy, 'major-version');
    }
  });

  test('a minor version does not allow them', async () => {
    const r = await diff(breakingHead('1.1.0'));
    assert.equal(r.majorBump, false);
    assert.equal(r.ok, false);
  });

  test('a new major version does not excuse a deprecation without a sunset date', async () => {
    const r = await diff(
      edited((d) => {
        d.setIn(['info', 'version'], '2.0.0');
        d.setIn(['paths', '/items', 'post', 'deprecated'], true);
      }),
    );
    assert.ok(codes(r).includes('deprecation-without-sunset:fail'));
    assert.equal(r.ok, false);
  });
});

describe('JSON descriptions', () => {
  test('changes are located in JSON text too', async () => {
    const base = JSON.stringify(JSON.parse(JSON.stringify(parse(BASE))), null, 2);
    const headDoc = parse(BASE) as { paths: Record<string, Record<string, { parameters: { required?: boolean }[] }>> };
    (headDoc.paths['/items']?.get?.parameters[0] as { required?: boolean }).required = true;
    const head = JSON.stringify(headDoc, null, 2);
    const r = await diff(head, { base });
    assert.deepEqual(codes(r), ['breaking-change:fail']);
    assert.equal(r.changes[0]?.location?.line, lineOf(head, '"required": true'));
  });
});

describe('descriptions in different OpenAPI versions', () => {
  test('are compared in their OpenAPI 3.2 form: a 3.0 description rewritten as 3.1 changes nothing else', async () => {
    const head = edited((d) => {
      d.set('openapi', '3.1.0');
      d.setIn(['paths', '/items', 'post', 'deprecated'], true);
    });
    const r = await diff(head);
    assert.deepEqual(
      codes(r).filter((c) => !c.startsWith('documentation')),
      ['deprecation-without-sunset:fail'],
    );
  });
});
