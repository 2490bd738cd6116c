// The setting that says where the mock keeps its sandboxes and rate windows (`PETSTORE_MOCK_STORE`, the
// Node hosts' mock option `store`): checked on its own, without the Redis client, so a host (and the
// Astro configuration, for `astro dev`) stops at start with a clear message on a wrong value.

/** A store URL that is not one: what is wrong, for the one line a host prints before it stops. */
export class StoreUrlError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StoreUrlError';
  }
}

/** A parsed `PETSTORE_MOCK_STORE`. */
export type StoreConfig = { kind: 'memory' } | { kind: 'redis'; url: string; display: string; db: number };

/**
 * Reads the store setting (`PETSTORE_MOCK_STORE`, the mock option `store`): empty or `memory` for the
 * in-process store, else a Redis URL `redis://host:port/db` or `rediss://…` (TLS), with an optional
 * `user:password@`; the port (1–65535) and the database number (0–15 by Redis's default) are
 * checked here, so a typo stops the start instead of surfacing at the first request.
 * @returns the configuration; `display` is the URL without its password (for logs)
 * @throws {StoreUrlError} naming what is wrong
 */
export function parseStoreUrl(text: string | undefined): StoreConfig {
  const raw = (text ?? '').trim();
  if (raw === '' || raw === 'memory') return { kind: 'memory' };
  const expected = "expected 'memory' or redis://host:port/db (e.g. redis://127.0.0.1:6379/0)";
  // The port first: the URL parser refuses one out of range without saying so.
  const port = /^[a-z][a-z0-9+.-]*:\/\/(?:[^@/]*@)?(?:\[[^\]]*\]|[^:/?#]*):([^/?#]*)/i.exec(raw)?.[1];
  if (port !== undefined && port !== '' && !(/^\d{1,5}$/.test(port) && Number(port) >= 1 && Number(port) <= 65535)) {
    throw new StoreUrlError(`port '${port}' in '${raw}': a number from 1 to 65535; ${expected}`);
  }
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new StoreUrlError(`'${raw}' is not a URL; ${expected}`);
  }
  if (url.protocol !== 'redis:' && url.protocol !== 'rediss:') {
    throw new StoreUrlError(`'${url.protocol}' is not a store scheme; ${expected}`);
  }
  if (!url.hostname) throw new StoreUrlError(`no host in '${raw}'; ${expected}`);
  const path = url.pathname.replace(/^\//, '');
  if (path !== '' && !/^(?:[0-9]|1[0-5])$/.test(path)) {
    throw new StoreUrlError(`database '${path}' in '${raw}': a number from 0 to 15; ${expected}`);
  }
  if (url.search || url.hash) throw new StoreUrlError(`'${raw}': no query or fragment; ${expected}`);
  const display = new URL(url.href);
  if (display.password) display.password = '***';
  return { kind: 'redis', url: url.href, display: display.href, db: path === '' ? 0 : Number(path) };
}
