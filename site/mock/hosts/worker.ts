// The mock in the reader's browser: a service worker that answers try-it requests on a static
// host (no server process). The try-it client registers it on the first try-it, and only when the
// site's own server does not answer the mock route (site/reference/browser/tryit.ts). It runs the same
// core as the server (../core.ts) with the definitions compiled at build time (hosts/bundle.ts), and
// keeps the reader's sandboxes in IndexedDB, so they survive reloads and the browser stopping the
// worker. It answers only same-origin requests under the mount path; everything else, the
// production server included, goes to the network untouched.
import { apis } from 'virtual:petstore-mock/apis';
import { HAND_WRITTEN } from '../behaviours.ts';
import { type Mock, type MockSnapshot, mountedMock } from '../core.ts';
import { MOCK_BASE } from './mount.ts';
import { serveMock } from './worker-scope.ts';

/**
 * IndexedDB database, object store and key of the saved sandboxes. A site of several APIs has a worker
 * per API, each saving under a key of its own mounts (the one API at `/api/mock` keeps the plain key), so
 * no worker overwrites another's sandboxes.
 */
const DB_NAME = 'petstore-mock';
const DB_STORE = 'state';
const MOUNTS = apis.map((a) => a.base);
const DB_KEY = MOUNTS.length === 1 && MOUNTS[0] === MOCK_BASE ? 'sandboxes' : `sandboxes ${MOUNTS.join(' ')}`;

function request<T>(r: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    r.onsuccess = () => resolve(r.result);
    r.onerror = () => reject(r.error);
  });
}

function openDb(): Promise<IDBDatabase> {
  const open = indexedDB.open(DB_NAME, 1);
  open.onupgradeneeded = () => open.result.createObjectStore(DB_STORE);
  return request(open);
}

/** The saved sandboxes; an entry `{ key, store }` (one state, without its key) is read as the first API's. */
async function load(): Promise<MockSnapshot | undefined> {
  const db = await openDb();
  try {
    const saved = (await request(db.transaction(DB_STORE).objectStore(DB_STORE).get(DB_KEY))) as
      | Array<MockSnapshot[number] | { key: string; store: unknown }>
      | undefined;
    const first = apis[0]?.base ?? '';
    return saved?.map((e) => ('states' in e ? e : { key: e.key, states: { [first]: e.store } }));
  } finally {
    db.close();
  }
}

async function save(snapshot: MockSnapshot): Promise<void> {
  const db = await openDb();
  try {
    const tx = db.transaction(DB_STORE, 'readwrite');
    tx.objectStore(DB_STORE).put(snapshot, DB_KEY);
    await new Promise<void>((resolve, reject) => {
      tx.oncomplete = () => resolve();
      tx.onerror = () => reject(tx.error);
      tx.onabort = () => reject(tx.error);
    });
  } finally {
    db.close();
  }
}

let ready: Promise<Mock> | undefined;
/** Saves in the order the requests were answered. */
let saving: Promise<void> = Promise.resolve();

/** The mock, built once per worker start with the sandboxes saved before (seed data when none). */
function mock(): Promise<Mock> {
  ready ??= (async () => {
    // The server's caps, sandbox count, store budget and rate limit; no idle expiry, which frees a
    // shared server's memory but here would drop the reader's data while the worker happens to
    // stay alive, although a restarted worker restores it. Every bundled version shares one sandbox
    // table: the snapshot holds them all.
    const m = mountedMock(apis, {
      handWritten: HAND_WRITTEN,
      sandboxes: { idleMs: Number.POSITIVE_INFINITY },
    });
    try {
      const saved = await load();
      if (saved) m.restore(saved);
    } catch (err) {
      console.error('[mock] the saved sandboxes could not be read; starting from the seed data:', err);
    }
    return m;
  })();
  return ready;
}

/** Methods that never change a sandbox: nothing to save after them. */
const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

async function answer(req: Request): Promise<Response> {
  const m = await mock();
  const response = await m.handle(req);
  if (!READS.has(req.method)) {
    const snapshot = m.snapshot();
    saving = saving
      .then(() => save(snapshot))
      .catch((err) => console.error('[mock] the sandboxes could not be saved:', err));
    // Answer once saved: a reload right after a write sees it.
    await saving;
  }
  return response;
}

serveMock(answer);
