// Clears the output folder beside the build instead of before it. Astro empties the output folder
// file by file on the build's thread before it bundles anything: for a large description (GitHub's)
// that is thousands of files and seconds of every build. This integration moves the previous output's entries aside
// when the build starts (a rename each, on the same file system) and deletes them on libuv's thread
// pool while the build runs; the build's end waits for the deletion. Astro then finds the folder empty.
// An entry that cannot be moved (another file system) is left for Astro to delete as before.
import { mkdirSync, readdirSync, renameSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { BUILD_CACHE } from '../build-cache.ts';

/** Where previous outputs wait for deletion, relative to the project root. */
export const OLD_OUTPUT = join(BUILD_CACHE, 'old-output');

/**
 * Moves every entry of `outDir` but `.git` (which Astro keeps) into a new folder below `trash`.
 * @param outDir the output folder (absolute)
 * @param trash the folder of previous outputs (absolute), on the same file system
 * @returns the entries left in place because they could not be moved
 */
export function moveAside(outDir: string, trash: string): string[] {
  // An output folder that holds the trash (the project root, say) is left to Astro.
  if (`${trash}${sep}`.startsWith(`${outDir}${sep}`)) return [];
  let entries: string[];
  try {
    entries = readdirSync(outDir).filter((e) => e !== '.git');
  } catch {
    return []; // no previous output
  }
  if (entries.length === 0) return [];
  const target = join(trash, `${process.pid}-${Date.now()}`);
  mkdirSync(target, { recursive: true });
  const left: string[] = [];
  for (const entry of entries) {
    try {
      renameSync(join(outDir, entry), join(target, entry));
    } catch {
      left.push(entry);
    }
  }
  return left;
}

/** Deletes every folder below `trash` (this build's and those of builds that stopped before deleting theirs). */
export async function emptyTrash(trash: string): Promise<void> {
  let entries: string[];
  try {
    entries = readdirSync(trash);
  } catch {
    return;
  }
  await Promise.all(entries.map((e) => rm(join(trash, e), { recursive: true, force: true, maxRetries: 3 })));
}

/**
 * The Astro integration.
 * @param output the output folder, relative to the project root: Astro's outDir (its `client/` folder, as
 *   astro.config.mjs sets it) and the build's record beside it are both in it, and both are moved aside
 */
export default function clearOutput(output: string): AstroIntegration {
  let root = process.cwd();
  let outDir = '';
  let deleting: Promise<void> | undefined;
  return {
    name: 'petstore:clear-output',
    hooks: {
      'astro:config:done': ({ config }) => {
        root = fileURLToPath(config.root);
        outDir = resolve(root, output);
      },
      'astro:build:start': () => {
        const trash = join(root, OLD_OUTPUT);
        moveAside(outDir, trash);
        deleting = emptyTrash(trash);
        // Awaited in astro:build:done; a failure to delete must not stop the build meanwhile.
        deleting.catch(() => undefined);
      },
      'astro:build:done': async ({ logger }) => {
        try {
          await deleting;
        } catch (err) {
          logger.warn(`the previous output could not be deleted: ${(err as Error).message}`);
        }
      },
    },
  };
}
