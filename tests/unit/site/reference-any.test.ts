// Unit tests of the reference model (site/reference/model/) on descriptions we did not write: OpenAPI
// 3.1 and 3.2 keywords, webhooks, callbacks, descriptions without tags or operationIds, nested and
// kinded tags, JSON Schema 2020-12, and the Petstore read through the loader's internal form (3.2),
// which must give the same pages as the description as written.
import assert from 'node:assert/strict';
import { relative } from 'node:path';
import { describe, test } from 'node:test';
import { loadDescription } from '../../../descriptions/loader/index.ts';
import { parseReferenceOptions, ReferenceOptionsError } from '../../../site/apis/options.ts';
import { mapReference } from '../../../site/reference/explorer/map.ts';
import type { OpenApiDocument } from '../../../site/reference/model/document.ts';
import { buildReferenceModel } from '../../../site/reference/model/reference.ts';
import { schemaNode } from '../../../site/reference/model/schema.ts';
import { referenceSidebar, type SidebarItem } from '../../../site/reference/model/sidebar.ts';
import { tryItDocument } from '../../../site/reference/model/tryit-document.ts';
import type { ReferenceModel } from '../../../site/reference/model/views.ts';
import { FIXTURES, fixtureDescriptions } from '../../support/descriptions.ts';
import { expectedPages } from '../../support/expected-pages.ts';
import { SPEC_PATH, writtenSpec } from '../../support/spec.ts';

const BUILD_DATE = '2026-11-23';
const build = (doc: Record<string, unknown>): ReferenceModel =>
  buildReferenceModel(doc as OpenApiDocument, { buildDate: BUILD_DATE });

/** Every string a reader could see on every page of the model (views serialised). */
function allText(m: ReferenceModel): string {
  const views = m.operations.map((o) => m.operationView(o));
  const trees = m.schemas.map((s) => m.schemaTree(s));
  return JSON.stringify({ ...m, views, trees });
}

const labels = (items: SidebarItem[]): unknown[] =>
  items.map((i) => ('items' in i ? { [i.label]: labels(i.items) } : i.label));

describe('the Petstore through the loader (OpenAPI 3.2 internal form)', () => {
  test('gives the same operations, pages, schema trees and sidebar as the description as written', async () => {
    const { document } = await loadDescription(SPEC_PATH);
    assert.match(String(document.openapi), /^3\.[12]/);
    const upgraded = build(document);
    const written = build(writtenSpec(SPEC_PATH) as unknown as Record<string, unknown>);
    // Compared as the pages receive them (serialised): a key left undefined renders like a missing one.
    const json = (v: unknown) => JSON.parse(JSON.stringify(v)) as unknown;
    assert.deepEqual(
      json(upgraded.operations.map((o) => upgraded.operationView(o))),
      json(written.operations.map((o) => written.operationView(o))),
    );
    assert.deepEqual(
      json(upgraded.schemas.map((s) => upgraded.schemaTree(s))),
      json(written.schemas.map((s) => written.schemaTree(s))),
    );
    assert.deepEqual(referenceSidebar(upgraded), referenceSidebar(written));
  });
});

describe('OpenAPI 3.1: webhooks and callbacks', () => {
  const doc = {
    openapi: '3.1.0',
    info: { title: 'Hooks', version: '2' },
    paths: {
      '/subscriptions': {
        post: {
          summary: 'Subscribe',
          requestBody: {
            content: { 'application/json': { schema: { type: 'object', properties: { url: { type: 'string' } } } } },
          },
          responses: { '201': { description: 'Subscribed' } },
          callbacks: {
            onEvent: {
              '{$request.body#/url}': {
                post: {
                  summary: 'Event delivery',
                  requestBody: {
                    content: { 'application/json': { schema: { $ref: '#/components/schemas/Event' } } },
                  },
                  responses: { '200': { description: 'Received' } },
                },
              },
            },
          },
        },
      },
    },
    webhooks: {
      newPet: {
        post: {
          requestBody: {
            content: { 'application/json': { schema: { $ref: '#/components/schemas/Event' } } },
          },
          responses: { '200': { description: 'Acknowledged' } },
        },
      },
    },
    components: {
      schemas: { Event: { type: 'object', properties: { id: { type: 'string' }, kind: { const: 'created' } } } },
    },
  };

  test('every webhook has a page in a Webhooks group with a Webhook badge; no try-it, no call sample', () => {
    const m = build(doc);
    assert.deepEqual(
      m.operations.map((o) => [o.kind, o.method, o.path]),
      [
        ['operation', 'POST', '/subscriptions'],
        ['webhook', 'POST', 'newPet'],
      ],
    );
    const hook = m.webhooks[0];
    assert.ok(hook);
    assert.equal(hook.summary, 'newPet');
    assert.equal(hook.tryIt, false);
    assert.equal(hook.slug, 'webhook-new-pet');
    const view = m.operationView(hook);
    assert.equal(view.samples.length, 0);
    assert.equal(view.requestBody?.contents[0]?.schema?.ref?.name, 'Event');
    assert.deepEqual(
      view.responses.map((r) => r.status),
      ['200'],
    );
    const side = referenceSidebar(m);
    assert.ok('items' in side);
    const group = side.items.find((i) => i.label === 'Webhooks');
    assert.ok(group && 'items' in group);
    const item = group.items.find((i) => i.label === 'newPet');
    assert.ok(item && 'link' in item);
    assert.equal(item.badge?.text, 'Webhook');
  });

  test('a description with only webhooks has pages and no tag group', () => {
    const m = build({ openapi: '3.1.0', info: { title: 'Only hooks', version: '1' }, webhooks: doc.webhooks });
    assert.equal(m.operations.length, 1);
    assert.equal(m.groups.length, 0);
    assert.equal(m.webhooksUrl, '/reference/webhooks/');
  });

  test('callbacks: name, runtime expression, method, body and responses on the operation', () => {
    const m = build(doc);
    const op = m.operations[0];
    assert.ok(op);
    const [cb] = m.operationView(op).callbacks;
    assert.ok(cb);
    assert.equal(cb.name, 'onEvent');
    assert.equal(cb.expression, '{$request.body#/url}');
    assert.equal(cb.method, 'POST');
    assert.equal(cb.requestBody?.contents[0]?.schema?.ref?.name, 'Event');
    assert.deepEqual(
      cb.responses.map((r) => r.status),
      ['200'],
    );
  });

  test('no tags, no operationId, no servers: a default tag, slugs from method and path, samples on a placeholder host', () => {
    const m = build(doc);
    const op = m.operations[0];
    assert.ok(op);
    assert.equal(op.tag, 'Operations');
    assert.equal(op.slug, 'post-subscriptions');
    assert.equal(op.summary, 'Subscribe');
    assert.equal(m.groups.length, 1);
    assert.equal(m.groups[0]?.implicit, true);
    const side = referenceSidebar(m);
    assert.ok('items' in side);
    assert.deepEqual(labels(side.items), [
      'Overview',
      { Operations: ['About Operations', 'Subscribe'] },
      { Webhooks: ['About webhooks', 'newPet'] },
      'Schemas',
      'Explorer (Scalar)',
    ]);
    assert.match(m.operationView(op).samples[0]?.source ?? '', /https:\/\/api\.example\.com\/subscriptions/);
  });

  test('the explorer mapping and try-it documents take it', () => {
    const mapped = mapReference(doc as unknown as OpenApiDocument, { buildDate: BUILD_DATE });
    assert.equal(mapped.hiddenTryIt.length, 0);
    const t = tryItDocument(doc as unknown as OpenApiDocument, 'POST', '/subscriptions', [{ url: '/api/mock' }]);
    assert.ok(t.paths);
  });

  test('nothing reads undefined, [object Object] or NaN', () => {
    assert.doesNotMatch(allText(build(doc)), /undefined|\[object Object\]|NaN/);
  });
});

describe('OpenAPI 3.2', () => {
  const doc = {
    openapi: '3.2.0',
    info: { title: 'Catalog', summary: 'Search and stream.', version: '1' },
    tags: [
      { name: 'catalog', kind: 'nav' },
      { name: 'products', parent: 'catalog' },
      { name: 'colours', parent: 'products' },
      { name: 'beta', kind: 'badge' },
    ],
    paths: {
      '/products': {
        query: {
          tags: ['beta', 'products'],
          operationId: 'searchProducts',
          responses: { '200': { description: 'ok' } },
        },
        get: {
          tags: ['products'],
          operationId: 'listProducts',
          parameters: [
            {
              name: 'filter',
              in: 'querystring',
              content: { 'application/x-www-form-urlencoded': { schema: { type: 'object' } } },
            },
          ],
          responses: {
            '200': {
              description: 'Lines',
              content: { 'application/jsonl': { itemSchema: { $ref: '#/components/schemas/Product' } } },
            },
          },
        },
        additionalOperations: {
          LINK: { tags: ['colours'], responses: { '204': { description: 'Linked' } } },
        },
      },
    },
    components: { schemas: { Product: { type: 'object', properties: { sku: { type: 'string' } } } } },
  };

  test('query and additionalOperations get pages, methods as written; try-it only for methods the client sends', () => {
    const m = build(doc);
    assert.deepEqual(
      m.operations.map((o) => [o.method, o.slug, o.tryIt]),
      [
        ['GET', 'list-products', true],
        ['QUERY', 'search-products', false],
        ['LINK', 'link-products', false],
      ],
    );
  });

  test('kind: badge tags label the operation; parent nests tags in the sidebar', () => {
    const m = build(doc);
    const search = m.operations.find((o) => o.operationId === 'searchProducts');
    assert.equal(search?.tag, 'products');
    assert.deepEqual(search?.labels, [{ kind: 'badge', name: 'beta' }]);
    const side = referenceSidebar(m);
    assert.ok('items' in side);
    assert.deepEqual(labels(side.items), [
      'Overview',
      {
        catalog: [
          {
            products: [
              'About products',
              'GET /products',
              'QUERY /products',
              { colours: ['About colours', 'LINK /products'] },
            ],
          },
        ],
      },
      'Schemas',
      'Explorer (Scalar)',
    ]);
  });

  test('in: querystring, itemSchema and info.summary are read', () => {
    const m = build(doc);
    assert.equal(m.summary, 'Search and stream.');
    const list = m.operations.find((o) => o.operationId === 'listProducts');
    assert.ok(list);
    const view = m.operationView(list);
    assert.deepEqual(
      view.parameters.map((p) => [p.name, p.in, p.mediaType, p.schema.type]),
      [['filter', 'querystring', 'application/x-www-form-urlencoded', 'object']],
    );
    assert.equal(view.responses[0]?.contents[0]?.itemSchema?.ref?.name, 'Product');
    assert.doesNotMatch(allText(m), /undefined|\[object Object\]|NaN/);
  });
});

describe('JSON Schema 2020-12 in schema trees', () => {
  const ctx = (doc: Record<string, unknown>) => ({ doc, schemaUrl: (n: string) => `/reference/schemas/${n}/` });

  test('type arrays with null, const, examples, prefixItems, if/then/else, not, content keywords', () => {
    const node = schemaNode(
      {
        type: 'object',
        properties: {
          name: { type: ['string', 'null'], examples: ['Rex', 'Tom'] },
          kind: { const: 'dog' },
          point: { type: 'array', prefixItems: [{ type: 'number' }, { type: 'number' }], items: false },
          image: { type: 'string', contentMediaType: 'image/png', contentEncoding: 'base64' },
          // biome-ignore lint/suspicious/noThenProperty: JSON Schema's if/then/else keywords
          code: { type: 'string', if: { minLength: 3 }, then: { pattern: '^[A-Z]+$' }, else: { const: 'x' } },
          other: { not: { type: 'integer' } },
          multi: { type: ['string', 'integer'] },
        },
      },
      ctx({}),
    );
    const prop = (n: string) => node.properties?.find((p) => p.name === n)?.schema;
    assert.equal(prop('name')?.type, 'string');
    assert.equal(prop('name')?.nullable, true);
    assert.equal(prop('name')?.example, '"Rex"');
    assert.deepEqual(prop('name')?.moreExamples, ['"Tom"']);
    assert.equal(prop('kind')?.const, '"dog"');
    assert.equal(prop('kind')?.type, 'string');
    assert.deepEqual(
      prop('point')?.prefixItems?.map((p) => p.type),
      ['number', 'number'],
    );
    assert.equal(prop('point')?.items, undefined);
    assert.deepEqual(prop('image')?.constraints, ['content type image/png', 'encoding base64']);
    assert.equal(prop('code')?.conditional?.thenSchema?.constraints[0], 'pattern ^[A-Z]+$');
    assert.equal(prop('code')?.conditional?.elseSchema?.const, '"x"');
    assert.equal(prop('other')?.not?.type, 'integer');
    assert.equal(prop('multi')?.type, 'string | integer');
  });

  test('oneOf alternatives are labelled; the discriminator lists its mapping with links', () => {
    const doc = {
      components: {
        schemas: {
          Cat: { type: 'object', properties: { meow: { type: 'boolean' } } },
          Dog: { type: 'object', title: 'A dog', properties: { bark: { type: 'boolean' } } },
        },
      },
    };
    const node = schemaNode(
      {
        oneOf: [{ $ref: '#/components/schemas/Cat' }, { $ref: '#/components/schemas/Dog' }, { type: 'string' }],
        discriminator: { propertyName: 'petType', mapping: { cat: '#/components/schemas/Cat', dog: 'Dog' } },
      },
      ctx(doc),
    );
    assert.equal(node.type, 'oneOf');
    assert.deepEqual(node.variantLabels, ['Cat', 'Dog', 'Option 3 (string)']);
    assert.equal(node.discriminator?.property, 'petType');
    assert.deepEqual(
      node.discriminator?.mapping.map((m) => [m.value, m.ref?.url]),
      [
        ['cat', '/reference/schemas/Cat/'],
        ['dog', '/reference/schemas/Dog/'],
      ],
    );
  });

  test('circular schemas through $defs and component names stay bounded, with a link back', () => {
    const doc = {
      components: {
        schemas: {
          Tree: {
            type: 'object',
            properties: { node: { $ref: '#/components/schemas/Tree/$defs/Node' } },
            $defs: {
              Node: {
                type: 'object',
                properties: { children: { type: 'array', items: { $ref: '#/components/schemas/Tree/$defs/Node' } } },
              },
            },
          },
          Person: { type: 'object', properties: { friend: { $ref: '#/components/schemas/Person' } } },
        },
      },
    };
    const tree = schemaNode({ $ref: '#/components/schemas/Tree' }, ctx(doc));
    assert.ok(JSON.stringify(tree).length < 20_000);
    const person = schemaNode({ $ref: '#/components/schemas/Person' }, ctx(doc));
    const friend = person.properties?.[0]?.schema;
    assert.equal(friend?.collapsed, true);
    assert.equal(friend?.ref?.url, '/reference/schemas/Person/');
  });

  test('a large body stays bounded: past the page budget, nested schemas are links, the top is whole', () => {
    // Stripe-like: an object of 60 properties, each a reference to another object of 30 properties.
    const schemas: Record<string, unknown> = {};
    const props: Record<string, unknown> = {};
    for (let i = 0; i < 60; i++) {
      const fields: Record<string, unknown> = {};
      for (let j = 0; j < 30; j++) fields[`field${j}`] = { type: 'string', description: 'A field.' };
      schemas[`Part${i}`] = { type: 'object', properties: fields };
      props[`part${i}`] = { $ref: `#/components/schemas/Part${i}` };
    }
    schemas.Invoice = { type: 'object', properties: props };
    const c = { ...ctx({ components: { schemas } }), expanded: new Set<string>(), budget: { rows: 250 } };
    const tree = schemaNode({ $ref: '#/components/schemas/Invoice' }, c);
    assert.equal(tree.properties?.length, 60);
    const parts = tree.properties?.map((p) => p.schema) ?? [];
    const expanded = parts.filter((p) => !p.collapsed);
    assert.ok(expanded.length >= 6 && expanded.length <= 8, `${expanded.length} parts expanded`);
    for (const p of parts.filter((x) => x.collapsed))
      assert.match(p.ref?.url ?? '', /^\/reference\/schemas\/Part\d+\/$/);
    // Without a budget (a schema's own page) every part is expanded.
    const whole = schemaNode({ $ref: '#/components/schemas/Invoice' }, ctx({ components: { schemas } }));
    assert.equal(whole.properties?.filter((p) => !p.schema.collapsed).length, 60);
  });
});

describe('the integration options', () => {
  test('the sidebar takes its label and threshold from the options', () => {
    const m = build({
      openapi: '3.1.0',
      info: { title: 'Two', version: '1' },
      tags: [{ name: 'a' }, { name: 'b' }],
      paths: {
        '/a': { get: { tags: ['a'], operationId: 'getA', responses: { '200': { description: 'ok' } } } },
        '/b': { get: { tags: ['b'], operationId: 'getB', responses: { '200': { description: 'ok' } } } },
      },
    });
    const full = referenceSidebar(m, undefined, { label: 'HTTP API', threshold: 2 });
    assert.equal(full.label, 'HTTP API');
    assert.deepEqual(labels('items' in full ? full.items : []).slice(1, 3), [
      { a: ['About a', 'GET /a'] },
      { b: ['About b', 'GET /b'] },
    ]);
    const pruned = referenceSidebar(m, { tag: 'a' }, { threshold: 1 });
    assert.deepEqual(labels('items' in pruned ? pruned.items : []).slice(1, 3), [{ a: ['About a', 'GET /a'] }, 'b']);
  });

  test('defaults fill in what is not given', () => {
    assert.deepEqual(parseReferenceOptions({}), {
      base: '/reference',
      overlays: {},
      sidebar: { label: 'API reference', threshold: 150 },
      schemaPages: 200,
      operationCards: 500,
      codeSamples: {
        targets: [
          'shell/curl',
          'js/fetch',
          'python/requests',
          'go/native',
          'java/okhttp',
          'csharp/httpclient',
          'php/guzzle',
          'ruby/native',
        ],
      },
      versions: { publish: 'all' },
      tryIt: { targets: ['mock', 'description'], persistAuth: 'session' },
    });
  });

  test('a wrong option is named in the error', () => {
    const cases: Array<[unknown, RegExp]> = [
      [{ sidebar: { threshold: -1 } }, /sidebar\.threshold:/],
      [{ sidebar: { label: '' } }, /sidebar\.label:/],
      [{ schemaPages: 1.5 }, /schemaPages:/],
      [{ operationCards: -1 }, /operationCards:/],
      [{ tryIt: { targets: ['elsewhere'] } }, /tryIt\.targets\.0:/],
      [
        { codeSamples: { targets: ['go/nativ'] } },
        /codeSamples\.targets\.0: unknown generator "go\/nativ"; .*go\/native/,
      ],
      [{ codeSamples: { targets: ['go'] } }, /codeSamples\.targets\.0: unknown generator "go"/],
      [{ codeSamples: { targets: ['go/native', 'go/native'] } }, /codeSamples\.targets: each target at most once/],
      [{ codeSamples: { languages: [] } }, /codeSamples\.languages: unknown option/],
      [{ descripton: 'x.yaml' }, /descripton: unknown option/],
      [{ description: 42 }, /description:/],
      [{ versions: { publish: 'some' } }, /versions\.publish:/],
      [{ versions: { publish: { last: 0 } } }, /versions\.publish/],
    ];
    for (const [input, message] of cases) {
      assert.throws(
        () => parseReferenceOptions(input),
        (e: unknown) => e instanceof ReferenceOptionsError && message.test(e.message),
      );
    }
  });
});

describe('the description fixtures of every version (tests/fixtures/descriptions)', () => {
  for (const file of fixtureDescriptions()) {
    const name = relative(FIXTURES, file);
    test(`${name}: exactly one page per operation and webhook, with its title, method, path and URL`, async () => {
      const { document } = await loadDescription(file);
      const m = build(document);
      const expected = expectedPages(document);
      assert.ok(expected.length > 0, 'the fixture describes operations or webhooks');
      assert.deepEqual(
        m.operations.map((o) => ({ kind: o.kind, method: o.method, path: o.path, title: o.summary, url: o.url })),
        expected,
      );
      assert.doesNotMatch(allText(m), /undefined|\[object Object\]|NaN/);
      const linked = JSON.stringify(referenceSidebar(m));
      for (const page of expected) assert.ok(linked.includes(`"${page.url}"`), `the sidebar links ${page.url}`);
      const mapped = mapReference(document as OpenApiDocument, { buildDate: BUILD_DATE });
      for (const op of m.operations.filter((o) => o.tryIt)) {
        const t = tryItDocument(document as OpenApiDocument, op.method, op.path, mapped.configuration.servers);
        assert.deepEqual(Object.keys(t.paths ?? {}), [op.path], `the try-it document of ${op.method} ${op.path}`);
      }
    });

    test(`${name}: an operation's description is its page's, without building the page`, async () => {
      const { document } = await loadDescription(file);
      const m = build(document);
      for (const op of m.operations) {
        const { description } = m.operationView(op);
        assert.equal(m.operationDescription(op), description, `the description of ${op.method} ${op.path}`);
      }
    });

    test(`${name}: each operation's view is its own, whatever the order pages ask for them`, async () => {
      const { document } = await loadDescription(file);
      const forward = build(document);
      const backward = build(document);
      const later = [...backward.operations].reverse().map((op) => backward.operationView(op));
      for (const [i, op] of forward.operations.entries()) {
        const view = forward.operationView(op);
        assert.deepEqual(later[later.length - 1 - i], view, `${op.method} ${op.path}`);
        assert.deepEqual(forward.operationView(op), view, `${op.method} ${op.path}, asked again`);
      }
    });
  }
});

describe('schema pages of a description with many schemas', () => {
  // A chain Root → Level1 → Level2 → Level3 → Level4 (objects), a cycle Node ↔ Node, a scalar enum and
  // schemas no operation reaches. Operations expand two object levels; schema pages three.
  const level = (next?: string) => ({
    type: 'object',
    properties: { id: { type: 'string' }, ...(next ? { next: { $ref: `#/components/schemas/${next}` } } : {}) },
  });
  const doc = {
    openapi: '3.1.0',
    info: { title: 'Many', version: '1' },
    paths: {
      '/roots': {
        get: {
          operationId: 'getRoot',
          responses: {
            '200': {
              description: 'ok',
              content: { 'application/json': { schema: { $ref: '#/components/schemas/Root' } } },
            },
          },
        },
      },
      '/nodes': {
        post: {
          operationId: 'addNode',
          requestBody: { content: { 'application/json': { schema: { $ref: '#/components/schemas/Node' } } } },
          responses: { '204': { description: 'added' } },
        },
      },
      '/levels': {
        get: {
          operationId: 'getLevel',
          responses: {
            '200': {
              description: 'ok',
              content: { 'application/json': { schema: { $ref: '#/components/schemas/Level3' } } },
            },
          },
        },
      },
    },
    components: {
      schemas: {
        Root: level('Level1'),
        Level1: level('Level2'),
        Level2: level('Level3'),
        Level3: level('Level4'),
        Level4: level('Level5'),
        Level5: level(),
        Node: { type: 'object', properties: { child: { $ref: '#/components/schemas/Node' } } },
        Colour: { type: 'string', enum: ['red', 'green'] },
        Unused: level(),
      },
    },
  };
  const refs = (v: unknown, out: Array<{ name: string; url?: string; collapsed: boolean }> = []) => {
    if (Array.isArray(v)) for (const x of v) refs(x, out);
    else if (v && typeof v === 'object') {
      const o = v as { ref?: { name: string; url?: string }; collapsed?: boolean };
      if (o.ref?.name) out.push({ ...o.ref, collapsed: o.collapsed === true });
      for (const x of Object.values(o)) refs(x, out);
    }
    return out;
  };

  test('up to the limit every schema has a page', () => {
    const m = buildReferenceModel(doc as OpenApiDocument, { buildDate: BUILD_DATE });
    assert.deepEqual(
      m.schemas.map((s) => s.name),
      Object.keys(doc.components.schemas),
    );
    assert.ok(m.schemaIndex.every((s) => s.url));
  });

  test('above it, exactly the schemas some page shows collapsed have one, and every link has a page', () => {
    const m = buildReferenceModel(doc as OpenApiDocument, { buildDate: BUILD_DATE, schemaPages: 3 });
    const pages = new Set(m.schemas.map((s) => s.name));
    // getRoot expands Root and Level1 and shows Level2 collapsed; Level2's page expands three levels
    // and shows Level5 collapsed (so does getLevel); the Node cycle is collapsed at its second level.
    // Colour, Unused, Root, Level1, Level3 and Level4 are shown in place.
    assert.deepEqual([...pages].sort(), ['Level2', 'Level5', 'Node']);
    const everything = [...m.operations.map((o) => m.operationView(o)), ...m.schemas.map((s) => m.schemaTree(s))];
    for (const r of refs(everything)) {
      if (r.collapsed) assert.ok(r.url, `${r.name} is shown collapsed, so it needs a page`);
      if (r.url) assert.ok(pages.has(r.name), `${r.name} is linked to ${r.url}, a page that is not built`);
      else assert.ok(!pages.has(r.name), `${r.name} has a page but is not linked to it`);
    }
    const index = new Map(m.schemaIndex.map((s) => [s.name, s]));
    assert.deepEqual([...index.keys()], Object.keys(doc.components.schemas));
    assert.equal(index.get('Level2')?.url, '/reference/schemas/level2/');
    assert.equal(index.get('Root')?.url, undefined);
    assert.equal(index.get('Root')?.shownOn?.url, '/reference/get-root/');
    assert.equal(index.get('Unused')?.shownOn, undefined);
  });
});
