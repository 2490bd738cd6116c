// Several APIs in one site, in the browser on a static host (no mock route): from the catalog to an
// operation of the second API, whose try-it is answered by that API's own in-browser mock (its worker
// below its base), and the search dialog kept to the API being read.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { buildApis } from '../support/apis.ts';
import { expect, openSiteSearch, searchResults, testOnBuiltSite } from '../support/browser.ts';
import { ROOT } from '../support/server.ts';

const DIST = join(ROOT, '.test-dist/browser-apis');

const test = testOnBuiltSite(DIST, () => buildApis(DIST));

test("from the catalog to the partner API's operation: try-it answered by the partner's in-browser mock", async ({
  page,
}) => {
  await page.goto('/reference/');
  await page.getByRole('main').getByRole('link', { name: 'Partner Pets API' }).first().click();
  await page.waitForURL('**/reference/partner/');
  await page.getByRole('main').getByRole('link', { name: "List the partner's pets" }).first().click();
  await page.waitForURL('**/reference/partner/list-pets/');
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toContainText('Partner Pets API');

  await page.getByRole('button', { name: 'Try it' }).click();
  const client = page.locator('.scalar-client');
  const send = client.getByRole('button', { name: /^Send/ }).first();
  await send.waitFor({ timeout: 30_000 });
  const answered = page.waitForResponse((r) => new URL(r.url()).pathname.startsWith('/api/mock/'));
  await send.click();
  const response = await answered;
  assert.equal(new URL(response.url()).pathname, '/api/mock/partner/pets');
  assert.ok(response.fromServiceWorker(), 'answered by the in-browser mock');
  assert.equal(response.status(), 200, await response.text());
  assert.deepEqual(
    ((await response.json()) as Array<{ name: string }>).map((p) => p.name),
    ['Biscuit'],
  );
  const scopes = await page.evaluate(async () =>
    (await navigator.serviceWorker.getRegistrations()).map((r) => new URL(r.scope).pathname),
  );
  assert.deepEqual(scopes, ['/reference/partner/'], "the partner's worker only");
});

test("an operation needing another scheme than its API's: try-it asks for that one, sends it and remembers it", async ({
  page,
}) => {
  const open = async (path: string) => {
    await page.goto(path);
    await page.getByRole('button', { name: 'Try it' }).click();
    const client = page.locator('.scalar-client');
    await client.getByRole('button', { name: /^Send/ }).first().waitFor({ timeout: 30_000 });
    return client;
  };
  const sent = async () => {
    const request = page.waitForRequest((r) => new URL(r.url()).pathname.startsWith('/api/mock/'));
    await page.locator('.scalar-client').getByRole('button', { name: /^Send/ }).first().click();
    return (await request).headers();
  };
  // getShelter needs partner_admin (X-Partner-Admin); the partner's other operations partner_key.
  const client = await open('/reference/partner/get-shelter/');
  const key = client.locator('input').first();
  await expect(key).toHaveValue(/^reader-/);
  await key.fill('admin-key-1');
  await key.blur();
  const admin = await sent();
  assert.equal(admin['x-partner-admin'], 'admin-key-1');
  assert.equal(admin['x-partner-key'], undefined);

  await open('/reference/partner/list-pets/');
  const list = await sent();
  assert.match(list['x-partner-key'] ?? '', /^reader-/, "the API's own scheme, with the sandbox token");
  assert.equal(list['x-partner-admin'], undefined);

  await page.reload();
  await page.goto('/reference/partner/get-shelter/');
  await page.getByRole('button', { name: 'Try it' }).click();
  await page.locator('.scalar-client').getByRole('button', { name: /^Send/ }).first().waitFor({ timeout: 30_000 });
  assert.equal((await sent())['x-partner-admin'], 'admin-key-1', 'remembered for that scheme');
});

test('search keeps to the API being read, each result saying its API; "All APIs" drops it', async ({ page }) => {
  await page.goto('/reference/partner/delete-pet/');
  const input = await openSiteSearch(page);
  const all = page.getByRole('checkbox', { name: /All APIs/ });
  await expect(all).not.toBeChecked();
  await input.fill('deletePet');
  const own = await searchResults(page);
  const deletes = (found: Array<{ path: string }>) =>
    found
      .map((r) => r.path)
      .filter((p) => p.endsWith('/delete-pet/'))
      .sort();
  assert.deepEqual(deletes(own), ['/reference/partner/delete-pet/']);
  for (const r of own) if (r.path.startsWith('/reference/')) assert.match(r.api ?? '', /Partner Pets API/, r.path);
  await all.check();
  // The other APIs' deletePet pages too (the Petstore's, every version of it: the partner has no versions to keep to).
  await expect
    .poll(async () => deletes(await searchResults(page)).includes('/reference/petstore/delete-pet/'), {
      timeout: 15_000,
    })
    .toBe(true);
  assert.ok(deletes(await searchResults(page)).includes('/reference/partner/delete-pet/'));
});
