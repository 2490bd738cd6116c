// Where the sandboxes and rate windows of a mock live: one interface (`SandboxStore`) that the access
// stages call, and its in-memory driver (`memoryStore`, over the sandbox table of sandboxes.ts). The
// Redis driver (hosts/redis-store.ts) implements the same interface for mocks running on several
// instances; the core never knows which it has (core.ts takes it injected, `MockOptions.store`).
// Both drivers pass one test suite (tests/support/store-suite.ts).
import type { StateKind } from '../pipeline/definition.ts';
import { consume, type RateDecision, type RatePolicy } from './ratelimit.ts';
import { Sandboxes, type SandboxLimits, type SandboxSnapshot, type SandboxState } from './sandboxes.ts';

/**
 * One token's sandbox for one request (from {@link SandboxStore.open}): opening does no I/O; each
 * call may (the Redis driver's do), and rejects with a `MockError` `store_unavailable` (503) when the
 * store cannot be reached.
 */
export interface SandboxSession {
  /**
   * Counts the request in the token's rate window (one window per token, across every API, version
   * and instance sharing the store) and decides it (access/ratelimit.ts `consume`'s rule).
   */
  consume(policy: RatePolicy): Promise<RateDecision>;
  /**
   * Runs `run` over a mock's state in this sandbox for reading: the sandbox's own, or the shared seed
   * when it never changed it. `run` must not change the state.
   * @param key the mock's state key ({@link SandboxStore.declare})
   */
  read<R>(key: string, run: (state: unknown) => Promise<R>): Promise<R>;
  /**
   * Runs `run` over the sandbox's own copy of a mock's state (the seed's copy on its first write) and
   * keeps what `run` changed. Writes to one sandbox are serialized across every instance sharing the
   * store: when another write came first, the Redis driver runs `run` again on the state that write
   * left, so `run` must depend on nothing but the state it is given (and its request); only the last
   * run's result is returned. The promise settles once the change is stored (acknowledged).
   */
  write<R>(key: string, run: (state: unknown) => Promise<R>): Promise<R>;
  /** Sends a mock's state in this sandbox back to the seed; the rate window and other states are kept. */
  reset(key: string): Promise<void>;
}

/** Sandboxes and rate windows of every token, for every mock of one table (core.ts `mountedMock`). */
export interface SandboxStore {
  /** `memory` or `redis`, for logs and the benchmark. */
  readonly kind: string;
  /**
   * Declares a mock's state under its key: the mocks of one API (its versions) share a key, each
   * with the kind of state its hand-written behaviour keeps (none: nothing is kept, the reset still
   * answers).
   * @throws {Error} when the key already has another kind of state
   */
  declare(key: string, kind?: StateKind<unknown>): void;
  /** The sandbox of a token for one request (no I/O until a call). */
  open(token: string): SandboxSession;
  /** Drops every sandbox and rate window of this store (`Mock.reset`). */
  clear(): Promise<void>;
  /** Sandboxes held in this process and the estimated bytes of their states (the Redis driver: its cache). */
  stats(): { sandboxes: number; storeBytes: number };
  /** The changed sandboxes as plain data, for a host that keeps them itself (memory only). */
  snapshot?(): SandboxSnapshot[];
  /** Replaces every sandbox with a snapshot's (memory only). */
  restore?(snapshot: readonly SandboxSnapshot[]): void;
  /** Ends the store's connections (the Redis driver); nothing to do in memory. */
  close?(): Promise<void>;
}

/**
 * The in-memory store: the sandbox table of sandboxes.ts (LRU, idle expiry, byte budget) in this
 * process. Writes of one process never interleave inside a `run` (the state is changed in place,
 * synchronously, by the hand-written handlers), so `run` is called exactly once.
 * @param limits bounds of the table (default sandboxes.ts `DEFAULT_SANDBOX_LIMITS`)
 * @param now clock in ms (injected by tests)
 */
export function memoryStore(limits: Partial<SandboxLimits> = {}, now: () => number = Date.now): SandboxStore {
  const table = new Sandboxes(limits, now);
  const slots = new Map<string, SandboxState<unknown>>();
  const slot = (key: string): SandboxState<unknown> => {
    let s = slots.get(key);
    if (!s) {
      s = table.state(key);
      slots.set(key, s);
    }
    return s;
  };
  return {
    kind: 'memory',
    declare(key, kind) {
      slots.set(key, kind ? table.state(key, kind) : table.state(key));
    },
    open(token) {
      let box: ReturnType<Sandboxes['get']> | undefined;
      const entry = () => {
        box ??= table.get(token);
        return box;
      };
      return {
        consume: async (policy) => consume(entry().rate, policy, now()),
        read: (key, run) => run(slot(key).of(entry(), false)),
        write: async (key, run) => {
          const b = entry();
          try {
            return await run(slot(key).of(b, true));
          } finally {
            table.settle(b);
          }
        },
        reset: async (key) => slot(key).reset(entry()),
      };
    },
    clear: async () => table.clear(),
    stats: () => ({ sandboxes: table.size, storeBytes: table.bytes }),
    snapshot: () => table.snapshot(),
    restore: (snapshot) => table.restore(snapshot),
  };
}
