// Per-token sandboxes: every bearer token gets its own copy of the seed data, so readers of the
// public site never see each other's changes. Pure bookkeeping over an injected clock: no timers,
// no I/O. Memory is bounded three ways: a maximum number of sandboxes (least recently used
// evicted), an idle expiry, and a byte budget for the stores that readers have changed.
import { type Caps, DEFAULT_CAPS, Store, type StoreSnapshot } from '../petstore/store.ts';

/** Bounds of the sandbox table. */
export interface SandboxLimits {
  /** Most sandboxes held at once; the least recently used is dropped first. */
  maxSandboxes: number;
  /** A sandbox unused for this long (ms) is dropped. */
  idleMs: number;
  /**
   * Estimated bytes of changed stores held at once (see {@link estimateBytes}). Past it, the
   * least recently used changed sandboxes go back to the seed, never the one being served.
   */
  maxStoreBytes: number;
}

/** 10,000 sandboxes, 30 minutes idle, 64 MiB of changed stores (figures: site/mock/README.md). */
export const DEFAULT_SANDBOX_LIMITS: SandboxLimits = {
  maxSandboxes: 10_000,
  idleMs: 30 * 60_000,
  maxStoreBytes: 64 * 1024 * 1024,
};

/**
 * Bytes per record and per character of text, rounded up from heap measurements (site/mock/README.md,
 * "Caps"); a pet with its inventory entry is two records,
 * text is counted at two bytes a character (V8 stores non-Latin-1 strings that way).
 */
const BYTES_PER_RECORD = 100;
const BYTES_PER_CHAR = 2;
/** A store's own maps and seed records. */
const STORE_BYTES = 2_000;
/** The sandbox entry, its key and its rate window, without a store. */
export const ENTRY_BYTES = 250;

/** Estimated heap bytes of a store: the unit of {@link SandboxLimits.maxStoreBytes}. */
export function estimateBytes(store: Store): number {
  const f = store.footprint();
  return STORE_BYTES + f.records * BYTES_PER_RECORD + f.textChars * BYTES_PER_CHAR;
}

/** Fixed-window request counter of one token (site/mock/access/ratelimit.ts reads and updates it). */
export interface RateWindow {
  /** When the current window started (ms since epoch). */
  start: number;
  /** Requests counted in it. */
  count: number;
}

/** One token's sandbox. */
export interface Sandbox {
  readonly key: string;
  /** Its own store once it changed something; until then reads go to the shared seed store. */
  store: Store | undefined;
  /** Estimated bytes of `store` when last settled. */
  bytes: number;
  lastUsed: number;
  rate: RateWindow;
}

/**
 * The table key of a token: the token itself up to 64 characters, else its length and a 64-bit
 * FNV-1a hash, so a client cannot make the table hold 16 KB keys. (Not a cryptographic hash: to
 * share another reader's sandbox one must know that reader's token anyway. No node:crypto, so the
 * core also runs in a browser.)
 */
export function sandboxKey(token: string): string {
  if (token.length <= 64) return token;
  let h1 = 0x811c9dc5;
  let h2 = 0x01000193 ^ token.length;
  for (let i = 0; i < token.length; i++) {
    const c = token.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 0x01000193);
    h2 = Math.imul(h2 ^ c, 0x5bd1e995);
  }
  return `#${token.length}:${(h1 >>> 0).toString(16)}${(h2 >>> 0).toString(16)}`;
}

/** A changed sandbox as plain data: its table key and its store. */
export interface SandboxSnapshot {
  key: string;
  store: StoreSnapshot;
}

/**
 * The sandboxes of all tokens, in least-recently-used order (a Map keeps insertion order: a
 * touched entry is moved to the end, so the oldest is always first).
 */
export class Sandboxes {
  readonly limits: SandboxLimits;
  private readonly entries = new Map<string, Sandbox>();
  private readonly seed: Store;
  private readonly caps: Caps;
  private readonly now: () => number;
  private storeBytes = 0;

  /**
   * @param limits bounds of the table
   * @param caps records per collection of each sandbox's store (the spec's limits by default)
   * @param now clock in ms (injected for tests)
   */
  constructor(limits: Partial<SandboxLimits> = {}, caps: Caps = DEFAULT_CAPS, now: () => number = Date.now) {
    this.limits = { ...DEFAULT_SANDBOX_LIMITS, ...limits };
    this.caps = caps;
    this.seed = new Store(caps);
    this.now = now;
  }

  /** Sandboxes held now. */
  get size(): number {
    return this.entries.size;
  }

  /** Estimated bytes of the changed stores held now. */
  get bytes(): number {
    return this.storeBytes;
  }

  /**
   * The sandbox of a token, created on its first request; marks it most recently used and drops
   * idle and surplus sandboxes (oldest first).
   */
  get(token: string): Sandbox {
    const key = sandboxKey(token);
    const now = this.now();
    this.expire(now);
    let box = this.entries.get(key);
    if (box) {
      this.entries.delete(key);
    } else {
      box = { key, store: undefined, bytes: 0, lastUsed: now, rate: { start: now, count: 0 } };
      while (this.entries.size >= this.limits.maxSandboxes) this.dropOldest();
    }
    box.lastUsed = now;
    this.entries.set(key, box);
    return box;
  }

  /**
   * The store a request works on: for reads, the sandbox's own store or the shared seed (never
   * changed); for writes, the sandbox's own store, copied from the seed on its first write.
   */
  storeOf(box: Sandbox, write: boolean): Store {
    if (box.store) return box.store;
    if (!write) return this.seed;
    box.store = new Store(this.caps);
    this.account(box);
    return box.store;
  }

  /**
   * Re-measures a sandbox after a write and, while the changed stores are over
   * `maxStoreBytes`, sends the least recently used other sandboxes back to the seed.
   */
  settle(box: Sandbox): void {
    this.account(box);
    if (this.storeBytes <= this.limits.maxStoreBytes) return;
    for (const other of this.entries.values()) {
      if (this.storeBytes <= this.limits.maxStoreBytes) break;
      if (other !== box && other.store) this.dropStore(other);
    }
  }

  /** Sends one sandbox back to the seed data (`POST /_reset`); its rate window is kept. */
  reset(box: Sandbox): void {
    this.dropStore(box);
  }

  /** The changed sandboxes as plain data, least recently used first (see {@link Store.snapshot}). */
  snapshot(): SandboxSnapshot[] {
    const out: SandboxSnapshot[] = [];
    for (const box of this.entries.values()) if (box.store) out.push({ key: box.key, store: box.store.snapshot() });
    return out;
  }

  /**
   * Replaces every sandbox with those of a {@link Sandboxes.snapshot}, marked as used now; the
   * limits apply as to any other sandbox (the surplus and the bytes over budget are dropped).
   */
  restore(snapshot: readonly SandboxSnapshot[]): void {
    this.clear();
    const now = this.now();
    for (const { key, store } of snapshot) {
      while (this.entries.size >= this.limits.maxSandboxes) this.dropOldest();
      const box: Sandbox = {
        key,
        store: new Store(this.caps),
        bytes: 0,
        lastUsed: now,
        rate: { start: now, count: 0 },
      };
      box.store?.restore(store);
      this.entries.set(key, box);
      this.settle(box);
    }
  }

  /** Drops every sandbox. */
  clear(): void {
    this.entries.clear();
    this.storeBytes = 0;
  }

  private account(box: Sandbox): void {
    const bytes = box.store ? estimateBytes(box.store) : 0;
    this.storeBytes += bytes - box.bytes;
    box.bytes = bytes;
  }

  private dropStore(box: Sandbox): void {
    this.storeBytes -= box.bytes;
    box.bytes = 0;
    box.store = undefined;
  }

  private dropOldest(): void {
    const first = this.entries.values().next();
    if (first.done) return;
    this.dropStore(first.value);
    this.entries.delete(first.value.key);
  }

  private expire(now: number): void {
    for (const box of this.entries.values()) {
      if (now - box.lastUsed < this.limits.idleMs) break;
      this.dropStore(box);
      this.entries.delete(box.key);
    }
  }
}
