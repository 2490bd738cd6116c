// The mock of every API and published version for the hosts in Node (the server, the Astro dev route,
// the MCP server): each current description as the caller loaded it, and each older release's file,
// loaded through the one description loader (descriptions/loader: any version, split files bundled, checked,
// upgraded to the internal form once per cache). The site's table of mounts and versions they mock is
// made in one place, table.ts `siteMockTable` (re-exported here), for these hosts, the in-browser mock and
// the edge bundle.
import { loadDescription } from '../../../descriptions/loader/index.ts';
import type { ReleasedFile } from '../../apis/releases.ts';
import { HAND_WRITTEN } from '../behaviours.ts';
import {
  type ApiDefinitions,
  type CreateMockOptions,
  createMock,
  internalForm,
  type Mock,
  type MockDefinition,
  type MockDescription,
  mountedMock,
  type SandboxStore,
} from '../index.ts';
import { runtimeDefinition } from '../request/compile.ts';
import { MOCK_BASE } from '../route/mount.ts';
import type { SiteMockApi } from './table.ts';

/**
 * Options of the Node hosts' mocks: the core's, with the store also given as its setting
 * (`memory`, `redis://host:port/db`: redis-store.ts `parseStoreUrl`), as `PETSTORE_MOCK_STORE` gives it.
 */
export type NodeMockOptions = Omit<CreateMockOptions, 'basePath' | 'describedOnly' | 'version' | 'older' | 'store'> & {
  store?: CreateMockOptions['store'] | string;
  /** The prefix of the Redis keys when `store` is a Redis URL (`PETSTORE_MOCK_STORE_PREFIX`). Default `petstore-mock:`. */
  storePrefix?: string;
};

/** How long a mock made with a Redis setting waits for its first connection before it answers anyway (503 until then). */
const FIRST_CONNECTION_MS = 2000;

/**
 * The core's options with the store made from its setting (the idle expiry of `sandboxes` becomes the
 * Redis keys' TTL); a Redis store made here gets up to {@link FIRST_CONNECTION_MS} to connect, so a
 * host built on the first request (`astro dev`) does not answer that request 503.
 * @throws {StoreUrlError} when the setting is not a store URL
 */
async function withStore(options: NodeMockOptions): Promise<Omit<CreateMockOptions, 'basePath'>> {
  const { store, storePrefix, ...rest } = options;
  if (typeof store !== 'string') return { ...rest, ...(store ? { store } : {}) };
  // Loaded here, not with this module: the site's build loads this module for the mock's table and never
  // makes a store, and the Redis client is a few hundred modules.
  const { configuredStore } = await import('./redis-store.ts');
  const made = configuredStore(store, {
    ...(storePrefix ? { prefix: storePrefix } : {}),
    ...(options.sandboxes?.idleMs !== undefined ? { idleMs: options.sandboxes.idleMs } : {}),
    ...(options.now ? { now: options.now } : {}),
  });
  if (made) {
    let timer: ReturnType<typeof setTimeout> | undefined;
    await Promise.race([made.connected, new Promise((r) => (timer = setTimeout(r, FIRST_CONNECTION_MS)))]);
    clearTimeout(timer);
  }
  return { ...rest, ...(made ? { store: made } : {}) };
}

export { type SiteMockApi, type SiteMockRow, siteMockTable } from './table.ts';
export type { ReleasedFile };

/**
 * The mock of every published version at {@link MOCK_BASE}: the current description's (its
 * hand-written behaviour when one applies), and each older release's at `/api/mock/@<version>`,
 * answered from its description only, all sharing one sandbox table (a token's sandbox and rate
 * window are one across versions).
 * @param current the current version's name and description (as the caller loaded it, or a parsed document)
 * @param older the older releases, newest first
 * @param options the core's options (rate limit, sandbox bounds, caps, error sink, store); the mount is set here
 * @throws {DescriptionError} when an older release's file cannot be loaded
 * @throws {StoreUrlError} when the store is given as a setting that is not a store URL
 */
export async function createVersionedMockFromFiles(
  current: { version: string; description: MockDescription },
  older: readonly ReleasedFile[],
  options: NodeMockOptions = {},
): Promise<Mock> {
  const versions = [];
  for (const r of older) versions.push({ version: r.version, description: await loadDescription(r.file) });
  return createMock(current.description, {
    ...(await withStore(options)),
    basePath: MOCK_BASE,
    version: current.version,
    older: versions,
  });
}

/**
 * The mock of every API of a site and every published version of each, behind one table of mounts
 * (core.ts `mountedMock`): each API answers below its own mount, with its own state in a token's
 * sandbox; one sandbox table, so a token has one rate window across every API and version. The
 * hand-written behaviours apply to a current description they fit; older releases answer from their
 * descriptions only.
 * @param options the core's options (rate limit, sandbox bounds, caps, error sink, store: a
 *   {@link SandboxStore} or its setting, `memory` or `redis://host:port/db`)
 * @throws {DescriptionError} when an older release's file cannot be loaded
 * @throws {StoreUrlError} when the store is given as a setting that is not a store URL
 * @throws {Error} when two APIs share a mount
 */
export async function createSiteMock(apis: readonly SiteMockApi[], options: NodeMockOptions = {}): Promise<Mock> {
  const onError = options.onError ?? ((err: unknown) => console.error('[mock]', err));
  const handWritten = options.handWritten ?? HAND_WRITTEN;
  const table: ApiDefinitions[] = [];
  for (const api of apis) {
    const versions: [string, MockDefinition][] = [
      [api.current.version, runtimeDefinition(await internalForm(api.current.description), handWritten, onError)],
    ];
    for (const r of api.older) {
      versions.push([r.version, runtimeDefinition((await loadDescription(r.file)).document, [], onError)]);
    }
    table.push({ base: api.mount, versions });
  }
  return mountedMock(table, { ...(await withStore(options)), handWritten });
}
