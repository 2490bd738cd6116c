/**
 * Maps the description the site is built from (the Petstore's or any other) to what Scalar's API
 * explorer renders: a copy of the document with Scalar-native extensions added, a JSON-serialisable
 * configuration, and the lists the page and its guard need (operations without a try-it panel,
 * deprecations, stability markers).
 *
 * Pure: no I/O, no clock (the build date is a parameter), the input document is never mutated.
 *
 * Sources of the rules: spec/README.md (tags, extensions, servers, auth, the deprecation policy) and
 * Scalar's renderer, which renders `x-tagGroups`, `x-badges`, `x-codeSamples` and `deprecated` and
 * ignores `x-stability`, `x-hideTryItPanel` and sunset dates.
 */

import { isObject } from '../../../descriptions/json.ts';
import { type Translate, translator } from '../../i18n/catalogue.ts';
import { MOCK_BASE } from '../../mock/hosts/mount.ts';
import { listOperations, type OpenApiDocument, type OperationRef } from '../model/document.ts';
import {
  type Deprecation,
  deprecationNotice,
  describeDeprecation,
  parseDay,
  type StabilityLevel,
  stabilityOf,
} from '../model/lifecycle.ts';
import { navigationGroups, type TagGroup, tagGroups } from '../model/tags.ts';

export interface StabilityMarker extends OperationRef {
  level: StabilityLevel;
  /** The badge text, `Experimental` or `Beta` (in the mapping's language). */
  label: string;
}

/** Server entry as Scalar takes it (`servers` in the configuration, OpenAPI Server Object). */
export interface ServerEntry {
  url: string;
  description?: string;
  variables?: Record<string, { default: string; description?: string; enum?: string[] }>;
}

/** The JSON-serialisable part of Scalar's configuration; the page adds the hooks (functions). */
export interface ReferenceConfiguration {
  servers: ServerEntry[];
  withDefaultFonts: false;
  telemetry: false;
  showDeveloperTools: 'never';
  agent: { disabled: true };
  mcp: { disabled: true };
  documentDownloadType: 'none';
  hideClientButton: boolean;
  persistAuth: false;
  authentication: {
    preferredSecurityScheme: string | null;
    /** Scalar's configured values per scheme: `token` (HTTP), `value` (API key), `username`/`password` (basic), OAuth 2.0 flows' `token`. */
    securitySchemes: Record<string, ExplorerSchemeSecrets>;
  };
  customCss: string;
  metaData: { title: string };
}

export interface MappedReference {
  /** The document Scalar renders (a modified deep copy of the input). */
  document: OpenApiDocument;
  configuration: ReferenceConfiguration;
  /** Operations with `x-hideTryItPanel: true`: no try-it button, no client, requests refused. */
  hiddenTryIt: OperationRef[];
  stability: StabilityMarker[];
  deprecations: Deprecation[];
  /** The tag groups the navigation shows (`x-tagGroups` after merging `x-parent`). */
  tagGroups: TagGroup[];
  /**
   * The API keys in a cookie with the demo token, as a `Cookie` header's value (`api_key=demo-token`), or
   * undefined: a page cannot send `Cookie`, so the explorer sends them to the mock as `X-Scalar-Cookie`.
   */
  mockCookies?: string;
}

export interface MapOptions {
  /** The build date as YYYY-MM-DD (UTC); decides whether a sunset is ahead or past. */
  buildDate: string;
  /** Same-origin base path of the mock API; default `MOCK_BASE` (site/mock/hosts/mount.ts). */
  mockBase?: string;
  /** Bearer token preset for the try-it client (the mock accepts any non-empty token). */
  demoToken?: string;
  /** Offer the mock on this site as a server (default true). */
  mock?: boolean;
  /** Offer the description's own servers (default true). */
  descriptionServers?: boolean;
  /** The URL paths of the description's downloads (default `/openapi.yaml`, `/openapi.json`: the one API's). */
  downloads?: { yaml: string; json: string };
  /** The language of what the mapping adds (badges, notices, server names; default English): BCP-47 tag and messages. */
  lang?: string;
  t?: Translate;
}

const STABILITY_COLOUR: Record<StabilityLevel, string> = {
  experimental: '#c2410c',
  beta: '#1d4ed8',
};

/** Escapes a value for a CSS double-quoted string. */
function cssString(text: string): string {
  return `"${text.replace(/["\\\n]/g, (c) => (c === '\n' ? '\\a ' : `\\${c}`))}"`;
}

/**
 * The build-time CSS that scopes the per-operation behaviour Scalar only has globally. Selectors use
 * the end of Scalar 1.72's ids (`[id$="/tag/orders/GET/store/orders"]`), so the document prefix Scalar
 * adds (`api-1/`) does not matter.
 *
 * - Operations without a try-it panel: their "Test Request" button (`.show-api-client-button` in the
 *   operation's `<section id>`) is hidden, and so is their entry in the try-it client's own sidebar
 *   (`.scalar-app-layout [data-sidebar-id]`), while the reference sidebar keeps listing them.
 * - Stability and deprecation markers: a small label after the operation's name in both sidebars.
 */
export function referenceCss(
  hidden: OperationRef[],
  stability: Pick<StabilityMarker, 'anchor' | 'label' | 'level'>[],
  deprecations: Pick<Deprecation, 'anchor' | 'sunsetText'>[],
  t: Translate = translator('en'),
): string {
  const rules: string[] = [];
  for (const op of hidden) {
    const id = cssString(`/${op.anchor}`);
    rules.push(`section[id$=${id}] .show-api-client-button { display: none !important; }`);
    rules.push(`.scalar-app-layout [data-sidebar-id$=${id}] { display: none !important; }`);
  }
  const label = (anchor: string) =>
    `[data-sidebar-id$=${cssString(`/${anchor}`)}] > :is(a, button) [class~="group/button-label"]::after`;
  for (const s of stability) {
    rules.push(`${label(s.anchor)} { content: ${cssString(s.label)}; } /* stability: ${s.level} */`);
  }
  for (const d of deprecations) {
    if (d.sunsetText)
      rules.push(
        `${label(d.anchor)} { content: ${cssString(t('explorer.sunset', { date: d.sunsetText }))}; } /* deprecated */`,
      );
  }
  if (stability.length > 0 || deprecations.length > 0) {
    const all = [...stability.map((s) => s.anchor), ...deprecations.filter((d) => d.sunsetText).map((d) => d.anchor)];
    rules.push(
      `${all.map(label).join(',\n')} {\n  display: inline-block; margin-left: 0.4em; padding: 0 0.4em; border: 1px solid currentColor;\n  border-radius: 0.8em; font-size: 0.7em; line-height: 1.4; vertical-align: 0.1em; opacity: 0.85; text-decoration: none;\n}`,
    );
  }
  return rules.join('\n');
}

/**
 * Maps the document to Scalar's input.
 *
 * - Tag groups: sets `x-tagGroups` from `x-tagGroups` and `x-parent` (Scalar shows a group heading with
 *   its tags in the sidebar) and drops group-only tags without operations from `tags`, so no empty
 *   section appears. A tag with operations that no group names is put in an "Other" group, because
 *   Scalar hides tags outside every group.
 * - `x-stability`: adds an `x-badges` entry `Experimental` / `Beta` (Scalar shows it in the operation
 *   header) and a sidebar marker in the CSS. `x-scalar-stability` is not set: Scalar 1.72 would print a
 *   second, lower-case badge and its sidebar only marks `deprecated`.
 * - Deprecation: keeps `deprecated: true` (struck-through title and sidebar entry), adds a badge
 *   `Sunset 30 June 2027` and a notice at the top of the description saying whether the date is ahead or past.
 * - `x-hideTryItPanel: true`: lists the operation in `hiddenTryIt` (the page hides its button via the
 *   CSS and refuses its requests).
 * - `x-codeSamples` are kept in order; Scalar selects the first hand-written sample when the reader has
 *   not chosen a client, so the configuration sets no `defaultHttpClient`.
 * - Servers: the mock on this origin first (default), then the document's servers (production `{base_url}`).
 *
 * @throws {Error} on an invalid `x-stability`, `x-deprecated-sunset` or `x-tagGroups` (names the operation or field)
 */
export function mapReference(input: OpenApiDocument, options: MapOptions): MappedReference {
  parseDay(options.buildDate);
  const mockBase = options.mockBase ?? MOCK_BASE;
  const lang = options.lang ?? 'en';
  const t = options.t ?? translator(lang);
  const document = structuredClone(input);
  const ops = listOperations(document);

  const hiddenTryIt: OperationRef[] = [];
  const stability: StabilityMarker[] = [];
  const deprecations: Deprecation[] = [];

  for (const { operation, pathItem: _item, key: _key, ...ref } of ops) {
    const where = `${ref.method} ${ref.path} (${ref.operationId})`;
    const badges: Array<{ name: string; color: string; position: 'before' | 'after' }> = Array.isArray(
      operation['x-badges'],
    )
      ? [...(operation['x-badges'] as Array<{ name: string; color: string; position: 'before' | 'after' }>)]
      : [];
    const level = stabilityOf(operation, where);
    if (level) {
      const badge = { name: t(`ref.stability.${level}`), color: STABILITY_COLOUR[level] };
      badges.push({ ...badge, position: 'after' });
      stability.push({ ...ref, level, label: badge.name });
    }
    if (operation['x-hideTryItPanel'] === true && ref.kind === 'operation') hiddenTryIt.push(ref);
    const d = describeDeprecation(ref, operation, ops, options.buildDate, lang);
    if (d) {
      deprecations.push(d);
      operation.deprecated = true;
      if (d.sunsetText) {
        badges.push({
          name: t(d.sunsetState === 'past' ? 'explorer.sunsetPast' : 'explorer.sunset', { date: d.sunsetText }),
          color: d.sunsetState === 'ahead' ? '#a16207' : '#b91c1c',
          position: 'after',
        });
      }
      const notice = deprecationNotice(d, options.buildDate, t, lang);
      operation.description =
        typeof operation.description === 'string' && operation.description.trim()
          ? `${notice}\n\n${operation.description}`
          : notice;
    }
    if (badges.length > 0) operation['x-badges'] = badges;
  }

  // Tag groups and group-only tags.
  const usedTags = new Set(ops.map((o) => o.tag).filter(Boolean));
  const groupNames = new Set(tagGroups(document).map((g) => g.name));
  const visibleGroups = navigationGroups(document, ops);
  if (Array.isArray(document.tags)) {
    document.tags = document.tags.filter(
      (t) => !(isObject(t) && typeof t.name === 'string' && groupNames.has(t.name) && !usedTags.has(t.name)),
    );
  }
  if (visibleGroups.length > 0) document['x-tagGroups'] = visibleGroups;
  else delete document['x-tagGroups'];

  // Composed schemas (Pet, Category) show their own description only, not their parts'.
  if (isObject(document.components) && isObject(document.components.schemas)) {
    ownDescriptionsOnly(document.components.schemas);
  }

  // Servers: the same-origin mock first, then the production server(s) of the document.
  const own =
    options.descriptionServers === false || !Array.isArray(document.servers)
      ? []
      : document.servers.filter((s): s is ServerEntry => isObject(s) && typeof s.url === 'string');
  const servers: ServerEntry[] = [
    ...(options.mock === false ? [] : [{ url: mockBase, description: t('explorer.server.mock') }]),
    ...own
      .filter((s) => s.url !== mockBase)
      .map((s) => ({ ...s, description: s.description ?? t('explorer.server.production') })),
  ];
  document.servers = servers;

  // A download link at the top of the reference (the stable URLs serve the unmodified spec).
  if (isObject(document.info)) {
    const { yaml, json } = options.downloads ?? { yaml: '/openapi.yaml', json: '/openapi.json' };
    const links = `**${t('explorer.download')}** [openapi.yaml](${yaml}) · [openapi.json](${json})`;
    const desc = typeof document.info.description === 'string' ? document.info.description.trim() : '';
    document.info.description = desc ? `${desc}\n\n${links}` : links;
  }

  // Authentication: preset the demo token for the try-it client in every scheme it can carry it in (the mock
  // accepts any non-empty credential; spec/README.md: bearerAuth), as try-it does for the mock.
  const schemes =
    isObject(document.components) && isObject(document.components.securitySchemes)
      ? document.components.securitySchemes
      : {};
  const bearer = Object.entries(schemes).find(
    ([, s]) => isObject(s) && s.type === 'http' && typeof s.scheme === 'string' && s.scheme.toLowerCase() === 'bearer',
  );
  const token = options.demoToken ?? 'demo-token';
  const preset: Record<string, ExplorerSchemeSecrets> = {};
  for (const [name, s] of Object.entries(schemes)) {
    const secrets = explorerSecrets(isObject(s) ? s : {}, token);
    if (secrets) preset[name] = secrets;
  }
  const cookies = Object.values(schemes)
    .filter((s) => isObject(s) && s.type === 'apiKey' && s.in === 'cookie' && typeof s.name === 'string')
    .map((s) => `${(s as { name: string }).name}=${token}`);

  const configuration: ReferenceConfiguration = {
    servers,
    withDefaultFonts: false,
    telemetry: false,
    showDeveloperTools: 'never',
    agent: { disabled: true },
    mcp: { disabled: true },
    documentDownloadType: 'none',
    hideClientButton: hiddenTryIt.length > 0,
    persistAuth: false,
    authentication: {
      preferredSecurityScheme: bearer ? bearer[0] : null,
      securitySchemes: preset,
    },
    customCss: referenceCss(hiddenTryIt, stability, deprecations, t),
    // The description's own name, as the static pages use it (a description without one: "API").
    metaData: {
      title: `${t('ref.index.title')} · ${isObject(document.info) && typeof document.info.title === 'string' && document.info.title.trim() ? document.info.title.trim() : 'API'}`,
    },
  };

  return {
    document,
    configuration,
    hiddenTryIt,
    stability,
    deprecations,
    tagGroups: visibleGroups,
    ...(cookies.length > 0 ? { mockCookies: cookies.join('; ') } : {}),
  };
}

/** What the explorer's configuration presets for one scheme, in Scalar's configuration names. */
export type ExplorerSchemeSecrets =
  | { token: string }
  | { value: string }
  | { username: string; password: string }
  | { flows: Record<string, { token: string }> };

/**
 * The demo token as Scalar's configuration takes it for a scheme: an HTTP scheme's `token` (basic: user
 * `sandbox` and the token as password, the mock keys it by the password), an API key's `value`, every
 * OAuth 2.0 flow's access token; undefined for what the configuration cannot hold (OpenID Connect, whose
 * flows Scalar finds by discovery; mutual TLS).
 */
export function explorerSecrets(s: Record<string, unknown>, token: string): ExplorerSchemeSecrets | undefined {
  if (s.type === 'http') {
    return String(s.scheme).toLowerCase() === 'basic' ? { username: 'sandbox', password: token } : { token };
  }
  if (s.type === 'apiKey') return { value: token };
  if (s.type === 'oauth2' && isObject(s.flows)) {
    return { flows: Object.fromEntries(Object.keys(s.flows).map((flow) => [flow, { token }])) };
  }
  return undefined;
}

/**
 * Scalar prints, under a composed schema, the description of every `$ref` member of its `allOf` as well
 * as its own: `Pet` (`allOf: [NewPet, {id}]`) read "The payload for creating a pet." on every returned
 * pet. For each component schema with a description of its own, `$ref` members of its `allOf` whose
 * target has a description are inlined; the first of them carries the schema's own description (moved
 * there, since Scalar would print an outer one a second time), the others none. Fields, required lists
 * and nested `$ref`s stay. Changes `schemas` in place (call it on a copy).
 * @param schemas `components.schemas` of the document Scalar renders
 */
export function ownDescriptionsOnly(schemas: Record<string, unknown>): void {
  const prefix = '#/components/schemas/';
  for (const schema of Object.values(schemas)) {
    if (!isObject(schema) || typeof schema.description !== 'string' || !Array.isArray(schema.allOf)) continue;
    const own = schema.description;
    let placed = false;
    schema.allOf = schema.allOf.map((part) => {
      const ref = isObject(part) && typeof part.$ref === 'string' ? part.$ref : null;
      const target = ref?.startsWith(prefix) ? schemas[ref.slice(prefix.length)] : undefined;
      if (!isObject(target) || target.description === undefined) return part;
      const { description: _inherited, ...rest } = structuredClone(target);
      if (placed) return rest;
      placed = true;
      return { ...rest, description: own };
    });
    // Scalar prints both the outer description and the merged one: keep it in one place only.
    if (placed) delete schema.description;
  }
}

/**
 * Serialises data for an inline `<script type="application/json">`: `<` becomes `\u003c` so no `</script>`
 * or `<!--` inside a string can end the element (HTML spec, script data state); U+2028/2029 are escaped too.
 */
export function inlineJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
