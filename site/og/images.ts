/**
 * The Open Graph images as JPEG bytes: drawn as astro-og-canvas draws them (draw.ts: CanvasKit,
 * WebAssembly) from the options of card.ts, and kept between builds in node_modules/.cache under the
 * SHA-256 of everything that decides their bytes (`ogImageKey`). The build draws them in child processes
 * (site/og/integration.ts), `astro dev` on request (route.ts); both read and fill this
 * cache. astro-og-canvas's own cache (`node_modules/.astro-og-canvas`) is not used: it names a file by
 * a 32-bit hash, and among the thousands of cards of several large descriptions two would share one.
 * Paths are relative to the working directory, the project root (the font files of card.ts are too).
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, utimesSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { OGImageOptions } from 'astro-og-canvas';
import { OG_IMAGE_EXTENSION } from '../agents/paths.ts';
import { BUILD_CACHE, cacheKey, writeEntry } from '../build-cache.ts';
import { drawCard } from './draw.ts';

/** The module that draws the cards (its code is part of every card's key). */
const DRAWING = fileURLToPath(new URL('./draw.ts', import.meta.url));

/** Where drawn images are kept, relative to the project root. */
export const OG_CACHE = join(BUILD_CACHE, 'og-images');

/** Cache entries unused for this long (milliseconds, 14 days) are removed by {@link pruneOgCache}. */
export const OG_CACHE_MAX_AGE_MS = 14 * 24 * 3600 * 1000;

/** The version of an installed package: the `package.json` named `name` above one of its files. */
function packageVersion(file: string, name: string): string {
  let dir = dirname(file);
  for (;;) {
    const file = join(dir, 'package.json');
    if (existsSync(file)) {
      const pkg = JSON.parse(readFileSync(file, 'utf8')) as { name?: string; version?: string };
      if (pkg.name === name) return pkg.version ?? '';
    }
    const up = dirname(dir);
    if (up === dir) return '';
    dir = up;
  }
}

/**
 * What every image's bytes depend on besides its own options: the versions of astro-og-canvas (whose
 * drawing draw.ts follows) and CanvasKit (canvaskit-wasm, as draw.ts resolves it), draw.ts itself and the
 * bytes of the font files.
 * @param fonts the font files of the cards (card.ts `OG_FONTS`), relative to the project root
 * @returns a SHA-256 to pass to {@link ogImageKey}
 * @throws {Error} when a font file cannot be read
 */
export function ogDrawingKey(fonts: readonly string[]): string {
  const require = createRequire(fileURLToPath(import.meta.url));
  return cacheKey(
    packageVersion(require.resolve('astro-og-canvas'), 'astro-og-canvas'),
    packageVersion(require.resolve('canvaskit-wasm'), 'canvaskit-wasm'),
    readFileSync(DRAWING),
    ...fonts.flatMap((font) => [font, readFileSync(font)]),
  );
}

/** The cache key of one image: SHA-256 of the drawing key ({@link ogDrawingKey}) and its options. */
export function ogImageKey(drawingKey: string, options: OGImageOptions): string {
  return cacheKey(drawingKey, JSON.stringify(options));
}

/** The cache file of a key. */
export function ogCacheFile(key: string): string {
  return join(OG_CACHE, `${key}.${OG_IMAGE_EXTENSION}`);
}

/** Whether the image of `key` is in the cache. */
export function ogCached(key: string): boolean {
  return existsSync(ogCacheFile(key));
}

/**
 * Draws one image (draw.ts: the bytes astro-og-canvas draws) and stores it in the cache under `key`, written
 * beside and renamed so a reader never sees half a file.
 * @returns the image bytes (JPEG)
 * @throws {Error} when CanvasKit fails or the file cannot be written
 */
export async function drawOgImage(key: string, options: OGImageOptions): Promise<Buffer> {
  const image = await drawCard(options);
  const file = ogCacheFile(key);
  mkdirSync(dirname(file), { recursive: true });
  await writeEntry(file, image);
  return image;
}

/** The image of `key`: from the cache (marking the entry used), else drawn and stored. */
export async function ogImage(key: string, options: OGImageOptions): Promise<Buffer> {
  const file = ogCacheFile(key);
  if (existsSync(file)) {
    const now = new Date();
    utimesSync(file, now, now);
    return readFileSync(file);
  }
  return drawOgImage(key, options);
}

/**
 * Removes the cache entries not used for `maxAgeMs` (an entry's modification time marks its last use)
 * and temporary files left by a stopped draw.
 * @returns how many files were removed
 */
export function pruneOgCache(maxAgeMs: number = OG_CACHE_MAX_AGE_MS, now: number = Date.now()): number {
  if (!existsSync(OG_CACHE)) return 0;
  let removed = 0;
  for (const name of readdirSync(OG_CACHE)) {
    const file = join(OG_CACHE, name);
    const stale = name.endsWith('.tmp')
      ? now - statSync(file).mtimeMs > 3600_000
      : now - statSync(file).mtimeMs > maxAgeMs;
    if (stale) {
      rmSync(file, { force: true });
      removed++;
    }
  }
  return removed;
}
