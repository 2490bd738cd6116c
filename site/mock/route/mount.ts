// Where each API's mock is mounted, as data: a table of mounts, each an API's mount path and the
// versions served below it (the current one at the mount path, each older published release at
// `<mount>/@<version>`). The `@` keeps a version apart from any path of the API. Which mount and
// version a request path goes to is decided here, purely; the mount stage (stages.ts) acts on it.

/**
 * Where the site mounts the mock API: `npm start`'s server (scripts/serve.ts), the Astro route for
 * `astro dev` (site/mock/hosts/astro-dev.ts), the in-browser mock (site/mock/hosts/worker.ts) and the try-it
 * client's server URL all use this path.
 */
export const MOCK_BASE = '/api/mock';

/**
 * Where the mock of a version is mounted: `base` for the current version, `<base>/@<version>` for an
 * older published release (`/api/mock/@1.0.0/pets`). {@link versionOf} reads it back.
 * @param release an older release's version; undefined for the current version
 * @param base the current version's mount path (default {@link MOCK_BASE})
 */
export function mockBaseOf(release?: string, base: string = MOCK_BASE): string {
  return release === undefined ? base : `${base}/@${release}`;
}

/** Which version of a mount a request path asks for. */
export type VersionRoute =
  | { kind: 'current' }
  | { kind: 'older'; version: string }
  | { kind: 'unknown'; version: string };

/**
 * The version a request path asks for. Pure.
 * @param path the URL's path (`/api/mock/@1.0.0/pets`), percent-encoded as received
 * @param older the older versions served
 * @param base the mount path (default {@link MOCK_BASE})
 * @returns `current` for any path without an `@` segment right below the mount path (a path
 *   outside the mount included); `older` for a served version; `unknown` otherwise (a malformed
 *   percent-encoding is taken as it is)
 */
export function versionOf(path: string, older: ReadonlySet<string>, base: string = MOCK_BASE): VersionRoute {
  if (!path.startsWith(`${base}/@`)) return { kind: 'current' };
  const end = path.indexOf('/', base.length + 2);
  const raw = path.slice(base.length + 2, end === -1 ? undefined : end);
  let version = raw;
  try {
    version = decodeURIComponent(raw);
  } catch {
    // kept as received: it names no version
  }
  return older.has(version) ? { kind: 'older', version } : { kind: 'unknown', version };
}

/** One API's mock behind its mount path: what answers for each version served. */
export interface Mount<T> {
  /** The current version's mount path, without a trailing slash (`/api/mock`; '' for the root). */
  readonly base: string;
  /** The versions served, by name: the current one first, then the older ones, newest first. */
  readonly versions: readonly (readonly [name: string, answers: T])[];
}

/** Where a request path goes among the mounts (see {@link mountTable}). */
export type MountRoute<T> =
  /** A version a mount serves: what answers, and that version's mount path. */
  | { kind: 'version'; answers: T; base: string }
  /**
   * An `@<version>` below a mount that does not serve it; `versions` are the ones it serves,
   * `current` answers for the mount's current version (its refusals are worded so).
   */
  | { kind: 'unknown_version'; version: string; base: string; versions: readonly string[]; current: T }
  /** A path below no mount. */
  | { kind: 'outside' };

/** A table of mounts, ready for {@link MountTable.route}. */
export interface MountTable<T> {
  /**
   * Where a request path goes. Pure.
   * @param path the URL's path, percent-encoded as received
   * @returns the version below the most specific mount the path is in (the longest mount path that
   *   is the path or a prefix of it ending at a `/`), an unknown version of it, or `outside`
   */
  route(path: string): MountRoute<T>;
}

/**
 * Compiles a table of mounts once (their paths checked, the longest first, each one's older
 * versions as a set).
 * @throws {Error} when two mounts share a path, a mount serves no version, or names a version twice
 */
export function mountTable<T>(mounts: readonly Mount<T>[]): MountTable<T> {
  const seen = new Set<string>();
  const compiled = mounts
    .map((m) => {
      const base = m.base.replace(/\/+$/, '');
      if (seen.has(base)) throw new Error(`two mocks are mounted at '${base}'`);
      seen.add(base);
      const [current, ...older] = m.versions;
      if (!current) throw new Error(`the mock mounted at '${base}' serves no version`);
      const names = m.versions.map(([name]) => name);
      if (new Set(names).size !== names.length) throw new Error(`the mock mounted at '${base}' names a version twice`);
      return {
        base,
        current: current[1],
        older: new Map(older),
        olderNames: new Set(older.map(([name]) => name)),
        names,
      };
    })
    .sort((a, b) => b.base.length - a.base.length);
  return {
    route(path) {
      const m = compiled.find((c) => path === c.base || path.startsWith(`${c.base}/`));
      if (!m) return { kind: 'outside' };
      const v = versionOf(path, m.olderNames, m.base);
      if (v.kind === 'current') return { kind: 'version', answers: m.current, base: m.base };
      const older = m.older.get(v.version);
      if (v.kind === 'older' && older !== undefined) {
        return { kind: 'version', answers: older, base: mockBaseOf(v.version, m.base) };
      }
      return { kind: 'unknown_version', version: v.version, base: m.base, versions: m.names, current: m.current };
    },
  };
}
