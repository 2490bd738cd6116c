// Try-it for an event operation in the browser, on a static host (tests/fixtures/event-apis built): the
// panel opens from the keyboard, its controls are labelled, axe finds no WCAG 2.2 AA violation, and a
// WebSocket that no server takes says that it needs the server.

import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, testOnBuiltSite } from '../support/browser.ts';
import { buildDescription } from '../support/built-pages.ts';
import { ROOT } from '../support/server.ts';

const DIST = join(ROOT, '.test-dist/browser-event-apis');
const WCAG_22_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

const test = testOnBuiltSite(DIST, () =>
  buildDescription('', DIST, {
    PETSTORE_APIS: join(ROOT, 'tests/fixtures/event-apis/apis.yaml'),
    BUILD_DATE: '2026-11-27',
  }),
);

test('the event try-it panel: opened by keyboard, labelled, no axe violation, honest about WebSockets', async ({
  page,
}) => {
  await page.goto('/reference/kraken/receive-ping/');
  const button = page.getByRole('button', { name: 'Try it', exact: true });
  await button.focus();
  await page.keyboard.press('Enter');
  const connect = page.getByRole('button', { name: 'Connect', exact: true });
  await expect(connect).toBeFocused();
  await expect(page.getByLabel('Message', { exact: true })).toHaveValue(/"event": "ping"/);
  await expect(page.getByLabel('Transport', { exact: true })).toHaveValue('ws');
  const results = await new AxeBuilder({ page }).include('.ev-tryit').withTags(WCAG_22_AA).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
  await page.keyboard.press('Enter');
  await expect(page.locator('.ev-tryit-status')).toContainText('A WebSocket needs the server (npm start)', {
    timeout: 10_000,
  });
});
