// Unit tests of the reference mapping (site/reference/explorer/map.ts): a small fixture and the real spec.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, test } from 'node:test';
import { parse } from 'yaml';
import { inlineJson, mapReference, referenceCss } from '../../../site/reference/explorer/map.ts';
import { listOperations, type OpenApiDocument, slugifyTag } from '../../../site/reference/model/document.ts';
import { formatDay, parseDay, sunsetState } from '../../../site/reference/model/lifecycle.ts';
import { tagGroups } from '../../../site/reference/model/tags.ts';
import { writtenSpec } from '../../support/spec.ts';

const fixture = (): OpenApiDocument =>
  parse(readFileSync(new URL('./fixtures/mini.yaml', import.meta.url), 'utf8')) as OpenApiDocument;

type Op = Record<string, unknown> & { 'x-badges'?: Array<{ name: string }>; description?: string };
const op = (doc: OpenApiDocument, path: string, method: string): Op =>
  (doc.paths[path] as Record<string, Op>)[method] as Op;

describe('dates', () => {
  test('formatDay writes the date for people', () => {
    assert.equal(formatDay('2027-06-30'), '30 June 2027');
    assert.equal(formatDay('2026-09-01'), '1 September 2026');
  });
  test('parseDay rejects what is not a calendar date', () => {
    assert.throws(() => parseDay('2027-02-30'), /not a calendar date/);
    assert.throws(() => parseDay('30.06.2027'), /YYYY-MM-DD/);
  });
  test('sunsetState: ahead, today, past', () => {
    assert.deepEqual(sunsetState('2027-06-30', '2026-11-21'), { state: 'ahead', days: 221 });
    assert.deepEqual(sunsetState('2027-06-30', '2027-06-30'), { state: 'today', days: 0 });
    assert.deepEqual(sunsetState('2027-06-30', '2027-07-02'), { state: 'past', days: -2 });
  });
});

describe('tag groups', () => {
  test('x-tagGroups and x-parent give Pets and Store with their child tags', () => {
    assert.deepEqual(tagGroups(fixture()), [
      { name: 'Pets', tags: ['Animals', 'Categories'] },
      { name: 'Store', tags: ['Orders', 'Inventory'] },
    ]);
  });
  test('x-parent alone is enough', () => {
    const doc = fixture();
    delete doc['x-tagGroups'];
    assert.deepEqual(tagGroups(doc), [
      { name: 'Pets', tags: ['Animals', 'Categories'] },
      { name: 'Store', tags: ['Orders', 'Inventory'] },
    ]);
  });
  test('the mapped document drops group-only tags and keeps the groups', () => {
    const { document, tagGroups: groups } = mapReference(fixture(), { buildDate: '2026-11-21' });
    const names = (document.tags as Array<{ name: string }>).map((t) => t.name);
    assert.deepEqual(names, ['Animals', 'Categories', 'Orders', 'Inventory']);
    assert.deepEqual(document['x-tagGroups'], groups);
    assert.equal(groups.length, 2);
  });
  test('a used tag outside every group lands in "Other" instead of vanishing', () => {
    const doc = fixture();
    (op(doc, '/categories', 'get') as { tags: string[] }).tags = ['Misc'];
    const { tagGroups: groups } = mapReference(doc, { buildDate: '2026-11-21' });
    assert.deepEqual(groups.at(-1), { name: 'Other', tags: ['Misc'] });
  });
  test('a malformed x-tagGroups is named in the error', () => {
    const doc = fixture();
    doc['x-tagGroups'] = [{ name: 'Pets' }];
    assert.throws(() => tagGroups(doc), /x-tagGroups\[0\]/);
  });
});

describe('mapReference on the fixture', () => {
  const input = fixture();
  const before = JSON.stringify(input);
  const mapped = mapReference(input, { buildDate: '2026-11-21' });
  const doc = mapped.document;

  test('does not change its input', () => {
    assert.equal(JSON.stringify(input), before);
  });
  test('stability: Experimental and Beta badges on those operations only', () => {
    assert.deepEqual(
      op(doc, '/store/orders/{orderId}', 'put')['x-badges']?.map((b) => b.name),
      ['Experimental'],
    );
    assert.deepEqual(
      op(doc, '/store/inventory', 'get')['x-badges']?.map((b) => b.name),
      ['Beta'],
    );
    for (const [path, method] of [
      ['/pets', 'get'],
      ['/pets', 'post'],
      ['/store/orders', 'get'],
      ['/categories', 'get'],
    ] as const) {
      assert.equal(op(doc, path, method)['x-badges'], undefined, `${method} ${path}`);
    }
    assert.deepEqual(
      mapped.stability.map((s) => [s.operationId, s.label, s.anchor]),
      [
        ['replaceOrder', 'Experimental', 'tag/orders/PUT/store/orders/{orderId}'],
        ['listInventory', 'Beta', 'tag/inventory/GET/store/inventory'],
      ],
    );
  });
  test('deprecation: marker, human sunset date, still ahead, in a badge and the description', () => {
    const getPet = op(doc, '/pets/{petId}', 'get');
    assert.equal(getPet.deprecated, true);
    assert.deepEqual(
      getPet['x-badges']?.map((b) => b.name),
      ['Sunset 30 June 2027'],
    );
    assert.match(getPet.description ?? '', /30 June 2027\*\*, which is still ahead \(221 days after 21 November 2026/);
    assert.match(getPet.description ?? '', /Reads one pet\.$/);
    assert.deepEqual(mapped.deprecations, [
      {
        operationId: 'getPet',
        method: 'GET',
        path: '/pets/{petId}',
        summary: 'Get a pet',
        tag: 'Animals',
        anchor: 'tag/animals/GET/pets/{petId}',
        kind: 'operation',
        sunset: '2027-06-30',
        sunsetText: '30 June 2027',
        sunsetState: 'ahead',
        daysToSunset: 221,
        since: '2026-09-01',
        successor: null,
      },
    ]);
  });
  test('deprecation after the sunset says it is past', () => {
    const late = mapReference(fixture(), { buildDate: '2027-07-01' });
    const getPet = op(late.document, '/pets/{petId}', 'get');
    assert.deepEqual(
      getPet['x-badges']?.map((b) => b.name),
      ['Sunset 30 June 2027 (past)'],
    );
    assert.match(getPet.description ?? '', /30 June 2027\*\*, is already past/);
    assert.equal(late.deprecations[0]?.sunsetState, 'past');
  });
  test('x-hideTryItPanel: listOrders is the only hidden operation', () => {
    assert.deepEqual(
      mapped.hiddenTryIt.map((h) => `${h.method} ${h.path} ${h.anchor}`),
      ['GET /store/orders tag/orders/GET/store/orders'],
    );
    assert.match(
      mapped.configuration.customCss,
      /section\[id\$="\/tag\/orders\/GET\/store\/orders"\] \.show-api-client-button \{ display: none !important; \}/,
    );
    assert.doesNotMatch(mapped.configuration.customCss, /POST\/store\/orders/);
  });
  test('x-codeSamples kept in order (the first hand-written one is what Scalar selects)', () => {
    const samples = op(doc, '/pets', 'get')['x-codeSamples'] as Array<{ lang: string; label: string }>;
    assert.deepEqual(
      samples.map((s) => s.label),
      ['cURL', 'JavaScript', 'Python'],
    );
    assert.equal('defaultHttpClient' in mapped.configuration, false);
  });
  test('servers: the same-origin mock first, then production {base_url}', () => {
    assert.deepEqual(
      mapped.configuration.servers.map((s) => [s.url, s.description]),
      [
        ['/api/mock', 'Mock API on this site'],
        ['{base_url}', 'Production'],
      ],
    );
    assert.equal(mapped.configuration.servers[1]?.variables?.base_url?.default, 'https://petstore.example.com/v1');
    assert.deepEqual(doc.servers, mapped.configuration.servers);
  });
  test('configuration keeps every request on the site: no fonts, agent, MCP, telemetry or dev tools', () => {
    const c = mapped.configuration;
    assert.equal(c.withDefaultFonts, false);
    assert.equal(c.telemetry, false);
    assert.equal(c.showDeveloperTools, 'never');
    assert.deepEqual(c.agent, { disabled: true });
    assert.deepEqual(c.mcp, { disabled: true });
    // The only absolute URL is the production server, which a reader picks on purpose.
    assert.doesNotMatch(JSON.stringify({ ...c, servers: [] }), /https?:\/\//);
  });
  test('a bearer token is preset for the try-it client', () => {
    assert.deepEqual(mapped.configuration.authentication, {
      preferredSecurityScheme: 'bearerAuth',
      securitySchemes: { bearerAuth: { token: 'demo-token' } },
    });
  });
  test('the demo token is preset in every kind of scheme the configuration can hold', async () => {
    const { explorerSecrets } = await import('../../../site/reference/explorer/map.ts');
    assert.deepEqual(explorerSecrets({ type: 'http', scheme: 'bearer' }, 't'), { token: 't' });
    assert.deepEqual(explorerSecrets({ type: 'http', scheme: 'Basic' }, 't'), { username: 'sandbox', password: 't' });
    assert.deepEqual(explorerSecrets({ type: 'apiKey', in: 'cookie', name: 'k' }, 't'), { value: 't' });
    assert.deepEqual(explorerSecrets({ type: 'oauth2', flows: { implicit: {}, authorizationCode: {} } }, 't'), {
      flows: { implicit: { token: 't' }, authorizationCode: { token: 't' } },
    });
    assert.equal(explorerSecrets({ type: 'mutualTLS' }, 't'), undefined);
  });
  test('invalid extensions are named with their operation', () => {
    const bad = fixture();
    op(bad, '/store/inventory', 'get')['x-stability'] = 'alpha';
    assert.throws(
      () => mapReference(bad, { buildDate: '2026-11-21' }),
      /GET \/store\/inventory \(listInventory\): x-stability/,
    );
    const bad2 = fixture();
    op(bad2, '/pets/{petId}', 'get')['x-deprecated-sunset'] = '2027-13-01';
    assert.throws(() => mapReference(bad2, { buildDate: '2026-11-21' }), /getPet\): x-deprecated-sunset/);
    const bad3 = fixture();
    op(bad3, '/pets/{petId}', 'get')['x-successor'] = { operationId: 'nope' };
    assert.throws(() => mapReference(bad3, { buildDate: '2026-11-21' }), /x-successor names no operation: nope/);
  });
});

describe('helpers', () => {
  test('slugifyTag matches Scalar for plain names', () => {
    assert.equal(slugifyTag('Orders'), 'orders');
    assert.equal(slugifyTag('Pet Store'), 'pet-store');
  });
  test('inlineJson escapes < so no string can close the script element', () => {
    const out = inlineJson({ a: '</script><!-- x', b: '\u2028' });
    assert.doesNotMatch(out, /</);
    assert.deepEqual(JSON.parse(out), { a: '</script><!-- x', b: '\u2028' });
  });
  test('referenceCss escapes quotes in anchors', () => {
    const css = referenceCss(
      [
        {
          operationId: 'x',
          method: 'GET',
          path: '/a"b',
          summary: '',
          tag: 'T',
          anchor: 'tag/t/GET/a"b',
          kind: 'operation',
        },
      ],
      [],
      [],
    );
    assert.match(css, /\[id\$="\/tag\/t\/GET\/a\\"b"\]/);
  });
});

describe('mapReference on spec/openapi.yaml', () => {
  const spec = writtenSpec() as unknown as OpenApiDocument;
  const mapped = mapReference(spec, { buildDate: '2026-11-21' });
  const ops = listOperations(mapped.document);

  test('navigation: Pets (Animals, Categories) and Store (Orders, Inventory), no empty group tags', () => {
    assert.deepEqual(mapped.tagGroups, [
      { name: 'Pets', tags: ['Animals', 'Categories'] },
      { name: 'Store', tags: ['Orders', 'Inventory'] },
    ]);
    const tagNames = (mapped.document.tags as Array<{ name: string }>).map((t) => t.name);
    assert.ok(!tagNames.includes('Pets') && !tagNames.includes('Store'));
  });
  test('badges: Beta on the three inventory operations, Experimental on replaceOrder, nowhere else', () => {
    const byBadge = (name: string) =>
      ops
        .filter((o) => (o.operation['x-badges'] as Array<{ name: string }> | undefined)?.some((b) => b.name === name))
        .map((o) => o.operationId)
        .sort();
    assert.deepEqual(byBadge('Beta'), ['getInventoryItem', 'listInventory', 'updateInventory']);
    assert.deepEqual(byBadge('Experimental'), ['replaceOrder']);
    assert.deepEqual(byBadge('Sunset 30 June 2027'), ['getPet']);
  });
  test('Pet and Category show their own description, not the creation payload one of their allOf parts', () => {
    const schemas = (mapped.document.components as { schemas: Record<string, Record<string, unknown>> }).schemas;
    for (const [name, base] of [
      ['Pet', 'NewPet'],
      ['Category', 'NewCategory'],
    ] as const) {
      const s = schemas[name] as { description?: string; allOf: Array<Record<string, unknown>> };
      const own = (spec.components as { schemas: Record<string, { description: string }> }).schemas[name]?.description;
      // Shown once: the schema's own description, moved into the first part (Scalar prints an outer one twice).
      assert.ok(own);
      assert.deepEqual(
        [s.description, ...s.allOf.map((p) => p.description)],
        [undefined, own, undefined],
        `${name}: its own description, once`,
      );
      // Same fields and required list as the part it replaces; the part itself keeps its description.
      assert.deepEqual(s.allOf[0]?.properties, schemas[base]?.properties);
      assert.deepEqual(s.allOf[0]?.required, schemas[base]?.required);
      assert.match(String(schemas[base]?.description), /payload for creating/);
    }
    // The input is not changed.
    const input = (spec.components as { schemas: Record<string, { allOf: unknown[] }> }).schemas;
    assert.deepEqual(input.Pet?.allOf[0], { $ref: '#/components/schemas/NewPet' });
  });
  test('getPet is deprecated with its sunset date for people and its successor', () => {
    assert.deepEqual(
      mapped.deprecations.map((d) => [d.operationId, d.sunsetText, d.sunsetState, d.successor?.operationId]),
      [['getPet', '30 June 2027', 'ahead', 'listPets']],
    );
  });
  test('only GET /store/orders loses its try-it panel', () => {
    assert.deepEqual(
      mapped.hiddenTryIt.map((h) => h.operationId),
      ['listOrders'],
    );
  });
  test('every operation has its three hand-written samples, cURL first', () => {
    assert.equal(ops.length, 18);
    for (const o of ops) {
      const samples = o.operation['x-codeSamples'] as Array<{ lang: string; label: string }> | undefined;
      assert.deepEqual(
        samples?.map((s) => s.label),
        ['cURL', 'JavaScript', 'Python'],
        o.operationId,
      );
    }
  });
});
