// The built site as `npm start` serves it: compression picked by Accept-Encoding, caching and
// conditional requests, security headers on every response, HEAD parity, and dist/client/_headers
// carrying the same rules (site/serving/rules.ts).
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { escapeRegExp } from '../../../descriptions/regexp.ts';
import { CACHE_IMMUTABLE, CACHE_REVALIDATE } from '../../../site/serving/rules.ts';
import { type RawResponse, rawRequest } from '../../support/http.ts';
import { ROOT, type RunningSite, startSite } from '../../support/server.ts';

const CLIENT = join(ROOT, 'dist', 'client');
const AUTH = { authorization: 'Bearer headers-test' };

let site: RunningSite;
before(async () => {
  site = await startSite();
});
after(() => site?.stop());

type Raw = RawResponse;

/** One GET (or `method`) request to the site (tests/support/http.ts). */
function get(path: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Raw> {
  return rawRequest(method, `${site.url}${path}`, headers);
}

/** A built asset under /_astro/ (its name changes with its content). */
function hashedScript(): string {
  const html = readFileSync(join(CLIENT, 'index.html'), 'utf8');
  const m = /src="(\/_astro\/[^"]+\.js)"/.exec(html);
  assert.ok(m, 'the home page loads a script from /_astro/');
  return m[1] as string;
}

describe('compression', () => {
  test('brotli or gzip by Accept-Encoding, identity otherwise, always Vary: Accept-Encoding', async () => {
    const original = readFileSync(join(CLIENT, 'index.html'));
    const br = await get('/', { 'accept-encoding': 'gzip, deflate, br' });
    assert.equal(br.headers['content-encoding'], 'br');
    assert.deepEqual(brotliDecompressSync(br.body), original);
    const gz = await get('/', { 'accept-encoding': 'gzip' });
    assert.equal(gz.headers['content-encoding'], 'gzip');
    assert.deepEqual(gunzipSync(gz.body), original);
    const refused = await get('/', { 'accept-encoding': 'br;q=0, gzip' });
    assert.equal(refused.headers['content-encoding'], 'gzip', 'q=0 refuses brotli');
    const plain = await get('/', {});
    assert.equal(plain.headers['content-encoding'], undefined);
    assert.deepEqual(plain.body, original);
    for (const r of [br, gz, plain]) assert.match(String(r.headers.vary), /Accept-Encoding/i);
    assert.equal(br.headers['content-type'], gz.headers['content-type']);
    assert.match(String(br.headers['content-type']), /^text\/html/i);
  });

  test('scripts, the OpenAPI files and large mock answers are compressed too', async () => {
    for (const path of [hashedScript(), '/openapi.json', '/openapi.yaml']) {
      const r = await get(path, { 'accept-encoding': 'br' });
      assert.equal(r.headers['content-encoding'], 'br', path);
    }
    const list = await get('/api/mock/pets?limit=100', { ...AUTH, 'accept-encoding': 'gzip' });
    assert.equal(list.status, 200);
    // 6 seeded pets is under the 1 KiB threshold: sent as it is, but still Vary.
    assert.equal(list.headers['content-encoding'], undefined);
    assert.match(String(list.headers.vary), /Accept-Encoding/i);
  });
});

describe('caching', () => {
  test('hashed assets are immutable for a year, on GET and HEAD alike', async () => {
    const path = hashedScript();
    assert.equal((await get(path)).headers['cache-control'], CACHE_IMMUTABLE);
    assert.equal((await get(path, {}, 'HEAD')).headers['cache-control'], CACHE_IMMUTABLE);
  });

  test('pages and the OpenAPI files are revalidated with a strong ETag; If-None-Match → 304', async () => {
    for (const path of ['/', '/guides/getting-started/', '/openapi.yaml', '/openapi.json', '/reference/']) {
      const first = await get(path, { 'accept-encoding': 'br' });
      assert.equal(first.status, 200, path);
      assert.equal(first.headers['cache-control'], CACHE_REVALIDATE, path);
      const etag = String(first.headers.etag);
      assert.match(etag, /^"[^"]+"$/, `${path}: a strong ETag (no W/)`);
      const again = await get(path, { 'accept-encoding': 'br', 'if-none-match': etag });
      assert.equal(again.status, 304, path);
      assert.equal(again.body.length, 0);
      assert.equal(again.headers.etag, etag);
      assert.equal(again.headers['cache-control'], CACHE_REVALIDATE);
      assert.ok(again.headers['content-security-policy'], '304 keeps the security headers');
      // Another representation (gzip) has another validator.
      const gz = await get(path, { 'accept-encoding': 'gzip', 'if-none-match': etag });
      assert.equal(gz.status, 200, `${path}: the brotli ETag does not validate the gzip variant`);
    }
  });
});

describe('security headers', () => {
  const expectSecurity = (r: Raw, what: string): void => {
    assert.equal(r.headers['x-content-type-options'], 'nosniff', what);
    assert.equal(r.headers['referrer-policy'], 'strict-origin-when-cross-origin', what);
    assert.match(String(r.headers['permissions-policy']), /camera=\(\)/, what);
    assert.match(String(r.headers['content-security-policy']), /frame-ancestors 'none'/, what);
  };

  test('on pages, assets, the 404 page and the mock', async () => {
    for (const path of ['/', '/guides/custom-domains/', hashedScript(), '/favicon.svg', '/no-such-page']) {
      expectSecurity(await get(path), path);
    }
    expectSecurity(await get('/api/mock/pets', AUTH), 'mock');
    expectSecurity(await get('/api/mock/pets'), 'mock 401');
  });

  test('the page policy: self, hashes for inline scripts, no unsafe-inline or unsafe-eval for scripts', async () => {
    const csp = String((await get('/')).headers['content-security-policy']);
    const directives = new Map(csp.split(/;\s*/).map((d) => [d.split(' ')[0], d] as const));
    assert.equal(directives.get('default-src'), "default-src 'self'");
    const script = directives.get('script-src') ?? '';
    assert.doesNotMatch(script, /'unsafe-inline'|'unsafe-eval'/);
    assert.match(script, /'sha256-[A-Za-z0-9+/=]{44}'/);
    assert.equal(directives.get('connect-src'), "connect-src 'self' https://petstore.example.com");
    assert.equal(directives.get('frame-ancestors'), "frame-ancestors 'none'");
  });

  test('the mock answers with a policy that loads nothing, and is never stored', async () => {
    const r = await get('/api/mock/pets', AUTH);
    assert.equal(r.headers['content-security-policy'], "default-src 'none'; frame-ancestors 'none'");
    assert.equal(r.headers['cache-control'], 'no-store');
  });
});

describe('HEAD parity', () => {
  const paths = ['/', '/guides/getting-started/', '/reference/', '/openapi.yaml', '/favicon.svg', '/no-such-page'];
  for (const path of [...paths, '/api/mock/pets', '/api/mock/pets/1', '/api/mock/pets/999', '/api/mock/nope']) {
    test(`HEAD ${path}: the GET's status and headers, no body`, async () => {
      const h = path.startsWith('/api/') ? { ...AUTH, 'accept-encoding': 'br' } : { 'accept-encoding': 'br' };
      const g = await get(path, h);
      const head = await get(path, h, 'HEAD');
      assert.equal(head.status, g.status);
      assert.equal(head.body.length, 0);
      for (const name of [
        'content-type',
        'content-encoding',
        'cache-control',
        'etag',
        'vary',
        'content-security-policy',
        'x-total-count',
        'deprecation',
      ]) {
        assert.equal(head.headers[name], g.headers[name], `${path} ${name}`);
      }
      if (g.headers['content-length'] !== undefined) {
        assert.equal(head.headers['content-length'], g.headers['content-length'], `${path} content-length`);
      }
    });
  }
});

/** The link-values of a `Link` header (RFC 8288 §3), sorted: order carries no meaning. */
function linkValues(header: string | string[] | undefined): string[] {
  return String(header ?? '')
    .split(/,\s*(?=<)/)
    .map((v) => v.trim())
    .filter(Boolean)
    .sort();
}

describe('discovery for agents: Link and Vary (RFC 8288, RFC 9727 §3)', () => {
  const SITE = [
    '</llms.txt>; rel="describedby"; type="text/plain"',
    '</.well-known/api-catalog>; rel="api-catalog"; type="application/linkset+json"',
  ];
  const pages = [
    '/',
    '/guides/getting-started/',
    '/reference/',
    '/reference/list-pets/',
    '/changelog/',
    '/reference/schemas/pet/',
  ];

  test('every page names its twin, llms.txt and the API catalog, on GET, HEAD and the negotiated Markdown', async () => {
    for (const page of pages) {
      const twin = page === '/' ? '/index.md' : `${page.slice(0, -1)}.md`;
      const want = linkValues([`<${twin}>; rel="alternate"; type="text/markdown"`, ...SITE].join(', '));
      for (const [method, accept] of [
        ['GET', 'text/html'],
        ['HEAD', 'text/html'],
        ['GET', 'text/markdown'],
      ] as const) {
        const r = await get(page, { accept }, method);
        assert.equal(r.status, 200, `${method} ${page} ${accept}`);
        assert.deepEqual(linkValues(r.headers.link), want, `${method} ${page} (${accept})`);
        assert.match(String(r.headers.vary), /\bAccept\b(?!-)/, `${method} ${page} (${accept}): Vary: Accept`);
      }
      const md = await get(twin);
      assert.equal(md.status, 200, twin);
      assert.deepEqual(
        linkValues(md.headers.link),
        linkValues([`<${page}>; rel="alternate"; type="text/html"`, ...SITE].join(', ')),
        `${twin} names its page`,
      );
    }
    const explorer = await get('/reference/explorer/');
    assert.deepEqual(linkValues(explorer.headers.link), linkValues(SITE.join(', ')), 'a page without a twin');
    const missing = await get('/reference/no-such-page/');
    assert.equal(missing.status, 404);
    assert.deepEqual(linkValues(missing.headers.link), linkValues(SITE.join(', ')), 'a missing page names no twin');
    assert.doesNotMatch(
      String((await get('/api/mock/pets', AUTH)).headers.link ?? ''),
      /api-catalog/,
      'not on the mock',
    );
  });

  test('_headers: the site links for every file, and a Link rule naming the twin of every page that has one', () => {
    const text = readFileSync(join(CLIENT, '_headers'), 'utf8');
    assert.match(text, new RegExp(`^ {2}Link: ${escapeRegExp(SITE.join(', '))}$`, 'm'));
    for (const page of pages) {
      const twin = page === '/' ? '/index.md' : `${page.slice(0, -1)}.md`;
      assert.ok(
        text.includes(`${page}\n  Link: <${twin}>; rel="alternate"; type="text/markdown"\n`),
        `${page} names ${twin}`,
      );
    }
  });
});

describe('dist/client/_headers', () => {
  /** Parses the file: pattern → headers (lower-case names). */
  function parseHeadersFile(text: string): Map<string, Record<string, string>> {
    const rules = new Map<string, Record<string, string>>();
    let current: Record<string, string> | undefined;
    for (const line of text.split('\n')) {
      if (line.startsWith('#') || line.trim() === '') continue;
      if (!line.startsWith(' ')) {
        current = {};
        rules.set(line.trim(), current);
      } else if (current) {
        const i = line.indexOf(':');
        current[line.slice(0, i).trim().toLowerCase()] = line.slice(i + 1).trim();
      }
    }
    return rules;
  }

  test('every rule holds on the server: the /* headers everywhere, each pattern’s Cache-Control', async () => {
    const rules = parseHeadersFile(readFileSync(join(CLIENT, '_headers'), 'utf8'));
    const all = rules.get('/*');
    assert.ok(all, 'a /* rule');
    const fragment = readdirSync(join(CLIENT, 'pagefind', 'fragment'))[0];
    const index = readdirSync(join(CLIENT, 'pagefind', 'index'))[0];
    const underPattern: Record<string, string> = {
      '/_astro/*': hashedScript(),
      '/pagefind/fragment/*': `/pagefind/fragment/${fragment}`,
      '/pagefind/index/*': `/pagefind/index/${index}`,
    };
    for (const [pattern, headers] of rules) {
      if (pattern === '/*') continue;
      if (headers.link) {
        // A page's own Link rule (its twin): the host joins it to the /* rule's Link, one link-value list.
        const served = linkValues((await get(pattern)).headers.link);
        assert.deepEqual(served, linkValues(`${all.link}, ${headers.link}`), pattern);
        continue;
      }
      if (headers['content-type']) {
        // A type rule names one file or, `/*.md`, every Markdown twin (rules.ts CONTENT_TYPES); the server
        // sends the same type.
        const sample = pattern === '/*.md' ? '/reference/list-pets.md' : pattern;
        assert.equal((await get(sample)).headers['content-type'], headers['content-type'], pattern);
        continue;
      }
      // A large site's merged search indexes: the Petstore has one index (tests/unit/site/search-indexes.test.ts
      // checks the server's Cache-Control of their files).
      if (pattern.startsWith('/pagefind/indexes/')) continue;
      const path = underPattern[pattern];
      assert.ok(path, `a sample file for ${pattern}`);
      assert.equal((await get(path)).headers['cache-control'], headers['cache-control'], pattern);
    }
    for (const path of [
      '/',
      '/guides/getting-started/',
      '/openapi.yaml',
      '/favicon.svg',
      hashedScript(),
      '/no-such-page',
    ]) {
      const r = await get(path);
      for (const [name, value] of Object.entries(all)) {
        if (name === 'strict-transport-security') continue; // static hosts are HTTPS; npm start sends it with HSTS=1
        if (name === 'link') {
          // Pages add their twin to the site's links (checked with the per-page rules above).
          for (const v of linkValues(value)) assert.ok(linkValues(r.headers.link).includes(v), `${path} link ${v}`);
          continue;
        }
        assert.equal(r.headers[name], value, `${path} ${name}`);
      }
    }
  });

  test('each header name is set by one matching rule only (hosts join repeated names with a comma)', () => {
    const rules = parseHeadersFile(readFileSync(join(CLIENT, '_headers'), 'utf8'));
    const all = Object.keys(rules.get('/*') ?? {});
    for (const [pattern, headers] of rules) {
      if (pattern === '/*') continue;
      // Cache-Control by pattern, or Content-Type of one named file or of one extension (`/*.md`) that no
      // other type rule names, so two type rules never meet.
      if (headers.link) {
        // The one name two rules may both set: a Link list joined with a comma is still one list (RFC 8288 §3).
        assert.deepEqual(Object.keys(headers), ['link'], pattern);
        assert.ok(!pattern.includes('*'), pattern);
        continue;
      }
      if (headers['content-type']) {
        assert.deepEqual(Object.keys(headers), ['content-type'], pattern);
        const ext = /^\/\*(\.[a-z0-9]+)$/.exec(pattern)?.[1];
        if (ext) {
          for (const other of rules.keys())
            if (other !== pattern && rules.get(other)?.['content-type']) assert.ok(!other.endsWith(ext), other);
        } else assert.ok(!pattern.includes('*'), pattern);
      } else assert.deepEqual(Object.keys(headers), ['cache-control'], pattern);
    }
    assert.ok(!all.includes('cache-control'), 'other files keep the host default, the server’s revalidate rule');
    assert.ok(rules.size <= 100, 'Cloudflare Pages reads at most 100 rules');
  });

  test('precompressed variants sit beside the text files, small files are left alone', () => {
    const files = readFileSync(join(CLIENT, '_headers'), 'utf8');
    assert.ok(files.length > 0);
    for (const f of ['index.html', 'openapi.json', 'openapi.yaml']) {
      assert.ok(readFileSync(join(CLIENT, `${f}.br`)).length > 0, `${f}.br`);
      assert.ok(readFileSync(join(CLIENT, `${f}.gz`)).length > 0, `${f}.gz`);
    }
    assert.throws(() => readFileSync(join(CLIENT, 'favicon.svg.br')), /ENOENT/, 'under 1 KiB: no variant');
  });
});
