// Unit tests of the static reference's pure pieces (site/reference/): slugs, the page model, schema
// trees, code samples, the sidebar, the try-it document and the server guard. A small inline fixture
// for the edge cases, the real spec for what readers see.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { serverAllowed } from '../../../site/reference/browser/guard.ts';
import type { OpenApiDocument } from '../../../site/reference/model/document.ts';
import { buildReferenceModel, serverUrl } from '../../../site/reference/model/reference.ts';
import { codeSamples, type SampleTargetId } from '../../../site/reference/model/samples.ts';
import { schemaNode } from '../../../site/reference/model/schema.ts';
import {
  FULL_SIDEBAR_LIMIT,
  operationLabel,
  referenceSidebar,
  type SidebarItem,
} from '../../../site/reference/model/sidebar.ts';
import { slugify, uniqueSlugs } from '../../../site/reference/model/slug.ts';
import { tryItDocument } from '../../../site/reference/model/tryit-document.ts';
import type { OperationView } from '../../../site/reference/model/views.ts';
import { SPEC_PATH, writtenSpec } from '../../support/spec.ts';

const BUILD_DATE = '2026-11-23';
const spec = () => writtenSpec(SPEC_PATH) as unknown as OpenApiDocument;
const model = () => buildReferenceModel(spec(), { buildDate: BUILD_DATE });
const byId = (id: string): OperationView => {
  const m = model();
  const op = m.operations.find((o) => o.operationId === id);
  assert.ok(op, `operation ${id}`);
  return m.operationView(op);
};

/** A description with the shapes the Petstore spec does not have. */
function fixture(extra: Record<string, unknown> = {}): OpenApiDocument {
  return {
    openapi: '3.0.3',
    info: { title: 'Fixture', version: '1' },
    servers: [{ url: 'https://api.example.com/v2' }],
    paths: {
      '/repos/{owner}/{repo}': {
        get: {
          operationId: 'repos/get',
          summary: 'Get a repository',
          tags: ['repos'],
          parameters: [
            { name: 'owner', in: 'path', required: true, schema: { type: 'string' }, example: 'octo' },
            { name: 'repo', in: 'path', required: true, schema: { type: 'string' }, example: 'hello' },
            { name: 'per_page', in: 'query', schema: { type: 'integer', default: 30, maximum: 100 } },
          ],
          responses: {
            '200': {
              description: 'OK',
              content: { 'application/json': { schema: { $ref: '#/components/schemas/Node' } } },
            },
          },
        },
      },
      '/things': {
        post: {
          operationId: 'things/create',
          summary: 'Create a thing',
          tags: ['things'],
          requestBody: {
            content: { 'application/json': { schema: { $ref: '#/components/schemas/Thing' }, example: { name: 'a' } } },
          },
          responses: { '201': { description: 'Created' } },
          'x-codeSamples': [{ lang: 'curl', label: 'cURL', source: 'curl -X POST https://api.example.com/v2/things' }],
        },
      },
    },
    components: {
      schemas: {
        Node: {
          type: 'object',
          required: ['id'],
          properties: {
            id: { type: 'integer' },
            parent: { $ref: '#/components/schemas/Node' },
            kind: { oneOf: [{ type: 'string' }, { type: 'integer' }] },
            note: { type: 'string', nullable: true },
          },
        },
        Base: { type: 'object', required: ['name'], properties: { name: { type: 'string', minLength: 1 } } },
        Thing: {
          allOf: [
            { $ref: '#/components/schemas/Base' },
            { type: 'object', properties: { size: { type: 'string', enum: ['s', 'm'] } } },
          ],
        },
      },
    },
    ...extra,
  } as OpenApiDocument;
}

describe('slugs', () => {
  test('readable and file-safe for any operationId', () => {
    assert.equal(slugify('listPets'), 'list-pets');
    assert.equal(slugify('repos/get-content'), 'repos-get-content');
    assert.equal(slugify('HTTPServerInfo'), 'http-server-info');
    assert.equal(slugify('Café au lait'), 'cafe-au-lait');
    assert.equal(slugify('///'), 'x');
  });
  test('collisions keep the first holder and number the rest; reserved names are never given out', () => {
    assert.deepEqual(uniqueSlugs(['getPet', 'get-pet', 'GetPet']), ['get-pet', 'get-pet-2', 'get-pet-3']);
    assert.deepEqual(uniqueSlugs(['tags'], new Set(['tags'])), ['tags-2']);
  });
});

describe('the model of the Petstore spec', () => {
  test('one page per operation at a unique, file-safe URL', () => {
    const m = model();
    assert.equal(m.operations.length, 18);
    const slugs = m.operations.map((o) => o.slug);
    assert.equal(new Set(slugs).size, slugs.length);
    for (const s of slugs) assert.match(s, /^[a-z0-9-]+$/);
    assert.equal(byId('listPets').url, '/reference/list-pets/');
  });
  test('tag groups Pets and Store hold their tags, in order', () => {
    assert.deepEqual(
      model().groups.map((g) => [g.name, g.tags.map((t) => t.name)]),
      [
        ['Pets', ['Animals', 'Categories']],
        ['Store', ['Orders', 'Inventory']],
      ],
    );
  });
  test('x-stability gives the badge, x-hideTryItPanel removes try-it, on those operations only', () => {
    const m = model();
    assert.deepEqual(byId('replaceOrder').stability, { level: 'experimental', label: 'Experimental' });
    assert.deepEqual(
      m.operations.filter((o) => o.stability?.level === 'beta').map((o) => o.operationId),
      ['listInventory', 'getInventoryItem', 'updateInventory'],
    );
    assert.deepEqual(
      m.operations.filter((o) => !o.tryIt).map((o) => `${o.method} ${o.path}`),
      ['GET /store/orders'],
    );
  });
  test('the deprecated operation carries its sunset date relative to the build date, and its successor', () => {
    const d = byId('getPet').deprecation;
    assert.equal(d?.sunset, '2027-06-30');
    assert.equal(d?.sunsetState, 'ahead');
    assert.equal(d?.daysToSunset, 219);
    assert.equal(d?.successor?.operationId, 'listPets');
    assert.equal(model().operations.filter((o) => o.deprecation).length, 1);
  });
  test('parameters: path-level ones included, constraints, defaults and examples readable', () => {
    const petId = byId('getPet').parameters.find((p) => p.name === 'petId');
    assert.equal(petId?.in, 'path');
    assert.equal(petId?.required, true);
    const limit = byId('listPets').parameters.find((p) => p.name === 'limit');
    assert.ok(limit);
    assert.equal(limit.required, false);
    assert.deepEqual(limit.schema.constraints, ['≥ 1', '≤ 100']);
    assert.equal(limit.schema.default, '20');
    const status = byId('listPets').parameters.find((p) => p.name === 'status');
    assert.equal(status?.schema.ref?.name, 'PetStatus');
    assert.deepEqual(status?.schema.enum, ['"available"', '"pending"', '"sold"']);
  });
  test('responses by status with their headers; the deprecated operation documents Deprecation and Sunset', () => {
    const ok = byId('getPet').responses.find((r) => r.status === '200');
    assert.deepEqual(
      ok?.headers.map((h) => h.name),
      ['Deprecation', 'Sunset', 'Link'],
    );
    const created = byId('createPet').responses.find((r) => r.status === '201');
    assert.ok(created?.headers.some((h) => h.name === 'Location'));
    assert.ok(
      byId('listPets').responses.some((r) => r.status === '429' && r.headers.some((h) => h.name === 'Retry-After')),
    );
  });
  test('request body: the schema with required marks and the example', () => {
    const body = byId('createPet').requestBody;
    assert.equal(body?.required, true);
    const media = body?.contents[0];
    assert.equal(media?.schema?.ref?.name, 'NewPet');
    const props = Object.fromEntries((media?.schema?.properties ?? []).map((p) => [p.name, p.required]));
    assert.deepEqual(props, { name: true, categoryId: true, status: false });
    assert.match(media?.examples[0]?.value ?? '', /"name": "Coco"/);
  });
  test('a schema used by several responses is expanded once per page, then linked', () => {
    const errors = byId('createPet')
      .responses.flatMap((r) => r.contents)
      .map((c) => c.schema)
      .filter((s) => s?.ref?.name === 'Error');
    assert.ok(errors.length > 2);
    assert.equal(errors.filter((s) => !s?.collapsed).length, 1);
    assert.ok(errors.slice(1).every((s) => s?.collapsed && s.ref?.url === '/reference/schemas/error/'));
  });
  test('hand-written samples first, in the order the spec gives, then the other default languages generated', () => {
    const samples = byId('listPets').samples;
    assert.deepEqual(
      samples.map((s) => [s.label, s.lang, s.generated]),
      [
        ['cURL', 'sh', false],
        ['JavaScript', 'js', false],
        ['Python', 'python', false],
        ['Go', 'go', true],
        ['Java', 'java', true],
        ['C#', 'csharp', true],
        ['PHP', 'php', true],
        ['Ruby', 'ruby', true],
      ],
    );
  });
  test("samples asked for before their page (the highlighter's feed) are the ones the page shows", () => {
    for (const doc of [spec(), fixture()]) {
      const early = buildReferenceModel(doc, { buildDate: BUILD_DATE });
      const late = buildReferenceModel(doc, { buildDate: BUILD_DATE });
      for (const [i, op] of early.operations.entries()) {
        const asked = early.operationSamples(op);
        const shown = late.operationView(late.operations[i] ?? op);
        assert.deepEqual(asked, {
          samples: shown.samples,
          ...(shown.sampleSets ? { sampleSets: shown.sampleSets } : {}),
        });
        assert.deepEqual(early.operationView(op), shown, `${op.operationId}: the page made after its samples`);
      }
    }
  });
  test('old single-page anchors are kept to send /reference#tag/… links to the page', () => {
    assert.equal(byId('listPets').legacyAnchor, 'tag/animals/GET/pets');
  });
  test('schemas get pages that list the operations using them', () => {
    const pet = model().schemas.find((s) => s.name === 'Pet');
    assert.equal(pet?.url, '/reference/schemas/pet/');
    assert.ok(pet?.usedBy.some((o) => o.operationId === 'createPet'));
    assert.ok(
      pet &&
        model()
          .schemaTree(pet)
          .properties?.some((p) => p.name === 'id' && p.required),
    );
  });
});

describe('the model of other descriptions', () => {
  test('operationIds with "/" become file-safe pages; a tag outside every group goes to "Other"', () => {
    const m = buildReferenceModel(fixture(), { buildDate: BUILD_DATE });
    assert.deepEqual(
      m.operations.map((o) => o.url),
      ['/reference/repos-get/', '/reference/things-create/'],
    );
    assert.deepEqual(
      m.groups.map((g) => g.name),
      ['Other'],
    );
  });
  test('generated samples only for languages without a hand-written one, from the real request', () => {
    const m = buildReferenceModel(fixture(), { buildDate: BUILD_DATE });
    const [getOp, postOp] = m.operations.map((o) => m.operationView(o));
    const get = getOp?.samples ?? [];
    assert.deepEqual(
      get.map((s) => [s.label, s.generated]),
      ['cURL', 'JavaScript', 'Python', 'Go', 'Java', 'C#', 'PHP', 'Ruby'].map((l) => [l, true]),
    );
    for (const s of get) {
      assert.match(s.source, /https:\/\/api\.example\.com\/v2\/repos\/octo\/hello/, `${s.label} calls the URL`);
      assert.doesNotMatch(s.source, /per_page/, `${s.label}: optional parameters stay out of the sample`);
    }
    const post = postOp?.samples ?? [];
    assert.deepEqual(
      post.map((s) => s.label),
      ['cURL', 'JavaScript', 'Python', 'Go', 'Java', 'C#', 'PHP', 'Ruby'],
    );
    assert.equal(post.filter((s) => s.label === 'cURL').length, 1);
    assert.equal(post[0]?.generated, false);
    assert.match(post[1]?.source ?? '', /name: 'a'/, 'the body example is sent');
    assert.match(post.find((s) => s.label === 'Go')?.source ?? '', /http\.NewRequest\("POST"/);
  });
  test('the generated languages are the ones the options list, in their order', () => {
    const samplesOf = (sampleTargets: SampleTargetId[]) => {
      const m = buildReferenceModel(fixture(), { buildDate: BUILD_DATE, sampleTargets });
      return (m.operations[1] && m.operationView(m.operations[1]).samples.map((s) => [s.label, s.lang])) ?? [];
    };
    assert.deepEqual(samplesOf(['rust/reqwest', 'shell/httpie', 'node/fetch']), [
      ['cURL', 'sh'],
      ['Rust', 'rust'],
      ['Node.js', 'js'],
    ]);
    assert.deepEqual(samplesOf(['java/okhttp', 'java/unirest', 'objc/nsurlsession']), [
      ['cURL', 'sh'],
      ['Java (OkHttp)', 'java'],
      ['Java (Unirest)', 'java'],
      ['Objective-C', 'objective-c'],
    ]);
    assert.deepEqual(samplesOf([]), [['cURL', 'sh']], 'hand-written only');
  });
  test('a hand-written sample in any spelling of a language replaces the generated one', () => {
    const request = { method: 'GET', url: 'https://api.example.com/x', headers: [] };
    const op = {
      'x-codeSamples': [
        { lang: 'golang', label: 'Go (SDK)', source: 'client.X()' },
        { lang: 'C#', source: 'await client.XAsync();' },
        { lang: 'rb', label: 'Ruby', source: 'client.x' },
      ],
    };
    assert.deepEqual(
      codeSamples(op, request).map((s) => [s.label, s.lang, s.generated]),
      [
        ['Go (SDK)', 'go', false],
        ['C#', 'csharp', false],
        ['Ruby', 'ruby', false],
        ['cURL', 'sh', true],
        ['JavaScript', 'js', true],
        ['Python', 'python', true],
        ['Java', 'java', true],
        ['PHP', 'php', true],
      ],
    );
  });
  test('schema trees: allOf merged, cycles cut, oneOf listed, nullable marked', () => {
    const doc = fixture() as unknown as Record<string, unknown>;
    const ctx = { doc, schemaUrl: (n: string) => `/s/${n}/` };
    const thing = schemaNode({ $ref: '#/components/schemas/Thing' }, ctx);
    assert.deepEqual(
      thing.properties?.map((p) => [p.name, p.required]),
      [
        ['name', true],
        ['size', false],
      ],
    );
    assert.deepEqual(thing.properties?.[0]?.schema.constraints, ['at least 1 character']);
    const node = schemaNode({ $ref: '#/components/schemas/Node' }, ctx);
    const parent = node.properties?.find((p) => p.name === 'parent')?.schema;
    assert.equal(parent?.collapsed, true);
    assert.equal(parent?.ref?.url, '/s/Node/');
    assert.equal(node.properties?.find((p) => p.name === 'kind')?.schema.variants?.length, 2);
    assert.equal(node.properties?.find((p) => p.name === 'note')?.schema.nullable, true);
  });
  test('serverUrl fills variables with their defaults', () => {
    assert.equal(
      serverUrl({ url: '{base_url}/x', variables: { base_url: { default: 'https://a.example' } } }),
      'https://a.example/x',
    );
  });
});

describe('sidebar', () => {
  const links = (items: SidebarItem[]): Array<Extract<SidebarItem, { link: string }>> =>
    items.flatMap((i) => ('items' in i ? links(i.items) : [i]));
  test('tag groups → tags → operations, each with its method and stability badge', () => {
    const side = referenceSidebar(model());
    assert.ok('items' in side);
    assert.deepEqual(
      side.items.filter((i) => 'items' in i).map((i) => i.label),
      ['Pets', 'Store'],
    );
    const ops = links(side.items).filter((l) => l.attrs?.['data-method']);
    assert.equal(ops.length, 18);
    const update = ops.find((l) => l.link === '/reference/update-inventory/');
    assert.equal(update?.attrs?.['data-method'], 'put');
    assert.equal(update?.badge?.text, 'Beta');
    const getPet = ops.find((l) => l.link === '/reference/get-pet/');
    assert.equal(getPet?.badge?.text, 'Deprecated');
    assert.equal(getPet?.label, 'Get a pet', 'the summary says "(deprecated)"; the badge alone marks it');
  });
  test('a deprecated operation carries one mark: the badge, not also "(deprecated)" in its label', () => {
    const deprecated = { text: 'Deprecated', variant: 'danger', class: 'ref-badge' } as const;
    assert.equal(operationLabel('Get a pet (deprecated)', deprecated), 'Get a pet');
    assert.equal(operationLabel('List orders [Deprecated]', deprecated), 'List orders');
    assert.equal(operationLabel('Old call - deprecated', deprecated), 'Old call');
    assert.equal(operationLabel('Get non-deprecated pets', deprecated), 'Get non-deprecated pets');
    assert.equal(operationLabel('Get non-deprecated', deprecated), 'Get non-deprecated');
    assert.equal(operationLabel('(deprecated)', deprecated), '(deprecated)', 'nothing but the mark: kept');
    const beta = { text: 'Beta', variant: 'note', class: 'ref-badge' } as const;
    assert.equal(operationLabel('Get a pet (deprecated)', beta), 'Get a pet (deprecated)', 'no Deprecated badge');
    assert.equal(operationLabel('Get a pet (deprecated)', undefined), 'Get a pet (deprecated)');
  });
  test(`above ${FULL_SIDEBAR_LIMIT} operations only the current tag lists its operations`, () => {
    const paths: Record<string, unknown> = {};
    for (let i = 0; i < FULL_SIDEBAR_LIMIT + 10; i++) {
      paths[`/p${i}`] = { get: { operationId: `op${i}`, tags: [i % 2 ? 'odd' : 'even'], responses: {} } };
    }
    const big = buildReferenceModel({ ...fixture(), paths } as OpenApiDocument, { buildDate: BUILD_DATE });
    const onOdd = links([referenceSidebar(big, { tag: 'odd' })]).filter((l) => l.attrs?.['data-method']);
    assert.equal(onOdd.length, (FULL_SIDEBAR_LIMIT + 10) / 2);
    const onGuide = links([referenceSidebar(big)]);
    assert.equal(onGuide.filter((l) => l.attrs?.['data-method']).length, 0);
    assert.ok(onGuide.some((l) => l.link === '/reference/tags/even/'));
  });
});

describe('try-it document', () => {
  const servers = [
    { url: '/api/mock', description: 'Mock API on this site' },
    { url: 'https://petstore.example.com/v1' },
  ];
  test('holds the one operation and every component it reaches, the mock first', () => {
    const doc = tryItDocument(spec(), 'GET', '/pets', servers);
    assert.deepEqual(Object.keys(doc.paths as object), ['/pets']);
    assert.deepEqual(Object.keys((doc.paths as Record<string, object>)['/pets'] ?? {}), ['get']);
    const schemas = Object.keys((doc.components as Record<string, object>).schemas ?? {}).sort();
    assert.deepEqual(schemas, ['Error', 'NewPet', 'Pet', 'PetStatus', 'Pets']);
    assert.deepEqual((doc.servers as Array<{ url: string }>)[0]?.url, '/api/mock');
    assert.ok((doc.components as Record<string, object>).securitySchemes);
  });
  test('optional parameters come unticked with their example; no hand-written samples', () => {
    const doc = tryItDocument(spec(), 'get', '/pets', servers);
    const get = (doc.paths as Record<string, Record<string, Record<string, unknown>>>)['/pets']?.get ?? {};
    assert.equal(get['x-codeSamples'], undefined);
    const params = get.parameters as Array<Record<string, unknown>>;
    assert.ok(params.length >= 6);
    for (const p of params) {
      const ex = (p.examples as Record<string, Record<string, unknown>>)?.default;
      assert.equal(ex?.['x-disabled'], true, `${String(p.name)} is unticked`);
    }
  });
  test('an operation that does not exist is an error naming it', () => {
    assert.throws(() => tryItDocument(spec(), 'PATCH', '/pets', servers), /no operation PATCH \/pets/);
  });
});

describe('server guard', () => {
  const origin = 'http://localhost:4321';
  const mock = { url: '/api/mock' };
  const servers = [
    mock,
    { url: '{base_url}', variables: { base_url: { default: 'https://petstore.example.com/v1' } } },
  ];
  test('the mock on this origin and the listed servers are allowed', () => {
    assert.equal(serverAllowed('http://localhost:4321/api/mock/pets', [mock], origin), true);
    assert.equal(serverAllowed('/api/mock', [mock], origin), true);
    assert.equal(serverAllowed('https://petstore.example.com/v1/pets', servers, origin), true);
  });
  test('another origin, or a path that only starts like the mock, is refused', () => {
    assert.equal(serverAllowed('https://evil.example/api/mock/pets', [mock], origin), false);
    assert.equal(serverAllowed('http://localhost:4321/api/mockery', [mock], origin), false);
  });
  test('a variable with an enum allows only those values', () => {
    const s = [{ url: 'https://{region}.example.com', variables: { region: { default: 'eu', enum: ['eu', 'us'] } } }];
    assert.equal(serverAllowed('https://us.example.com/x', s, origin), true);
    assert.equal(serverAllowed('https://evil.example.com/x', s, origin), false);
  });
});

describe('markdown', () => {
  test('plain text is one escaped paragraph; Markdown is rendered; raw HTML is dropped', async () => {
    const { renderMarkdown } = await import('../../../site/reference/model/markdown.ts');
    assert.equal(renderMarkdown('The id of the pet.'), '<p>The id of the pet.</p>');
    assert.equal(
      renderMarkdown('Use **ids** to read `GET /pets`.'),
      '<p>Use <strong>ids</strong> to read <code>GET /pets</code>.</p>',
    );
    assert.match(renderMarkdown('| a | b |\n|---|---|\n| 1 | 2 |'), /<table>[\s\S]*<td>1<\/td>/);
    assert.doesNotMatch(renderMarkdown('Hi <script>alert(1)</script>'), /<script>/);
    assert.equal(renderMarkdown('The id of the pet.'), renderMarkdown('The id of the pet.'));
  });
});

describe('meta description', () => {
  test('plain words, cut at a word boundary with an ellipsis', async () => {
    const { metaDescription } = await import('../../../site/reference/model/reference.ts');
    assert.equal(metaDescription('Lists **pets**, see [the guide](/x).'), 'Lists pets, see the guide.');
    const long = metaDescription(`GET /pets: ${'word '.repeat(60)}`);
    assert.ok(long.length <= 155, String(long.length));
    assert.match(long, /word…$/);
  });
});

describe('guarded fetch', async () => {
  const { createGuardedFetch, hiddenMatchers, MOCK_UNAVAILABLE } = await import(
    '../../../site/reference/browser/guard.ts'
  );
  const origin = 'http://localhost:4321';
  const make = (answer: () => Promise<Response>) => {
    const sent: string[] = [];
    const events: string[] = [];
    const guarded = createGuardedFetch({
      hidden: hiddenMatchers([{ method: 'GET', path: '/store/orders' }]),
      mockBase: '/api/mock',
      origin,
      servers: [{ url: '/api/mock' }, { url: 'https://petstore.example.com/v1' }],
      fetch: (r) => {
        sent.push(`${r.method} ${r.url}`);
        return answer();
      },
      onRefused: (h) => events.push(`refused ${h.path}`),
      onMockDown: () => events.push('mock down'),
    });
    return { guarded, sent, events };
  };
  const json = () => Promise.resolve(new Response('[]', { headers: { 'content-type': 'application/json' } }));
  test('a hidden operation is refused before anything is sent', async () => {
    const { guarded, sent, events } = make(json);
    await assert.rejects(guarded(`${origin}/api/mock/store/%6Frders`), /cannot be tried from this reference/);
    assert.deepEqual(sent, []);
    assert.deepEqual(events, ['refused /store/orders']);
  });
  test('a server the description does not list is refused', async () => {
    const { guarded, sent } = make(json);
    await assert.rejects(guarded('https://evil.example/v1/pets'), /not a server of this API/);
    assert.deepEqual(sent, []);
  });
  test('the mock answering HTML (a static host) or not at all is named', async () => {
    const html = make(() =>
      Promise.resolve(new Response('<html>', { status: 404, headers: { 'content-type': 'text/html' } })),
    );
    await assert.rejects(html.guarded(`${origin}/api/mock/pets`), new Error(MOCK_UNAVAILABLE));
    assert.deepEqual(html.events, ['mock down']);
    const down = make(() => Promise.reject(new TypeError('Failed to fetch')));
    await assert.rejects(down.guarded(`${origin}/api/mock/pets`), new Error(MOCK_UNAVAILABLE));
  });
  test('an answer from the mock or the production server goes through', async () => {
    const { guarded, sent } = make(json);
    assert.equal((await guarded(`${origin}/api/mock/pets`)).status, 200);
    assert.equal((await guarded('https://petstore.example.com/v1/pets')).status, 200);
    assert.equal(sent.length, 2);
  });
  test("the client's Cookie header (an API key in a cookie) reaches the mock as X-Scalar-Cookie, not other servers", async () => {
    const seen: Array<string | null> = [];
    const guarded = createGuardedFetch({
      hidden: [],
      mockBase: '/api/mock',
      origin,
      fetch: (r) => {
        seen.push(r.headers.get('x-scalar-cookie'));
        return json();
      },
    });
    // Scalar passes its headers in init; a browser's Request drops Cookie from them.
    const headers = new Headers({ cookie: 'api_key=reader-1', accept: 'application/json' });
    await guarded(`${origin}/api/mock/anything`, { method: 'POST', headers, body: '{}' });
    await guarded('https://petstore.example.com/v1/anything', { headers });
    await guarded(`${origin}/api/mock/anything`, { headers: { accept: 'application/json' } });
    assert.deepEqual(seen, ['api_key=reader-1', null, null]);
  });
  test("the client's cookies told by pageCookies (its Request has dropped Cookie) reach the mock", async () => {
    const seen: Array<string | null> = [];
    const guarded = createGuardedFetch({
      hidden: [],
      mockBase: '/api/mock',
      origin,
      fetch: (r) => {
        seen.push(r.headers.get('x-scalar-cookie'));
        return json();
      },
      pageCookies: () => 'api_key=reader-2',
    });
    await guarded(new Request(`${origin}/api/mock/anything`, { method: 'POST', body: '{}' }));
    await guarded(new Request('https://petstore.example.com/v1/anything'));
    assert.deepEqual(seen, ['api_key=reader-2', null]);
  });
});
