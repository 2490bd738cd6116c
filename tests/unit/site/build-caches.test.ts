// Unit tests of what the build keeps between builds: precompressed bodies (site/serving/build.ts),
// the cache keys of the in-browser mock (site/integrations/mock-worker.ts), of the search index
// (site/integrations/search-index.ts), of Scalar's browser bundles (site/integrations/browser-bundles.ts)
// and of the reference pages for Astro's incremental build (site/reference/page-cache-key.ts,
// site/integrations/incremental-build.ts).
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import {
  DIGESTS_CACHE,
  DIGESTS_MAX_AGE_MS,
  publishEntry,
  rememberDigests,
  rememberedDigests,
  temporaryName,
  writeEntry,
} from '../../../site/build-cache.ts';
import {
  afterEarlyBundler,
  type BrowserBundles,
  BUNDLES_CACHE,
  bundleKey,
  EARLY_BUNDLER_ENV,
  earlyBundler,
  entryStyles,
  moduleInputs,
} from '../../../site/integrations/browser-bundles.ts';
import { emptyTrash, moveAside } from '../../../site/integrations/clear-output.ts';
import {
  beginBuild,
  endBuild,
  IN_PROGRESS_MARK,
  INCREMENTAL_MANIFEST,
} from '../../../site/integrations/incremental-build.ts';
import {
  BACKGROUND_MAX_DESCRIPTION_BYTES,
  mockChildInBackground,
  proseFreeKey,
  workerInputsKey,
} from '../../../site/integrations/mock-worker.ts';
import { readPages, searchIndexKey } from '../../../site/integrations/search-index.ts';
import { rememberedOf } from '../../../site/integrations/serving.ts';
import { type OwnKeyInputs, ownKeyOf, type PageKeyInputs, pageKeyOf } from '../../../site/reference/page-cache-key.ts';
import {
  BUNDLE_BROTLI_QUALITY,
  brotliQuality,
  GZIP_LEVEL,
  LARGE_ASSET_BYTES,
  policyInputs,
  precompress,
} from '../../../site/serving/build.ts';
import { inlineScriptHashes } from '../../../site/serving/rules.ts';
import { ROOT } from '../../support/server.ts';

const work = mkdtempSync(join(tmpdir(), 'petstore-build-caches-'));
after(() => rmSync(work, { recursive: true, force: true }));

const page = (words: string) => `<!doctype html><title>t</title><p>${words.repeat(200)}</p>\n`;

describe('brotliQuality', () => {
  test('the smallest output for what every page loads, a faster quality for the large bundles and for pages', () => {
    assert.equal(brotliQuality('_astro/middleware.CRZ_eimi.css', 70_000), 11);
    // Every file of Scalar's bundles, large or small: what only try-it and the explorer load.
    assert.equal(brotliQuality('_astro/bundles.143c94cea5/tryit.js', 2_937_544), BUNDLE_BROTLI_QUALITY);
    assert.equal(brotliQuality('_astro/bundles.143c94cea5/client.CHgWV-qq.js', 230_031), BUNDLE_BROTLI_QUALITY);
    assert.ok(BUNDLE_BROTLI_QUALITY < 10);
    assert.equal(brotliQuality('_astro/x.js', LARGE_ASSET_BYTES - 1), 11);
    assert.equal(brotliQuality('_astro/x.js', LARGE_ASSET_BYTES), 10);
    // A page is never given an asset's quality, whatever its size.
    assert.equal(brotliQuality('reference/list-pets/index.html', 40_000), 5);
    assert.equal(brotliQuality('openapi.json', 10_000_000), 5);
  });
});

describe('precompress with a cache folder', () => {
  test('a second build gives the same bodies from the cache; a changed file is compressed anew', async () => {
    const site = join(work, 'site');
    const cache = join(work, 'cache');
    mkdirSync(join(site, '_astro'), { recursive: true });
    writeFileSync(join(site, 'index.html'), page('pets '));
    writeFileSync(join(site, '_astro', 'app.js'), `console.log(${JSON.stringify('x'.repeat(4000))});\n`);

    const first = await precompress(site, { cacheDir: cache });
    const br1 = readFileSync(join(site, 'index.html.br'));
    const gz1 = readFileSync(join(site, '_astro', 'app.js.gz'));
    const entries = readdirSync(cache).length;
    assert.equal(entries, 4, 'a .br and a .gz body for each of the two files');

    rmSync(join(site, 'index.html.br'));
    const second = await precompress(site, { cacheDir: cache });
    assert.deepEqual(second, first);
    assert.deepEqual(readFileSync(join(site, 'index.html.br')), br1);
    assert.deepEqual(readFileSync(join(site, '_astro', 'app.js.gz')), gz1);
    assert.equal(readdirSync(cache).length, entries, 'nothing new compressed');

    writeFileSync(join(site, 'index.html'), page('orders '));
    await precompress(site, { cacheDir: cache });
    assert.equal(brotliDecompressSync(readFileSync(join(site, 'index.html.br'))).toString(), page('orders '));
    assert.equal(gunzipSync(readFileSync(join(site, 'index.html.gz'))).toString(), page('orders '));
    assert.equal(readdirSync(cache).length, entries + 2);
    // The variants are links to the kept bodies: replacing one must leave the body kept for the old bytes.
    const kept = readdirSync(cache).map((e) => brotliOrGunzip(join(cache, e)));
    assert.ok(kept.includes(page('pets ')), 'the body of the earlier page is intact');
  });
});

describe('precompress of a file whose bodies are kept but not smaller than it', () => {
  test('a later build gives it no variant either, and removes a stale one', async () => {
    const site = join(work, 'incompressible');
    const cache = join(work, 'incompressible-cache');
    mkdirSync(site, { recursive: true });
    // Random bytes do not compress: brotli and gzip only add their framing to them.
    writeFileSync(join(site, 'noise.js'), randomBytes(3000));
    writeFileSync(join(site, 'index.html'), page('pets '));
    const first = await precompress(site, { cacheDir: cache });
    assert.equal(first.done.get('noise.js')?.br, 0, 'no .br kept: it is not smaller');
    assert.equal(existsSync(join(site, 'noise.js.br')), false);
    assert.equal(readdirSync(cache).length, 4, 'both bodies of both files are kept, the larger ones too');

    // The next build's output folder, with a stale variant a copy left behind.
    writeFileSync(join(site, 'noise.js.br'), 'stale');
    rmSync(join(site, 'index.html.br'));
    const second = await precompress(site, { cacheDir: cache });
    assert.deepEqual(second, first);
    assert.equal(existsSync(join(site, 'noise.js.br')), false, 'the stale variant is removed');
    assert.equal(brotliDecompressSync(readFileSync(join(site, 'index.html.br'))).toString(), page('pets '));
  });
});

describe('precompress on the calling thread', () => {
  test("writes the same .br and .gz bytes as on zlib's thread pool, at each file's settings", async () => {
    const pool = join(work, 'on-pool');
    const here = join(work, 'on-this-thread');
    for (const site of [pool, here]) {
      mkdirSync(join(site, '_astro', 'bundles.0123456789'), { recursive: true });
      writeFileSync(join(site, 'index.html'), page('pets '));
      writeFileSync(join(site, '_astro', 'app.js'), `console.log(${JSON.stringify('ab'.repeat(3000))});\n`);
      writeFileSync(
        join(site, '_astro', 'bundles.0123456789', 'tryit.js'),
        `export const x = ${JSON.stringify('yz'.repeat(5000))};\n`,
      );
    }
    const fromPool = await precompress(pool);
    const fromHere = await precompress(here, { onThisThread: true });
    assert.deepEqual(fromHere, { ...fromPool, done: fromHere.done });
    for (const file of ['index.html', '_astro/app.js', '_astro/bundles.0123456789/tryit.js']) {
      for (const ext of ['.br', '.gz']) {
        assert.deepEqual(readFileSync(join(here, file + ext)), readFileSync(join(pool, file + ext)), file + ext);
      }
    }
    assert.equal(brotliDecompressSync(readFileSync(join(here, 'index.html.br'))).toString(), page('pets '));
  });
});

describe('precompress of output files with the same bytes', () => {
  test('every copy gets its .br and .gz, from one cache entry each', async () => {
    const site = join(work, 'same-bytes');
    const cache = join(work, 'same-bytes-cache');
    mkdirSync(site, { recursive: true });
    // A JSON description gives /openapi.json and /openapi.yaml with the same bytes; pages can repeat too.
    const names = ['openapi.json', 'openapi.yaml', 'a.html', 'b.html', 'c.html', 'd.html'];
    for (const name of names) writeFileSync(join(site, name), page('same '));
    const report = await precompress(site, { cacheDir: cache });
    for (const name of names) {
      assert.equal(brotliDecompressSync(readFileSync(join(site, `${name}.br`))).toString(), page('same '));
      assert.equal(gunzipSync(readFileSync(join(site, `${name}.gz`))).toString(), page('same '));
    }
    assert.equal(report.files, names.length);
    assert.deepEqual(
      readdirSync(cache)
        .sort()
        .map((e) => e.replace(/^[0-9a-f]{64}/, '<sha>')),
      [`<sha>.l${GZIP_LEVEL}.gz`, '<sha>.q5.br'],
    );
  });
});

describe('precompress given the digests the search index made of the pages', () => {
  test('takes a digest whose stamp still matches the file, and hashes a file changed since', async () => {
    const site = join(work, 'digests');
    const cache = join(work, 'digests-cache');
    mkdirSync(site, { recursive: true });
    writeFileSync(join(site, 'a.html'), page('alpha '));
    writeFileSync(join(site, 'b.html'), page('beta '));
    const digests = new Map(
      readPages(site, ['a.html', 'b.html']).map((p) => [p.file, { stamp: p.stamp, sha256: p.sha256.toString('hex') }]),
    );
    await precompress(site, { cacheDir: cache, digests });
    const sha = (text: string) => createHash('sha256').update(text).digest('hex');
    assert.ok(existsSync(join(cache, `${sha(page('alpha '))}.q5.br`)), 'kept under the digest given');

    // b.html changes after the search index read it: its stale digest must not name its new bytes.
    writeFileSync(join(site, 'b.html'), page('bravo! '));
    await precompress(site, { cacheDir: cache, digests });
    assert.equal(brotliDecompressSync(readFileSync(join(site, 'b.html.br'))).toString(), page('bravo! '));
    assert.ok(existsSync(join(cache, `${sha(page('bravo! '))}.q5.br`)));
    assert.equal(brotliDecompressSync(readFileSync(join(site, 'a.html.br'))).toString(), page('alpha '));
  });
});

/** A cache entry's decompressed text. */
function brotliOrGunzip(file: string): string {
  const body = readFileSync(file);
  return (file.endsWith('.gz') ? gunzipSync(body) : brotliDecompressSync(body)).toString();
}

describe('precompress after an earlier pass (the pages while Pagefind runs, then the rest)', () => {
  test('compresses only what is new or changed since, and reports every file', async () => {
    const site = join(work, 'two-pass');
    mkdirSync(site, { recursive: true });
    writeFileSync(join(site, 'a.html'), page('alpha '));
    writeFileSync(join(site, 'b.html'), page('beta '));
    const early = await precompress(site);
    assert.equal(early.files, 2);

    rmSync(join(site, 'a.html.br')); // a.html is unchanged: the second pass must not touch it
    writeFileSync(join(site, 'b.html'), page('bravo! '));
    writeFileSync(join(site, 'search.json'), JSON.stringify({ words: 'x'.repeat(3000) }));
    const full = await precompress(site, { earlier: early });

    assert.equal(full.files, 3);
    assert.deepEqual([...full.done.keys()].sort(), ['a.html', 'b.html', 'search.json']);
    assert.equal(full.done.get('a.html')?.br, early.done.get('a.html')?.br);
    assert.throws(() => readFileSync(join(site, 'a.html.br')), /ENOENT/);
    assert.equal(brotliDecompressSync(readFileSync(join(site, 'b.html.br'))).toString(), page('bravo! '));
    assert.ok(readFileSync(join(site, 'search.json.gz')).length > 0);
    assert.equal(
      full.rawBytes,
      [...full.done.values()].reduce((n, d) => n + d.raw, 0),
    );
  });
});

describe('workerInputsKey', () => {
  test('is the same for the same inputs and changes when the description does', () => {
    const spec = join(work, 'openapi.yaml');
    writeFileSync(spec, 'openapi: 3.0.3\n');
    const root = join(import.meta.dirname, '..', '..', '..');
    const a = workerInputsKey(root, [spec]);
    assert.equal(workerInputsKey(root, [spec]), a);
    writeFileSync(spec, 'openapi: 3.0.3\ninfo: {}\n');
    assert.notEqual(workerInputsKey(root, [spec]), a);
  });
});

describe("the in-browser mock's child processes in the background (site/integrations/mock-worker.ts)", () => {
  test("a small description's run at a lower priority; past 1 MiB of description files, at the build's", () => {
    assert.equal(mockChildInBackground(statSync(join(ROOT, 'spec', 'openapi.yaml')).size), true, 'the Petstore');
    assert.equal(mockChildInBackground(BACKGROUND_MAX_DESCRIPTION_BYTES), true);
    assert.equal(mockChildInBackground(BACKGROUND_MAX_DESCRIPTION_BYTES + 1), false);
    // GitHub's REST description is about 10 MB of JSON.
    assert.equal(mockChildInBackground(10_000_000), false);
  });
});

describe('proseFreeKey', () => {
  const doc = () => ({
    openapi: '3.0.3',
    info: { title: 'Pets', version: '1' },
    paths: {
      '/pets': {
        summary: 'Pets',
        parameters: [{ name: 'limit', in: 'query', description: 'At most', schema: { type: 'integer' } }],
        get: {
          operationId: 'listPets',
          summary: 'List pets',
          description: 'Every pet.',
          externalDocs: { url: 'https://example.com/policy', description: 'The policy' },
          responses: { '200': { description: 'ok' } },
        },
      },
    },
    components: {
      schemas: { Pet: { type: 'object', description: 'A pet', properties: { description: { type: 'string' } } } },
    },
  });
  const key = (d: ReturnType<typeof doc>) => proseFreeKey('code', d);

  test("an operation's or a path's summary and description change nothing; what the mock reads changes it", () => {
    const before = doc();
    const a = key(before);
    const prose = doc();
    prose.paths['/pets'].get.summary = 'List the pets';
    prose.paths['/pets'].get.description = 'Every pet, a page at a time.';
    prose.paths['/pets'].summary = 'The pets';
    assert.equal(key(prose), a);
    assert.deepEqual(before, doc(), 'the document is not changed');
    for (const change of [
      (d: ReturnType<typeof doc>) => {
        d.paths['/pets'].get.operationId = 'pets';
      },
      (d: ReturnType<typeof doc>) => {
        d.paths['/pets'].get.externalDocs.url = 'https://example.com/other';
      },
      (d: ReturnType<typeof doc>) => {
        (d.paths['/pets'].parameters[0] as { description: string }).description = 'At most, say';
      },
      (d: ReturnType<typeof doc>) => {
        d.components.schemas.Pet.properties.description.type = 'integer';
      },
    ]) {
      const changed = doc();
      change(changed);
      assert.notEqual(key(changed), a, change.toString());
    }
    assert.notEqual(proseFreeKey('other code', before), a, 'another code key');
    assert.match(a, /^p-[0-9a-f]{64}$/);
  });
});

describe("a browser bundle's inputs, known before it is built (site/integrations/browser-bundles.ts)", () => {
  test('every module of ours its entry imports, by any relative import, and no type-only import or package', () => {
    const root = join(work, 'bundle-inputs');
    mkdirSync(join(root, 'src', 'lib'), { recursive: true });
    mkdirSync(join(root, 'node_modules', 'pkg'), { recursive: true });
    const files: Record<string, string> = {
      'src/entry.ts': [
        "import { a } from './a.ts';",
        "import { b } from './lib/b';",
        "import type { T } from './types.ts';",
        "import type {\n  U,\n} from './more-types.ts';",
        "import style from './style.css?url';",
        "import 'pkg';",
        "export { c } from './lib/c.js';",
        "const d = () => import('./lib/index.ts');",
        '',
      ].join('\n'),
      'src/a.ts': "export { shared } from './lib/c.js';\n",
      'src/lib/b.ts': "import { x } from '../../outside.ts';\n",
      'src/lib/c.js': 'export const c = 1;\n',
      'src/lib/index.ts': 'export const d = 1;\n',
      'src/types.ts': 'export type T = 1;\n',
      'src/more-types.ts': 'export type U = 1;\n',
      'src/style.css': 'p { color: red }\n',
      'node_modules/pkg/index.js': '',
    };
    for (const [file, text] of Object.entries(files)) writeFileSync(join(root, file), text);
    assert.deepEqual(moduleInputs(root, join(root, 'src', 'entry.ts')), [
      'src/a.ts',
      'src/entry.ts',
      'src/lib/b.ts',
      'src/lib/c.js',
      'src/lib/index.ts',
      'src/style.css',
    ]);
  });

  test("the site's bundles: the key changes with a module the bundle imports through another", () => {
    const before = bundleKey(process.cwd());
    assert.equal(bundleKey(process.cwd()), before);
    assert.match(before, /^[0-9a-f]{64}$/);
    // site/mock/route/mount.ts reaches the try-it client through site/mock/hosts/mount.ts.
    assert.ok(
      moduleInputs(process.cwd(), join(process.cwd(), 'site/reference/browser/tryit.ts')).includes(
        'site/mock/route/mount.ts',
      ),
    );
  });

  test('an entry links the stylesheets of the chunks it imports statically, in the order they run, each once', () => {
    const chunk = (fileName: string, imports: string[], importedCss: string[]) =>
      [fileName, { fileName, imports, importedCss }] as const;
    const chunks = new Map([
      chunk('explorer.js', ['shared.A.js', 'reference.B.js'], ['explorer.C.css']),
      chunk('tryit.js', ['shared.A.js'], []),
      chunk('shared.A.js', ['vue.D.js'], ['client.E.css']),
      chunk('reference.B.js', ['vue.D.js'], ['reference.F.css', 'client.E.css']),
      chunk('vue.D.js', [], []),
    ]);
    assert.deepEqual(entryStyles('explorer.js', chunks), ['client.E.css', 'reference.F.css', 'explorer.C.css']);
    // A stylesheet a shared chunk imports is the other entry's too; one no chunk it imports holds is not.
    assert.deepEqual(entryStyles('tryit.js', chunks), ['client.E.css']);
  });
});

describe("Scalar's bundles begun before the build by `npm run build` (site/integrations/browser-bundles.ts)", () => {
  /**
   * A process standing for the early one: after `ms`, it writes the bundles of `key` into `root`'s cache
   * when `write`, then ends, or runs until stopped when `stay`.
   */
  const early = (root: string, key: string, ms: number, write: boolean, stay = false) => {
    const dir = JSON.stringify(join(root, BUNDLES_CACHE, key));
    const files = `const fs = require('node:fs'); fs.mkdirSync(${dir}, { recursive: true }); for (const f of ['tryit.js', 'explorer.js']) fs.writeFileSync(${dir} + '/' + f, ''); fs.writeFileSync(${dir} + '/styles.json', '{"tryit":[],"explorer":["explorer.css"]}');`;
    const script = `setTimeout(() => { ${write ? files : ''} ${stay ? 'setInterval(() => {}, 1000);' : ''} }, ${ms})`;
    const child = spawn(process.execPath, ['-e', script], { stdio: 'ignore' });
    const ended = new Promise<void>((done) => child.on('exit', () => done()));
    return { pid: child.pid ?? 0, ended };
  };
  const nothingElse = async (): Promise<BrowserBundles> => assert.fail('the early process left its bundles');

  test('the build takes the bundles the early process wrote, once it has ended (their compressed bodies come last)', async () => {
    const root = join(work, 'early-ok');
    // Writes them at once, then runs until stopped, as if compressing them.
    const { pid, ended } = early(root, 'k1', 50, true, true);
    const waiting = afterEarlyBundler(root, 'k1', pid, nothingElse, 10);
    try {
      const first = await Promise.race([waiting, new Promise((done) => setTimeout(() => done('still waiting'), 600))]);
      assert.equal(first, 'still waiting', 'the bundles are written, but the process still runs');
    } finally {
      process.kill(pid);
      await ended;
    }
    assert.deepEqual(await waiting, {
      dir: join(root, BUNDLES_CACHE, 'k1'),
      key: 'k1',
      styles: { tryit: [], explorer: ['explorer.css'] },
      reused: false,
    });
  });

  test('when it ended without them (failed, stopped, or made another key), the build makes them itself', async () => {
    const root = join(work, 'early-failed');
    const made: BrowserBundles = { dir: 'made', key: 'k2', styles: { tryit: [], explorer: [] }, reused: false };
    const other = early(root, 'another-key', 50, true);
    assert.deepEqual(await afterEarlyBundler(root, 'k2', other.pid, async () => made, 10), made);
    const none = early(root, 'k2', 50, false);
    assert.deepEqual(await afterEarlyBundler(root, 'k2', none.pid, async () => made, 10), made);
    const failed = early(root, 'k2', 50, false);
    await assert.rejects(
      afterEarlyBundler(root, 'k2', failed.pid, async () => Promise.reject(new Error('bundling failed')), 10),
      /bundling failed/,
    );
  });

  test('the build waits only for a process named in its environment that still runs', async () => {
    const root = join(work, 'early-env');
    const { pid, ended } = early(root, 'k3', 200, false);
    assert.equal(earlyBundler({ [EARLY_BUNDLER_ENV]: String(pid) }), pid);
    await ended;
    await new Promise((done) => setTimeout(done, 50));
    assert.equal(earlyBundler({ [EARLY_BUNDLER_ENV]: String(pid) }), undefined, 'ended');
    assert.equal(earlyBundler({}), undefined, 'none named');
    assert.equal(earlyBundler({ [EARLY_BUNDLER_ENV]: 'abc' }), undefined, 'not a process id');
    assert.equal(earlyBundler({ [EARLY_BUNDLER_ENV]: '0' }), undefined, 'not a process id');
    // npm run build's script names the variable itself (it loads no TypeScript before the build).
    const script = readFileSync(join(import.meta.dirname, '..', '..', '..', 'scripts', 'build.mjs'), 'utf8');
    assert.ok(script.includes(`${EARLY_BUNDLER_ENV}: String(early.pid)`), 'scripts/build.mjs sets it');
  });

  test('a process that has ended but that its parent has not reaped yet (a zombie) has ended', async (t) => {
    // The shell starts `sleep 0.05` and becomes `sleep 5`, which never reaps it.
    const parent = spawn('sh', ['-c', 'sleep 0.05 & echo $!; exec sleep 5'], { stdio: ['ignore', 'pipe', 'ignore'] });
    t.after(() => parent.kill());
    const pid = Number(await new Promise<string>((done) => parent.stdout.once('data', (b: Buffer) => done(String(b)))));
    await new Promise((done) => setTimeout(done, 300));
    assert.ok(existsSync(`/proc/${pid}`), 'still in the process table');
    assert.equal(earlyBundler({ [EARLY_BUNDLER_ENV]: String(pid) }), undefined);
  });
});

describe('searchIndexKey', () => {
  test('changes with a page, not with files Pagefind does not read', () => {
    const site = join(work, 'search');
    mkdirSync(join(site, 'guides'), { recursive: true });
    writeFileSync(join(site, 'index.html'), page('pets '));
    writeFileSync(join(site, 'guides', 'index.html'), page('guides '));
    const a = searchIndexKey(site);
    writeFileSync(join(site, 'index.md'), '# Pets\n');
    mkdirSync(join(site, 'pagefind'), { recursive: true });
    writeFileSync(join(site, 'pagefind', 'pagefind-entry.json'), '{}');
    assert.equal(searchIndexKey(site), a);
    writeFileSync(join(site, 'guides', 'index.html'), page('orders '));
    assert.notEqual(searchIndexKey(site), a);
  });
});

describe('what a build remembers of its output for the next one (site/build-cache.ts rememberDigests)', () => {
  const fake = (c: string) => c.repeat(64);

  test('a page whose stamp is the one remembered is not read again; a page changed since is', () => {
    const site = join(work, 'remembered-pages');
    mkdirSync(site, { recursive: true });
    writeFileSync(join(site, 'a.html'), `<site-search data-search-indexes="3"></site-search>${page('alpha ')}`);
    writeFileSync(join(site, 'b.html'), page('beta '));
    writeFileSync(join(site, 'c.html'), page('gamma '));
    const read = new Map(readPages(site).map((p) => [p.file, p]));
    assert.equal(read.get('a.html')?.indexes, 3);
    assert.equal(read.get('b.html')?.indexes, undefined);

    const remembered = new Map([
      ['a.html', { stamp: read.get('a.html')?.stamp ?? '', sha256: fake('a'), indexes: 3 }],
      ['b.html', { stamp: read.get('b.html')?.stamp ?? '', sha256: fake('b'), indexes: 0 }],
      // Remembered by the compression alone: whether it asks for search indexes is not known.
      ['c.html', { stamp: read.get('c.html')?.stamp ?? '', sha256: fake('c') }],
    ]);
    const again = new Map(readPages(site, undefined, remembered).map((p) => [p.file, p]));
    assert.equal(again.get('a.html')?.sha256.toString('hex'), fake('a'), 'taken from memory, not read');
    assert.equal(again.get('a.html')?.indexes, 3);
    assert.equal(again.get('b.html')?.sha256.toString('hex'), fake('b'));
    assert.equal(again.get('b.html')?.indexes, undefined, 'no search element, as when it was read');
    assert.deepEqual(again.get('c.html'), read.get('c.html'), 'read: its indexes were not remembered');

    writeFileSync(join(site, 'b.html'), page('bravo! '));
    const changed = readPages(site, undefined, remembered).find((p) => p.file === 'b.html');
    assert.equal(
      changed?.sha256.toString('hex'),
      createHash('sha256').update(page('bravo! ')).digest('hex'),
      'a page written since has another stamp: it is read',
    );
  });

  test('each output folder has its own memory; what cannot be read is forgotten, not trusted', () => {
    const root = join(work, 'remembered-root');
    const files = new Map([
      ['index.html', { stamp: '10:1', sha256: fake('1'), indexes: 0 }],
      ['openapi.json', { stamp: '20:2', sha256: fake('2') }],
    ]);
    rememberDigests(root, join(root, 'dist', 'client'), files);
    assert.deepEqual(rememberedDigests(root, join(root, 'dist', 'client/')), files);
    assert.equal(rememberedDigests(root, join(root, 'other', 'client')).size, 0);

    // The next build's memory replaces this one: a file gone from the output is forgotten.
    rememberDigests(
      root,
      join(root, 'dist', 'client'),
      new Map([['openapi.json', { stamp: '21:3', sha256: fake('3') }]]),
    );
    assert.deepEqual([...rememberedDigests(root, join(root, 'dist', 'client')).keys()], ['openapi.json']);

    const memory = join(root, DIGESTS_CACHE);
    const [file] = readdirSync(memory);
    writeFileSync(
      join(memory, file ?? ''),
      JSON.stringify({
        'a.html': { stamp: '1:1', sha256: 'not hex' },
        'b.html': { stamp: '2:2', sha256: fake('b'), indexes: -1 },
        'c.html': { stamp: '3:3', sha256: fake('c') },
      }),
    );
    assert.deepEqual([...rememberedDigests(root, join(root, 'dist', 'client')).keys()], ['c.html']);
    writeFileSync(join(memory, file ?? ''), '{"truncated');
    assert.equal(rememberedDigests(root, join(root, 'dist', 'client')).size, 0);

    // A folder not built for longer than the cache keeps anything is forgotten by the next build of another.
    rememberDigests(root, join(root, 'dist', 'client'), files);
    const old = Date.now() / 1000 - DIGESTS_MAX_AGE_MS / 1000 - 3600;
    utimesSync(join(memory, file ?? ''), old, old);
    rememberDigests(root, join(root, 'other', 'client'), files);
    assert.deepEqual(rememberedDigests(root, join(root, 'dist', 'client')), new Map());
    assert.deepEqual(rememberedDigests(root, join(root, 'other', 'client')), files);
  });

  test('a build remembers every file it compressed and, for the pages the search index read, their indexes', () => {
    const report = {
      files: 3,
      rawBytes: 0,
      brBytes: 0,
      gzBytes: 0,
      done: new Map([
        ['a.html', { stamp: '1:1', raw: 1, br: 1, gz: 1, sha256: fake('a') }],
        ['b.html', { stamp: '2:2', raw: 1, br: 1, gz: 1, sha256: fake('b') }],
        ['c.html', { stamp: '3:9', raw: 1, br: 1, gz: 1, sha256: fake('c') }],
        ['d.json', { stamp: '4:4', raw: 1, br: 1, gz: 1 }],
      ]),
    };
    const pages = [
      { file: 'a.html', stamp: '1:1', sha256: Buffer.from(fake('a'), 'hex'), indexes: 2 },
      { file: 'b.html', stamp: '2:2', sha256: Buffer.from(fake('b'), 'hex') },
      // Written again after the search index read it: what it asks for is not known any more.
      { file: 'c.html', stamp: '3:3', sha256: Buffer.from(fake('0'), 'hex') },
    ];
    assert.deepEqual(
      rememberedOf(report, pages),
      new Map([
        ['a.html', { stamp: '1:1', sha256: fake('a'), indexes: 2 }],
        ['b.html', { stamp: '2:2', sha256: fake('b'), indexes: 0 }],
        ['c.html', { stamp: '3:9', sha256: fake('c') }],
      ]),
    );
  });
});

describe('the reference pages’ key for the incremental build (site/reference/page-cache-key.ts)', () => {
  const base: PageKeyInputs = {
    sourceVersion: '3.0.3',
    source: { openapi: '3.0.3', info: { title: 'Pets', version: '1' }, paths: { '/pets': { get: {} } } },
    options: { base: '/reference', schemaPages: 200 },
    date: '2026-11-25',
    changelog: { releases: [] },
  };

  test('the same inputs give the same key, whatever object holds them', () => {
    assert.equal(pageKeyOf(base), pageKeyOf(structuredClone(base)));
    assert.match(pageKeyOf(base), /^[0-9a-f]{64}$/);
  });

  const changes: Array<[string, Partial<PageKeyInputs>]> = [
    [
      'an operation’s summary',
      { source: { ...(base.source as object), paths: { '/pets': { get: { summary: 'x' } } } } },
    ],
    ['the version written', { sourceVersion: '3.1.0' }],
    ['an option', { options: { base: '/api', schemaPages: 200 } }],
    ['the build date (a sunset date ahead or past)', { date: '2026-11-26' }],
    ['the changelog', { changelog: { releases: [{ version: '1.1.0' }] } }],
  ];
  for (const [what, change] of changes) {
    test(`a change of ${what} gives another key`, () => {
      assert.notEqual(pageKeyOf({ ...base, ...change }), pageKeyOf(base));
    });
  }
});

describe('an operation’s, a tag’s or a schema’s own page key (site/reference/page-cache-key.ts)', () => {
  const base: OwnKeyInputs = {
    common: 'common',
    kind: 'operation',
    subject: { view: { summary: 'List pets', parameters: [{ name: 'limit' }] }, successor: null, english: null },
    sidebar: JSON.stringify([{ label: 'Pets', items: [{ label: 'List pets', link: '/reference/list-pets/' }] }]),
    versions: { reading: '1.0.0', current: true, targets: [] },
    model: { title: 'Pets', base: '/reference', tryItTo: { mock: true, servers: true } },
  };

  test('the same inputs give the same key, whatever object holds them', () => {
    assert.equal(ownKeyOf(base), ownKeyOf(structuredClone(base)));
    assert.match(ownKeyOf(base), /^[0-9a-f]{64}$/);
  });

  const changes: Array<[string, Partial<OwnKeyInputs>]> = [
    ['what every page reads (options, date, changelog, versions, locale)', { common: 'other' }],
    ['the kind of page', { kind: 'tag' }],
    [
      'what the page shows of its subject',
      { subject: { view: { summary: 'List pets', parameters: [] }, successor: null, english: null } },
    ],
    ['the English text a translated page compares with', { subject: { ...(base.subject as object), english: {} } }],
    [
      'the sidebar (another operation’s summary in the tag)',
      { sidebar: JSON.stringify([{ label: 'Pets', items: [] }]) },
    ],
    ['the version switcher', { versions: { reading: '1.0.0', current: true, targets: [{ version: '0.9' }] } }],
    ['the model’s title', { model: { ...(base.model as object), title: 'Pet store' } }],
  ];
  for (const [what, change] of changes) {
    test(`a change of ${what} gives another key`, () => {
      assert.notEqual(ownKeyOf({ ...base, ...change }), ownKeyOf(base));
    });
  }
});

describe('a build stopped halfway (site/integrations/incremental-build.ts)', () => {
  test('the next build drops the manifest; a build that ends leaves it', () => {
    const cache = join(work, 'astro-cache');
    mkdirSync(cache, { recursive: true });
    const manifest = join(cache, INCREMENTAL_MANIFEST);

    writeFileSync(manifest, '{}');
    assert.equal(beginBuild(cache), false, 'no build was under way: the manifest stays');
    assert.ok(existsSync(manifest));
    endBuild(cache);
    assert.equal(existsSync(join(cache, IN_PROGRESS_MARK)), false);

    beginBuild(cache); // this build is stopped: no endBuild
    assert.equal(beginBuild(cache), true, 'the mark of the stopped build drops the manifest');
    assert.equal(existsSync(manifest), false);
    endBuild(cache);
  });
});

describe('the inline scripts of the built pages (site/serving/build.ts policyInputs)', () => {
  test('every inline script is found, in any case of the tag, among non-ASCII text, as when the page is read whole', () => {
    const site = join(work, 'scripts');
    mkdirSync(join(site, 'a'), { recursive: true });
    const pages = [
      '<!doctype html><title>Pets · Überblick</title><script>théme()</script><p>→ </p>' +
        '<SCRIPT type="module">upper()</SCRIPT><script src="/x.js"></script>',
      '<p>«no script»</p>',
      '<script type="application/json">{"c":"<script>"}</script><script>é()</script>' + '<script>unclosed()',
    ];
    for (const [i, html] of pages.entries()) writeFileSync(join(site, 'a', `${i}.html`), html);
    const sha = (t: string): string => createHash('sha256').update(t, 'utf8').digest('base64');
    const whole = new Set(pages.flatMap((html) => inlineScriptHashes(html, sha)));
    assert.deepEqual(policyInputs(site, []).scriptHashes, [...whole].sort());
    assert.deepEqual(
      [...whole].sort(),
      [`sha256-${sha('théme()')}`, `sha256-${sha('upper()')}`, `sha256-${sha('é()')}`].sort(),
    );
  });
});

describe('the previous output, cleared beside the build (site/integrations/clear-output.ts)', () => {
  test('its entries are moved aside at once and deleted later; .git stays', async () => {
    const out = join(work, 'out');
    const trash = join(work, 'trash');
    mkdirSync(join(out, 'client', 'reference'), { recursive: true });
    mkdirSync(join(out, '.git'));
    writeFileSync(join(out, 'client', 'reference', 'index.html'), 'old page');
    writeFileSync(join(out, '.built-from.json'), '{}');

    assert.deepEqual(moveAside(out, trash), []);
    assert.deepEqual(readdirSync(out), ['.git'], 'the output folder is empty for Astro');
    assert.equal(readdirSync(trash).length, 1);
    await emptyTrash(trash);
    assert.deepEqual(readdirSync(trash), []);
  });

  test('an output folder that holds the trash folder is left to Astro', () => {
    const out = join(work, 'project');
    mkdirSync(join(out, 'site'), { recursive: true });
    assert.deepEqual(moveAside(out, join(out, 'node_modules', '.cache', 'old-output')), []);
    assert.deepEqual(readdirSync(out), ['site']);
  });
});

describe('cache entries written by several writers at once (site/build-cache.ts)', () => {
  test('every write of one file entry succeeds, the entry is whole and no temporary file is left', async () => {
    const dir = join(work, 'writers');
    mkdirSync(dir, { recursive: true });
    const entry = join(dir, 'entry');
    await Promise.all(Array.from({ length: 8 }, () => writeEntry(entry, 'x'.repeat(100_000))));
    assert.equal(readFileSync(entry, 'utf8'), 'x'.repeat(100_000));
    assert.deepEqual(readdirSync(dir), ['entry']);
  });

  test('a folder entry another writer finished first is kept, and the later folder removed', () => {
    const dir = join(work, 'folders');
    const entry = join(dir, 'entry');
    const first = temporaryName(entry);
    const second = temporaryName(entry);
    assert.notEqual(first, second);
    for (const [tmp, text] of [
      [first, 'first'],
      [second, 'second'],
    ] as const) {
      mkdirSync(tmp, { recursive: true });
      writeFileSync(join(tmp, 'file'), text);
    }
    assert.equal(publishEntry(first, entry), true);
    assert.equal(publishEntry(second, entry), false);
    assert.equal(readFileSync(join(entry, 'file'), 'utf8'), 'first');
    assert.deepEqual(readdirSync(dir), ['entry']);
  });
});
