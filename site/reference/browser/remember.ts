/**
 * What try-it remembers between operations and reloads, and where: the credentials a reader entered,
 * per API and security scheme, and the server they chose, per API. Pure decisions and key names; the
 * storage objects (the browser's `sessionStorage`/`localStorage`, or a test double) are passed in.
 *
 * Nothing here ever goes into a URL, a log or a page: values are read from and written to Web Storage
 * only, under keys that name the API and the scheme, never the secret. The browser keeps Web Storage per
 * origin, so another site never reads them; `sessionStorage` is per tab and gone with it.
 *
 * Keys: `petstore-docs.tryit.<api>.auth.<scheme>` (the scheme's secrets as Scalar's auth store holds
 * them: `x-scalar-secret-token`, `-username`, `-password`, OAuth 2.0 flows' tokens) and
 * `petstore-docs.tryit.<api>.server` ({@link SavedServer}).
 */

/**
 * Where entered credentials are kept (the reference's `tryIt.persistAuth` option):
 * `'session'` this tab only (sessionStorage, the default: closing the tab forgets them, as Swagger UI
 * and Docusaurus OpenAPI docs do), `'local'` this browser until forgotten (localStorage), `false`
 * nowhere (each operation starts from the generated mock token).
 */
export type PersistAuth = 'session' | 'local' | false;

/** The persistence modes in the order the options list them. */
export const PERSIST_AUTH_MODES = ['session', 'local', false] as const;

/** The part of Web Storage this module uses (the browser's `Storage`, or a `Map`-backed double). */
export interface KeyValueStorage {
  readonly length: number;
  key(index: number): string | null;
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/** Both Web Storage areas; either may be missing (storage disabled by the browser or a policy). */
export interface Storages {
  session?: KeyValueStorage;
  local?: KeyValueStorage;
}

/** The prefix of every key try-it writes. */
export const KEY_PREFIX = 'petstore-docs.tryit';

/** The prefix of one API's keys: `petstore-docs.tryit.<api>.` (the id is URL-safe, see options). */
export function apiKeyPrefix(api: string): string {
  return `${KEY_PREFIX}.${encodeURIComponent(api)}.`;
}

/** The key of one scheme's remembered secrets. Scheme names are any string in OpenAPI, so encoded. */
export function authKey(api: string, scheme: string): string {
  return `${apiKeyPrefix(api)}auth.${encodeURIComponent(scheme)}`;
}

/** The key of the remembered server choice of one API. */
export function serverKey(api: string): string {
  return `${apiKeyPrefix(api)}server`;
}

/**
 * The storage credentials go to for a mode, or undefined for `false` (and when the browser refuses
 * that storage).
 */
export function authStorage(mode: PersistAuth, storages: Storages): KeyValueStorage | undefined {
  if (mode === 'local') return storages.local;
  if (mode === 'session') return storages.session;
  return undefined;
}

/**
 * The storage the server choice goes to: like credentials with `'local'`, else this tab's
 * (a server is no secret, so `false` still keeps it for the tab: the reader chose it once).
 */
export function serverStorage(mode: PersistAuth, storages: Storages): KeyValueStorage | undefined {
  return mode === 'local' ? storages.local : storages.session;
}

/** A scheme's secrets as Scalar's auth store holds them: `{ type, 'x-scalar-secret-token': … }`. */
export type SchemeSecrets = Record<string, unknown> & { type: string };

/** Whether a secrets object holds any non-empty secret (a cleared field is nothing to remember). */
export function hasSecret(value: unknown): boolean {
  if (typeof value === 'string') return value.length > 0;
  if (typeof value !== 'object' || value === null) return false;
  return Object.entries(value).some(([k, v]) => (k.startsWith('x-scalar-secret-') ? hasSecret(v) : isNested(v)));
}
function isNested(v: unknown): boolean {
  return typeof v === 'object' && v !== null && hasSecret(v);
}

/**
 * Remembers (or, when it holds no secret, forgets) one scheme's secrets.
 * @returns whether something is now stored for the scheme
 */
export function saveSecrets(
  storage: KeyValueStorage | undefined,
  api: string,
  scheme: string,
  secrets: unknown,
): boolean {
  if (!storage) return false;
  const key = authKey(api, scheme);
  try {
    if (!hasSecret(secrets)) {
      storage.removeItem(key);
      return false;
    }
    storage.setItem(key, JSON.stringify(secrets));
    return true;
  } catch {
    // Storage full or refused: the client keeps the value for this page.
    return false;
  }
}

/** The remembered secrets of one scheme, or undefined (none, unreadable, or not this scheme's type). */
export function loadSecrets(
  storage: KeyValueStorage | undefined,
  api: string,
  scheme: string,
  type?: string,
): SchemeSecrets | undefined {
  const raw = read(storage, authKey(api, scheme));
  if (typeof raw !== 'object' || raw === null || typeof (raw as { type?: unknown }).type !== 'string') return undefined;
  const secrets = raw as SchemeSecrets;
  return type === undefined || secrets.type === type ? secrets : undefined;
}

/** A server choice: the server's URL as the description writes it, and the values of its variables. */
export interface SavedServer {
  url: string;
  variables?: Record<string, string>;
}

/** Saves the server choice (an empty URL clears it). */
export function saveServer(storage: KeyValueStorage | undefined, api: string, server: SavedServer | undefined): void {
  if (!storage) return;
  try {
    if (!server?.url) storage.removeItem(serverKey(api));
    else storage.setItem(serverKey(api), JSON.stringify(server));
  } catch {
    /* refused: kept for this page only */
  }
}

/** The remembered server choice of an API, if any. */
export function loadServer(storage: KeyValueStorage | undefined, api: string): SavedServer | undefined {
  const raw = read(storage, serverKey(api));
  if (typeof raw !== 'object' || raw === null) return undefined;
  const { url, variables } = raw as { url?: unknown; variables?: unknown };
  if (typeof url !== 'string' || !url) return undefined;
  const vars: Record<string, string> = {};
  if (typeof variables === 'object' && variables !== null) {
    for (const [k, v] of Object.entries(variables)) if (typeof v === 'string') vars[k] = v;
  }
  return Object.keys(vars).length > 0 ? { url, variables: vars } : { url };
}

/**
 * Forgets the credentials try-it remembered for an API, in both storages (the option may have changed
 * since a value was written); the server choice stays.
 * @returns how many entries were removed
 */
export function forgetCredentials(storages: Storages, api: string): number {
  const prefix = `${apiKeyPrefix(api)}auth.`;
  let removed = 0;
  for (const storage of [storages.session, storages.local]) {
    if (!storage) continue;
    const keys: string[] = [];
    for (let i = 0; i < storage.length; i++) {
      const k = storage.key(i);
      if (k?.startsWith(prefix)) keys.push(k);
    }
    for (const k of keys) storage.removeItem(k);
    removed += keys.length;
  }
  return removed;
}

/** An OpenAPI Server Object as the try-it document carries it. */
export interface DocumentServer {
  url: string;
  variables?: Record<string, { default?: unknown; enum?: unknown }>;
}

/**
 * The absolute URL a server resolves to in the client (a relative one, the mock's `/api/mock`, is on
 * the page's origin, as Scalar resolves it), for comparing a remembered choice with a document's servers.
 */
export function absoluteServerUrl(url: string, origin: string): string {
  return url.startsWith('/') ? `${origin.replace(/\/+$/, '')}${url}` : url;
}

/**
 * The server a document should open with: the remembered one when the document lists it (matched by
 * its URL, relative or resolved), with the remembered variable values that its `enum` allows.
 * @returns the index of the server in `servers`, the URL to select (as the client holds it) and the
 *   variable values to set; undefined when nothing remembered applies
 */
export function serverChoice(
  servers: readonly DocumentServer[],
  saved: SavedServer | undefined,
  origin: string,
): { index: number; url: string; variables: Record<string, string> } | undefined {
  if (!saved) return undefined;
  const want = absoluteServerUrl(saved.url, origin);
  const index = servers.findIndex((s) => absoluteServerUrl(s.url, origin) === want);
  const server = servers[index];
  if (!server) return undefined;
  const variables: Record<string, string> = {};
  for (const [name, value] of Object.entries(saved.variables ?? {})) {
    const declared = server.variables?.[name];
    if (!declared) continue;
    const allowed = Array.isArray(declared.enum) ? declared.enum.map(String) : undefined;
    if (!allowed || allowed.includes(value)) variables[name] = value;
  }
  return { index, url: absoluteServerUrl(server.url, origin), variables };
}

function read(storage: KeyValueStorage | undefined, key: string): unknown {
  if (!storage) return undefined;
  try {
    const text = storage.getItem(key);
    return text === null ? undefined : (JSON.parse(text) as unknown);
  } catch {
    return undefined;
  }
}

/**
 * The DOM event "Forget credentials" dispatches on `window` after clearing the storage, so an open
 * request client drops the values it holds as well (detail: `{ api }`).
 */
export const FORGET_EVENT = 'petstore-docs:tryit-forget';
