/**
 * The files an AsyncAPI description is made of: its entry and every local file its `$ref`s reach,
 * transitively, without the AsyncAPI parser (what decides whether a build is stale, or a cache entry made
 * from the description is still right). Reading only: a file that is missing or does not parse is listed
 * (a change to it matters) and not followed; the loader (load.ts) reports such problems.
 */
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseFile } from '../loader/parse.ts';
import { findRefs } from '../loader/walk.ts';

/**
 * The entry and the local files its `$ref`s reach, transitively, in the order found (absolute paths).
 * A `$ref` to a URL other than `file:` is not followed (the loader refuses it).
 * @param entry the description's file (absolute)
 */
export function eventDescriptionFiles(entry: string): string[] {
  const files = [entry];
  for (let i = 0; i < files.length; i++) {
    const file = files[i] as string;
    let value: unknown;
    try {
      value = parseFile(readFileSync(file, 'utf8'), file).value;
    } catch {
      continue;
    }
    for (const { ref } of findRefs(value)) {
      const hash = ref.indexOf('#');
      const part = hash === -1 ? ref : ref.slice(0, hash);
      if (!part) continue;
      let target: string;
      try {
        if (/^file:/i.test(part)) target = fileURLToPath(part);
        else if (/^[a-z][a-z0-9+.-]*:/i.test(part)) continue;
        else target = resolve(dirname(file), decodeURI(part));
      } catch {
        continue;
      }
      if (!files.includes(target)) files.push(target);
    }
  }
  return files;
}
