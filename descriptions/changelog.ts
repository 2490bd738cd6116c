/**
 * The changelog of the API description (`spec/changelog.json`): the released versions, newest first, each with
 * the operations it added, changed, deprecated and removed. Written by `npm run spec:release` (tools/spec-diff),
 * read by the site's `/changelog/` page, its feed and the "Changed in" line of each operation page. It is a
 * committed file so that nothing at build time depends on git history. Pure: parse, check, add.
 */

/** What a release did to one operation. */
export type OperationChangeKind = 'added' | 'changed' | 'deprecated' | 'removed';

/** The class of a change, as spec-diff decides it. */
export type NoteClass = 'breaking' | 'non-breaking' | 'deprecation' | 'documentation' | 'unclassified';

/** One sentence about a change, with its class. */
export interface ChangelogNote {
  class: NoteClass;
  text: string;
}

/** One operation in a release. */
export interface ChangelogOperation {
  change: OperationChangeKind;
  /** Upper-case HTTP method. */
  method: string;
  path: string;
  operationId?: string;
  summary?: string;
  /** Whether a client of the previous release may break (a removal is breaking even after its sunset date). */
  breaking: boolean;
  /** The sunset date of a deprecated operation, or of one removed after it (YYYY-MM-DD). */
  sunset?: string;
  notes: ChangelogNote[];
}

/** One released version. */
export interface ChangelogRelease {
  /** `info.version` of the released description. */
  version: string;
  /** Release date (YYYY-MM-DD). */
  date: string;
  /** Whether any change of the release is breaking. */
  breaking: boolean;
  operations: ChangelogOperation[];
  /** Changes that touch no operation (document metadata, servers, unused schemas). */
  other: ChangelogNote[];
}

/** The whole file. */
export interface Changelog {
  /** What the file is, for a reader of the repository. */
  description?: string;
  /** Newest first. */
  releases: ChangelogRelease[];
}

/** The numeric parts of a version (`1.10.0` → [1, 10, 0]); missing parts are 0. */
function parts(v: string): number[] {
  return (/^v?(\d+(?:\.\d+)*)/.exec(v.trim())?.[1] ?? '0').split('.').map(Number);
}

/** Compares two versions by their numeric parts (negative when `a` is older). */
export function compareVersions(a: string, b: string): number {
  const pa = parts(a);
  const pb = parts(b);
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const d = (pa[i] ?? 0) - (pb[i] ?? 0);
    if (d !== 0) return d;
  }
  return a === b ? 0 : a < b ? -1 : 1;
}

const KINDS: readonly string[] = ['added', 'changed', 'deprecated', 'removed'];
const CLASSES: readonly string[] = ['breaking', 'non-breaking', 'deprecation', 'documentation', 'unclassified'];

function fail(where: string, what: string): never {
  throw new Error(`changelog ${where}: ${what}`);
}

function checkNotes(v: unknown, where: string): ChangelogNote[] {
  if (!Array.isArray(v)) fail(where, 'must be an array');
  return v.map((n, i) => {
    if (typeof n !== 'object' || n === null) fail(`${where}[${i}]`, 'must be an object');
    const { class: cls, text } = n as Record<string, unknown>;
    if (typeof cls !== 'string' || !CLASSES.includes(cls))
      fail(`${where}[${i}].class`, `must be one of ${CLASSES.join(', ')}`);
    if (typeof text !== 'string') fail(`${where}[${i}].text`, 'must be a string');
    return { class: cls as NoteClass, text };
  });
}

/**
 * Parses and checks the changelog file's JSON.
 * @throws {Error} naming the first field that is wrong (`changelog releases[0].date: ...`)
 */
export function parseChangelog(text: string): Changelog {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (err) {
    fail('file', `not JSON: ${(err as Error).message}`);
  }
  if (typeof data !== 'object' || data === null || !Array.isArray((data as Changelog).releases))
    fail('file', 'expected an object with "releases": [...]');
  const releases = (data as Changelog).releases.map((r, i): ChangelogRelease => {
    const w = `releases[${i}]`;
    if (typeof r !== 'object' || r === null) fail(w, 'must be an object');
    if (typeof r.version !== 'string' || !r.version) fail(`${w}.version`, 'must be a non-empty string');
    if (typeof r.date !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(r.date)) fail(`${w}.date`, 'must be YYYY-MM-DD');
    if (typeof r.breaking !== 'boolean') fail(`${w}.breaking`, 'must be true or false');
    if (!Array.isArray(r.operations)) fail(`${w}.operations`, 'must be an array');
    const operations = r.operations.map((o, j): ChangelogOperation => {
      const wo = `${w}.operations[${j}]`;
      if (typeof o !== 'object' || o === null) fail(wo, 'must be an object');
      if (!KINDS.includes(o.change)) fail(`${wo}.change`, `must be one of ${KINDS.join(', ')}`);
      if (typeof o.method !== 'string' || typeof o.path !== 'string') fail(wo, 'needs "method" and "path"');
      if (typeof o.breaking !== 'boolean') fail(`${wo}.breaking`, 'must be true or false');
      return { ...o, notes: checkNotes(o.notes ?? [], `${wo}.notes`) };
    });
    return { ...r, operations, other: checkNotes(r.other ?? [], `${w}.other`) };
  });
  for (let i = 1; i < releases.length; i++)
    if (compareVersions((releases[i - 1] as ChangelogRelease).version, (releases[i] as ChangelogRelease).version) <= 0)
      fail(
        `releases[${i - 1}]`,
        `versions must be newest first and distinct (${releases[i - 1]?.version} before ${releases[i]?.version})`,
      );
  return {
    ...(typeof (data as Changelog).description === 'string' ? { description: (data as Changelog).description } : {}),
    releases,
  };
}

/**
 * The changelog with `release` as its newest entry.
 * @throws {Error} when the version is already released or not newer than the latest release
 */
export function addRelease(changelog: Changelog, release: ChangelogRelease): Changelog {
  const latest = changelog.releases[0];
  if (changelog.releases.some((r) => r.version === release.version))
    throw new Error(`version ${release.version} is already in the changelog`);
  if (latest && compareVersions(release.version, latest.version) <= 0)
    throw new Error(`version ${release.version} is not newer than the latest release ${latest.version}`);
  return { ...changelog, releases: [release, ...changelog.releases] };
}

/** The changelog as the file holds it (two-space JSON and a final newline, as Biome formats it). */
export function formatChangelog(changelog: Changelog): string {
  return `${JSON.stringify(changelog, null, 2)}\n`;
}

/**
 * The key an operation is matched by across versions (the release record's sunset dates, the version
 * switcher, the absent pages, the changelog's "Changed in" line): its operationId, else its method and
 * path. Pure.
 */
export function operationKey(op: { operationId?: string; method: string; path: string }): string {
  return op.operationId ? `id:${op.operationId}` : `${op.method.toUpperCase()} ${op.path}`;
}
