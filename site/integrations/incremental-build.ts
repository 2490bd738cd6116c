// Guards Astro's incremental build (`experimental.incrementalBuild`, astro.config.mjs). Astro copies
// a keyed page's output into <cacheDir>/dist/ as it renders it, but writes the manifest that says which
// key each copy belongs to only at the end of a successful generation: a build stopped halfway (Ctrl-C,
// a CI timeout, a crash) leaves copies of new pages under the previous build's manifest, and the next
// build would serve those copies for the previous keys. So a build marks the cache as in progress when
// it starts and clears the mark when it ends; a build that finds the mark from a build that did not end
// drops the manifest, which renders every page once more and writes a fresh one.
//
// Astro restores an unchanged page by copying its kept copy into the output: for a rebuild of GitHub's
// description, 4,400 pages (340 MB) copied on the build's thread pool while the build's thread waits on
// the file system. The build links them instead (`linkRestores`): a hard link each, as the compressed
// variants and the search index come from their caches. The kept copy of a page just rendered is a link
// to the output's file too, where Astro wrote the same bytes a second time. A kept copy is never written
// through: a page's new copy goes to a file of its own, renamed over the old one, so a page of an earlier
// output that still links the old copy keeps its bytes. Each page so kept is announced
// (`onPageWritten`): the serving integration compresses pages while the others render.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { AstroIntegration } from 'astro';
import { linkFromCache, temporaryName } from '../build-cache.ts';
import { buildSlot, currentBuild } from '../build-context.ts';

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

/** What the two methods {@link linkRestores} replaces read of Astro's settings. */
type Settings = { config: { cacheDir: URL; outDir: URL } };

/** Who is told of each page the build writes (its output file, an absolute path), in this build. */
const WRITTEN = buildSlot('incremental-build.page-written', () => new Set<(file: string) => void>());

/**
 * Calls `listener` with the absolute path of each keyed page this build renders and writes into its
 * output (each page, Markdown twin and try-it document whose copy Astro keeps), once the file is
 * complete. Pages restored from the previous build are not announced.
 * @returns a function that stops the calls
 */
export function onPageWritten(listener: (file: string) => void): () => void {
  const listeners = currentBuild().state(WRITTEN);
  listeners.add(listener);
  return () => listeners.delete(listener);
}
interface IncrementalCache {
  restoreOutputFile(settings: Settings, outputFile: string, destination: URL): Promise<boolean>;
  writeOutputFile(settings: Settings, outputFile: string, body: string | Uint8Array): Promise<void>;
}

/**
 * The lines of Astro's incremental build (astro/dist/core/build/incremental.js) that {@link linkRestores}
 * stands in for: where the kept copies are, the copy of a kept page into the output and the write of a
 * page's new copy. An Astro whose module lacks one of them is left alone.
 */
const ASTRO_LINES = {
  outputDir: /^const INCREMENTAL_OUTPUT_DIR = "([^"\n]+)";$/m,
  restore: 'await fs.promises.copyFile(cachedOutputFile, destination);',
  write: 'await fs.promises.writeFile(cachedOutputFile, body);',
} as const;

/**
 * Makes Astro's incremental build hard-link a kept page into the output instead of copying it (a copy
 * where links are refused: build-cache.ts `linkFromCache`), and keep a page just rendered as a link to
 * the output's file (a copy of its body where that file is not the body's size), made under a name of
 * its own and renamed into place, never written through the old copy (which the output of an earlier
 * build may still link); then tells {@link onPageWritten}'s listeners. The pages' bytes are the same either way. Patches the prototype of Astro's
 * `IncrementalBuildCache`, loaded from the installed package, so that Astro's own import of it sees the
 * change; once per process.
 * @returns `linked` when patched (or patched before), `unchanged` when the installed Astro's module is not
 *   the shape this was written for (the build then copies, as Astro does)
 */
export async function linkRestores(): Promise<'linked' | 'unchanged'> {
  const file = join(dirname(fileURLToPath(import.meta.resolve('astro'))), 'core', 'build', 'incremental.js');
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return 'unchanged';
  }
  const outputDir = ASTRO_LINES.outputDir.exec(text)?.[1];
  if (!outputDir || !text.includes(ASTRO_LINES.restore) || !text.includes(ASTRO_LINES.write)) return 'unchanged';
  const mod = (await import(pathToFileURL(file).href)) as { IncrementalBuildCache?: { prototype: IncrementalCache } };
  const proto = mod.IncrementalBuildCache?.prototype;
  if (!proto || typeof proto.restoreOutputFile !== 'function' || typeof proto.writeOutputFile !== 'function') {
    return 'unchanged';
  }
  if (LINKED.has(proto)) return 'linked';
  const kept = (settings: Settings, outputFile: string): string =>
    fileURLToPath(new URL(outputFile, new URL(outputDir, settings.config.cacheDir)));
  proto.restoreOutputFile = async (settings, outputFile, destination) => {
    const source = kept(settings, outputFile);
    if (!existsSync(source)) return false;
    const target = fileURLToPath(destination);
    await mkdir(dirname(target), { recursive: true });
    await linkFromCache(source, target);
    return true;
  };
  proto.writeOutputFile = async (settings, outputFile, body) => {
    const target = kept(settings, outputFile);
    // Astro wrote the same body there just before (astro/dist/core/build/generate.js).
    const written = fileURLToPath(new URL(outputFile, settings.config.outDir));
    await mkdir(dirname(target), { recursive: true });
    const tmp = temporaryName(target);
    try {
      let size = -1;
      try {
        size = (await stat(written)).size;
      } catch {
        // not there: written below
      }
      if (size === (typeof body === 'string' ? Buffer.byteLength(body) : body.byteLength)) {
        await linkFromCache(written, tmp);
      } else {
        await writeFile(tmp, body);
      }
      await rename(tmp, target);
    } catch (error) {
      // Only a failed write leaves the temporary file behind; after the rename there is nothing to remove.
      await rm(tmp, { force: true });
      throw error;
    }
    for (const listener of currentBuild().state(WRITTEN)) listener(written);
  };
  LINKED.add(proto);
  return 'linked';
}
/** The prototypes {@link linkRestores} changed (a second build in one process finds its own). */
const LINKED = new WeakSet<object>();

/** The Astro integration. */
export default function incrementalBuild(): AstroIntegration {
  let cacheDir = '';
  return {
    name: 'petstore:incremental-build',
    hooks: {
      'astro:config:done': ({ config }) => {
        cacheDir = fileURLToPath(config.cacheDir);
      },
      'astro:build:start': async ({ logger }) => {
        if ((await linkRestores()) === 'unchanged') {
          logger.info("this Astro's incremental build is not the one linkRestores knows: unchanged pages are copied");
        }
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
