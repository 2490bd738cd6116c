// The serving rules (site/serving/rules.ts): one definition for `npm start` and `_headers`.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { describe, test } from 'node:test';
import {
  ALLOW,
  CACHE_IMMUTABLE,
  CACHE_NONE,
  CACHE_REVALIDATE,
  cacheControl,
  contentSecurityPolicy,
  fileMethodAllowed,
  HEADERS_FILE_MAX_RULES,
  headersFile,
  headersFileProblems,
  headersFor,
  inlineScriptHashes,
  serverOrigins,
} from '../../../site/serving/rules.ts';

const sha = (t: string): string => createHash('sha256').update(t).digest('base64');
const inputs = { scriptHashes: ['sha256-abc='], apiOrigins: ['https://petstore.example.com'] };

describe('serving rules', () => {
  test('cache classes by path', () => {
    assert.equal(cacheControl('/_astro/page.Ab12.js'), CACHE_IMMUTABLE);
    assert.equal(cacheControl('/pagefind/fragment/en_1.pf_fragment'), CACHE_IMMUTABLE);
    assert.equal(cacheControl('/pagefind/pagefind.js'), CACHE_REVALIDATE);
    assert.equal(cacheControl('/'), CACHE_REVALIDATE);
    assert.equal(cacheControl('/openapi.yaml'), CACHE_REVALIDATE);
    assert.equal(cacheControl('/api/mock/pets'), CACHE_NONE);
  });

  test('the page policy has hashes and no unsafe-inline/unsafe-eval for scripts; the API policy loads nothing', () => {
    const csp = contentSecurityPolicy(inputs);
    assert.match(csp, /script-src 'self' 'wasm-unsafe-eval' 'sha256-abc='/);
    assert.doesNotMatch(csp, /script-src[^;]*'unsafe-(inline|eval)'/);
    assert.match(csp, /connect-src 'self' https:\/\/petstore\.example\.com/);
    assert.match(csp, /frame-ancestors 'none'/);
    assert.equal(
      headersFor('/api/mock/pets', inputs)['Content-Security-Policy'],
      "default-src 'none'; frame-ancestors 'none'",
    );
    assert.equal(headersFor('/', inputs)['Strict-Transport-Security'], undefined);
    assert.equal(headersFor('/', inputs, { hsts: true })['Strict-Transport-Security'], 'max-age=31536000');
  });

  test('pages and files answer GET and HEAD only, and say so in Allow; the API says its own', () => {
    assert.equal(ALLOW, 'GET, HEAD');
    for (const m of ['GET', 'HEAD']) assert.equal(fileMethodAllowed(m), true, m);
    for (const m of ['POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'TRACE', 'QUERY', 'get'])
      assert.equal(fileMethodAllowed(m), false, m);
    assert.equal(headersFor('/guides/getting-started/', inputs).Allow, 'GET, HEAD');
    assert.equal(headersFor('/_astro/x.js', inputs).Allow, 'GET, HEAD');
    assert.equal(headersFor('/api/mock/pets', inputs).Allow, undefined);
    assert.match(headersFile(inputs), /^\/\*\n(?: {2}.+\n)* {2}Allow: GET, HEAD$/m);
  });

  test('inline scripts are hashed, data blocks and external scripts are not', () => {
    const html =
      '<script>a()</script><script type="module">b()</script><script src="/x.js"></script>' +
      '<script type="application/json">{"c":1}</script><script type="text/javascript">d()</script>';
    assert.deepEqual(inlineScriptHashes(html, sha), [
      `sha256-${sha('a()')}`,
      `sha256-${sha('b()')}`,
      `sha256-${sha('d()')}`,
    ]);
  });

  test('server origins: variables at their defaults, relative URLs left out', () => {
    assert.deepEqual(
      serverOrigins([
        { url: '{base_url}', variables: { base_url: { default: 'https://petstore.example.com/v1' } } },
        { url: '/api/mock' },
      ]),
      ['https://petstore.example.com'],
    );
  });

  test('_headers: security headers once under /*, Cache-Control once per immutable pattern', () => {
    const text = headersFile(inputs);
    assert.match(text, /^\/\*\n {2}Content-Security-Policy: default-src 'self';/m);
    assert.match(text, /^\/_astro\/\*\n {2}Cache-Control: public, max-age=31536000, immutable$/m);
    assert.equal(text.match(/Content-Security-Policy/g)?.length, 1);
    assert.equal(text.match(/^ {2}Cache-Control/gm)?.length, 5);
    assert.match(
      text,
      /^\/pagefind\/indexes\/:index\/fragment\/\*\n {2}Cache-Control: public, max-age=31536000, immutable$/m,
    );
    assert.deepEqual(headersFileProblems(text), []);
  });

  test('_headers: a Link rule per page naming its twin, while the rules fit in the 100 Cloudflare reads', () => {
    const text = headersFile(inputs, ['/', '/reference/list-pets/']);
    assert.match(
      text,
      /^\/\*\n(?: {2}.+\n)* {2}Link: <\/llms\.txt>; rel="describedby"; type="text\/plain", <\/\.well-known\/api-catalog>; rel="api-catalog"/m,
    );
    assert.match(text, /^\/\n {2}Link: <\/index\.md>; rel="alternate"; type="text\/markdown"$/m);
    assert.match(
      text,
      /^\/reference\/list-pets\/\n {2}Link: <\/reference\/list-pets\.md>; rel="alternate"; type="text\/markdown"$/m,
    );
    const many = Array.from({ length: HEADERS_FILE_MAX_RULES }, (_, i) => `/p${i}/`);
    const big = headersFile(inputs, many);
    assert.doesNotMatch(big, /^\/p0\/$/m, 'past the limit no per-page rule');
    assert.match(big, /^# 100 pages with a Markdown twin: their Link rules would pass the 100 rules/m);
  });

  test('a CSP line longer than Cloudflare reads is reported', () => {
    const many = { ...inputs, scriptHashes: Array.from({ length: 60 }, (_, i) => `sha256-${sha(String(i))}`) };
    const problems = headersFileProblems(headersFile(many));
    assert.equal(problems.length, 1);
    assert.match(problems[0] ?? '', /^_headers:4: \d+ characters, over the 2000 .*Content-Security-Policy/);
  });
});
