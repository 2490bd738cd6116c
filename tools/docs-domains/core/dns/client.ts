/**
 * The DNS client (the I/O edge): UDP with EDNS(0), TCP when the reply is truncated, a time budget and
 * retries per server, random query IDs, replies checked against the question and discarded otherwise.
 * Results are cached per run (server, name, type), so checks that share a question ask it once.
 */
import { randomInt } from 'node:crypto';
import { createSocket } from 'node:dgram';
import { connect } from 'node:net';
import { buildQuery, classify, normName, parseReply, type Reply, serverLabel } from './message.ts';
import type { DnsResult, QueryType, Resolver, ServerAddress } from './types.ts';

/** Options of {@link createResolver}. */
export interface ClientOptions {
  /** Budget per server for one question, in ms, shared by the UDP tries and the TCP fallback (default 2000). */
  timeoutMs?: number;
  /** UDP retransmissions after the first try (default 1, so 2 tries of timeoutMs/2 each). */
  retries?: number;
  /** Aborts every pending query (they resolve as `error`). */
  signal?: AbortSignal;
}

type Attempt = { reply: Reply } | { fail: string; discarded: string[] };

/** The `fail` of a UDP try that got no valid reply in its share of the budget. */
const UDP_TIMEOUT = 'timeout';

function udpAttempt(
  server: ServerAddress,
  query: Buffer,
  id: number,
  name: string,
  type: QueryType,
  ms: number,
  signal?: AbortSignal,
): Promise<Attempt> {
  if (signal?.aborted) return Promise.resolve({ fail: 'aborted', discarded: [] });
  return new Promise((resolve) => {
    const discarded: string[] = [];
    const sock = createSocket(server.host.includes(':') ? 'udp6' : 'udp4');
    let done = false;
    const finish = (a: Attempt) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      sock.close();
      resolve(a);
    };
    const onAbort = () => finish({ fail: 'aborted', discarded });
    const timer = setTimeout(() => finish({ fail: UDP_TIMEOUT, discarded }), ms);
    signal?.addEventListener('abort', onAbort, { once: true });
    sock.on('error', (err: NodeJS.ErrnoException) =>
      finish({
        fail:
          err.code === 'ECONNREFUSED'
            ? `refused: nothing listens on ${serverLabel(server.host, server.port)} (ICMP port unreachable)`
            : err.message,
        discarded,
      }),
    );
    sock.on('message', (msg, rinfo) => {
      // A reply from another address or port is not an answer to us (RFC 5452 §9.1).
      if (rinfo.port !== server.port || normAddr(rinfo.address) !== normAddr(server.host)) {
        discarded.push('wrong source');
        return;
      }
      const r = parseReply(msg, id, name, type);
      if ('discard' in r) discarded.push(r.discard);
      else finish({ reply: r });
    });
    // A connected socket hears the ICMP "port unreachable" a closed port answers with, so a resolver that is not
    // running fails at once ("refused") instead of after the whole --timeout.
    sock.connect(server.port, server.host, () => {
      sock.send(query, (err) => {
        if (err) finish({ fail: err.message, discarded });
      });
    });
  });
}

function normAddr(a: string): string {
  return a
    .replace(/^::ffff:/, '')
    .replace(/%.*$/, '')
    .toLowerCase();
}

function tcpAttempt(
  server: ServerAddress,
  query: Buffer,
  id: number,
  name: string,
  type: QueryType,
  ms: number,
  signal?: AbortSignal,
): Promise<Attempt> {
  if (signal?.aborted) return Promise.resolve({ fail: 'aborted', discarded: [] });
  return new Promise((resolve) => {
    const discarded: string[] = [];
    let buf = Buffer.alloc(0);
    let done = false;
    const sock = connect({ host: server.host, port: server.port });
    const finish = (a: Attempt) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      sock.destroy();
      resolve(a);
    };
    const onAbort = () => finish({ fail: 'aborted', discarded });
    const timer = setTimeout(() => finish({ fail: `no valid TCP reply within ${ms} ms`, discarded }), ms);
    signal?.addEventListener('abort', onAbort, { once: true });
    sock.on('error', (err) => finish({ fail: `TCP: ${err.message}`, discarded }));
    sock.on('close', () => finish({ fail: 'TCP connection closed without a valid reply', discarded }));
    sock.on('connect', () => {
      const len = Buffer.alloc(2);
      len.writeUInt16BE(query.length);
      sock.write(Buffer.concat([len, query]));
    });
    sock.on('data', (chunk: Buffer) => {
      buf = Buffer.concat([buf, chunk]);
      // RFC 1035 §4.2.2 / RFC 7766 §8: each message is prefixed by its 2-byte length.
      while (buf.length >= 2) {
        const n = buf.readUInt16BE(0);
        if (buf.length < 2 + n) return;
        const msg = buf.subarray(2, 2 + n);
        buf = buf.subarray(2 + n);
        const r = parseReply(msg, id, name, type);
        if ('discard' in r) discarded.push(r.discard);
        else return finish({ reply: r });
      }
    });
  });
}

function describe(fail: string, discarded: string[]): string {
  if (discarded.length === 0) return fail;
  const counts = new Map<string, number>();
  for (const d of discarded) counts.set(d, (counts.get(d) ?? 0) + 1);
  const list = [...counts].map(([k, n]) => (n > 1 ? `${n}× ${k}` : k)).join(', ');
  return `${fail} (discarded replies: ${list})`;
}

/**
 * Asks one server one question (not cached). UDP first, with `retries` retransmissions, each try a fresh
 * random ID and socket; a reply with TC set is retried over TCP in the remaining budget (Knot answers
 * truncated UDP with an empty answer section). Never throws.
 */
export async function queryOnce(
  server: ServerAddress,
  name: string,
  type: QueryType,
  opts: ClientOptions = {},
): Promise<DnsResult> {
  const timeoutMs = opts.timeoutMs ?? 2000;
  const tries = 1 + (opts.retries ?? 1);
  const label = serverLabel(server.host, server.port);
  const qname = normName(name);
  const deadline = Date.now() + timeoutMs;
  let last = 'timeout';
  // Tries that timed out, and what they discarded: reported once, against the whole budget the user gave.
  let timedOut = 0;
  const discarded: string[] = [];
  for (let i = 0; i < tries; i++) {
    const left = deadline - Date.now();
    if (left <= 0) break;
    // An aborted run (Ctrl-C) asks nothing more.
    if (opts.signal?.aborted) {
      last = 'aborted';
      break;
    }
    const per = Math.max(1, Math.floor(left / (tries - i)));
    const id = randomInt(0, 65536);
    const q = buildQuery(id, qname, type);
    const a = await udpAttempt(server, q, id, qname, type, per, opts.signal);
    if ('reply' in a) {
      if (!a.reply.truncated) return classify(label, qname, type, a.reply, 'udp');
      const tleft = Math.max(1, deadline - Date.now());
      const tid = randomInt(0, 65536);
      const t = await tcpAttempt(server, buildQuery(tid, qname, type), tid, qname, type, tleft, opts.signal);
      if ('reply' in t) return classify(label, qname, type, t.reply, 'tcp');
      last = `reply truncated (TC) and TCP failed: ${describe(t.fail, t.discarded)}`;
      break;
    }
    discarded.push(...a.discarded);
    if (a.fail === UDP_TIMEOUT) {
      timedOut++;
      last = describe(
        `no valid reply within ${timeoutMs} ms in ${timedOut} UDP ${timedOut === 1 ? 'try' : 'tries'}`,
        discarded,
      );
    } else last = describe(a.fail, a.discarded);
    if (a.fail === 'aborted') break;
  }
  return {
    server: label,
    name: qname,
    type,
    outcome: 'error',
    answers: [],
    authorities: [],
    authoritative: false,
    error: last === 'timeout' ? `timeout after ${timeoutMs} ms` : last,
  };
}

/**
 * A caching {@link Resolver} over `servers`. `query` asks them in order until one gives a result that is not
 * `error` (like a stub resolver moving on after a timeout or SERVFAIL); `queryServer` asks one.
 * Concurrent identical questions share one exchange.
 */
export function createResolver(servers: readonly ServerAddress[], opts: ClientOptions = {}): Resolver {
  const cache = new Map<string, Promise<DnsResult>>();
  const queryServer = (server: ServerAddress, name: string, type: QueryType): Promise<DnsResult> => {
    const key = `${serverLabel(server.host, server.port)} ${normName(name)} ${type}`;
    let p = cache.get(key);
    if (!p) {
      p = queryOnce(server, name, type, opts);
      cache.set(key, p);
    }
    return p;
  };
  return {
    servers,
    queryServer,
    async query(name, type) {
      let last: DnsResult | undefined;
      for (const s of servers) {
        last = await queryServer(s, name, type);
        if (last.outcome !== 'error') return last;
      }
      return (
        last ?? {
          server: '-',
          name: normName(name),
          type,
          outcome: 'error',
          answers: [],
          authorities: [],
          authoritative: false,
          error: 'no resolver configured',
        }
      );
    },
  };
}
