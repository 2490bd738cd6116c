// Reader-level layout checks of the built site as `npm start` serves it: the explorer's site bar on a
// phone-sized screen, the tables of the reference introduction, old links into the single-page
// reference, and the site icon every page links. System Chromium through @playwright/test (playwright.config.ts); a failing
// test keeps a screenshot and a trace, and every test fails when a request left the site's origin.
import assert from 'node:assert/strict';
import { SCALAR_RENDER_MS, test } from '../support/browser.ts';

test.describe('/reference/explorer/ on a 390px wide screen', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('every site-bar link sits inside the bar and can be reached', async ({ page, requestLog: log, baseURL }) => {
    await page.goto(`${baseURL}/reference/explorer/`);
    const bar = page.locator('header.site-bar');
    const barBox = await bar.boundingBox();
    assert.ok(barBox, 'the site bar is rendered');
    const links = bar.locator('a');
    const labels = await links.allTextContents();
    assert.deepEqual(
      labels.map((l) => l.trim()),
      [
        'Petstore API',
        'Getting started',
        'Custom domains',
        'API reference',
        'Explorer',
        'openapi.yaml',
        'openapi.json',
      ],
    );
    for (let i = 0; i < labels.length; i++) {
      const link = links.nth(i);
      await link.scrollIntoViewIfNeeded();
      const box = await link.boundingBox();
      assert.ok(box, `${labels[i]} has a box`);
      // Fully inside the bar vertically (not clipped by its 48px height) and on screen once scrolled to.
      assert.ok(box.y >= barBox.y && box.y + box.height <= barBox.y + barBox.height, `${labels[i]} inside the bar`);
      assert.ok(box.x >= 0 && box.x + box.width <= 390 + 0.5, `${labels[i]} on screen (x ${box.x}, w ${box.width})`);
      assert.equal(
        await link.evaluate((el) => {
          const r = el.getBoundingClientRect();
          const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
          return hit === el || el.contains(hit);
        }),
        true,
        `${labels[i]} can be tapped`,
      );
    }
    assert.deepEqual(log.foreign(baseURL as string), [], 'requests to other hosts');
  });
});

test.describe('site icon', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('every page links an icon that loads, and no page asset is missing', async ({ page, baseURL }) => {
    const missing: string[] = [];
    page.on('response', (r) => {
      if (r.status() >= 400) missing.push(`${r.status()} ${r.url()}`);
    });
    for (const path of [
      '/',
      '/guides/getting-started/',
      '/guides/custom-domains/',
      '/reference/',
      '/reference/list-pets/',
      '/reference/explorer/',
    ]) {
      await test.step(`site icon on ${path}`, async () => {
        await page.goto(`${baseURL}${path}`, { waitUntil: 'networkidle' });
        const href = await page.locator('link[rel~="icon"]').first().getAttribute('href');
        assert.ok(href, `${path} links an icon`);
        const res = await page.request.get(new URL(href, `${baseURL}${path}`).href);
        assert.equal(res.status(), 200, `${path}: ${href}`);
        assert.match(res.headers()['content-type'] ?? '', /^image\/svg\+xml/);
        assert.match(await res.text(), /^<svg /);
      });
    }
    assert.deepEqual(missing, [], 'responses with an error status');
  });
});

const INTRO_TABLES = [
  { page: '/reference/', tables: '.ref-md table' },
  { page: '/reference/explorer/', tables: '#reference .markdown table' },
];

test.describe('introduction tables of the reference and the explorer', () => {
  for (const { page: path, tables: selector } of INTRO_TABLES)
    for (const width of [1280, 390]) {
      test.describe(`${path} ${width}px wide`, () => {
        test.use({ viewport: { width, height: 900 } });

        test(`no word in a table cell is cut across lines, and the page does not scroll sideways (${width}px)`, async ({
          page,
          baseURL,
        }) => {
          await page.goto(`${baseURL}${path}`);
          await page.locator(selector).first().waitFor({ timeout: SCALAR_RENDER_MS });
          const result = await page.evaluate((selector) => {
            const cut: string[] = [];
            const tables = document.querySelectorAll(selector);
            for (const cell of document.querySelectorAll(`${selector} :is(th, td)`)) {
              const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
              for (let n = walker.nextNode(); n; n = walker.nextNode()) {
                // Plain words (letters, digits, underscores) have no break opportunity of their own.
                for (const m of (n.textContent ?? '').matchAll(/\w+/g)) {
                  const r = document.createRange();
                  r.setStart(n, m.index ?? 0);
                  r.setEnd(n, (m.index ?? 0) + m[0].length);
                  if (new Set([...r.getClientRects()].map((x) => Math.round(x.top))).size > 1) cut.push(m[0]);
                }
              }
            }
            return { tables: tables.length, cut, scrollWidth: document.documentElement.scrollWidth };
          }, selector);
          assert.ok(result.tables >= 4, `introduction tables rendered (${result.tables})`);
          assert.deepEqual(result.cut, [], 'words cut across lines');
          assert.ok(result.scrollWidth <= width, `page scroll width ${result.scrollWidth} <= ${width}`);
        });
      });
    }
});

test.describe('links into the former single-page reference', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  for (const [anchor, page] of [
    ['tag/orders/PUT/store/orders/{orderId}', '/reference/replace-order/'],
    ['tag/animals/GET/pets', '/reference/list-pets/'],
    ['tag/inventory', '/reference/tags/inventory/'],
    ['tag/animals/description/whatever', '/reference/tags/animals/'],
  ]) {
    test(`/reference/#${anchor} lands on ${page}`, async ({ page: tab, baseURL }) => {
      await tab.goto(`${baseURL}/reference/#${anchor}`);
      await tab.waitForURL(`${baseURL}${page}`, { timeout: 10_000 });
    });
  }

  test('the explorer opens at the operation a page links to, without a focus frame round the section', async ({
    page,
    baseURL,
  }) => {
    await page.goto(`${baseURL}/reference/replace-order/`);
    await page.getByRole('link', { name: 'Open in the explorer' }).click();
    const section = page.locator('section[id$="/tag/orders/PUT/store/orders/{orderId}"]');
    await section.waitFor({ timeout: SCALAR_RENDER_MS });
    await page.waitForFunction(() => document.activeElement?.tagName === 'SECTION', null, { timeout: 10_000 });
    const focused = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement;
      return { id: el.id, outline: getComputedStyle(el).outlineStyle };
    });
    assert.match(focused.id, /\/tag\/orders\/PUT\/store\/orders\/\{orderId\}$/);
    assert.equal(focused.outline, 'none');
  });
});

test.describe('the reference sidebar', () => {
  // 800px is the narrowest screen with the sidebar beside the page (Starlight's 50rem), 1280px a laptop.
  for (const width of [800, 1280])
    test(`labels wrap at word boundaries and badges stay whole (${width}px)`, async ({ page, baseURL }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`${baseURL}/reference/replace-order/`);
      const result = await page.evaluate(() => {
        const lines = (n: Node, from: number, to: number): number => {
          const r = document.createRange();
          r.setStart(n, from);
          r.setEnd(n, to);
          return new Set([...r.getClientRects()].map((x) => Math.round(x.top))).size;
        };
        const cut: string[] = [];
        const badges: string[] = [];
        const entries = [...document.querySelectorAll<HTMLAnchorElement>('nav a.ref-op')];
        for (const a of entries) {
          const label = a.querySelector(':scope > span:not(.sl-badge)');
          const text = label?.firstChild;
          if (!text) continue;
          for (const m of (text.textContent ?? '').matchAll(/\S+/g)) {
            if (lines(text, m.index ?? 0, (m.index ?? 0) + m[0].length) > 1) cut.push(`${a.pathname}: ${m[0]}`);
          }
          const badge = a.querySelector<HTMLElement>('.sl-badge');
          const badgeText = badge?.firstChild;
          if (
            badge &&
            badgeText &&
            (lines(badgeText, 0, badgeText.textContent?.length ?? 0) > 1 || badge.scrollWidth > badge.clientWidth + 1)
          )
            badges.push(`${a.pathname}: ${badge.textContent}`);
        }
        return { entries: entries.length, cut, badges };
      });
      assert.ok(result.entries >= 18, `operations in the sidebar (${result.entries})`);
      assert.deepEqual(result.cut, [], 'words cut across lines');
      assert.deepEqual(result.badges, [], 'badges broken or clipped');
    });

  test('the deprecated operation says so once: the badge', async ({ page, baseURL }) => {
    await page.goto(`${baseURL}/reference/`);
    const entry = page.locator('nav a.ref-op[href="/reference/get-pet/"]');
    assert.equal((await entry.locator(':scope > span:not(.sl-badge)').textContent())?.trim(), 'Get a pet');
    assert.equal((await entry.locator('.sl-badge').textContent())?.trim(), 'Deprecated');
    assert.equal((await entry.textContent())?.match(/deprecated/gi)?.length, 1, 'one mark');
  });
});
