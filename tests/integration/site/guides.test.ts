// The guides as `npm start` serves them, checked against what the API really does: the getting-started
// error example is the mock's own answer, and its code table is the error catalogue of spec/catalogue.ts.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { ERROR_STATUS } from '../../../spec/catalogue.ts';
import { type RunningSite, startSite } from '../../support/server.ts';

let site: RunningSite;
let html: string;

before(async () => {
  site = await startSite();
  html = await (await fetch(`${site.url}/guides/getting-started/`)).text();
});
after(async () => {
  await site?.stop();
});

/** Text of an HTML fragment: tags dropped, the few entities Astro writes decoded, spaces collapsed. */
function text(fragment: string): string {
  return fragment
    .replace(/<[^>]+>/g, '')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
}

describe('getting started: errors', () => {
  test('the Error example is what the mock answers for a missing pet', async () => {
    const section = html.slice(html.indexOf('id="errors"'), html.indexOf('id="error-codes"'));
    const pre = /<pre[^>]*data-language="json"[^>]*>([\s\S]*?)<\/pre>/.exec(section);
    assert.ok(pre?.[1], 'a JSON example under "Errors"');
    const shown = JSON.parse(text(pre[1]));
    const res = await fetch(`${site.url}/api/mock/pets/99`, { headers: { Authorization: 'Bearer demo-token' } });
    assert.equal(res.status, 404);
    assert.deepEqual(shown, await res.json());
  });

  test('the code table lists exactly the error catalogue, each with its status', () => {
    const section = html.slice(html.indexOf('id="error-codes"'));
    const table = /<table>([\s\S]*?)<\/table>/.exec(section)?.[1] ?? '';
    const rows = [...table.matchAll(/<tr>([\s\S]*?)<\/tr>/g)]
      .map((m) => [...(m[1] ?? '').matchAll(/<td[^>]*>([\s\S]*?)<\/td>/g)].map((c) => text(c[1] ?? '')))
      .filter((cells) => cells.length >= 2);
    const shown = Object.fromEntries(rows.map((cells) => [cells[1], Number(cells[0])]));
    assert.deepEqual(shown, { ...ERROR_STATUS });
  });
});

describe('guide pagination', () => {
  test('"Next" on a guide always leads to a page, never to the openapi.yaml or openapi.json download', async () => {
    for (const path of ['/', '/guides/getting-started/', '/guides/custom-domains/', '/guides/api-changes/']) {
      const page = await (await fetch(`${site.url}${path}`)).text();
      for (const m of page.matchAll(/<a\b[^>]*\brel="(?:next|prev)"[^>]*>/g)) {
        const href = /\bhref="([^"]*)"/.exec(m[0])?.[1] ?? '';
        assert.doesNotMatch(href, /\.(?:ya?ml|json)$/, `${path}: ${m[0]}`);
      }
    }
  });
});

describe('getting started: deprecation headers', () => {
  test('the guide promises Deprecation, Sunset and Link on exactly the responses that carry them', async () => {
    const section = text(
      html.slice(html.indexOf('id="deprecation-policy"'), html.indexOf('id="deprecated-operations"')),
    );
    const auth = { Authorization: 'Bearer demo-token' };
    const ok = await fetch(`${site.url}/api/mock/pets/1`, { headers: auth });
    const missing = await fetch(`${site.url}/api/mock/pets/99`, { headers: auth });
    assert.equal(ok.status, 200);
    assert.equal(missing.status, 404);
    for (const h of ['Deprecation', 'Sunset', 'Link']) assert.ok(ok.headers.get(h), `200 carries ${h}`);
    // The API sends the headers on successful answers only: the guide must not promise them on every response.
    const onErrors = ['Deprecation', 'Sunset'].some((h) => missing.headers.get(h));
    if (!onErrors) {
      assert.doesNotMatch(section, /every response of the operation/);
      assert.match(section, /every successful \(2xx\) response of the operation carries the headers/);
    }
  });
});
