// A reader's first Send in try-it, as the browser tests play it: open an operation's page, press
// "Try it", then Send once, changing nothing; what the mock answered. And which operations of a built
// API need no input its description does not exemplify (the ones whose first Send must succeed).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { isObject, type JsonObject } from '../../descriptions/json.ts';
import { loadDescription } from '../../descriptions/loader/index.ts';
import { deref } from '../../descriptions/refs.ts';

/** One operation of a built API: its page and what its description leaves to the reader. */
export interface TryItOperation {
  api: string;
  slug: string;
  method: string;
  path: string;
  /** The page, e.g. `/reference/security/get-anything-api-key/`. */
  page: string;
  /**
   * What the reader would have to type because the description gives no example for it (a required
   * parameter, a required request body), e.g. `path petId`; empty when Send works as the page opens.
   */
  unexemplified: string[];
}

function exemplified(doc: JsonObject, holder: JsonObject): boolean {
  if (holder.example !== undefined) return true;
  if (isObject(holder.examples) && Object.keys(holder.examples).length > 0) return true;
  const schema = deref(doc, holder.schema);
  return isObject(schema) && (schema.example !== undefined || Array.isArray(schema.examples));
}

/** What an operation needs that its description does not exemplify (see {@link TryItOperation}). */
function unexemplifiedInput(doc: JsonObject, path: string, method: string): string[] {
  const item = deref(doc, isObject(doc.paths) ? doc.paths[path] : undefined);
  const op = isObject(item) ? deref(doc, item[method]) : undefined;
  if (!isObject(item) || !isObject(op)) return [`no operation ${method} ${path}`];
  const missing: string[] = [];
  const params = new Map<string, JsonObject>();
  for (const list of [item.parameters, op.parameters]) {
    for (const raw of Array.isArray(list) ? list : []) {
      const p = deref(doc, raw);
      if (isObject(p)) params.set(`${p.in} ${p.name}`, p);
    }
  }
  for (const [key, p] of params) {
    if ((p.required === true || p.in === 'path') && !exemplified(doc, p)) missing.push(key);
  }
  const body = deref(doc, op.requestBody);
  if (isObject(body) && body.required === true && isObject(body.content)) {
    const media = Object.values(body.content).map((m) => deref(doc, m));
    if (!media.some((m) => isObject(m) && exemplified(doc, m))) missing.push('body');
  }
  return missing;
}

/**
 * The operations of one API of a built site, from its try-it documents (`<client>/reference/<api>/tryit/`),
 * each with what its description (loaded as the build loads it) leaves to the reader.
 * @param client the build's `client/` folder
 * @param description the API's description file
 */
export async function tryItOperations(client: string, api: string, description: string): Promise<TryItOperation[]> {
  const doc = (await loadDescription(description)).document as unknown as JsonObject;
  const dir = join(client, 'reference', api, 'tryit');
  const ops: TryItOperation[] = [];
  for (const file of readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()) {
    const data = JSON.parse(readFileSync(join(dir, file), 'utf8')) as { document: { paths: JsonObject } };
    const [path, item] = Object.entries(data.document.paths)[0] as [string, JsonObject];
    const method = Object.keys(item).find((k) => k !== 'parameters') as string;
    const slug = file.slice(0, -'.json'.length);
    ops.push({
      api,
      slug,
      method,
      path,
      page: `/reference/${api}/${slug}/`,
      unexemplified: unexemplifiedInput(doc, path, method),
    });
  }
  return ops;
}

/** What the first Send of an operation got: the mock's status, or why no answer came. */
export interface FirstSend {
  status?: number;
  body?: string;
  /** The request's URL and headers as sent (lower-case names). */
  url?: string;
  headers?: Record<string, string>;
  /** Why there is no status: no request left the page within the wait. */
  error?: string;
}

/**
 * Opens the operation's page, presses "Try it" and Send once, changing nothing.
 * @param page a page of the site under test
 * @param waitMs how long to wait for the request after Send
 */
export async function firstSend(page: Page, op: TryItOperation, waitMs = 15_000): Promise<FirstSend> {
  await page.goto(op.page);
  await page.getByRole('button', { name: 'Try it' }).click();
  const send = page.locator('.scalar-client').getByRole('button', { name: /^Send/ }).first();
  await send.waitFor({ timeout: 45_000 });
  const mock = `/api/mock/${op.api}/`;
  const answered = page
    .waitForResponse((r) => new URL(r.url()).pathname.startsWith(mock), { timeout: waitMs })
    .catch(() => undefined);
  await send.click();
  const response = await answered;
  if (!response) return { error: `no request to ${mock} within ${waitMs} ms` };
  return {
    status: response.status(),
    body: (await response.text().catch(() => '')).slice(0, 300),
    url: response.url(),
    headers: await response.request().allHeaders(),
  };
}
