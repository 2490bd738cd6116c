// Try-it for an event operation in the browser, on a static host (tests/fixtures/event-apis built and served
// by a plain static file server, no mock route): the panel opens from the keyboard, its controls are
// labelled, axe finds no WCAG 2.2 AA violation, it runs the API's event mock in the reader's browser (a
// service worker): Server-Sent Events stream the messages the API sends, named, through the worker's fetch
// handler; a POST of a message gets its reply with the correlation id copied, or 400 naming the field; and a
// WebSocket says that it needs the server. And that worker runs under the CSP the site's server sends (no
// eval: its validators were compiled at build time).

import { join, relative } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { translator } from '../../site/i18n/catalogue.ts';
import { expect, testOnBuiltSite } from '../support/browser.ts';
import { buildDescription } from '../support/built-pages.ts';
import { ROOT, type RunningSite, startSite } from '../support/server.ts';

const DIST = join(ROOT, '.test-dist/browser-event-apis');
/** The panel's words in English, as the page writes them from the catalogue. */
const en = translator('en');
const WCAG_22_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

const LIST = join(ROOT, 'tests/fixtures/event-apis/apis.yaml');
const test = testOnBuiltSite(DIST, () => buildDescription('', DIST, { PETSTORE_APIS: LIST, BUILD_DATE: '2026-11-27' }));

test('the event try-it panel: opened by keyboard, labelled, no axe violation, honest about WebSockets', async ({
  page,
}) => {
  await page.goto('/reference/kraken/receive-ping/');
  const button = page.getByRole('button', { name: 'Try it', exact: true });
  await button.focus();
  await page.keyboard.press('Enter');
  const connect = page.getByRole('button', { name: 'Connect', exact: true });
  await expect(connect).toBeFocused({ timeout: 15_000 });
  await expect(page.getByLabel('Message', { exact: true })).toHaveValue(/"event": "ping"/);
  // A static host: the in-browser mock answers, so Server-Sent Events (and POST) are chosen.
  await expect(page.locator('.ev-tryit-backend')).toHaveText(en('ev.tryit.backendBrowser'));
  await expect(page.getByLabel('Transport', { exact: true })).toHaveValue('sse');
  const results = await new AxeBuilder({ page }).include('.ev-tryit').withTags(WCAG_22_AA).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
  await page.getByLabel('Transport', { exact: true }).selectOption('ws');
  await connect.focus();
  await page.keyboard.press('Enter');
  await expect(page.locator('.ev-tryit-status')).toHaveText(en('ev.tryit.wsNeedsServer'));
});

test('on a static host: Server-Sent Events and POST through the in-browser event mock', async ({ page, origin }) => {
  // The mock's answers to the panel's requests (the reader's token in `access_token`; the probe of the
  // site's server, which the worker lets through, has none).
  const answers: { method: string; status: number; fromWorker: boolean; policy: string | null }[] = [];
  page.on('response', (r) => {
    const url = new URL(r.url());
    if (!url.pathname.startsWith('/api/mock/kraken/') || !url.searchParams.has('access_token')) return;
    answers.push({
      method: r.request().method(),
      status: r.status(),
      fromWorker: r.fromServiceWorker(),
      policy: r.headers()['ratelimit-policy'] ?? null,
    });
  });
  await page.goto('/reference/kraken/receive-ping/');
  await page.getByRole('button', { name: 'Try it', exact: true }).click();
  await page.getByRole('button', { name: 'Connect', exact: true }).click();
  await expect(page.locator('.ev-tryit-status')).toHaveText('Connected: Server-Sent Events.', { timeout: 15_000 });
  const log = page.locator('.ev-tryit-log');
  // The messages Kraken sends on its channel, each under its message's name, as they come: the stream
  // stays open, so these arrive only if the worker's answer streams.
  await expect(log.getByText('← heartbeat', { exact: true }).first()).toBeVisible({ timeout: 10_000 });
  await expect(log.getByText('← systemStatus', { exact: true }).first()).toBeVisible({ timeout: 10_000 });
  await expect(log.getByText('← heartbeat', { exact: true })).not.toHaveCount(1, { timeout: 10_000 });
  const stream = answers.find((a) => a.method === 'GET');
  expect(stream, 'the EventSource request was answered').toBeDefined();
  expect(stream?.status).toBe(200);
  expect(stream?.fromWorker, 'by the service worker').toBe(true);
  expect(stream?.policy, 'with the rate limit').toBe('"default";q=600;w=60');
  const registered = await page.evaluate(async () =>
    (await navigator.serviceWorker.getRegistrations()).map((r) => r.scope),
  );
  expect(registered).toEqual([`${origin}/reference/kraken/`]);

  // A ping with its request id: the pong comes back with the id copied (Kraken's correlation id).
  const message = page.getByLabel('Message', { exact: true });
  await message.fill('{"event": "ping", "reqid": 42}');
  await page.getByRole('button', { name: 'Send the message' }).click();
  const reply = log.locator('li', { hasText: 'pong (reply, 202)' });
  await expect(reply).toContainText('"reqid": 42');
  expect(answers.find((a) => a.method === 'POST')).toMatchObject({ status: 202, fromWorker: true });

  // A message that fits no message Kraken receives: 400 naming the field.
  await message.fill('{"event": "ping", "reqid": "forty-two"}');
  await page.getByRole('button', { name: 'Send the message' }).click();
  await expect(log.locator('li', { hasText: '400' })).toContainText('payload.reqid');
  await page.getByRole('button', { name: 'Disconnect', exact: true }).click();
});

/** The same build served by `npm start`'s server, which sends the site's CSP. */
const onServer = test.extend<object, { eventServer: RunningSite }>({
  eventServer: [
    async ({ builtHost }, use) => {
      void builtHost; // built (and kept) for as long as the server runs
      const site = await startSite({ DIST_DIR: relative(ROOT, DIST), PETSTORE_APIS: LIST }, 120_000);
      try {
        await use(site);
      } finally {
        await site.stop();
      }
    },
    { scope: 'worker', timeout: 180_000 },
  ],
});

onServer.describe('the in-browser event mock under the site’s CSP', () => {
  onServer.use({ baseURL: async ({ eventServer }, use) => use(eventServer.url) });

  onServer('its worker checks a message with validators compiled at build time: no eval', async ({ page }) => {
    const violations: string[] = [];
    page.on('console', (m) => {
      if (/Content Security Policy|unsafe-eval/i.test(m.text())) violations.push(m.text());
    });
    const response = await page.goto('/reference/kraken/receive-ping/');
    const csp = (await response?.headerValue('content-security-policy')) ?? '';
    expect(csp).toContain("worker-src 'self'");
    expect(csp).not.toContain("'unsafe-eval'");
    // Registered by hand: on this server the panel would use the server's mock instead.
    const posted = page.waitForResponse(
      (r) => r.request().method() === 'POST' && r.url().includes('/api/mock/kraken/'),
    );
    const answer = await page.evaluate(async () => {
      const sw = navigator.serviceWorker;
      const changed = new Promise((resolve) => sw.addEventListener('controllerchange', resolve, { once: true }));
      await sw.register('/reference/kraken/mock-sw.js', { scope: '/reference/kraken/' });
      if (!sw.controller) await changed;
      const res = await fetch('/api/mock/kraken/?access_token=csp', {
        method: 'POST',
        body: '{"event": "ping", "reqid": "x"}',
      });
      return { status: res.status, body: (await res.json()) as { errors?: { field: string }[] } };
    });
    expect((await posted).fromServiceWorker(), 'answered by the worker').toBe(true);
    expect(answer.status).toBe(400);
    expect(answer.body.errors?.map((e) => e.field)).toEqual(['payload.reqid']);
    expect(violations).toEqual([]);
  });
});
