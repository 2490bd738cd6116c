// Reader-level layout checks of the built site as `npm start` serves it: the /reference site bar on a
// phone-sized screen, the tables of the reference introduction, the operation a link points to, and the
// site icon every page links. Chromium through playwright-core; a failing test keeps a screenshot.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Browser } from 'playwright-core';
import { launchBrowser, recordRequests, withScreenshot } from '../support/browser.ts';
import { type RunningSite, startSite } from '../support/server.ts';

let site: RunningSite;
let browser: Browser;

before(async () => {
  site = await startSite();
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
  await site?.stop();
});

describe('/reference on a 390px wide screen', () => {
  test('every site-bar link sits inside the bar and can be reached', async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const log = recordRequests(context);
    const page = await context.newPage();
    try {
      await withScreenshot('reference site bar at 390px', page, async () => {
        await page.goto(`${site.url}/reference/`);
        const bar = page.locator('header.site-bar');
        const barBox = await bar.boundingBox();
        assert.ok(barBox, 'the site bar is rendered');
        const links = bar.locator('a');
        const labels = await links.allTextContents();
        assert.deepEqual(
          labels.map((l) => l.trim()),
          ['Petstore API', 'Getting started', 'Custom domains', 'API reference', 'openapi.yaml', 'openapi.json'],
        );
        for (let i = 0; i < labels.length; i++) {
          const link = links.nth(i);
          await link.scrollIntoViewIfNeeded();
          const box = await link.boundingBox();
          assert.ok(box, `${labels[i]} has a box`);
          // Fully inside the bar vertically (not clipped by its 48px height) and on screen once scrolled to.
          assert.ok(box.y >= barBox.y && box.y + box.height <= barBox.y + barBox.height, `${labels[i]} inside the bar`);
          assert.ok(
            box.x >= 0 && box.x + box.width <= 390 + 0.5,
            `${labels[i]} on screen (x ${box.x}, w ${box.width})`,
          );
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
        assert.deepEqual(log.foreign(site.url), [], 'requests to other hosts');
      });
    } finally {
      await context.close();
    }
  });
});

describe('site icon', () => {
  test('every page links an icon that loads, and no page asset is missing', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const missing: string[] = [];
    page.on('response', (r) => {
      // The reference probes the mock once at load; its JSON 404 is the expected answer.
      if (r.status() >= 400 && !new URL(r.url()).pathname.startsWith('/api/mock'))
        missing.push(`${r.status()} ${r.url()}`);
    });
    try {
      for (const path of ['/', '/guides/getting-started/', '/guides/custom-domains/', '/reference/']) {
        await withScreenshot(`site icon on ${path}`, page, async () => {
          await page.goto(`${site.url}${path}`, { waitUntil: 'networkidle' });
          const href = await page.locator('link[rel~="icon"]').first().getAttribute('href');
          assert.ok(href, `${path} links an icon`);
          const res = await page.request.get(new URL(href, `${site.url}${path}`).href);
          assert.equal(res.status(), 200, `${path}: ${href}`);
          assert.match(res.headers()['content-type'] ?? '', /^image\/svg\+xml/);
          assert.match(await res.text(), /^<svg /);
        });
      }
      assert.deepEqual(missing, [], 'responses with an error status');
    } finally {
      await context.close();
    }
  });
});

describe('/reference introduction tables', () => {
  for (const width of [1280, 390]) {
    test(`no word in a table cell is cut across lines, and the page does not scroll sideways (${width}px)`, async () => {
      const context = await browser.newContext({ viewport: { width, height: 900 } });
      const page = await context.newPage();
      try {
        await withScreenshot(`reference tables at ${width}px`, page, async () => {
          await page.goto(`${site.url}/reference/`);
          await page.locator('#reference .markdown table').first().waitFor({ timeout: 20_000 });
          const result = await page.evaluate(() => {
            const cut: string[] = [];
            const tables = document.querySelectorAll('#reference .markdown table');
            for (const cell of document.querySelectorAll('#reference .markdown table :is(th, td)')) {
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
          });
          assert.ok(result.tables >= 4, `introduction tables rendered (${result.tables})`);
          assert.deepEqual(result.cut, [], 'words cut across lines');
          assert.ok(result.scrollWidth <= width, `page scroll width ${result.scrollWidth} <= ${width}`);
        });
      } finally {
        await context.close();
      }
    });
  }
});

describe('/reference deep links', () => {
  test('the operation a link points to is shown without a focus frame round the whole section', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    try {
      await withScreenshot('reference deep link focus', page, async () => {
        await page.goto(`${site.url}/guides/getting-started/`);
        await page.locator('a[href="/reference/#tag/orders/PUT/store/orders/{orderId}"]').first().click();
        const section = page.locator('section[id$="/tag/orders/PUT/store/orders/{orderId}"]');
        await section.waitFor({ timeout: 20_000 });
        await page.waitForFunction(() => document.activeElement?.tagName === 'SECTION', null, { timeout: 10_000 });
        const focused = await page.evaluate(() => {
          const el = document.activeElement as HTMLElement;
          return { id: el.id, outline: getComputedStyle(el).outlineStyle };
        });
        assert.match(focused.id, /\/tag\/orders\/PUT\/store\/orders\/\{orderId\}$/);
        assert.equal(focused.outline, 'none');
      });
    } finally {
      await context.close();
    }
  });
});
