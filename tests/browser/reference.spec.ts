// Browser tests of the static API reference (/reference/…) as a reader uses it: pages that read
// without JavaScript, the extensions on the right operations, the site search, try-it on demand
// against the mock (and its absence on GET /store/orders; static hosts: static-mock.spec.ts), theme, keyboard, and an
// axe-core scan. Every test also fails when a request left the site's origin (tests/support/browser.ts).
import assert from 'node:assert/strict';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import type { OpenApiDocument } from '../../site/reference/model/document.ts';
import { buildReferenceModel } from '../../site/reference/model/reference.ts';
import { expect, openSiteSearch, SCALAR_RENDER_MS, test } from '../support/browser.ts';
import { writtenSpec } from '../support/spec.ts';

const model = buildReferenceModel(writtenSpec() as unknown as OpenApiDocument, {
  buildDate: new Date().toISOString().slice(0, 10),
});
const pageOf = (operationId: string): string => {
  const op = model.operations.find((o) => o.operationId === operationId);
  if (!op) throw new Error(`no operation ${operationId}`);
  return op.url;
};

/** Requests that load the request client's code or data (none before a click). */
const clientRequests = (urls: string[]) =>
  urls.filter((u) => /\/_astro\/(bundles\.\w+\/)?(tryit|modal)\.|\/reference\/tryit\/|\/api\/mock\//.test(u));

/** Clicks "Try it" and waits for the request client's send button. */
async function openTryIt(page: Page) {
  await page.getByRole('button', { name: 'Try it' }).click();
  const client = page.locator('.scalar-client');
  await client.getByRole('button', { name: /^Send/ }).first().waitFor({ timeout: 30_000 });
  return client;
}

test.describe('operation pages without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('GET /pets reads completely: method, path, parameters, responses and samples', async ({ page, origin }) => {
    await page.goto(`${origin}/reference/list-pets/`);
    await expect(page.getByRole('heading', { level: 1, name: 'List pets' })).toBeVisible();
    await expect(page.locator('.ref-endpoint')).toContainText('GET');
    await expect(page.locator('.ref-endpoint')).toContainText('/pets');
    await expect(page.locator('.ref-meta')).toContainText('listPets');
    const params = page.locator('table.ref-params');
    for (const name of ['status', 'categoryId', 'name', 'ids', 'limit', 'offset']) {
      await expect(params.locator('code', { hasText: new RegExp(`^${name}$`) })).toBeVisible();
    }
    const limit = params.locator('tr', { has: page.locator('code', { hasText: /^limit$/ }) });
    await expect(limit).toContainText('query');
    await expect(limit).toContainText('≤ 100');
    await expect(limit).toContainText('default 20');
    for (const status of ['200', '400', '401', '429', '500']) {
      await expect(page.locator(`#response-${status}`)).toBeVisible();
    }
    await expect(page.locator('#response-429').locator('..')).toContainText('Retry-After');
    // The samples are there in the HTML (tabs need JS to switch, so every panel's text is in the page).
    const samples = await page.locator('starlight-tabs [role="tabpanel"] pre').allTextContents();
    assert.equal(samples.length, 8);
    assert.match(samples[0] ?? '', /curl -sS --fail-with-body/);
    assert.match(samples[1] ?? '', /await fetch\(/);
    assert.match(samples[2] ?? '', /requests\.get\(/);
    assert.match(samples[3] ?? '', /requestUrl := "https:\/\/petstore\.example\.com\/v1\/pets"/, 'Go, generated');
    assert.match(samples[3] ?? '', /http\.NewRequest\("GET", requestUrl, nil\)/, 'Go, generated');
    assert.match(samples[7] ?? '', /Net::HTTP::Get/, 'Ruby, generated');
    // The try-it button needs JavaScript: without it, it is not shown.
    await expect(page.getByRole('button', { name: 'Try it' })).toBeHidden();
  });

  test('POST /pets shows its request body as a schema with required marks and the example', async ({
    page,
    origin,
  }) => {
    await page.goto(`${origin}${pageOf('createPet')}`);
    const body = page.locator('#request-body ~ .ref-media').first();
    await expect(body.locator('.ref-schema-head').first()).toContainText('NewPet');
    const name = body.locator('.ref-schema', { has: page.locator('code.ref-prop', { hasText: /^name$/ }) }).first();
    await expect(name).toContainText('required');
    await expect(body).toContainText('"Coco"');
  });
});

test.describe('extensions on the static pages', () => {
  test('stability badges on the right operations only, in the page and in the sidebar', async ({ page, origin }) => {
    const expected: Record<string, string> = {
      listInventory: 'Beta',
      getInventoryItem: 'Beta',
      updateInventory: 'Beta',
      replaceOrder: 'Experimental',
      getPet: 'Deprecated',
    };
    await page.goto(`${origin}/reference/`);
    for (const op of model.operations) {
      const item = page.locator(`nav a.ref-op[href="${op.url}"]`);
      await expect(item, op.operationId).toHaveAttribute('data-method', op.method.toLowerCase());
      const badge = (await item.locator('.sl-badge').allTextContents()).map((t) => t.trim());
      assert.deepEqual(badge, expected[op.operationId] ? [expected[op.operationId]] : [], `sidebar ${op.operationId}`);
      const listed = page.locator('.ref-op-list li', { has: page.locator(`a[href="${op.url}"]`) });
      const onIndex = (await listed.locator('.ref-badge').allTextContents()).map((t) => t.trim());
      assert.deepEqual(onIndex, expected[op.operationId] ? [expected[op.operationId]] : [], `index ${op.operationId}`);
    }
  });

  test('the deprecated operation gives its sunset date once, with its successor', async ({ page, origin }) => {
    await page.goto(`${origin}${pageOf('getPet')}`);
    const notice = page.locator('aside', { hasText: 'Deprecated since' });
    await expect(notice).toHaveCount(1);
    await expect(notice).toContainText('30 June 2027');
    await expect(notice.getByRole('link', { name: 'List pets' })).toHaveAttribute('href', '/reference/list-pets/');
    const main = (await page.locator('main').textContent()) ?? '';
    assert.equal(main.match(/Deprecated since/g)?.length, 1, 'one deprecation notice');
    await expect(page.locator('table.ref-headers').first()).toContainText('Deprecation');
    await expect(page.locator('table.ref-headers').first()).toContainText('Sunset');
  });

  test('hand-written samples in the spec order, cURL first, then generated languages, tabs kept in sync across pages', async ({
    page,
    origin,
  }) => {
    await page.goto(`${origin}/reference/create-pet/`);
    const tabs = page.locator('starlight-tabs [role="tab"]');
    await expect(tabs).toHaveText(['cURL', 'JavaScript', 'Python', 'Go', 'Java', 'C#', 'PHP', 'Ruby']);
    await expect(tabs.first()).toHaveAttribute('aria-selected', 'true');
    await tabs.nth(2).click();
    await page.goto(`${origin}/reference/list-categories/`);
    await expect(page.locator('starlight-tabs [role="tab"][aria-selected="true"]')).toHaveText('Python');
    await page.getByRole('tab', { name: 'Java', exact: true }).click();
    await page.goto(`${origin}/reference/place-order/`);
    await expect(page.locator('starlight-tabs [role="tab"][aria-selected="true"]')).toHaveText('Java');
    await expect(page.locator('starlight-tabs [role="tabpanel"]:visible pre')).toContainText('OkHttpClient');
    // Every tab in view without scrolling the tab list sideways, with the table of contents beside the page.
    await page.setViewportSize({ width: 1280, height: 800 });
    const overflow = await page.locator('.ref-samples .tablist-wrapper').evaluate((w) => w.scrollWidth - w.clientWidth);
    assert.ok(overflow <= 0, `the tab list scrolls sideways by ${overflow}px`);
  });
});

test.describe('search', () => {
  for (const [query, what, slug] of [
    ['getInventoryItem', 'operationId', 'get-inventory-item'],
    ["Set a pet's stock", 'summary', 'update-inventory'],
    ['/store/inventory', 'path', 'list-inventory'],
  ] as const) {
    test(`the site search finds an operation by its ${what} (${query})`, async ({ page, origin }) => {
      await page.goto(`${origin}/guides/getting-started/`);
      const input = await openSiteSearch(page);
      await input.fill(query);
      const results = page.locator('site-search dialog .pagefind-ui__result-link');
      await expect(results.first()).toBeVisible({ timeout: 15_000 });
      const hrefs = await results.evaluateAll((links) =>
        links.map((a) => new URL((a as HTMLAnchorElement).href).pathname),
      );
      assert.ok(hrefs.includes(`/reference/${slug}/`), `results for ${query}: ${hrefs.join(', ')}`);
    });
  }

  for (const [query, pages] of [
    ['/store/inventory/{petId}', ['get-inventory-item', 'update-inventory']],
    ['getInventoryItem', ['get-inventory-item']],
    ['/categories/{categoryId}', ['get-category', 'replace-category', 'delete-category']],
    ['listOrders', ['list-orders']],
  ] as const) {
    test(`a query equal to an operation's path or operationId lists its page first (${query})`, async ({
      page,
      origin,
    }) => {
      await page.goto(`${origin}/guides/getting-started/`);
      await (await openSiteSearch(page)).fill(query);
      const first = page.locator('site-search dialog .pagefind-ui__result-link').first();
      await first.waitFor({ timeout: 15_000 });
      const href = new URL((await first.getAttribute('href')) ?? '', origin).pathname;
      assert.ok(
        pages.some((slug) => href === `/reference/${slug}/`),
        `first result for ${query}: ${href}`,
      );
    });
  }

  test('buttons and badges are kept out of the index; the operation itself is in it', async ({ page, origin }) => {
    await page.goto(`${origin}${pageOf('getPet')}`);
    const outside = await page
      .locator('main .ref-badge, main .ref-tryit, main .ref-meta a[href*="/explorer/"], main .ref-note')
      .evaluateAll((els) => els.filter((e) => !e.closest('[data-pagefind-ignore]')).map((e) => e.outerHTML));
    assert.deepEqual(outside, []);
    await expect(page.locator('main[data-pagefind-body]')).toContainText('getPet');
  });
});

test.describe('try it', () => {
  test('reading a page loads no client code and sends nothing to the mock', async ({ page, origin, requestLog }) => {
    await page.goto(`${origin}/reference/list-pets/`, { waitUntil: 'networkidle' });
    assert.deepEqual(clientRequests(requestLog.urls), []);
  });

  test('GET /pets: the client opens on the mock with a per-browser token and gets the seed pets', async ({
    page,
    origin,
  }) => {
    await page.goto(`${origin}/reference/list-pets/`);
    const client = await openTryIt(page);
    const sent = page.waitForRequest((r) => r.url().startsWith(`${origin}/api/mock/pets`));
    const answered = page.waitForResponse((r) => r.url().startsWith(`${origin}/api/mock/pets`));
    await client.getByRole('button', { name: /^Send/ }).first().click();
    const request = await sent;
    // Only the required parameters: no query at all on GET /pets.
    assert.equal(new URL(request.url()).search, '');
    const token = await page.evaluate(() => localStorage.getItem('petstore-mock-token'));
    assert.match(token ?? '', /^reader-[0-9a-f-]{36}$/);
    assert.equal(request.headers().authorization, `Bearer ${token}`);
    const response = await answered;
    assert.equal(response.status(), 200);
    const pets = (await response.json()) as Array<{ name: string }>;
    assert.ok(pets.length >= 6, `seed pets (${pets.length})`);
    await expect(client.getByText('"Rex"').first()).toBeVisible();
  });

  test('GET /store/orders has no try-it and loads no client code', async ({ page, origin, requestLog }) => {
    await page.goto(`${origin}${pageOf('listOrders')}`, { waitUntil: 'networkidle' });
    await expect(page.getByRole('button', { name: 'Try it' })).toHaveCount(0);
    await expect(page.getByText('Try-it is disabled for this operation')).toBeVisible();
    assert.deepEqual(clientRequests(requestLog.urls), []);
    const scripts = await page
      .locator('script[src], script[type="module"]')
      .evaluateAll((els) => els.map((e) => (e as HTMLScriptElement).src || e.textContent || ''));
    assert.ok(!scripts.some((s) => /TryIt|tryit/.test(s)), 'no try-it script on the page');
    const doc = await page.request.get(`${origin}/reference/tryit/list-orders.json`);
    assert.equal(doc.status(), 404);
  });

  test('reached by keyboard: Tab to "Try it", Enter opens the client', async ({ page, origin }) => {
    await page.goto(`${origin}/reference/get-category/`);
    const button = page.getByRole('button', { name: 'Try it' });
    // A bound on the loop, not a budget: the sidebar lists every page before the content.
    for (let i = 0; i < 150; i++) {
      await page.keyboard.press('Tab');
      if (await button.evaluate((b) => b === document.activeElement)) break;
    }
    await expect(button).toBeFocused();
    await page.keyboard.press('Enter');
    await page.locator('.scalar-client').getByRole('button', { name: /^Send/ }).first().waitFor({ timeout: 30_000 });
  });

  test('theme: switching to dark turns the page and the client dark', async ({ page, origin }) => {
    await page.goto(`${origin}/reference/list-pets/`);
    await page.locator('starlight-theme-select select').first().selectOption('dark');
    assert.equal(await page.evaluate(() => document.documentElement.dataset.theme), 'dark');
    await openTryIt(page);
    assert.equal(await page.evaluate(() => document.body.classList.contains('dark-mode')), true);
    await page.locator('starlight-theme-select select').first().selectOption('light', { force: true });
    await page.waitForFunction(() => document.body.classList.contains('light-mode'));
  });
});

/** The WCAG 2.2 A and AA rules of axe-core (WCAG 2.0 and 2.1 included); best practices are left out. */
const WCAG_22_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** Every WCAG 2.2 AA violation on the page as it is now, one line per rule with its elements. */
async function wcagViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(WCAG_22_AA).analyze();
  return results.violations.map(
    (v) =>
      `${v.id} (${v.nodes.length}): ${v.nodes
        .map((n) => n.target.join(' '))
        .slice(0, 5)
        .join(', ')}`,
  );
}

/**
 * The explorer with its content rendered: Scalar renders a tag when it scrolls into view, with a
 * "Show More" button in place of its operations; scroll to the end, pressing each one on the way.
 */
async function renderExplorer(page: Page): Promise<void> {
  await page.locator('section[id$="/description/introduction"]').waitFor({ timeout: SCALAR_RENDER_MS });
  const more = page.locator('button:has-text("Show More")');
  for (let step = 0; step < 300; step++) {
    if ((await more.count()) > 0) {
      await more.first().click();
      continue;
    }
    const atEnd = await page.evaluate(() => {
      window.scrollBy(0, innerHeight / 2);
      return window.scrollY + innerHeight >= document.documentElement.scrollHeight - 2;
    });
    await page.waitForTimeout(50);
    if (atEnd) {
      // The last tag may still be rendering its button.
      await page.waitForTimeout(300);
      if ((await more.count()) === 0) break;
    }
  }
  const operations = await page
    .locator('section[id*="/tag/"]')
    .evaluateAll((sections) => sections.filter((s) => /\/(GET|POST|PUT|PATCH|DELETE)\//.test(s.id)).map((s) => s.id));
  // Scalar renders operations lazily around the viewport, so one or two may be missing at any moment;
  // every tag's operations are there, and nearly all operations.
  const tags = new Set(operations.map((id) => id.replace(/^.*\/tag\/([^/]+)\/.*$/, '$1')));
  assert.deepEqual([...tags], ['animals', 'categories', 'orders', 'inventory'], 'every tag rendered');
  assert.ok(operations.length >= model.operations.length * 0.8, `operations rendered: ${operations.join(' ')}`);
}

/** Every kind of page the site serves, and how to bring it to the state a reader sees. */
const PAGE_KINDS: Array<{ kind: string; path: string; ready?: (page: Page) => Promise<unknown> }> = [
  { kind: 'home', path: '/' },
  { kind: 'guide', path: '/guides/getting-started/' },
  { kind: 'reference index', path: '/reference/' },
  { kind: 'operation', path: '/reference/list-pets/' },
  { kind: 'deprecated operation', path: '/reference/get-pet/' },
  { kind: 'tag', path: '/reference/tags/animals/' },
  { kind: 'schema', path: '/reference/schemas/pet/' },
  { kind: 'schema index', path: '/reference/schemas/' },
  { kind: 'changelog', path: '/changelog/' },
  { kind: 'explorer', path: '/reference/explorer/', ready: (page) => renderExplorer(page) },
  { kind: 'try-it client open', path: '/reference/list-pets/', ready: (page) => openTryIt(page) },
];

test.describe('accessibility (axe-core, WCAG 2.2 AA)', () => {
  for (const { kind, path, ready } of PAGE_KINDS) {
    for (const theme of ['light', 'dark']) {
      test(`${kind}, ${path} (${theme}): no violation`, async ({ page, origin }) => {
        await page.addInitScript((t) => localStorage.setItem('starlight-theme', t), theme);
        await page.goto(`${origin}${path}`);
        await ready?.(page);
        const dark = await page.evaluate(
          () => document.documentElement.dataset.theme === 'dark' || document.body.classList.contains('dark-mode'),
        );
        assert.equal(dark, theme === 'dark', `the ${theme} theme is applied`);
        assert.deepEqual(await wcagViolations(page), []);
      });
    }
  }
});

test.describe('the explorer as loaded, 1280 px wide (axe-core, WCAG 2.2 AA)', () => {
  test.use({ viewport: { width: 1280, height: 800 } });
  for (const theme of ['light', 'dark']) {
    test(`no violation before any interaction (${theme}), its wide tables reachable by keyboard`, async ({
      page,
      origin,
    }) => {
      await page.addInitScript((t) => localStorage.setItem('starlight-theme', t), theme);
      await page.goto(`${origin}/reference/explorer/`);
      await page.locator('section[id$="/description/introduction"]').waitFor({ timeout: SCALAR_RENDER_MS });
      // The repairs run on the next animation frame after Scalar renders.
      await page.waitForFunction(() => document.querySelectorAll('#reference .markdown table').length >= 4);
      await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
      assert.deepEqual(await wcagViolations(page), []);
    });
  }
});
