// Guards Astro's incremental build (`experimental.incrementalBuild`, astro.config.mjs). Astro copies
// a keyed page's output into <cacheDir>/dist/ as it renders it, but writes the manifest that says which
// key each copy belongs to only at the end of a successful generation: a build stopped halfway (Ctrl-C,
// a CI timeout, a crash) leaves copies of new pages under the previous build's manifest, and the next
// build would serve those copies for the previous keys. So a build marks the cache as in progress when
// it starts and clears the mark when it ends; a build that finds the mark from a build that did not end
// drops the manifest, which renders every page once more and writes a fresh one.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';

/** The default output folder, as astro.config.mjs names it. */
export const DEFAULT_OUT_DIR = './dist';

/**
 * Astro's `cacheDir` for a build into `outDir`: Astro's default for the default output folder, else a
 * folder of its own below it (named by a hash of the output folder's absolute path), so two builds of
 * different descriptions running at once (the tests build several beside the main one) never share the
 * incremental build's copies of their pages.
 * @param outDir the output folder, relative to the working directory or absolute
 * @returns a path relative to the working directory
 */
export function cacheDirFor(outDir: string): string {
  if (outDir === DEFAULT_OUT_DIR) return './node_modules/.astro';
  return `./node_modules/.astro/out-${createHash('sha256').update(resolve(outDir)).digest('hex').slice(0, 16)}`;
}

/** Astro's manifest of the previous build's keyed pages (astro/dist/core/build/incremental.js). */
export const INCREMENTAL_MANIFEST = 'incremental-build.json';

/** The mark of a build in progress, beside the manifest. */
export const IN_PROGRESS_MARK = 'incremental-build.in-progress';

/**
 * Prepares the cache folder for a build: drops the manifest when the last build did not end, then marks
 * this one as in progress.
 * @param cacheDir Astro's `cacheDir` (absolute path)
 * @returns true when a manifest was dropped
 */
export function beginBuild(cacheDir: string): boolean {
  const mark = join(cacheDir, IN_PROGRESS_MARK);
  const manifest = join(cacheDir, INCREMENTAL_MANIFEST);
  const dropped = existsSync(mark) && existsSync(manifest);
  if (dropped) rmSync(manifest, { force: true });
  mkdirSync(cacheDir, { recursive: true });
  writeFileSync(mark, `${process.pid}\n`);
  return dropped;
}

/** Marks the build as ended: its manifest and copies agree. */
export function endBuild(cacheDir: string): void {
  rmSync(join(cacheDir, IN_PROGRESS_MARK), { force: true });
}

/** The Astro integration. */
export default function incrementalBuild(): AstroIntegration {
  let cacheDir = '';
  return {
    name: 'petstore:incremental-build',
    hooks: {
      'astro:config:done': ({ config }) => {
        cacheDir = fileURLToPath(config.cacheDir);
      },
      'astro:build:start': ({ logger }) => {
        if (beginBuild(cacheDir)) {
          logger.info('the last build did not finish: every page is rendered again');
        }
      },
      'astro:build:done': () => {
        endBuild(cacheDir);
      },
    },
  };
}
