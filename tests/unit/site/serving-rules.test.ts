// The serving rules (site/serving/rules.ts): one definition for `npm start` and `_headers`.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { describe, test } from 'node:test';
import {
  CACHE_IMMUTABLE,
  CACHE_NONE,
  CACHE_REVALIDATE,
  cacheControl,
  contentSecurityPolicy,
  headersFile,
  headersFor,
  inlineScriptHashes,
  publishedPaths,
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

  test('_headers: security headers once under /*, Cache-Control once per path, pages by their URL', () => {
    const paths = publishedPaths([
      'index.html',
      'guides/a/index.html',
      '_astro/x.js',
      'openapi.yaml',
      'openapi.yaml.br',
      '_headers',
    ]);
    assert.deepEqual(paths, ['/', '/index.html', '/guides/a/', '/guides/a/index.html', '/openapi.yaml']);
    const text = headersFile(inputs, paths);
    assert.match(text, /^\/\*\n {2}Content-Security-Policy: default-src 'self';/m);
    assert.match(text, /^\/_astro\/\*\n {2}Cache-Control: public, max-age=31536000, immutable$/m);
    assert.match(text, /^\/guides\/a\/\n {2}Cache-Control: public, max-age=0, must-revalidate$/m);
    assert.equal(text.match(/Content-Security-Policy/g)?.length, 1);
  });
});
