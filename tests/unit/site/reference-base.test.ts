// The reference's `base` option: checked at start, and every URL the reference builds (routes, pages,
// sidebar, try-it, explorer, in-browser mock, Markdown twins, llms.txt, Open Graph images, API catalog)
// lies below it. The build check with another base runs on the pure functions the build runs.
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { describe, test } from 'node:test';
import { loadDescription } from '../../../descriptions/loader/index.ts';
import { apiCatalog } from '../../../site/agents/discovery.ts';
import { llmsTxt } from '../../../site/agents/llms.ts';
import { agentPages } from '../../../site/agents/pages.ts';
import { ogImagePath } from '../../../site/agents/paths.ts';
import { parseReferenceOptions, ReferenceOptionsError } from '../../../site/apis/options.ts';
import { mockWorkerPaths } from '../../../site/mock/hosts/mount.ts';
import { referenceRoutes } from '../../../site/reference/integration.ts';
import type { OpenApiDocument } from '../../../site/reference/model/document.ts';
import { buildReferenceModel } from '../../../site/reference/model/reference.ts';
import { referenceSidebar, type SidebarItem } from '../../../site/reference/model/sidebar.ts';
import { SPEC_PATH } from '../../../spec/path.ts';

describe('the base option', () => {
  test('defaults to /reference and keeps a valid path as written', () => {
    assert.equal(parseReferenceOptions({}).base, '/reference');
    for (const base of ['/api-docs', '/docs/api', '/v1.2/ref_~x']) {
      assert.equal(parseReferenceOptions({ base }).base, base);
    }
  });

  test('refuses a path that is not one, naming `base`', () => {
    for (const base of [
      'reference',
      '/reference/',
      '/',
      '',
      '/api docs',
      '/a//b',
      '/a/../b',
      '/./a',
      '/ré',
      '/a?b',
      7,
    ]) {
      assert.throws(
        () => parseReferenceOptions({ base }),
        (e: unknown) => e instanceof ReferenceOptionsError && /^ {2}base: /m.test(e.message),
        `base ${JSON.stringify(base)} was accepted`,
      );
    }
  });
});

describe("with base '/api-docs'", async () => {
  const BASE = '/api-docs';
  const { document } = await loadDescription(SPEC_PATH);
  const model = buildReferenceModel(document as OpenApiDocument, { buildDate: '2026-11-25', base: BASE });
  const below = (url: string) => url === `${BASE}/` || url.startsWith(`${BASE}/`);

  test('the integration injects every reference route below the base, each from an existing file', () => {
    const routes = referenceRoutes(BASE);
    assert.deepEqual(
      routes.map((r) => r.pattern),
      [
        BASE,
        `${BASE}/explorer`,
        `${BASE}/explorer/document.json`,
        `${BASE}/[...version]/tryit/[slug].json`,
        `${BASE}/[...slug]`,
      ],
    );
    for (const r of routes) assert.ok(existsSync(r.entrypoint), r.entrypoint);
  });

  test('every page URL of the model is below the base', () => {
    const urls = [
      ...model.operations.flatMap((o) => [o.url, o.tagUrl]),
      ...model.tags.map((t) => t.url),
      ...model.schemas.map((s) => s.url),
    ];
    assert.ok(urls.length > 20);
    for (const url of urls) assert.ok(below(url), url);
    // Links inside the pages (schema links of operations) too.
    const view = JSON.stringify(model.operations.map((o) => model.operationView(o)));
    assert.doesNotMatch(view, /"\/reference\//);
    assert.match(view, /"\/api-docs\/schemas\/pet\/"/);
  });

  test('the sidebar links only below the base, the explorer included', () => {
    const links = (items: SidebarItem[]): string[] => items.flatMap((i) => ('items' in i ? links(i.items) : [i.link]));
    const group = referenceSidebar(model, undefined, { label: 'API', threshold: 150 });
    const all = links([group]);
    assert.ok(all.includes(`${BASE}/explorer/`) && all.includes(`${BASE}/`) && all.includes(`${BASE}/schemas/`));
    for (const link of all) assert.ok(below(link), link);
  });

  test('Markdown twins, Open Graph images, llms.txt and the API catalog follow the base', () => {
    const pages = agentPages({ model, guides: [], buildDate: '2026-11-25', deprecations: [], stability: [] });
    assert.ok(pages.some((p) => p.url === `${BASE}/` && p.mdUrl === `${BASE}.md`));
    assert.ok(pages.some((p) => p.url === `${BASE}/list-pets/` && p.mdUrl === `${BASE}/list-pets.md`));
    assert.equal(ogImagePath(`${BASE}/list-pets/`), `/og${BASE}/list-pets.jpg`);
    const index = pages.find((p) => p.url === `${BASE}/`);
    assert.match(index?.markdown() ?? '', /\[HTML page\]\(\/api-docs\/\)/);
    const llms = llmsTxt(model, pages, 'https://docs.example/');
    assert.match(llms, /\(https:\/\/docs\.example\/api-docs\/list-pets\.md\)/);
    assert.doesNotMatch(llms, /\/reference\//);
    const catalog = JSON.stringify(
      apiCatalog({ site: 'https://docs.example/', title: 'T', apiUrl: null, referenceBase: BASE }),
    );
    assert.match(catalog, /"https:\/\/docs\.example\/api-docs\/"/);
    assert.doesNotMatch(catalog, /\/reference\//);
  });

  test("the in-browser mock's worker and scope are below the base", () => {
    assert.deepEqual(mockWorkerPaths(BASE), { url: `${BASE}/mock-sw.js`, scope: `${BASE}/` });
  });
});
