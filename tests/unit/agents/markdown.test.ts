// Unit tests of the agent-readable twins of the pages (site/agents/): the operation, tag and schema
// Markdown from the reference model's views, guides from MDX, llms.txt, the URL mapping, content
// negotiation, the head tags and the discovery files. The real spec for what agents read, small
// inline sources for the edge cases.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { apiCatalog, LINKSET_TYPE, linkHeader, pageLinks, robotsTxt } from '../../../site/agents/discovery.ts';
import { guideMarkdown, parseAttrs } from '../../../site/agents/guide-markdown.ts';
import { agentHead } from '../../../site/agents/head.ts';
import { LLMS_FULL_MAX_OPERATIONS, llmsFullTxt, llmsTxt } from '../../../site/agents/llms.ts';
import { prefersMarkdown } from '../../../site/agents/negotiate.ts';
import { parseAgentsOptions } from '../../../site/agents/options.ts';
import { type AgentPage, agentPages, guideUrl } from '../../../site/agents/pages.ts';
import { canonicalPagePath, markdownPath, ogImagePath, pagePathOfMarkdown } from '../../../site/agents/paths.ts';
import {
  code,
  fenced,
  operationMarkdown,
  schemaOutline,
  schemasIndexMarkdown,
} from '../../../site/agents/reference-markdown.ts';
import { mapReference } from '../../../site/reference/explorer/map.ts';
import type { OpenApiDocument } from '../../../site/reference/model/document.ts';
import { buildReferenceModel } from '../../../site/reference/model/reference.ts';
import type { ReferenceModel } from '../../../site/reference/model/views.ts';
import { SPEC_PATH, writtenSpec } from '../../support/spec.ts';

const BUILD_DATE = '2026-11-23';
const spec = () => writtenSpec(SPEC_PATH) as unknown as OpenApiDocument;

function petstorePages(guides: { url: string; source: string }[] = []): { model: ReferenceModel; pages: AgentPage[] } {
  const doc = spec();
  const model = buildReferenceModel(doc, { buildDate: BUILD_DATE });
  const { deprecations, stability } = mapReference(doc, { buildDate: BUILD_DATE });
  return { model, pages: agentPages({ model, guides, buildDate: BUILD_DATE, deprecations, stability }) };
}

const opMarkdown = (id: string): string => {
  const { pages } = petstorePages();
  const page = pages.find((p) => p.operation?.operationId === id);
  assert.ok(page, id);
  return page.markdown();
};

describe('paths', () => {
  test('a page and its Markdown twin map both ways', () => {
    assert.equal(markdownPath('/reference/list-pets/'), '/reference/list-pets.md');
    assert.equal(markdownPath('/reference/list-pets'), '/reference/list-pets.md');
    assert.equal(markdownPath('/'), '/index.md');
    assert.equal(markdownPath('/reference/'), '/reference.md');
    assert.equal(pagePathOfMarkdown('/reference/list-pets.md'), '/reference/list-pets/');
    assert.equal(pagePathOfMarkdown('/index.md'), '/');
    assert.equal(pagePathOfMarkdown('/reference/list-pets/'), null);
    assert.equal(ogImagePath('/'), '/og/index.jpg');
    assert.equal(ogImagePath('/reference/tags/animals/'), '/og/reference/tags/animals.jpg');
    assert.equal(canonicalPagePath('/reference/index.html'), '/reference/');
    assert.equal(canonicalPagePath('/guides/getting-started'), '/guides/getting-started/');
    assert.equal(guideUrl('guides/getting-started.mdx'), '/guides/getting-started/');
    assert.equal(guideUrl('index.mdx'), '/');
  });
});

describe('operation Markdown (GET /pets)', () => {
  const md = opMarkdown('listPets');
  test('method and path, summary, authentication', () => {
    assert.match(md, /^# List pets\n\n`GET` `\/pets`\n/);
    assert.match(md, /## Authentication\n\n- \*\*bearerAuth\*\*: `Authorization: Bearer <token>`/);
  });
  test('a parameters table with every parameter, its type, constraints and example', () => {
    assert.match(md, /\| Name \| In \| Type \| Required \| Description \|/);
    for (const name of ['status', 'categoryId', 'name', 'ids', 'limit', 'offset'])
      assert.match(md, new RegExp(`\\| \`${name}\` \\| query \\|`));
    assert.match(md, /\| `limit` \| query \| integer, ≥ 1, ≤ 100, Default: `20` \| no \|/);
  });
  test('responses as schema outlines with examples', () => {
    assert.match(md, /### 200 — /);
    assert.match(md, /Content type `application\/json`\. Schema: array of \[Pet\]\(\/reference\/schemas\/pet\.md\)/);
    assert.match(md, /- `name` string required\. The animal's name\./);
    assert.match(md, /- `categoryId` integer int64 required; ≥ 1\. /);
    assert.match(md, /```json\n\[\n {2}\{"id": 1, "name": "Rex", "categoryId": 1, "status": "available"\},\n/);
    assert.match(
      md,
      /\nContent type `application\/json`\. Schema: \[Error\]\(\/reference\/schemas\/error\.md\) \(object\) \(fields on its page\)\n/,
    );
    assert.match(md, /\| `X-Total-Count` \| integer \|/);
  });
  test('the hand-written samples in fenced blocks, then the generated ones marked as such', () => {
    assert.match(
      md,
      /### cURL\n\n```sh\ncurl -sS --fail-with-body "https:\/\/petstore\.example\.com\/v1\/pets\?status=available&limit=20"/,
    );
    assert.deepEqual(
      [...md.matchAll(/^### (.+)$/gm)]
        .map((m) => m[1])
        .filter((h) => /^(cURL|JavaScript|Python|Go|Java|C#|PHP|Ruby)( |$)/.test(h ?? '')),
      [
        'cURL',
        'JavaScript',
        'Python',
        'Go (generated)',
        'Java (generated)',
        'C# (generated)',
        'PHP (generated)',
        'Ruby (generated)',
      ],
    );
    assert.match(md, /### Go \(generated\)\n\n```go\npackage main/);
  });
  test('no HTML', () => assert.doesNotMatch(md.replace(/```[\s\S]*?```/g, ''), /<\/?(div|span|p|a)\b/));
});

describe('operation Markdown: stability, deprecation, try-it', () => {
  test('a deprecated operation says since when, its sunset date and its successor', () => {
    const md = opMarkdown('getPet');
    assert.match(md, /^`GET` `\/pets\/\{petId\}` Deprecated · sunset \d{4}-\d{2}-\d{2}$/m);
    assert.match(md, /> Sunset date: \d{4}-\d{2}-\d{2}\./);
    assert.match(md, /> Use instead: \[List pets\]\(\/reference\/list-pets\.md\) \(`GET \/pets`\)\./);
  });
  test('a beta operation carries its badge and what beta means', () => {
    const md = opMarkdown('listInventory');
    assert.match(md, /^`GET` `\/store\/inventory` Beta$/m);
    assert.match(md, /> \*\*Beta\.\*\* The shape is settled/);
  });
  test('an x-hideTryItPanel operation says try-it is off', () => {
    assert.match(opMarkdown('listOrders'), /Try-it is disabled for this operation/);
  });
  test('a request body: required, schema outline and example', () => {
    const md = opMarkdown('createPet');
    assert.match(
      md,
      /## Request body\n\nRequired\.\n\nThe new pet\.\n\nContent type `application\/json`\. Schema: \[NewPet\]\(\/reference\/schemas\/new-pet\.md\) \(object\)/,
    );
  });
});

describe('operation Markdown from a small view', () => {
  const doc = {
    openapi: '3.0.3',
    info: { title: 'Tiny', version: '1' },
    servers: [{ url: 'https://api.example.com' }],
    paths: {
      '/things/{id}': {
        get: {
          operationId: 'getThing',
          summary: 'Get a | thing',
          tags: ['things'],
          parameters: [
            {
              name: 'id',
              in: 'path',
              required: true,
              description: 'Line one\nline two | pipe',
              schema: { type: 'string' },
            },
          ],
          responses: {
            '200': {
              description: 'OK',
              content: {
                'application/json': {
                  schema: {
                    type: 'object',
                    properties: {
                      tree: { $ref: '#/components/schemas/Node' },
                      tags: { type: 'array', items: { type: 'string' } },
                    },
                  },
                },
              },
            },
          },
        },
      },
    },
    components: {
      schemas: {
        Node: {
          type: 'object',
          properties: {
            child: { $ref: '#/components/schemas/Node' },
            v: { oneOf: [{ type: 'string' }, { type: 'integer' }] },
          },
        },
      },
    },
  } as unknown as OpenApiDocument;
  const model = buildReferenceModel(doc, { buildDate: BUILD_DATE });
  const op = model.operations[0];
  assert.ok(op);
  const md = operationMarkdown(model.operationView(op), { apiTitle: 'Tiny' });
  test('table cells stay on one line with pipes escaped', () => {
    assert.match(md, /\| `id` \| path \| string \| yes \| Line one line two \\\| pipe \|/);
  });
  test('a cycle links to the schema page instead of recursing', () => {
    assert.match(md, /Fields: see \[Node\]\(\/reference\/schemas\/node\.md\)/);
    assert.match(md, /Option 1: string/);
  });
  test('generated samples are marked', () => assert.match(md, /### cURL \(generated\)/));
  test('code with backticks inside gets a longer fence', () => {
    assert.equal(code('a`b'), '``a`b``');
    assert.equal(fenced('sh', 'echo ```'), '````sh\necho ```\n````');
  });
  test('schemaOutline of a scalar is empty', () => {
    assert.deepEqual(
      schemaOutline({
        type: 'string',
        nullable: false,
        deprecated: false,
        readOnly: false,
        writeOnly: false,
        constraints: [],
      }),
      [],
    );
  });
});

describe('guide Markdown', () => {
  test('frontmatter, imports gone, Aside → blockquote, Tabs → headings, Cards → headings, project components rendered', () => {
    const source = [
      '---',
      'title: A guide',
      'description: What it is.',
      '---',
      '',
      "import { Aside, Tabs, TabItem } from '@astrojs/starlight/components';",
      "import List from '../List.astro';",
      '',
      '## Install',
      '',
      '<Aside type="caution" title="Careful">',
      '  Mind the **gap**.',
      '</Aside>',
      '',
      '<Tabs>',
      '  <TabItem label="npm">',
      '    ```sh',
      '    npm i x',
      '    ```',
      '  </TabItem>',
      '  <TabItem label="pnpm">pnpm add x</TabItem>',
      '</Tabs>',
      '',
      ':::tip',
      'A tip.',
      ':::',
      '',
      '<List />',
      '<LinkCard title="More" href="/more/" description="Read on" />',
      '{/* hidden */}',
    ].join('\n');
    const md = guideMarkdown(source, { List: () => '| a |\n|---|\n| b |' });
    assert.match(md, /^# A guide\n\nWhat it is\.\n\n## Install/);
    assert.doesNotMatch(md, /import /);
    assert.match(md, /> \*\*Careful:\*\*\n>\n> Mind the \*\*gap\*\*\./);
    assert.match(md, /### npm\n\n```sh\nnpm i x\n```/);
    assert.match(md, /### pnpm\n\npnpm add x/);
    assert.match(md, /> \*\*Tip:\*\*\n>\n> A tip\./);
    assert.match(md, /\| a \|\n\|---\|\n\| b \|/);
    assert.match(md, /- \[More\]\(\/more\/\): Read on/);
    assert.doesNotMatch(md, /hidden|<\w/);
  });
  test('attributes in every JSX form', () => {
    assert.deepEqual(parseAttrs(` a="x" b='y' c={"z"} d={3} e`), { a: 'x', b: 'y', c: 'z', d: '3', e: 'true' });
  });
  test('the Petstore guides: the stability table comes from the description', () => {
    const source =
      '---\ntitle: G\n---\n\nimport StabilityList from "../S.astro";\n\n<StabilityList />\n\n<DeprecatedOperations />\n';
    const { pages } = petstorePages([{ url: '/guides/g/', source }]);
    const md = pages.find((p) => p.url === '/guides/g/')?.markdown() ?? '';
    assert.match(
      md,
      /\| \[`GET \/store\/inventory`\]\(\/reference\/list-inventory\.md\) \(List inventory\) \| Beta \|/,
    );
    assert.match(md, /\| \[`GET \/pets\/\{petId\}`\]\(\/reference\/get-pet\.md\)/);
  });
});

describe('llms.txt', () => {
  const { model, pages } = petstorePages([{ url: '/', source: '---\ntitle: Home\ndescription: Start here.\n---\nHi' }]);
  const SITE = 'https://docs.example.com/';
  const txt = llmsTxt(model, pages, SITE);
  test('H1 with the API name, a blockquote summary, H2 sections of links with descriptions', () => {
    assert.match(txt, /^# Petstore API\n\n> \S/);
    assert.match(txt, /\n## Guides\n\n- \[Home\]\(https:\/\/docs\.example\.com\/index\.md\): Start here\.\n/);
    assert.match(
      txt,
      /\n## Pets: Animals\n\n- \[Animals\]\(https:\/\/docs\.example\.com\/reference\/tags\/animals\.md\): /,
    );
    assert.match(txt, /- \[List pets\]\(https:\/\/docs\.example\.com\/reference\/list-pets\.md\): GET \/pets: /);
  });
  test('every link is absolute on the site', () => {
    assert.doesNotMatch(txt, /\]\(\//);
    assert.match(txt, /\[llms-full\.txt\]\(https:\/\/docs\.example\.com\/llms-full\.txt\)/);
    // The description's files are named as data, not linked as pages (the JSON alone passes 100K characters).
    assert.match(txt, /`https:\/\/docs\.example\.com\/openapi\.json`/);
    assert.doesNotMatch(txt, /\]\([^)]*openapi\.(json|yaml)\)/);
    assert.match(txt, /\n## Optional\n\n- \[Schemas\]/);
  });
  test('every page is listed once', () => {
    for (const p of pages) assert.equal(txt.split(`](${new URL(p.mdUrl, SITE).href})`).length - 1, 1, p.mdUrl);
  });
  test('llms-full inlines every operation up to the bound, and only links them past it', () => {
    const full = llmsFullTxt(model, pages, SITE);
    assert.match(full, /Source: https:\/\/docs\.example\.com\/reference\/list-pets\.md\n\n# List pets/);
    // Every page inside keeps the directive of its twin, with absolute links.
    for (const p of pages) {
      const at = full.indexOf(`Source: ${new URL(p.mdUrl, SITE).href}\n`);
      assert.ok(at >= 0, p.mdUrl);
      const part = full.slice(at, full.indexOf('\n---\n', at) >>> 0 || undefined);
      assert.match(
        part,
        /> For AI agents: the index of these docs is \[llms\.txt\]\(https:\/\/docs\.example\.com\/llms\.txt\)/,
        p.mdUrl,
      );
    }
    assert.doesNotMatch(full.replace(/```[\s\S]*?```/g, ''), /\]\(\/(?!\/)/);
    const many = Array.from({ length: LLMS_FULL_MAX_OPERATIONS + 1 }, (_, i) => ({
      ...pages.find((p) => p.kind === 'operation'),
      url: `/reference/op-${i}/`,
      mdUrl: `/reference/op-${i}.md`,
    })) as AgentPage[];
    const big = llmsFullTxt(model, [...pages.filter((p) => p.kind !== 'operation'), ...many], SITE);
    assert.match(
      big,
      new RegExp(`${LLMS_FULL_MAX_OPERATIONS + 1} operations, more than the ${LLMS_FULL_MAX_OPERATIONS}`),
    );
    assert.doesNotMatch(big, /Source: https:\/\/docs\.example\.com\/reference\/op-0\.md/);
    assert.match(big, /Source: https:\/\/docs\.example\.com\/reference\.md/);
  });
});

describe('content negotiation', () => {
  test('Markdown only when named and at least as wanted as HTML', () => {
    assert.equal(prefersMarkdown('text/markdown'), true);
    assert.equal(prefersMarkdown('text/markdown, text/html, */*'), true);
    assert.equal(prefersMarkdown('text/html;q=0.5, text/markdown'), true);
    assert.equal(prefersMarkdown('text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8'), false);
    assert.equal(prefersMarkdown('*/*'), false);
    assert.equal(prefersMarkdown('text/*'), false);
    assert.equal(prefersMarkdown('text/markdown;q=0, text/html'), false);
    assert.equal(prefersMarkdown('text/markdown;q=0.5, text/html'), false);
    assert.equal(prefersMarkdown(undefined), false);
  });
});

describe('head and discovery', () => {
  const { pages } = petstorePages();
  const page = pages.find((p) => p.operation?.operationId === 'listPets') as AgentPage;
  test('the Markdown alternate and an absolute og:image of 1200×630', () => {
    const head = agentHead(page, 'https://docs.example.com/');
    const attr = (k: string, v: string) => head.find((e) => e.attrs[k] === v)?.attrs;
    assert.deepEqual(attr('rel', 'alternate'), {
      rel: 'alternate',
      type: 'text/markdown',
      href: '/reference/list-pets.md',
      title: 'This page as Markdown',
    });
    assert.equal(attr('property', 'og:image')?.content, 'https://docs.example.com/og/reference/list-pets.jpg');
    assert.equal(attr('property', 'og:image:width')?.content, '1200');
    assert.equal(attr('property', 'og:image:height')?.content, '630');
    assert.equal(attr('name', 'twitter:image')?.content, 'https://docs.example.com/og/reference/list-pets.jpg');
  });
  test('robots.txt states the Content Signals and names the sitemap by absolute URL', () => {
    const text = robotsTxt('https://docs.example.com/');
    assert.match(
      text,
      /^User-agent: \*\nContent-Signal: search=yes, ai-input=yes, ai-train=no\nAllow: \/\n\nSitemap: https:\/\/docs\.example\.com\/sitemap-index\.xml\n$/m,
    );
    assert.match(robotsTxt('https://d/', { 'ai-train': true }), /^Content-Signal: ai-train=yes$/m);
    assert.equal(robotsTxt('https://d/', {}), 'User-agent: *\nAllow: /\n\nSitemap: https://d/sitemap-index.xml\n');
    assert.deepEqual(parseAgentsOptions({}).contentSignals, { search: true, 'ai-input': true, 'ai-train': false });
    assert.deepEqual(parseAgentsOptions({ contentSignals: false }).contentSignals, {});
    assert.throws(() => parseAgentsOptions({ contentSignals: { 'ai-train': 'no' } }), /contentSignals\.ai-train/);
    assert.throws(() => parseAgentsOptions({ contentSignal: {} }), /contentSignal/);
  });
  test('Link headers: every page names llms.txt and the API catalog, a page its twin, a twin its page', () => {
    assert.equal(
      linkHeader(pageLinks('/reference/list-pets/', true)),
      '</reference/list-pets.md>; rel="alternate"; type="text/markdown", </llms.txt>; rel="describedby"; type="text/plain", </.well-known/api-catalog>; rel="api-catalog"; type="application/linkset+json"',
    );
    assert.equal(linkHeader(pageLinks('/', true).slice(0, 1)), '</index.md>; rel="alternate"; type="text/markdown"');
    assert.deepEqual(pageLinks('/reference/list-pets.md', true)[0], {
      href: '/reference/list-pets/',
      rel: 'alternate',
      type: 'text/html',
    });
    assert.equal(pageLinks('/reference/explorer/', false).length, 2);
    assert.equal(pageLinks('/.well-known/agent-skills/x/SKILL.md', false).length, 2, 'a .md that is no twin');
  });
  test('the api-catalog is a linkset with service-desc and service-doc', () => {
    const c = apiCatalog({ site: 'https://docs.example.com/', title: 'X', apiUrl: 'https://api.example.com/v1' });
    assert.equal(c.linkset[0]?.anchor, 'https://docs.example.com/.well-known/api-catalog');
    assert.deepEqual(c.linkset[0]?.item, [{ href: 'https://api.example.com/v1', title: 'X' }]);
    const api = c.linkset[1];
    assert.ok(api);
    assert.equal(api.anchor, 'https://api.example.com/v1');
    assert.deepEqual(
      (api['service-desc'] as { href: string }[]).map((l) => l.href),
      ['https://docs.example.com/openapi.json', 'https://docs.example.com/openapi.yaml'],
    );
    assert.equal((api['service-doc'] as { href: string }[])[0]?.href, 'https://docs.example.com/reference/');
    assert.match(LINKSET_TYPE, /^application\/linkset\+json; profile="https:\/\/www\.rfc-editor\.org\/info\/rfc9727"$/);
    const relative = apiCatalog({ site: 'https://docs.example.com/', title: 'X', apiUrl: null });
    assert.equal(relative.linkset[1]?.anchor, 'https://docs.example.com/reference/');
  });
});

describe('Markdown of a description whose schemas do not all have a page', () => {
  // The Petstore with the schema page limit below its 10 schemas: only the ones shown collapsed get one.
  const model = buildReferenceModel(spec(), { buildDate: BUILD_DATE, schemaPages: 3 });
  const pages = new Set(model.schemas.map((s) => markdownPath(s.url)));
  const schemaLinks = (md: string) => [...md.matchAll(/\]\((\/reference\/schemas\/[^)]+)\)/g)].map((m) => m[1]);

  test('links only to schema pages that are built', () => {
    assert.ok(model.schemas.length < 10);
    const all = [
      schemasIndexMarkdown(model),
      ...model.operations.map((o) => operationMarkdown(model.operationView(o), { apiTitle: model.title })),
    ].join('\n');
    for (const link of schemaLinks(all)) assert.ok(pages.has(link ?? ''), `${link} is not a built page`);
  });

  test('the index still lists every schema, each with its page or an operation showing it', () => {
    const md = schemasIndexMarkdown(model);
    for (const name of ['Pet', 'Order', 'Category', 'Error']) assert.match(md, new RegExp(`^- \\[?${name}\\b`, 'm'));
    assert.match(md, /^- Order: shown on \[[^\]]+\]\(\/reference\/[a-z-]+\.md\) \(`[A-Z]+ \/store\/orders[^`]*`\)$/m);
  });
});
