// The in-browser mock on a static host: dist/client served by a plain static file server (no mock
// route), where try-it registers the service worker of site/mock/hosts/worker.ts on its first use and the
// mock runs in the reader's browser, with its data in IndexedDB. And where it must not appear:
// pages only read, and sites whose server has the mock.
import assert from 'node:assert/strict';
import type { Page } from '@playwright/test';
import { BROWSER_MOCK_NOTICE } from '../../site/reference/browser/guard.ts';
import { expect, test } from '../support/browser.ts';
import { mountedMock, req } from '../support/mock.ts';

/** Clicks "Try it" and waits for the request client's send button. */
async function openTryIt(page: Page) {
  await page.getByRole('button', { name: 'Try it' }).click();
  const client = page.locator('.scalar-client');
  await client.getByRole('button', { name: /^Send/ }).first().waitFor({ timeout: 30_000 });
  return client;
}

/** Clicks Send and returns the mock's answer to it. */
async function send(page: Page, client: Awaited<ReturnType<typeof openTryIt>>, origin: string) {
  const answered = page.waitForResponse((r) => r.url().startsWith(`${origin}/api/mock/`));
  await client.getByRole('button', { name: /^Send/ }).first().click();
  return answered;
}

/** The pets' names as this page's mock token sees them (a request through the page, so through the worker). */
function petNames(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const token = localStorage.getItem('petstore-mock-token');
    const res = await fetch('/api/mock/pets?limit=100', { headers: { authorization: `Bearer ${token}` } });
    return ((await res.json()) as Array<{ name: string }>).map((p) => p.name);
  });
}

const registrations = (page: Page) =>
  page.evaluate(async () => (await navigator.serviceWorker.getRegistrations()).map((r) => r.scope));

test.describe('static hosting: the mock in the reader’s browser', () => {
  test.use({ baseURL: async ({ staticHost }, use) => use(staticHost.url) });

  test('a page that is only read registers no service worker', async ({ page, origin }) => {
    await page.goto(`${origin}/reference/list-pets/`, { waitUntil: 'networkidle' });
    assert.deepEqual(await registrations(page), []);
  });

  test('list, create, list, reload, reset: the in-browser mock keeps this browser’s data', async ({ page, origin }) => {
    await page.goto(`${origin}/reference/list-pets/`);
    let client = await openTryIt(page);
    // One line in the client's dialog (which keeps keyboard focus inside it), with the reset button.
    await expect(page.locator('.scalar-client[role="dialog"] .ref-tryit-backend')).toContainText(BROWSER_MOCK_NOTICE);
    assert.deepEqual(await registrations(page), [`${origin}/reference/`]);

    const listed = await send(page, client, origin);
    assert.equal(listed.status(), 200);
    assert.ok(listed.fromServiceWorker(), 'answered by the service worker');
    assert.equal(((await listed.json()) as unknown[]).length, 6, 'the seed pets');
    await expect(client.getByText('"Rex"').first()).toBeVisible();

    // Create the example pet (Coco) with the client on POST /pets.
    await page.goto(`${origin}/reference/create-pet/`);
    client = await openTryIt(page);
    const created = await send(page, client, origin);
    assert.equal(created.status(), 201);
    assert.equal(((await created.json()) as { name: string }).name, 'Coco');
    assert.ok((await petNames(page)).includes('Coco'), 'listed after it was created');

    // Saved in IndexedDB before the answer came back, so a reload, or the browser stopping the
    // worker, keeps it.
    const saved = await page.evaluate(
      () =>
        new Promise<string>((resolve, reject) => {
          const open = indexedDB.open('petstore-mock');
          open.onerror = () => reject(open.error);
          open.onsuccess = () => {
            const get = open.result.transaction('state').objectStore('state').get('sandboxes');
            get.onsuccess = () => resolve(JSON.stringify(get.result));
            get.onerror = () => reject(get.error);
          };
        }),
    );
    assert.match(saved, /"name":"Coco"/);
    await page.goto(`${origin}/reference/list-pets/`);
    await page.reload();
    client = await openTryIt(page);
    const again = await send(page, client, origin);
    const names = ((await again.json()) as Array<{ name: string }>).map((p) => p.name);
    assert.ok(names.includes('Coco'), `still there after a reload: ${names.join(', ')}`);

    // Reset: the seed data is back.
    await page.locator('.ref-tryit-backend').getByRole('button', { name: 'Reset its data' }).click();
    await expect(page.locator('.ref-tryit-backend')).toContainText('back to the seed data');
    assert.deepEqual(await petNames(page), ['Rex', 'Bella', 'Whiskers', 'Tweety', 'Luna', 'Max']);
  });

  test('a validation error gives the same 400 body as the server mock', async ({ page, origin }) => {
    await page.goto(`${origin}/reference/create-pet/`);
    await openTryIt(page);
    const body = '{"name":1,"categoryId":"x","status":"lost"}';
    const inBrowser = await page.evaluate(async (body) => {
      const res = await fetch('/api/mock/pets?limit=1', {
        method: 'POST',
        headers: { authorization: 'Bearer t', 'content-type': 'application/json' },
        body,
      });
      return { status: res.status, body: await res.text() };
    }, body);
    const server = await (await mountedMock()).handle(req('POST', '/pets?limit=1', { body }));
    assert.equal(inBrowser.status, 400);
    assert.deepEqual(
      { status: inBrowser.status, body: inBrowser.body },
      { status: server.status, body: await server.text() },
    );
  });

  test.describe('a browser without service workers', () => {
    test.use({ serviceWorkers: 'block' });
    test('try-it says clearly that the mock is unavailable', async ({ page, origin }) => {
      await page.goto(`${origin}/reference/list-pets/`);
      const client = await openTryIt(page);
      await client.getByRole('button', { name: /^Send/ }).first().click();
      await expect(page.locator('.ref-tryit-status')).toContainText('mock API is not available on this host', {
        timeout: 15_000,
      });
    });
  });
});

test.describe('a site whose server has the mock', () => {
  test('try-it uses the server and registers no service worker', async ({ page, origin }) => {
    await page.goto(`${origin}/reference/list-pets/`);
    const client = await openTryIt(page);
    const answered = await send(page, client, origin);
    assert.equal(answered.status(), 200);
    assert.equal(answered.fromServiceWorker(), false);
    assert.equal(await page.evaluate(() => document.documentElement.dataset.mockBackend), 'server');
    assert.deepEqual(await registrations(page), []);
    await expect(page.locator('.ref-tryit-backend')).toHaveCount(0);
  });

  test('the worker runs under the CSP the site sends (no eval, nothing compiled at run time)', async ({
    page,
    origin,
  }) => {
    const violations: string[] = [];
    page.on('console', (m) => {
      if (/Content Security Policy|unsafe-eval/i.test(m.text())) violations.push(m.text());
    });
    const response = await page.goto(`${origin}/reference/list-pets/`);
    assert.match((await response?.headerValue('content-security-policy')) ?? '', /worker-src 'self'/);
    assert.doesNotMatch((await response?.headerValue('content-security-policy')) ?? '', /'unsafe-eval'/);
    // Registered by hand: on this server try-it would use the server's mock instead.
    const answer = await page.evaluate(async () => {
      const sw = navigator.serviceWorker;
      const changed = new Promise((resolve) => sw.addEventListener('controllerchange', resolve, { once: true }));
      await sw.register('/reference/mock-sw.js', { scope: '/reference/' });
      if (!sw.controller) await changed;
      const res = await fetch('/api/mock/pets/x', { headers: { authorization: 'Bearer t' } });
      return { status: res.status, body: await res.json() };
    });
    assert.equal(answer.status, 400);
    assert.equal((answer.body as { code: string }).code, 'validation_failed');
    assert.deepEqual(violations, []);
  });
});
