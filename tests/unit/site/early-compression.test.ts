// A site's pages compressed while the build renders the others (site/serving/early-compression.ts), in the
// build's process for a small site and by a child process for a large one: the build's own compression
// then finds their bodies in the cache, and the output is the same bytes as when it compresses everything
// itself.
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { precompress } from '../../../site/serving/build.ts';
import { compressIntoCache, EarlyCompression } from '../../../site/serving/early-compression.ts';

const work = mkdtempSync(join(tmpdir(), 'petstore-early-compression-'));
after(() => rmSync(work, { recursive: true, force: true }));

/** A page of varied text (repeated text compresses the same at every level). */
const page = (n: number) =>
  `<!doctype html><title>${n}</title><p>${Array.from({ length: 3000 }, (_, i) => ((i * 7919 + n) % 10007).toString(36)).join(' ')}</p>\n`;

/** A site of `count` pages below `dir`: their absolute paths. */
function site(dir: string, count: number): string[] {
  const files: string[] = [];
  for (let n = 0; n < count; n++) {
    mkdirSync(join(dir, 'reference', `op-${n}`), { recursive: true });
    const file = join(dir, 'reference', `op-${n}`, 'index.html');
    writeFileSync(file, page(n));
    files.push(file);
  }
  return files;
}

/**
 * A site of `pages` pages in `<work>/<name>/` and an early compression into `<work>/<name>-cache/` that
 * starts its child past `minPages`, told of the first `told` pages.
 */
function announced(name: string, pages: number, minPages: number, told: number) {
  const dir = join(work, name);
  const cache = join(work, `${name}-cache`);
  const files = site(dir, pages);
  const early = new EarlyCompression(dir, cache, minPages);
  for (const file of files.slice(0, told)) early.add(file);
  return { dir, cache, files, early };
}

/** The finished entries in `cache`, once there are `count` of them or after 10 s. */
async function entriesMade(cache: string, count: number): Promise<number> {
  const made = () => (existsSync(cache) ? readdirSync(cache).filter((e) => !e.endsWith('.tmp')).length : 0);
  for (let i = 0; i < 500 && made() < count; i++) {
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return made();
}

describe('early compression', () => {
  test('a body compressed ahead is the one the build makes: same cache entry, same bytes', async () => {
    const dir = join(work, 'one');
    const [file] = site(dir, 1) as [string];
    const ahead = join(work, 'one-ahead');
    const own = join(work, 'one-own');
    const onPool = join(work, 'one-pool');
    assert.equal(await compressIntoCache(ahead, file, 'reference/op-0/index.html'), true);
    assert.equal(await compressIntoCache(onPool, file, 'reference/op-0/index.html', true), true);
    await precompress(dir, { cacheDir: own });
    assert.deepEqual(readdirSync(ahead).sort(), readdirSync(own).sort());
    assert.deepEqual(readdirSync(onPool).sort(), readdirSync(own).sort());
    for (const entry of readdirSync(own)) {
      assert.deepEqual(readFileSync(join(ahead, entry)), readFileSync(join(own, entry)), entry);
      assert.deepEqual(readFileSync(join(onPool, entry)), readFileSync(join(own, entry)), entry);
    }
    assert.equal(await compressIntoCache(ahead, join(dir, 'missing.png'), 'missing.png').catch(() => false), false);
  });

  test("past its number of pages the child compresses the pages announced; the build's compression links them and does the rest", async () => {
    const { dir, cache, files, early } = announced('site', 12, 4, 10);
    // Waits until the child has made every announced page's two bodies.
    await entriesMade(cache, 20);
    assert.equal(await early.stop(), 10, 'the ten pages announced');
    assert.equal(await entriesMade(cache, 20), 20);
    early.add(files[10] as string); // after stop: ignored

    const report = await precompress(dir, { cacheDir: cache });
    assert.equal(report.files, 12);
    assert.equal(readdirSync(cache).length, 24, 'the two pages never announced compressed by the build, nothing twice');
    for (const [n, file] of files.entries()) {
      assert.equal(brotliDecompressSync(readFileSync(`${file}.br`)).toString(), page(n));
      assert.equal(gunzipSync(readFileSync(`${file}.gz`)).toString(), page(n));
    }
  });

  test("a small site's pages and scripts are compressed in the build's process as they are announced", async () => {
    const { dir, cache, files, early } = announced('small', 6, 100, 5);
    early.add(join(work, 'elsewhere.html')); // outside the output folder: ignored
    await entriesMade(cache, 10);
    assert.equal(await early.stop(), 5, 'the five pages announced');
    assert.equal(await entriesMade(cache, 10), 10);

    const report = await precompress(dir, { cacheDir: cache });
    assert.equal(report.files, 6);
    assert.equal(readdirSync(cache).length, 12, 'the page never announced compressed by the build, nothing twice');
    for (const [n, file] of files.entries()) {
      assert.equal(brotliDecompressSync(readFileSync(`${file}.br`)).toString(), page(n));
    }
  });
});
