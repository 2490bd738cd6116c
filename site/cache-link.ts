/**
 * Puts a file kept in a build cache (node_modules/.cache/petstore-docs/) into the build output: a hard
 * link, so no bytes are copied (GitHub's description has 70 MB of compressed variants and 100 MB of Open
 * Graph images), or a copy where links are refused (the output on another file system). An existing
 * `dest` is removed first, never written through: it may itself be a link to a kept file, and writing
 * into it would change the cache. Linking changes the kept file's change time (ctime), which cache
 * pruning can read as "last used".
 * @param kept the cached file (absolute path)
 * @param dest where the output needs it (absolute path; its folder exists)
 */
import { copyFile, link, rm } from 'node:fs/promises';

export async function linkFromCache(kept: string, dest: string): Promise<void> {
  try {
    await link(kept, dest);
    return;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') return copyFile(kept, dest);
  }
  await rm(dest, { force: true });
  await linkFromCache(kept, dest);
}
