/**
 * The origin absolute links for agents are made on: the primary domain of site/domains.yaml
 * (`https://<domains.primary>/`, the canonical origin the pages name), else, for a server with no domain
 * configured, its own origin as the request reached it over HTTP (`http://<Host>/`), else `npm start`'s
 * default address. Pure apart from {@link primaryOrigin}, which reads the file.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';

/** Where `npm start` serves when nothing else names an origin (PORT and HOST defaults of scripts/serve.ts). */
export const LOCAL_ORIGIN = 'http://localhost:4321/';

/**
 * `https://<domains.primary>/` from the domains file, or undefined when the file, the key or a valid
 * host name is missing (`docs-domains validate` explains a broken file; here it only means "no domain").
 * @param file default site/domains.yaml below the working directory (the project root for every script)
 */
export function primaryOrigin(file: string = join(process.cwd(), 'site', 'domains.yaml')): string | undefined {
  let primary: unknown;
  try {
    primary = (parse(readFileSync(file, 'utf8')) as { domains?: { primary?: unknown } } | null)?.domains?.primary;
  } catch {
    return undefined;
  }
  if (typeof primary !== 'string' || !/^[a-z0-9.-]+$/i.test(primary.trim())) return undefined;
  return `https://${primary.trim().toLowerCase()}/`;
}

/**
 * The origin (with a trailing slash) of a server's own answers: `http://` and the request's `Host`
 * header, or `fallback` when it has none or it is not a host name with an optional port.
 */
export function requestOrigin(host: string | undefined, fallback: string = LOCAL_ORIGIN): string {
  if (!host || !/^(?:[a-z0-9.-]+|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i.test(host)) return fallback;
  return `http://${host.toLowerCase()}/`;
}

/**
 * The origin for agent links: the primary domain when one is configured, else the server's own.
 * @param primary {@link primaryOrigin}'s answer
 * @param own the server's own origin (over HTTP: {@link requestOrigin}); default {@link LOCAL_ORIGIN}
 */
export function agentOrigin(primary: string | undefined, own: string = LOCAL_ORIGIN): string {
  return primary ?? own;
}
