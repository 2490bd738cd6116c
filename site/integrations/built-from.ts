// Writes <outDir>/.built-from.json naming the description the build read, so `npm start` and the
// test commands (scripts/build-if-stale.mjs) rebuild when PETSTORE_SPEC names another one, whether
// the output came from `npm run build` or from them. It also records what `npm start` needs of the
// published versions without Astro: the current version's name, the release record, and each older
// published version's description file (its mock answers under `/api/mock/@<version>/`).
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { changelogPath, descriptionPath, releasedFile } from '../reference/loaded-description.ts';
import { versionSet } from '../reference/versions.ts';

/** The file build-if-stale reads; keep the two in step. */
export const BUILT_FROM = '.built-from.json';

/** What {@link BUILT_FROM} holds. */
export interface BuiltFrom {
  /** The working description's file (absolute). */
  spec: string;
  /** The current version's name (the description's `info.version`). */
  version?: string;
  /** The release record (absolute), when the build has one. */
  changelog?: string;
  /** The older published versions, newest first, with their description files (absolute). */
  versions?: Array<{ version: string; file: string }>;
  /** `PETSTORE_VERSIONS` as the build saw it (empty: the option decided). */
  publish?: string;
}

/** The record of this build (the description, its published versions). @throws as `versionSet` does */
export async function builtFromRecord(): Promise<BuiltFrom> {
  const set = await versionSet();
  const changelog = changelogPath();
  return {
    spec: descriptionPath(),
    version: set.current.version,
    ...(changelog ? { changelog } : {}),
    versions: set.versions.flatMap((v) => (v.release ? [{ version: v.release, file: releasedFile(v.release) }] : [])),
    publish: process.env.PETSTORE_VERSIONS?.trim() ?? '',
  };
}

/** The Astro integration: after a complete build only (a failed build writes nothing). */
export default function builtFrom(): AstroIntegration {
  let outDir = '';
  return {
    name: 'petstore:built-from',
    hooks: {
      'astro:config:done': ({ config }) => {
        outDir = fileURLToPath(config.outDir);
      },
      'astro:build:done': async () => {
        writeFileSync(join(outDir, BUILT_FROM), `${JSON.stringify(await builtFromRecord())}\n`);
      },
    },
  };
}
