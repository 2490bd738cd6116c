// Per-token sandboxes, one table for every mock mounted together (each API, each version): a token's
// entry holds its rate window (one across all those mocks) and, under each mock's state key, the state
// that mock's hand-written behaviour declared (pipeline/definition.ts `StateKind`): the token's own
// copy of the seed data, so readers of the public site never see each other's changes. Pure
// bookkeeping over an injected clock: no timers, no I/O. Memory is bounded three ways: a maximum
// number of sandboxes (least recently used evicted), an idle expiry, and a byte budget for the states
// that readers have changed.
import type { Sandbox } from '../pipeline/context.ts';
import type { StateKind } from '../pipeline/definition.ts';

/** Bounds of the sandbox table. */
export interface SandboxLimits {
  /** Most sandboxes held at once; the least recently used is dropped first. */
  maxSandboxes: number;
  /** A sandbox unused for this long (ms) is dropped. */
  idleMs: number;
  /**
   * Estimated bytes of changed states held at once ({@link StateKind.bytes}). Past it, the least
   * recently used changed sandboxes go back to the seed, never the one being served.
   */
  maxStoreBytes: number;
}

/** 10,000 sandboxes, 30 minutes idle, 64 MiB of changed states (figures: site/mock/README.md). */
export const DEFAULT_SANDBOX_LIMITS: SandboxLimits = {
  maxSandboxes: 10_000,
  idleMs: 30 * 60_000,
  maxStoreBytes: 64 * 1024 * 1024,
};

/** The sandbox entry, its key and its rate window, without a state (site/mock/README.md, "Caps"). */
export const ENTRY_BYTES = 250;

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

/** A changed sandbox as plain data: its table key and each changed state's snapshot, by state key. */
export interface SandboxSnapshot {
  key: string;
  states: Record<string, unknown>;
}

/** One mock's state in every sandbox of a table (see {@link Sandboxes.state}). */
export interface SandboxState<S> {
  /** The mock's state key. */
  readonly key: string;
  /**
   * The state a request works on: for reads, the sandbox's own or the shared seed (never changed);
   * for writes, the sandbox's own, made from the seed on its first write. Undefined when no
   * behaviour declared a state under this key.
   */
  of(box: Sandbox, write: boolean): S;
  /** The sandbox's own state, when it changed something. */
  held(box: Sandbox): S | undefined;
  /** Sends this state of one sandbox back to the seed (`POST /_reset`); its rate window and other states are kept. */
  reset(box: Sandbox): void;
}

/** What the table keeps per state key. */
interface Slot extends SandboxState<unknown> {
  kind: StateKind<unknown> | undefined;
}

/**
 * The sandboxes of all tokens, in least-recently-used order (a Map keeps insertion order: a
 * touched entry is moved to the end, so the oldest is always first).
 */
export class Sandboxes {
  readonly limits: SandboxLimits;
  private readonly entries = new Map<string, Sandbox>();
  private readonly slots = new Map<string, Slot>();
  private readonly now: () => number;
  private storeBytes = 0;

  /**
   * @param limits bounds of the table
   * @param now clock in ms (injected for tests)
   */
  constructor(limits: Partial<SandboxLimits> = {}, now: () => number = Date.now) {
    this.limits = { ...DEFAULT_SANDBOX_LIMITS, ...limits };
    this.now = now;
  }

  /** Sandboxes held now. */
  get size(): number {
    return this.entries.size;
  }

  /** Estimated bytes of the changed states held now. */
  get bytes(): number {
    return this.storeBytes;
  }

  /**
   * A mock's state in this table's sandboxes, under its key: the mocks of one API (its versions)
   * share a key, those of different APIs have their own. Called again with the same key, it returns
   * the same state; a kind given then applies to every holder of the key.
   * @param key the mock's state key
   * @param kind the state its hand-written behaviour keeps; absent: none (its reset still resets the key)
   * @throws {Error} when the key already has another kind of state
   */
  state<S>(key: string, kind: StateKind<S>): SandboxState<S>;
  state(key: string): SandboxState<undefined>;
  state(key: string, kind?: StateKind<unknown>): SandboxState<unknown> {
    let slot = this.slots.get(key);
    if (!slot) {
      slot = this.slot(key);
      this.slots.set(key, slot);
    }
    if (kind) {
      if (slot.kind && slot.kind !== kind) {
        throw new Error(
          `two kinds of sandbox state are declared under '${key}' (the versions of one API share its state: one of them at most has a hand-written behaviour)`,
        );
      }
      slot.kind = kind;
    }
    return slot;
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
      box = { key, bytes: 0, lastUsed: now, rate: { start: now, count: 0 } };
      while (this.entries.size >= this.limits.maxSandboxes) this.dropOldest();
    }
    box.lastUsed = now;
    this.entries.set(key, box);
    return box;
  }

  /**
   * Re-measures a sandbox after a write and, while the changed states are over `maxStoreBytes`,
   * sends the least recently used other sandboxes back to the seed.
   */
  settle(box: Sandbox): void {
    this.account(box);
    if (this.storeBytes <= this.limits.maxStoreBytes) return;
    for (const other of this.entries.values()) {
      if (this.storeBytes <= this.limits.maxStoreBytes) break;
      if (other !== box && other.states) this.dropStates(other);
    }
  }

  /** The changed sandboxes as plain data, least recently used first (see {@link StateKind.snapshot}). */
  snapshot(): SandboxSnapshot[] {
    const out: SandboxSnapshot[] = [];
    for (const box of this.entries.values()) {
      if (!box.states) continue;
      const states: Record<string, unknown> = {};
      for (const [key, state] of box.states) {
        const kind = this.slots.get(key)?.kind;
        if (kind) states[key] = kind.snapshot(state);
      }
      out.push({ key: box.key, states });
    }
    return out;
  }

  /**
   * Replaces every sandbox with those of a {@link Sandboxes.snapshot}, marked as used now; the
   * limits apply as to any other sandbox (the surplus and the bytes over budget are dropped). A
   * state under a key no mock of this table declared is left out.
   * @throws {Error} when a state's data is not its kind's snapshot
   */
  restore(snapshot: readonly SandboxSnapshot[]): void {
    this.clear();
    const now = this.now();
    for (const { key, states } of snapshot) {
      const held = new Map<string, unknown>();
      for (const [stateKey, data] of Object.entries(states ?? {})) {
        const kind = this.slots.get(stateKey)?.kind;
        if (kind) held.set(stateKey, kind.restore(data));
      }
      if (held.size === 0) continue;
      while (this.entries.size >= this.limits.maxSandboxes) this.dropOldest();
      const box: Sandbox = { key, states: held, bytes: 0, lastUsed: now, rate: { start: now, count: 0 } };
      this.entries.set(key, box);
      this.settle(box);
    }
  }

  /** Drops every sandbox. */
  clear(): void {
    this.entries.clear();
    this.storeBytes = 0;
  }

  /** The state kept under `key`, with the shared seed it reads from until a sandbox writes. */
  private slot(key: string): Slot {
    let seed: unknown;
    const slot: Slot = {
      key,
      kind: undefined,
      of: (box, write) => {
        const kind = slot.kind;
        if (!kind) return undefined;
        const own = box.states?.get(key);
        if (own !== undefined) return own;
        if (!write) {
          seed ??= kind.seed();
          return seed;
        }
        const state = kind.seed();
        box.states ??= new Map();
        box.states.set(key, state);
        this.account(box);
        return state;
      },
      held: (box) => box.states?.get(key),
      reset: (box) => {
        if (!box.states?.delete(key)) return;
        if (box.states.size === 0) box.states = undefined;
        this.account(box);
      },
    };
    return slot;
  }

  private account(box: Sandbox): void {
    let bytes = 0;
    for (const [key, state] of box.states ?? []) bytes += this.slots.get(key)?.kind?.bytes(state) ?? 0;
    this.storeBytes += bytes - box.bytes;
    box.bytes = bytes;
  }

  private dropStates(box: Sandbox): void {
    this.storeBytes -= box.bytes;
    box.bytes = 0;
    box.states = undefined;
  }

  private dropOldest(): void {
    const first = this.entries.values().next();
    if (first.done) return;
    this.dropStates(first.value);
    this.entries.delete(first.value.key);
  }

  private expire(now: number): void {
    for (const box of this.entries.values()) {
      if (now - box.lastUsed < this.limits.idleMs) break;
      this.dropStates(box);
      this.entries.delete(box.key);
    }
  }
}
