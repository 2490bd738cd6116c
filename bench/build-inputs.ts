// What the benchmarks build besides our Petstore site: a Starlight site with starlight-openapi on a
// description (the peer), GitHub's REST description fetched with `npm pack`, and GitHub's two releases as a
// release history (PETSTORE_CHANGELOG beside the working description).
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type Changelog, type ChangelogRelease, formatChangelog, parseChangelog } from '../descriptions/changelog.ts';
import { ROOT } from '../tests/support/server.ts';

/** The releases of `@octokit/openapi` the benchmarks build: an older one and the working description. */
export const OCTOKIT_OLDER = '23.0.0';
export const OCTOKIT_CURRENT = '23.0.2';

/**
 * A Starlight project with the starlight-openapi plugin (a dev dependency) on `spec`, its pages under
 * /api/, in `dir` below this project (so it resolves packages from our node_modules the way Node does; a
 * symlinked node_modules confuses Vite's module ids). Remove `dir` to drop it, with Astro's caches in it.
 * @returns `dir`
 */
export function peerProject(spec: string, dir: string): string {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(join(dir, 'src', 'content', 'docs'), { recursive: true });
  writeFileSync(
    join(dir, 'astro.config.mjs'),
    [
      "import starlight from '@astrojs/starlight';",
      "import { defineConfig } from 'astro/config';",
      "import starlightOpenAPI, { openAPISidebarGroups } from 'starlight-openapi';",
      'export default defineConfig({',
      '  integrations: [',
      '    starlight({',
      "      title: 'Peer',",
      `      plugins: [starlightOpenAPI([{ base: 'api', schema: ${JSON.stringify(spec)} }])],`,
      '      sidebar: openAPISidebarGroups,',
      '    }),',
      '  ],',
      '});',
      '',
    ].join('\n'),
  );
  writeFileSync(
    join(dir, 'src', 'content.config.ts'),
    [
      "import { defineCollection } from 'astro:content';",
      "import { docsLoader } from '@astrojs/starlight/loaders';",
      "import { docsSchema } from '@astrojs/starlight/schema';",
      'export const collections = { docs: defineCollection({ loader: docsLoader(), schema: docsSchema() }) };',
      '',
    ].join('\n'),
  );
  writeFileSync(
    join(dir, 'src', 'content', 'docs', 'index.md'),
    '---\ntitle: Peer\n---\n\nThe API reference is under /api/.\n',
  );
  return dir;
}

/** The environment of the peer's build: the caller's, Astro's telemetry off, no colours in the log. */
export function peerBuildEnv(): NodeJS.ProcessEnv {
  return { ...process.env, ASTRO_TELEMETRY_DISABLED: '1', NO_COLOR: '1' };
}

/** Where `npm pack`ed descriptions are kept between runs. */
const PACKS = join(ROOT, 'node_modules', '.cache', 'petstore-bench', 'octokit');

/**
 * GitHub's REST description, `generated/api.github.com.json` of npm `@octokit/openapi@version`, fetched with
 * `npm pack` from the registry once into node_modules/.cache/petstore-bench/.
 * @throws {Error} when `npm pack` or `tar` fails
 */
export function octokitDescription(version: string): string {
  const dir = join(PACKS, version);
  const file = join(dir, 'package', 'generated', 'api.github.com.json');
  if (existsSync(file)) return file;
  mkdirSync(dir, { recursive: true });
  process.stderr.write(`npm pack @octokit/openapi@${version} …\n`);
  const r = spawnSync('npm', ['pack', `@octokit/openapi@${version}`, '--silent', '--pack-destination', dir], {
    encoding: 'utf8',
  });
  if (r.status !== 0) throw new Error(`npm pack @octokit/openapi@${version} failed: ${r.stderr}`);
  const tgz = join(dir, r.stdout.trim().split('\n').at(-1) ?? '');
  const x = spawnSync('tar', ['xzf', tgz, '-C', dir, 'package/generated/api.github.com.json']);
  if (x.status !== 0 || !existsSync(file)) throw new Error(`${tgz} has no generated/api.github.com.json`);
  return file;
}

/** A release history on disk: the working description and the changelog whose folder holds released/. */
export interface History {
  /** its folders' and logs' prefix */
  name: string;
  /** what the table calls it */
  label: string;
  spec: string;
  changelog: string;
  /** how it was made, for the table */
  source: string;
}

/** A changelog entry that changes no operation (enough for a release to be published). */
function plainRelease(version: string, date: string): ChangelogRelease {
  return { version, date, breaking: false, operations: [], other: [] };
}

/** GitHub's REST description in two releases: 23.0.0 released, 23.0.2 the working description. */
export function githubHistory(dir: string): History {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(join(dir, 'released'), { recursive: true });
  copyFileSync(octokitDescription(OCTOKIT_CURRENT), join(dir, 'openapi.json'));
  copyFileSync(octokitDescription(OCTOKIT_OLDER), join(dir, 'released', `${OCTOKIT_OLDER}.json`));
  const changelog: Changelog = {
    releases: [plainRelease(OCTOKIT_CURRENT, '2026-02-02'), plainRelease(OCTOKIT_OLDER, '2026-01-12')],
  };
  writeFileSync(join(dir, 'changelog.json'), formatChangelog(parseChangelog(formatChangelog(changelog))));
  return {
    name: 'github',
    label: 'GitHub',
    spec: join(dir, 'openapi.json'),
    changelog: join(dir, 'changelog.json'),
    source: `@octokit/openapi ${OCTOKIT_OLDER} and ${OCTOKIT_CURRENT}, generated/api.github.com.json`,
  };
}
