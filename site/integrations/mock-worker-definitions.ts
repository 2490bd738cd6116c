// The first step of making an in-browser mock's cache entry (mock-worker.ts): the modules of the mock's
// definitions, compiled from a description and its older published versions. Run by the build as the first
// of two child processes (mock-worker.ts `makeEntryInChild`; mock-worker-bundle.ts is the second), and
// called in the build's own process when no child made the entry.
//
// A module of its own, apart from the integration: the child loads only what the definitions need (the
// description loader and the mock's bundler), not what the integration imports for the build (the
// reference's model and its code sample generator, the event model, the site's options): those modules
// were most of the child's CPU time on a small description.
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type LoadedDescription, loadDescription } from '../../descriptions/loader/index.ts';
import type { ReleasedFile } from '../apis/releases.ts';
import { writeEntry } from '../build-cache.ts';
import { type Definitions, definitionsFile } from './mock-worker-bundle.ts';

const SELF = fileURLToPath(import.meta.url);

/** Where a worker mounts its API's mock and the current version's name (bundle.ts `BundledApi`). */
export interface WorkerMount {
  mount?: string;
  version?: string;
}

/** Loads a description file (the build's own process passes its per-build loader, which shares its cache). */
export type LoadDescriptionFile = (file: string) => Promise<LoadedDescription>;

/**
 * The modules of the mock's definitions (request validators and the description's data, compiled from
 * the description and its older versions: ../mock/hosts/bundle.ts `apiModules`). Never throws: a
 * description they cannot be made from gives `error`.
 * @param description the description's entry file
 * @param older its older published versions (their names and files)
 * @param mount where the worker mounts the API, and the current version's name
 * @param load how a description file is loaded (default: the loader with its own cache)
 */
export async function makeDefinitions(
  description: string,
  older: readonly ReleasedFile[],
  mount: WorkerMount,
  load: LoadDescriptionFile = (file) => loadDescription(file),
): Promise<Definitions> {
  const warnings: string[] = [];
  try {
    // Loaded here: the build's own process needs the bundler only when no child made the entry.
    const { apiModules } = await import('../mock/hosts/bundle.ts');
    const versions = [];
    for (const r of older) versions.push({ version: r.version, description: await load(r.file) });
    const api = { ...mount, description: await load(description), older: versions };
    const modules = await apiModules([api], (message) => warnings.push(message));
    return { modules, warnings };
  } catch (err) {
    return { warnings, error: (err as Error).message };
  }
}

// Run by the build (mock-worker.ts `makeEntryInChild`) as the first of its two children:
//   node mock-worker-definitions.ts <cacheDir> <key> <description> [<older>] [<mount>]
// makes the definitions of the description file, its older versions and its mount, and writes them (or
// why there are none) beside the entry for mock-worker-bundle.ts; exits 0 also when the description has
// no worker (the record the second child writes says why).
if (process.argv[1] && resolve(process.argv[1]) === SELF) {
  const [cacheDir, key, description, older = '[]', mount = '{}'] = process.argv.slice(2);
  if (!cacheDir || !key || !description) {
    process.stderr.write(
      'usage (run by the build): node site/integrations/mock-worker-definitions.ts <cacheDir> <key> <description file> [<older versions as JSON>] [<mount as JSON>]\n',
    );
    process.exit(2);
  }
  const definitions = await makeDefinitions(
    description,
    JSON.parse(older) as ReleasedFile[],
    JSON.parse(mount) as WorkerMount,
  );
  mkdirSync(cacheDir, { recursive: true });
  await writeEntry(definitionsFile(cacheDir, key), JSON.stringify(definitions));
}
