/**
 * Options shared by the groups that connect to the domain (`tls`, `http`): `--port`, `--connect`, `--ca-file`.
 * Each of those groups lists {@link EDGE_OPTIONS} among its own; the CLI adds an option once however many groups
 * declare it.
 */
import { readFileSync } from 'node:fs';
import { createSecureContext, rootCertificates, type SecureContext } from 'node:tls';
import { parseConnect, parsePort } from './address.ts';
import type { GroupOption } from './types.ts';

/** The connection options, typed. */
export interface EdgeOptions {
  /** TCP port of the TLS handshake and of https:// hops (`--port`, default 443). */
  port: number;
  /** An IP to connect to instead of resolving each name (`--connect`). */
  connect: string | undefined;
  /** Extra trusted roots as PEM strings (`--ca-file`), added to Node's bundled Mozilla roots. */
  ca: string[];
}

/**
 * Reads a PEM file of trust roots (`--ca-file`).
 * @returns each certificate as a PEM string
 * @throws {Error} naming the file when it cannot be read or holds no `BEGIN CERTIFICATE` block
 */
export function readCaFile(path: string): string[] {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (err) {
    throw new Error(`--ca-file ${path}: cannot read it (${(err as NodeJS.ErrnoException).code ?? String(err)})`);
  }
  const certs = text.match(/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g) ?? [];
  if (certs.length === 0) throw new Error(`--ca-file ${path}: no PEM certificate (-----BEGIN CERTIFICATE-----) in it`);
  return certs.map((c) => `${c}\n`);
}

const caCache = new Map<string, string[]>();
const contexts = new Map<string, SecureContext>();

/**
 * The TLS trust store: Node's bundled Mozilla roots plus `extra` (PEM), built once per distinct `extra` and
 * shared by every handshake and request of the run. Building it parses every root certificate, so one per
 * connection would cost milliseconds of CPU and megabytes each.
 */
export function trustContext(extra: readonly string[] = []): SecureContext {
  const key = extra.join('');
  let ctx = contexts.get(key);
  if (!ctx) {
    ctx = createSecureContext({ ca: [...rootCertificates, ...extra] });
    contexts.set(key, ctx);
  }
  return ctx;
}

/** {@link readCaFile}, once per path. @throws {Error} as readCaFile does */
function cachedCa(path: string): string[] {
  let certs = caCache.get(path);
  if (!certs) {
    certs = readCaFile(path);
    caCache.set(path, certs);
  }
  return certs;
}

/** `--port`, `--connect`, `--ca-file` (commander syntax). */
export const EDGE_OPTIONS: readonly GroupOption[] = [
  {
    flags: '--port <port>',
    description: 'TCP port of the TLS handshake and of https:// redirect hops',
    defaultValue: 443,
    parse: parsePort('--port'),
  },
  {
    flags: '--connect <ip>',
    description: 'connect to this IP for every domain and redirect hop (tls and http) instead of resolving the names',
    parse: parseConnect,
  },
  {
    flags: '--ca-file <pem>',
    description: 'extra trusted root certificates (PEM file) for tls and http, added to the bundled Mozilla roots',
    parse: (value: string) => {
      cachedCa(value);
      return value;
    },
  },
];

/**
 * The connection options from commander's parsed values, with defaults.
 * @throws {Error} when `--ca-file` cannot be read
 */
export function parseEdgeOptions(raw: Readonly<Record<string, unknown>>): EdgeOptions {
  const num = (v: unknown, d: number) =>
    typeof v === 'number' ? v : typeof v === 'string' && v !== '' ? Number(v) : d;
  return {
    port: num(raw.port, 443),
    connect: typeof raw.connect === 'string' && raw.connect !== '' ? raw.connect : undefined,
    ca: typeof raw.caFile === 'string' && raw.caFile !== '' ? cachedCa(raw.caFile) : [],
  };
}
