// The mock's sandboxes and rate windows in Redis (or Valkey), shared by every instance that names
// the same server: the Redis driver of access/store.ts `SandboxStore`, over node-redis.
//
// Layout: one hash per token, `<prefix><sandbox key>` (access/sandboxes.ts `sandboxKey`), whose TTL is
// the idle expiry (renewed by every request of the token), holding the token's rate window
// (`rate:start`, `rate:count`) and, for each mock's state key, the state as JSON (`d:<key>`) and a
// stamp naming that version of it (`v:<key>`, unique per write; absent = the seed).
//
// No lost update: a write runs the hand-written handler on a copy of the state it read, then a Lua
// script stores the result only if the stamp is still the one it read (compare-and-set, atomic in
// Redis); otherwise it gets the current state back and runs the handler again on it. Writes of one
// instance to one sandbox are queued in process first, so only instances race. The answer is sent
// once Redis acknowledged the write, so a crash of the instance loses no acknowledged write. Why a
// script rather than WATCH/MULTI or a key per record: site/mock/README.md, "Several instances".
//
// Faults: a command that fails (Redis unreachable, 1.2 s without an answer) is a MockError
// `store_unavailable` (503, `Retry-After: 1`); node-redis reconnects on its own (at most 1 s apart),
// and the mock answers again as soon as it is back. Each outage is logged once, and its end.
import { createHash, randomBytes } from 'node:crypto';
import { createClient, ErrorReply } from 'redis';
import type { RateDecision, RatePolicy } from '../access/ratelimit.ts';
import { DEFAULT_SANDBOX_LIMITS, sandboxKey } from '../access/sandboxes.ts';
import type { SandboxSession, SandboxStore } from '../access/store.ts';
import type { StateKind } from '../pipeline/definition.ts';
import { MockError } from '../pipeline/errors.ts';
import { parseStoreUrl, StoreUrlError } from './store-url.ts';

export { parseStoreUrl, type StoreConfig, StoreUrlError } from './store-url.ts';

/**
 * The heap an instance may give to the sandboxes it read or wrote: 32 MiB. The cache counts estimated
 * bytes (twice the JSON's length plus the state kind's estimate), and a cached state can take more
 * heap than that estimate (site/mock/README.md "Memory of an instance" has the measurements), so its
 * budget in estimated bytes is half of it by default, and at most that.
 */
export const MAX_CACHE_BYTES = 32 * 1024 * 1024;
/** The cache's budget in estimated bytes: 16 MiB. */
export const DEFAULT_CACHE_BUDGET = MAX_CACHE_BYTES / 2;

/** Options of {@link redisStore}. */
export interface RedisStoreOptions {
  /** `redis://[user:password@]host:port/db` (or `rediss://`), checked by store-url.ts `parseStoreUrl`. */
  url: string;
  /** Prefix of every key this store writes. Default `petstore-mock:`. */
  prefix?: string;
  /** Idle expiry of a token's sandbox and window (the key's TTL), in ms. Default 30 minutes. */
  idleMs?: number;
  /** Estimated bytes of sandboxes kept in this process to spare reads; by default and at most {@link DEFAULT_CACHE_BUDGET}. */
  cacheBytes?: number;
  /** Most ms a command may take before the request is answered 503. Default 1200 (the 503 within about 1.3 s). */
  commandTimeoutMs?: number;
  /** Clock in ms for the rate windows (tests inject one). Default Date.now. */
  now?: () => number;
  /** Where the one-line connection messages go. Default: stderr. */
  log?: (line: string) => void;
}

/**
 * The rate window and the stamps of the given state fields; the window counts this request unless
 * the limit is reached (access/ratelimit.ts `consume`'s rule: a window starts at the first request
 * after the previous one ended). Renews the TTL.
 * KEYS[1] sandbox; ARGV now, window ms, limit, idle ms, then `v:<key>` fields.
 * → {allowed 0|1, count, start, stamp…} (a stamp '' = the seed)
 */
const CONSUME = `
local k = KEYS[1]
local now = tonumber(ARGV[1])
local w = redis.call('HMGET', k, 'rate:start', 'rate:count')
local start = tonumber(w[1])
local count = tonumber(w[2]) or 0
if start == nil or count == 0 or now - start >= tonumber(ARGV[2]) then start = now; count = 0 end
local allowed = 0
if count < tonumber(ARGV[3]) then
  count = count + 1
  allowed = 1
  redis.call('HSET', k, 'rate:start', start, 'rate:count', count)
end
redis.call('PEXPIRE', k, ARGV[4])
local out = {allowed, count, start}
for i = 5, #ARGV do out[#out + 1] = redis.call('HGET', k, ARGV[i]) or '' end
return out`;

/**
 * A state's stamp and, unless the caller holds that stamp already, its JSON; renews the TTL.
 * KEYS[1] sandbox; ARGV `v:<key>`, `d:<key>`, the stamp held ('' none), idle ms. → {stamp, json or ''}
 */
const LOAD = `
local k = KEYS[1]
local stamp = redis.call('HGET', k, ARGV[1]) or ''
redis.call('PEXPIRE', k, ARGV[4])
if stamp == '' or stamp == ARGV[3] then return {stamp, ''} end
return {stamp, redis.call('HGET', k, ARGV[2]) or ''}`;

/**
 * Compare-and-set of a state: stores the JSON under a new stamp only if the stamp is still the one
 * the write read; otherwise returns the current stamp and JSON for the next attempt.
 * KEYS[1] sandbox; ARGV `v:<key>`, `d:<key>`, stamp read ('' = seed), new stamp, JSON, idle ms.
 * → {1} or {0, stamp, json}
 */
const COMMIT = `
local k = KEYS[1]
local cur = redis.call('HGET', k, ARGV[1]) or ''
if cur ~= ARGV[3] then return {0, cur, redis.call('HGET', k, ARGV[2]) or ''} end
redis.call('HSET', k, ARGV[1], ARGV[4], ARGV[2], ARGV[5])
redis.call('PEXPIRE', k, ARGV[6])
return {1}`;

interface Script {
  source: string;
  sha: string;
}
const script = (source: string): Script => ({ source, sha: createHash('sha1').update(source).digest('hex') });
const SCRIPTS = { consume: script(CONSUME), load: script(LOAD), commit: script(COMMIT) };

/** Attempts of one write before it gives up (only reached when instances keep overtaking it). */
const MAX_ATTEMPTS = 50;

/** A state this instance read or wrote, by sandbox and state key. */
interface Cached {
  stamp: string;
  /** Read-only: reads run on it; a write runs on a copy restored from `json`. */
  state: unknown;
  json: string;
  bytes: number;
}

/** What a declared state key needs: its kind, its seed (shared, never changed) and the seed's JSON. */
interface Declared {
  kind: StateKind<unknown> | undefined;
  seed?: unknown;
  seedJson?: string;
}

const unavailable = () =>
  new MockError(
    'store_unavailable',
    'the mock cannot reach the store of its sandboxes and rate windows; retry shortly',
    { 'Retry-After': '1' },
  );

/** A Redis store, with what a host needs beyond {@link SandboxStore}: whether it is connected. */
export interface RedisStore extends SandboxStore {
  /** Whether commands can be sent now. */
  readonly ready: boolean;
  /** Resolves at the first successful connection (never rejects; retries meanwhile). */
  readonly connected: Promise<void>;
  close(): Promise<void>;
}

/**
 * The Redis driver of the sandbox store. Connects at once and keeps reconnecting (one line on stderr
 * when the server cannot be reached, one when it is back); meanwhile every request that needs the
 * store is answered 503 `store_unavailable` with `Retry-After: 1`, within `commandTimeoutMs`.
 * @throws {StoreUrlError} when `options.url` is not a Redis URL
 */
export function redisStore(options: RedisStoreOptions): RedisStore {
  const config = parseStoreUrl(options.url);
  if (config.kind !== 'redis') throw new StoreUrlError(`'${options.url}' is not a Redis URL`);
  const prefix = options.prefix ?? 'petstore-mock:';
  const idleMs = String(Math.max(1, Math.round(options.idleMs ?? DEFAULT_SANDBOX_LIMITS.idleMs)));
  const cacheBudget = Math.min(options.cacheBytes ?? DEFAULT_CACHE_BUDGET, DEFAULT_CACHE_BUDGET);
  const timeout = options.commandTimeoutMs ?? 1200;
  const now = options.now ?? Date.now;
  const log = options.log ?? ((line: string) => process.stderr.write(`${line}\n`));
  const where = `sandbox store ${config.display}`;

  const client = createClient({
    url: config.url,
    // Fail at once while disconnected instead of queueing: the request is answered 503 now.
    disableOfflineQueue: true,
    commandsQueueMaxLength: 100_000,
    socket: { connectTimeout: 5000, reconnectStrategy: (retries) => Math.min(100 * 2 ** retries, 1000) },
  });
  let down = false;
  let everConnected = false;
  let closing = false;
  let markConnected: () => void = () => {};
  const connected = new Promise<void>((resolve) => {
    markConnected = resolve;
  });
  client.on('error', (err: Error & { code?: string }) => {
    if (down || closing) return;
    down = true;
    const why = err.code ?? err.message;
    log(
      everConnected
        ? `[mock] ${where}: unreachable (${why}); answering 503 store_unavailable and reconnecting`
        : `[mock] ${where}: unreachable at start (${why}); retrying every second, the mock answers 503 store_unavailable meanwhile`,
    );
  });
  client.on('ready', () => {
    if (down) log(`[mock] ${where}: connected`);
    down = false;
    everConnected = true;
    markConnected();
  });
  client.connect().catch(() => {
    // Reported by the 'error' listener; node-redis goes on reconnecting by its strategy.
  });

  /**
   * Commands waiting for Redis, with their deadline: one watchdog (every 100 ms, only while some wait) answers those past `timeout` with `store_unavailable`, rather than a timer per command.
   */
  const waiting = new Set<{ deadline: number; reject: (err: unknown) => void }>();
  let watchdog: ReturnType<typeof setInterval> | undefined;
  const watch = () => {
    watchdog ??= setInterval(
      () => {
        const t = performance.now();
        for (const w of waiting) {
          if (w.deadline > t) continue;
          waiting.delete(w);
          w.reject(unavailable());
        }
        if (waiting.size === 0) {
          clearInterval(watchdog);
          watchdog = undefined;
        }
      },
      Math.min(100, timeout),
    );
    watchdog.unref?.();
  };

  /**
   * One command; a failure to reach Redis, or no answer within about `timeout` ms (a server that
   * hangs rather than closes), becomes `store_unavailable`; an error reply stays an error. A command
   * given up on stays in node-redis's queue until Redis answers or the connection ends (bounded by
   * `commandsQueueMaxLength`).
   */
  const send = <T>(args: string[]): Promise<T> => {
    if (!client.isReady) return Promise.reject(unavailable());
    return new Promise<T>((resolve, reject) => {
      const w = { deadline: performance.now() + timeout, reject };
      waiting.add(w);
      watch();
      client.sendCommand<T>(args).then(
        (reply) => {
          waiting.delete(w);
          resolve(reply);
        },
        (err: unknown) => {
          waiting.delete(w);
          reject(err instanceof ErrorReply ? err : unavailable());
        },
      );
    });
  };
  /** A script by its SHA-1, sent in full when Redis does not know it (first use, or after a restart). */
  const run = async <T>(s: Script, key: string, args: string[]): Promise<T> => {
    try {
      return await send<T>(['EVALSHA', s.sha, '1', key, ...args]);
    } catch (err) {
      if (err instanceof ErrorReply && err.message.startsWith('NOSCRIPT')) {
        return send<T>(['EVAL', s.source, '1', key, ...args]);
      }
      throw err;
    }
  };

  const declared = new Map<string, Declared>();
  const declaredFields: string[] = [];
  const cache = new Map<string, Cached>();
  let cacheBytes = 0;
  const queues = new Map<string, Promise<void>>();
  const instance = randomBytes(6).toString('base64url');
  let sequence = 0;
  const newStamp = () => `${instance}.${(++sequence).toString(36)}`;

  const uncache = (id: string) => {
    const old = cache.get(id);
    if (!old) return;
    cache.delete(id);
    cacheBytes -= old.bytes;
  };
  const remember = (id: string, entry: Cached) => {
    uncache(id);
    if (entry.bytes > cacheBudget) return;
    cache.set(id, entry);
    cacheBytes += entry.bytes;
    for (const [oldest, e] of cache) {
      if (cacheBytes <= cacheBudget) break;
      cache.delete(oldest);
      cacheBytes -= e.bytes;
    }
  };
  const cached = (id: string, stamp?: string): Cached | undefined => {
    const e = cache.get(id);
    if (!e || (stamp !== undefined && e.stamp !== stamp)) return undefined;
    // Most recently used last.
    cache.delete(id);
    cache.set(id, e);
    return e;
  };
  const entry = (kind: StateKind<unknown>, stamp: string, json: string, state?: unknown): Cached => {
    const s = state ?? kind.restore(JSON.parse(json));
    return { stamp, state: s, json, bytes: 2 * json.length + kind.bytes(s) };
  };
  const seedOf = (d: Declared & { kind: StateKind<unknown> }) => {
    d.seed ??= d.kind.seed();
    d.seedJson ??= JSON.stringify(d.kind.snapshot(d.seed));
    return { seed: d.seed, seedJson: d.seedJson };
  };

  /** Runs writes to one sandbox's state one after another in this process. */
  const queued = <R>(id: string, task: () => Promise<R>): Promise<R> => {
    const before = queues.get(id) ?? Promise.resolve();
    const result = before.then(task);
    const tail = result.then(
      () => {},
      () => {},
    );
    queues.set(id, tail);
    void tail.then(() => {
      if (queues.get(id) === tail) queues.delete(id);
    });
    return result;
  };

  return {
    kind: 'redis',
    get ready() {
      return client.isReady;
    },
    connected,
    declare(key, kind) {
      const d = declared.get(key);
      if (d) {
        if (kind && d.kind && d.kind !== kind) {
          throw new Error(
            `two kinds of sandbox state are declared under '${key}' (the versions of one API share its state: one of them at most has a hand-written behaviour)`,
          );
        }
        d.kind ??= kind;
        return;
      }
      declared.set(key, { kind });
      declaredFields.push(key);
    },
    open(token): SandboxSession {
      const redisKey = prefix + sandboxKey(token);
      /** Stamps of the declared states as the rate window's script read them, for this request's read. */
      let stamps: Map<string, string> | undefined;
      /** The state's stamp and JSON now, for a read ('' = seed); touches the TTL. */
      const load = async (key: string, id: string): Promise<{ stamp: string; json: string }> => {
        const held = cached(id);
        const [stamp, json] = await run<[string, string]>(SCRIPTS.load, redisKey, [
          `v:${key}`,
          `d:${key}`,
          held?.stamp ?? '',
          idleMs,
        ]);
        return { stamp, json: stamp !== '' && json === '' && held ? held.json : json };
      };
      return {
        async consume(policy: RatePolicy): Promise<RateDecision> {
          const windowMs = policy.windowS * 1000;
          const t = now();
          const reply = await run<(number | string)[]>(SCRIPTS.consume, redisKey, [
            String(t),
            String(windowMs),
            String(policy.limit),
            idleMs,
            ...declaredFields.map((k) => `v:${k}`),
          ]);
          const [allowed, count, start] = reply.map(Number) as [number, number, number];
          stamps = new Map(declaredFields.map((k, i) => [k, String(reply[3 + i] ?? '')]));
          const resetS = Math.max(1, Math.ceil((start + windowMs - t) / 1000));
          return allowed === 1
            ? { allowed: true, remaining: policy.limit - count, resetS }
            : { allowed: false, remaining: 0, resetS };
        },
        async read(key, runState) {
          const d = declared.get(key);
          if (!d?.kind) return runState(undefined);
          const kind = d.kind;
          const dk = d as Declared & { kind: StateKind<unknown> };
          const id = `${redisKey}\0${key}`;
          let stamp = stamps?.get(key);
          let hit = stamp === undefined ? undefined : stamp === '' ? undefined : cached(id, stamp);
          if (stamp === undefined || (stamp !== '' && !hit)) {
            const current = await load(key, id);
            stamp = current.stamp;
            if (stamp !== '') {
              hit = cached(id, stamp) ?? entry(kind, stamp, current.json);
              remember(id, hit);
            }
          }
          return runState(stamp === '' ? seedOf(dk).seed : hit?.state);
        },
        write(key, runState) {
          const d = declared.get(key);
          if (!d?.kind) return runState(undefined);
          const kind = d.kind;
          const dk = d as Declared & { kind: StateKind<unknown> };
          const id = `${redisKey}\0${key}`;
          return queued(id, async () => {
            // The state this write starts from: what this instance last saw (the compare-and-set
            // tells whether it is still current), else what the window's script read, else Redis's.
            const held = cached(id);
            let base: { stamp: string; json: string };
            if (held) base = { stamp: held.stamp, json: held.json };
            else if (stamps?.get(key) === '') base = { stamp: '', json: '' };
            else base = await load(key, id);
            for (let attempt = 1; ; attempt++) {
              const { seedJson } = seedOf(dk);
              const start = base.stamp === '' ? seedJson : base.json;
              const state = kind.restore(JSON.parse(start));
              const result = await runState(state);
              const json = JSON.stringify(kind.snapshot(state));
              if (json === start) return result;
              const stamp = newStamp();
              const reply = await run<[number, string?, string?]>(SCRIPTS.commit, redisKey, [
                `v:${key}`,
                `d:${key}`,
                base.stamp,
                stamp,
                json,
                idleMs,
              ]);
              if (Number(reply[0]) === 1) {
                remember(id, entry(kind, stamp, json, state));
                return result;
              }
              // Another instance wrote first: run again on what it left.
              base = { stamp: reply[1] ?? '', json: reply[2] ?? '' };
              uncache(id);
              if (attempt >= MAX_ATTEMPTS) throw unavailable();
              await new Promise((r) => setTimeout(r, Math.random() * Math.min(attempt, 10)));
            }
          });
        },
        async reset(key) {
          const id = `${redisKey}\0${key}`;
          await queued(id, async () => {
            await send(['HDEL', redisKey, `v:${key}`, `d:${key}`]);
            uncache(id);
          });
        },
      };
    },
    async clear() {
      cache.clear();
      cacheBytes = 0;
      const pattern = `${prefix.replace(/[*?[\]\\]/g, '\\$&')}*`;
      let cursor = '0';
      do {
        const [next, keys] = await send<[string, string[]]>(['SCAN', cursor, 'MATCH', pattern, 'COUNT', '1000']);
        cursor = next;
        if (keys.length > 0) await send(['UNLINK', ...keys]);
      } while (cursor !== '0');
    },
    stats: () => ({ sandboxes: cache.size, storeBytes: cacheBytes }),
    async close() {
      closing = true;
      clearInterval(watchdog);
      if (client.isOpen) await client.close();
      else client.destroy();
    },
  };
}

/**
 * The store a Node host runs the mock with, from its setting (`PETSTORE_MOCK_STORE`, or the mock
 * option `store` given as text): undefined for `memory` or no setting (the core's in-memory store),
 * else a connecting {@link redisStore}.
 * @param options the Redis store's options but the URL (the idle expiry, the clock, the log)
 * @throws {StoreUrlError} when the setting is neither `memory` nor a Redis URL
 */
export function configuredStore(
  setting: string | undefined,
  options: Omit<RedisStoreOptions, 'url'> = {},
): RedisStore | undefined {
  const config = parseStoreUrl(setting);
  return config.kind === 'memory' ? undefined : redisStore({ ...options, url: config.url });
}
