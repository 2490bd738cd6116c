// Browser tests of the docs site as `npm start` serves it (scripts/serve.ts over dist/, started by
// playwright.config.ts), in the system Chromium: navigation groups, badges, code samples, try-it
// (hidden and working), the sunset date, the guides, and zero requests to any host but the site's
// own on every page (the `onlySiteRequests` fixture of tests/support/browser.ts).
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { mapReference } from '../../site/reference/explorer/map.ts';
import { listOperations, type OpenApiDocument } from '../../site/reference/model/document.ts';
import { expect, openSiteSearch, SCALAR_RENDER_MS, test } from '../support/browser.ts';
import { ROOT } from '../support/server.ts';
import { writtenSpec } from '../support/spec.ts';

const mapped = mapReference(writtenSpec() as unknown as OpenApiDocument, { buildDate: '2026-11-21' });
const operations = listOperations(mapped.document);

/** Opens the explorer at an operation and waits until its section is rendered. */
async function openOperation(page: Page, base: string, anchor: string) {
  const url = `${base}/reference/explorer/#${anchor}`;
  if (page.url().startsWith(`${base}/reference/explorer/`)) {
    await page.evaluate((hash) => {
      location.hash = hash;
    }, anchor);
  } else {
    await page.goto(url);
  }
  const section = page.locator(`section[id$="/${anchor}"]`);
  await section.waitFor({ state: 'attached', timeout: SCALAR_RENDER_MS });
  await section.scrollIntoViewIfNeeded();
  return section;
}

/** Opens the try-it client for an operation from its "Test Request" button. */
async function openClient(page: Page, base: string, anchor: string) {
  const section = await openOperation(page, base, anchor);
  await section.locator('.show-api-client-button').click();
  const client = page.locator('.scalar-app-layout');
  await client.locator('[data-addressbar-action="send"]').first().waitFor({ timeout: SCALAR_RENDER_MS });
  return client;
}

const anchorOf = (operationId: string): string => {
  const op = operations.find((o) => o.operationId === operationId);
  if (!op) throw new Error(`no operation ${operationId}`);
  return op.anchor;
};

test.describe('guides (Starlight)', () => {
  test('home page says what the API is and where to start', async ({ page, origin: base }) => {
    await page.goto(`${base}/`);
    await assert.doesNotReject(page.getByRole('heading', { name: 'Petstore API', level: 1 }).waitFor());
    assert.ok(await page.getByRole('link', { name: 'Getting started' }).first().isVisible());
    assert.ok(await page.getByRole('link', { name: 'API reference' }).first().isVisible());
    // Starlight's search (Pagefind) and theme switch are there.
    assert.equal(await page.locator('site-search').count(), 1);
    assert.equal((await page.locator('starlight-theme-select').count()) > 0, true);
  });

  test('getting started lists the deprecated operation with its sunset date, from the spec', async ({
    page,
    origin: base,
  }) => {
    await page.goto(`${base}/guides/getting-started/`);
    const row = page.locator('table.deprecations tr[data-operation-id="getPet"]');
    const text = (await row.textContent())?.replace(/\s+/g, ' ') ?? '';
    assert.match(text, /GET \/pets\/\{petId\}/);
    assert.match(text, /30 June 2027/);
    assert.match(text, /1 September 2026/);
    assert.match(text, /still ahead|already past|today/);
    assert.match(text, /GET \/pets \(List pets\)/, 'successor');
    const levels = await page
      .locator('table.stability tbody tr')
      .evaluateAll((rows) =>
        rows.map((r) => `${r.getAttribute('data-operation-id')} ${r.lastElementChild?.textContent}`),
      );
    assert.deepEqual(levels.sort(), [
      'getInventoryItem Beta',
      'listInventory Beta',
      'replaceOrder Experimental',
      'updateInventory Beta',
    ]);
    // The whole error catalogue.
    for (const code of ['malformed_json', 'rate_limited', 'capacity_reached', 'internal_error']) {
      assert.ok(await page.getByRole('cell', { name: code, exact: true }).isVisible(), code);
    }
  });

  test('custom domains guide carries the troubleshooting table and its checks', async ({ page, origin: base }) => {
    await page.goto(`${base}/guides/custom-domains/`);
    const tables = page.locator('.sl-markdown-content table');
    const rowsOf = async (i: number) =>
      tables
        .nth(i)
        .locator('tbody tr')
        .evaluateAll((rows) =>
          rows.map((r) => [...r.querySelectorAll('td')].map((td) => td.textContent?.replace(/\s+/g, ' ').trim())),
        );
    const all = await Promise.all(Array.from({ length: await tables.count() }, (_, i) => rowsOf(i)));
    const trouble = all.find(
      (rows) => rows[0]?.[0] === 'Verification keeps failing' && rows.length === 4 && rows[0]?.length === 2,
    );
    assert.ok(trouble, 'troubleshooting table');
    assert.deepEqual(
      trouble.map((r) => r[0]),
      [
        'Verification keeps failing',
        'SSL certificate not provisioned after 30 minutes',
        'Browser reports a non-private connection',
        'Redirects break',
      ],
    );
    assert.match(trouble[0]?.[1] ?? '', /existing A record/);
    assert.match(trouble[1]?.[1] ?? '', /CAA records/);
    const checks = all.find((rows) => rows[0]?.[0] === 'Verification keeps failing' && rows[0]?.length === 3);
    assert.ok(checks, 'symptom → check table');
    assert.deepEqual(
      checks.map((r) => r[1]),
      ['cname + conflict', 'caa + tls', 'tls', 'redirect'],
    );
    const dns = all.find((rows) => rows[0]?.[0] === 'CNAME');
    assert.equal(dns?.[0]?.[3], '3600');
    const body = (await page.locator('main').textContent()) ?? '';
    for (const phrase of ['ALIAS', 'ANAME', 'up to 48 hours', 'Pro or above', 'Remove', 'Re-verify', 'redirects']) {
      assert.ok(body.includes(phrase), phrase);
    }
  });
});

test.describe('search and theme (Starlight)', () => {
  test('search (Pagefind, served by the site) finds the custom domains guide', async ({ page, origin: base }) => {
    await page.goto(`${base}/guides/getting-started/`);
    const input = await openSiteSearch(page);
    await input.fill('ANAME');
    const first = page.locator('site-search dialog .pagefind-ui__result-link').first();
    await expect(first).toBeVisible({ timeout: 15_000 });
    assert.equal(new URL((await first.getAttribute('href')) ?? '', base).pathname, '/guides/custom-domains/');
  });

  test('dark mode: chosen in the guides, kept by the explorer', async ({ page, origin: base }) => {
    await page.goto(`${base}/guides/getting-started/`);
    await page.locator('starlight-theme-select select').first().selectOption('dark');
    assert.equal(await page.evaluate(() => document.documentElement.dataset.theme), 'dark');
    await page.goto(`${base}/reference/explorer/`);
    await page.waitForFunction(() => document.body.classList.contains('dark-mode'), undefined, {
      timeout: SCALAR_RENDER_MS,
    });
  });
});

test.describe('explorer (/reference/explorer/, Scalar)', () => {
  test('a reader sees the explorer (screenshot kept in test-results/explorer.png)', async ({
    page,
    origin: base,
    requestLog,
  }) => {
    await page.goto(`${base}/reference/explorer/`);
    await page.locator('section[id$="/description/introduction"]').waitFor({ timeout: SCALAR_RENDER_MS });
    await page.getByRole('heading', { name: 'Petstore API', level: 1 }).waitFor();
    mkdirSync(join(ROOT, 'test-results'), { recursive: true });
    await page.screenshot({ path: join(ROOT, 'test-results', 'explorer.png') });
    // Nothing is sent to the mock before the reader sends a request, and nothing says it is missing.
    assert.deepEqual(
      requestLog.urls.filter((u) => u.includes('/api/mock')),
      [],
    );
    assert.equal(await page.locator('#mock-unavailable').count(), 0);
  });

  test('navigation: groups Pets and Store hold their tags, no empty group section', async ({ page, origin: base }) => {
    await page.goto(`${base}/reference/explorer/`);
    const sidebar = page.locator('.references-sidebar, aside').first();
    await sidebar.locator('[data-sidebar-id$="/tag-group/pets"]').waitFor({ timeout: SCALAR_RENDER_MS });
    const tree = await page.evaluate(() => {
      const groups = [...document.querySelectorAll('[data-sidebar-id*="/tag-group/"]')];
      return groups.map((g) => ({
        id: g.getAttribute('data-sidebar-id')?.replace(/^.*\/tag-group\//, ''),
        children: [...g.querySelectorAll('[data-sidebar-id]')]
          .map((c) => c.getAttribute('data-sidebar-id') ?? '')
          .filter((id) => /\/tag\/[^/]+$/.test(id))
          .map((id) => id.replace(/^.*\/tag\//, '')),
      }));
    });
    assert.deepEqual(tree, [
      { id: 'pets', children: ['animals', 'categories'] },
      { id: 'store', children: ['orders', 'inventory'] },
    ]);
    assert.equal(await page.locator('[data-sidebar-id$="/tag/pets"], [data-sidebar-id$="/tag/store"]').count(), 0);
    assert.equal(await page.locator('section[id$="/tag/pets"], section[id$="/tag/store"]').count(), 0);
    const headings = await page.locator('[data-sidebar-id*="/tag-group/"]').evaluateAll((els) =>
      els.map((e) =>
        [...e.children]
          .filter((c) => !c.querySelector('[data-sidebar-id]') && c.tagName !== 'UL')
          .map((c) => c.textContent?.trim())
          .join(''),
      ),
    );
    assert.deepEqual(headings, ['Pets', 'Store']);
  });

  test('badges: Beta, Experimental and Sunset on the right operations only; try-it on all but GET /store/orders', async ({
    page,
    origin: base,
  }) => {
    const expected: Record<string, string[]> = {
      listInventory: ['Beta'],
      getInventoryItem: ['Beta'],
      updateInventory: ['Beta'],
      replaceOrder: ['Experimental'],
      getPet: ['Sunset 30 June 2027'],
    };
    for (const op of operations) {
      const section = await openOperation(page, base, op.anchor);
      const badges = (await section.locator('.section-content > div:first-child .badge').allTextContents()).map((t) =>
        t.trim(),
      );
      const want = (expected[op.operationId] ?? []).map((b) => (op.operationId === 'getPet' ? b : b));
      const got = badges.filter((b) => /^(Beta|Experimental|Sunset)/.test(b));
      assert.deepEqual(got, want, op.operationId);
      if (op.operationId === 'getPet')
        assert.ok(
          badges.some((b) => /deprecated/i.test(b)),
          'deprecated marker',
        );
      // Every operation but GET /store/orders keeps its try-it button.
      assert.equal(
        await section.locator('.show-api-client-button').isVisible(),
        op.operationId !== 'listOrders',
        `try-it button on ${op.operationId}`,
      );
      // The sidebar carries the same marker next to the operation's name.
      const after = await page
        .locator(`[data-sidebar-id$="/${op.anchor}"] [class~="group/button-label"]`)
        .first()
        .evaluate((el) => getComputedStyle(el, '::after').content);
      const wantAfter = expected[op.operationId]?.[0];
      assert.equal(after, wantAfter ? JSON.stringify(wantAfter) : 'none', `sidebar ${op.operationId}`);
    }
  });

  test('the deprecated getPet shows the sunset date for people and whether it is ahead', async ({
    page,
    origin: base,
  }) => {
    const section = await openOperation(page, base, anchorOf('getPet'));
    const text = (await section.textContent())?.replace(/\s+/g, ' ') ?? '';
    assert.match(text, /Sunset 30 June 2027/);
    assert.match(text, /30 June 2027, which is still ahead|30 June 2027, is already past|today, 30 June 2027/);
    assert.equal(await section.locator('.operation-title.deprecated').count(), 1);
  });

  test('code samples: the hand-written cURL is selected; JavaScript and Python are there', async ({
    page,
    origin: base,
  }) => {
    const section = await openOperation(page, base, anchorOf('listPets'));
    const picker = section.locator('[data-testid="client-picker"]').first();
    assert.equal((await picker.textContent())?.trim(), 'cURL');
    const code = () => section.locator('.scalar-codeblock-pre, pre').first().textContent();
    assert.match((await code()) ?? '', /curl -sS --fail-with-body/);
    for (const [label, marker] of [
      ['JavaScript', /process\.env\.PETSTORE_TOKEN/],
      ['Python', /import requests/],
    ] as const) {
      await picker.click();
      await page.getByRole('option', { name: label, exact: true }).first().click();
      await page.waitForFunction(
        ([id, re]) => new RegExp(re).test(document.querySelector(`section[id$="${id}"] pre`)?.textContent ?? ''),
        [`/${anchorOf('listPets')}`, marker.source] as const,
      );
      assert.equal((await picker.textContent())?.trim(), label);
    }
  });

  test('no try-it on GET /store/orders: no button, no client entry, a forced request is refused', async ({
    page,
    requestLog: log,
    origin: base,
  }) => {
    const section = await openOperation(page, base, anchorOf('listOrders'));
    const button = section.locator('.show-api-client-button');
    assert.equal(await button.isVisible(), false, 'no visible Test Request button');
    // Forcing the hidden button visible and clicking it does not open the client.
    await button.evaluate((b) => b.setAttribute('style', 'display: inline-flex !important'));
    await button.click();
    await page.locator('#try-it-refused').waitFor();
    assert.equal(await page.locator('.scalar-app-layout').count(), 0, 'client did not open');
    // Every other operation keeps its button.
    const place = await openOperation(page, base, anchorOf('placeOrder'));
    assert.equal(await place.locator('.show-api-client-button').isVisible(), true);
    // In the client opened from another operation, GET /store/orders is not listed…
    const client = await openClient(page, base, anchorOf('placeOrder'));
    await client.locator('.scalar-sidebar-toggle').click();
    const entry = client.locator(`[data-sidebar-id$="/${anchorOf('listOrders')}"]`);
    await client.locator(`[data-sidebar-id$="/${anchorOf('placeOrder')}"]`).waitFor();
    assert.equal(await entry.isVisible(), false, 'not listed in the client');
    // …and when a reader forces it (un-hiding the entry, re-enabling the send button), the request is refused.
    await page.addStyleTag({
      content: 'html body .scalar-app-layout [data-sidebar-id][data-sidebar-id] { display: list-item !important; }',
    });
    await entry.locator(':scope > button').click();
    const send = client.locator('[data-addressbar-action="send"]').first();
    await page.waitForFunction(() =>
      /Send get request to \S+\/store\/orders\b/i.test(
        document.querySelector('.scalar-app-layout [data-addressbar-action="send"]')?.textContent ?? '',
      ),
    );
    await page.waitForFunction(() =>
      document.querySelector('.scalar-app-layout [data-addressbar-action="send"]')?.hasAttribute('disabled'),
    );
    await send.evaluate((b) => {
      (b as HTMLButtonElement).disabled = false;
      (b as HTMLButtonElement).click();
    });
    // Scalar shows the guard's message as a toast over the client (the page notice came earlier).
    await page
      .locator('[data-sonner-toast]')
      .getByText(/cannot be tried from this reference/)
      .first()
      .waitFor({ timeout: 10_000 });
    assert.equal(await page.evaluate(() => document.documentElement.dataset.refused), 'GET /store/orders');
    const sent = log.urls.filter((u) => /\/api\/mock\/store\/orders(\?|$)/.test(u));
    assert.deepEqual(sent, [], 'no request for GET /store/orders left the page');
  });

  test('try-it works on GET /pets: sent to the mock on this origin, 200', async ({
    page,
    requestLog: log,
    origin: base,
  }) => {
    const client = await openClient(page, base, anchorOf('listPets'));
    assert.match((await client.textContent()) ?? '', /\/api\/mock/);
    await client.locator('[data-addressbar-action="send"]').first().click();
    await client
      .getByText(/Status:\s*200/)
      .first()
      .waitFor({ timeout: 15_000 });
    assert.ok(log.urls.some((u) => u.startsWith(`${base}/api/mock/pets`)));
  });

  test('a reader creates a pet with POST /pets in the try-it client and reads it back with GET', async ({
    page,
    requestLog: log,
    origin: base,
  }) => {
    const client = await openClient(page, base, anchorOf('createPet'));
    const name = `Biscuit ${Date.now()}`;
    const editor = client.locator('.cm-content').filter({ hasText: 'categoryId' }).first();
    await editor.click();
    await page.keyboard.press('Control+A');
    await page.keyboard.press('Delete');
    await page.keyboard.insertText(JSON.stringify({ name, categoryId: 2, status: 'available' }));
    await client.locator('[data-addressbar-action="send"]').first().click();
    await client
      .getByText(/Status:\s*201/)
      .first()
      .waitFor({ timeout: 15_000 });
    const created = (await client.locator('[class*="response-section-content-body"]').first().textContent()) ?? '';
    assert.ok(created.includes(name), 'response shows the new pet');
    const id = /"id":\s*(\d+)/.exec(created)?.[1];
    assert.ok(id, 'new id');
    // Read it back: GET /pets/{petId} with the new id.
    await client.locator('.scalar-sidebar-toggle').click();
    await client.locator(`[data-sidebar-id$="/${anchorOf('getPet')}"] > button`).click();
    const value = client.locator('tr#petId td:nth-child(3) [contenteditable="true"]').first();
    await value.waitFor();
    await value.click();
    await page.keyboard.press('Control+A');
    await page.keyboard.insertText(id);
    await client.locator('[data-addressbar-action="send"]').first().click();
    await client
      .getByText(/Status:\s*200/)
      .first()
      .waitFor({ timeout: 15_000 });
    assert.ok(log.urls.includes(`${base}/api/mock/pets/${id}`), `GET /api/mock/pets/${id} was sent`);
    await page.waitForFunction(
      (n) =>
        (
          document.querySelector('.scalar-app-layout [class*="response-section-content-body"]')?.textContent ?? ''
        ).includes(n),
      name,
    );
  });
});

test.describe('static hosting (no mock API)', () => {
  // The same build served by a plain static file server: no server code, so no mock.
  test.use({ baseURL: async ({ staticHost }, use) => use(staticHost.url) });

  test('the explorer says clearly that the mock is unavailable when a request is sent', async ({
    page,
    origin: base,
  }) => {
    const client = await openClient(page, base, anchorOf('listPets'));
    await client.locator('[data-addressbar-action="send"]').first().click();
    const notice = page.locator('#mock-unavailable');
    await notice.waitFor({ timeout: SCALAR_RENDER_MS });
    assert.match((await notice.textContent()) ?? '', /mock API is not available on this host/);
  });
});

test.describe('downloads', () => {
  test('/openapi.yaml and /openapi.json are the spec at stable URLs', async ({ baseURL }) => {
    const yaml = await fetch(`${baseURL}/openapi.yaml`);
    assert.equal(yaml.status, 200);
    assert.match(yaml.headers.get('content-type') ?? '', /yaml/);
    const text = await yaml.text();
    assert.match(text, /^openapi: 3\.0\.3/m);
    const json = await fetch(`${baseURL}/openapi.json`);
    assert.equal(json.status, 200);
    assert.match(json.headers.get('content-type') ?? '', /application\/json/);
    const doc = (await json.json()) as { info: { title: string }; paths: Record<string, unknown> };
    assert.equal(doc.info.title, 'Petstore API');
    assert.deepEqual(Object.keys(doc.paths), Object.keys(writtenSpec().paths));
  });
});
