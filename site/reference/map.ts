/**
 * Maps the Petstore OpenAPI document to what Scalar's API reference renders: a copy of the document
 * with Scalar-native extensions added, a JSON-serialisable configuration, and the lists the page and
 * its guard need (operations without a try-it panel, deprecations, stability markers).
 *
 * Pure: no I/O, no clock (the build date is a parameter), the input document is never mutated.
 *
 * Sources of the rules: spec/README.md (tags, extensions, servers, auth), the source document
 * (shared/reference/petstore-api-spec.md §1 and §9) and Scalar 1.72's renderer (field notes: it
 * renders `x-tagGroups`, `x-badges`, `x-codeSamples`, `deprecated`; it ignores `x-stability`,
 * `x-hideTryItPanel` and sunset dates).
 */

import { formatDay, parseDay } from '../../spec/dates.ts';
import { listOperations as listDocumentOperations } from '../../spec/operations.ts';
import { MOCK_BASE } from '../mock/mount.ts';

export { formatDay, parseDay };

/** An OpenAPI document as plain data (parsed YAML or JSON). */
export type OpenApiDocument = Record<string, unknown> & {
  openapi: string;
  paths: Record<string, unknown>;
};

/** Stability levels of `x-stability` (GitBook convention; spec/README.md "Extensions"). */
export type StabilityLevel = 'experimental' | 'beta';

/** Where an operation lives in the document and in Scalar's navigation. */
export interface OperationRef {
  operationId: string;
  /** Upper-case HTTP method, e.g. `GET`. */
  method: string;
  /** Path template as written in the document, e.g. `/pets/{petId}`. */
  path: string;
  summary: string;
  /** First tag of the operation (the one Scalar files it under). */
  tag: string;
  /**
   * Scalar's navigation id without the document prefix, e.g. `tag/orders/GET/store/orders`: the end
   * of the sidebar item's `data-sidebar-id` and of the operation section's `id`.
   */
  anchor: string;
}

export interface StabilityMarker extends OperationRef {
  level: StabilityLevel;
  /** The badge text, `Experimental` or `Beta`. */
  label: string;
}

export interface Deprecation extends OperationRef {
  /** `x-deprecated-sunset` as written (YYYY-MM-DD), or null when the operation has none. */
  sunset: string | null;
  /** The sunset date for people, e.g. `30 June 2027`; null without a sunset. */
  sunsetText: string | null;
  /** Whether the sunset is still ahead of the build date, on it, or already past; null without a sunset. */
  sunsetState: 'ahead' | 'today' | 'past' | null;
  /** Whole days from the build date to the sunset date (negative once past); null without a sunset. */
  daysToSunset: number | null;
  /** `x-deprecated-since` as written, or null. */
  since: string | null;
  /** The operation to use instead (`x-successor.operationId`, resolved in the document), or null. */
  successor: Pick<OperationRef, 'operationId' | 'method' | 'path' | 'summary' | 'anchor'> | null;
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
    securitySchemes: Record<string, { token: string }>;
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
}

export interface TagGroup {
  name: string;
  tags: string[];
}

export interface MapOptions {
  /** The build date as YYYY-MM-DD (UTC); decides whether a sunset is ahead or past. */
  buildDate: string;
  /** Same-origin base path of the mock API; default `MOCK_BASE` (site/mock/mount.ts). */
  mockBase?: string;
  /** Bearer token preset for the try-it client (the mock accepts any non-empty token). */
  demoToken?: string;
}

const DAY_MS = 86_400_000;

/**
 * Compares a sunset date with the build date.
 * @param sunset YYYY-MM-DD, the last day the operation answers (spec/README.md: `Sunset: … 23:59:59 GMT`)
 * @param buildDate YYYY-MM-DD
 * @returns `ahead` before the sunset day, `today` on it, `past` after it, and the days between (negative when past)
 */
export function sunsetState(sunset: string, buildDate: string): { state: 'ahead' | 'today' | 'past'; days: number } {
  const days = Math.round((parseDay(sunset) - parseDay(buildDate)) / DAY_MS);
  return { state: days > 0 ? 'ahead' : days === 0 ? 'today' : 'past', days };
}

/** Scalar's tag slug (`@scalar/helpers` slugify for plain names): lower case, runs of other characters → `-`. */
export function slugifyTag(name: string): string {
  return name
    .toLowerCase()
    .trim()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/**
 * Every operation of the document, in document order (spec/operations.ts), with what the reference
 * shows of it: its id (or `METHOD path` without one), summary, first tag and Scalar anchor.
 */
export function listOperations(doc: OpenApiDocument): Array<OperationRef & { operation: Record<string, unknown> }> {
  return listDocumentOperations(doc).map(({ method, path, operation }) => {
    const tags = Array.isArray(operation.tags) ? operation.tags.filter((t) => typeof t === 'string') : [];
    const tag = tags[0] ?? '';
    const upper = method.toUpperCase();
    return {
      operationId: typeof operation.operationId === 'string' ? operation.operationId : `${upper} ${path}`,
      method: upper,
      path,
      summary: typeof operation.summary === 'string' ? operation.summary : `${upper} ${path}`,
      tag,
      anchor: tag ? `tag/${slugifyTag(tag)}/${upper}${path}` : `${upper}${path}`,
      operation,
    };
  });
}

/**
 * The navigation groups: `x-tagGroups` when the document has it, completed with every tag whose
 * `x-parent` names a group (GitBook / OpenAPI 3.2 `parent`). Groups follow the order of first mention;
 * a tag appears in one group only. A group tag itself is never a child.
 * @throws {Error} when `x-tagGroups` is not an array of `{name, tags[]}`
 */
export function tagGroups(doc: OpenApiDocument): TagGroup[] {
  const groups: TagGroup[] = [];
  const byName = new Map<string, TagGroup>();
  const placed = new Set<string>();
  const add = (group: string, tag: string) => {
    let g = byName.get(group);
    if (!g) {
      g = { name: group, tags: [] };
      byName.set(group, g);
      groups.push(g);
    }
    if (!placed.has(tag) && tag !== group) {
      g.tags.push(tag);
      placed.add(tag);
    }
  };
  const declared = doc['x-tagGroups'];
  if (declared !== undefined) {
    if (!Array.isArray(declared)) throw new Error('x-tagGroups: expected an array of {name, tags}');
    declared.forEach((g, i) => {
      if (!isObject(g) || typeof g.name !== 'string' || !Array.isArray(g.tags)) {
        throw new Error(`x-tagGroups[${i}]: expected {name: string, tags: string[]}`);
      }
      if (!byName.has(g.name)) {
        const group = { name: g.name, tags: [] };
        byName.set(g.name, group);
        groups.push(group);
      }
      for (const t of g.tags) if (typeof t === 'string') add(g.name, t);
    });
  }
  const tags = Array.isArray(doc.tags) ? doc.tags.filter(isObject) : [];
  for (const t of tags) {
    const parent = t['x-parent'] ?? t.parent;
    if (typeof t.name === 'string' && typeof parent === 'string') add(parent, t.name);
  }
  return groups;
}

/**
 * The groups the navigation shows: {@link tagGroups}, plus an "Other" group for tags with operations
 * that no group names (Scalar would hide them; a reader must still find them), keeping only tags that
 * have operations and groups that keep a tag. Tags are in group order, then document order.
 */
export function navigationGroups(doc: OpenApiDocument, ops: readonly Pick<OperationRef, 'tag'>[]): TagGroup[] {
  const groups = tagGroups(doc);
  const usedTags = [...new Set(ops.map((o) => o.tag).filter(Boolean))];
  const grouped = new Set(groups.flatMap((g) => g.tags));
  const orphans = usedTags.filter((t) => !grouped.has(t));
  if (orphans.length > 0) groups.push({ name: 'Other', tags: orphans });
  const used = new Set(usedTags);
  return groups
    .map((g) => ({ name: g.name, tags: g.tags.filter((t) => used.has(t)) }))
    .filter((g) => g.tags.length > 0);
}

export function stabilityOf(operation: Record<string, unknown>, where: string): StabilityLevel | null {
  const v = operation['x-stability'];
  if (v === undefined) return null;
  if (v === 'experimental' || v === 'beta') return v;
  throw new Error(`${where}: x-stability must be "experimental" or "beta", got ${JSON.stringify(v)}`);
}

const STABILITY_BADGE: Record<StabilityLevel, { name: string; color: string }> = {
  experimental: { name: 'Experimental', color: '#c2410c' },
  beta: { name: 'Beta', color: '#1d4ed8' },
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
  stability: StabilityMarker[],
  deprecations: Deprecation[],
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
      rules.push(`${label(d.anchor)} { content: ${cssString(`Sunset ${d.sunsetText}`)}; } /* deprecated */`);
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
 * The deprecation of an operation: `deprecated: true` and/or `x-deprecated-sunset` (YYYY-MM-DD, the
 * last day it answers; spec/README.md "Deprecation policy"), `x-deprecated-since`, and `x-successor`
 * resolved among `ops`.
 * @returns null when the operation is not deprecated
 * @throws {Error} on a sunset that is not a YYYY-MM-DD date, or a successor naming no operation
 */
export function describeDeprecation(
  ref: OperationRef,
  operation: Record<string, unknown>,
  ops: readonly OperationRef[],
  buildDate: string,
): Deprecation | null {
  const where = `${ref.method} ${ref.path} (${ref.operationId})`;
  const sunsetRaw = operation['x-deprecated-sunset'];
  if (operation.deprecated !== true && sunsetRaw === undefined) return null;
  let sunset: string | null = null;
  if (sunsetRaw !== undefined) {
    if (typeof sunsetRaw !== 'string') throw new Error(`${where}: x-deprecated-sunset must be a YYYY-MM-DD string`);
    try {
      parseDay(sunsetRaw);
    } catch (err) {
      throw new Error(`${where}: x-deprecated-sunset: ${(err as Error).message}`);
    }
    sunset = sunsetRaw;
  }
  const state = sunset ? sunsetState(sunset, buildDate) : null;
  const since = typeof operation['x-deprecated-since'] === 'string' ? operation['x-deprecated-since'] : null;
  const succ = operation['x-successor'];
  const succId = isObject(succ) && typeof succ.operationId === 'string' ? succ.operationId : null;
  const found = succId ? ops.find((o) => o.operationId === succId) : undefined;
  if (succId && !found) throw new Error(`${where}: x-successor names no operation: ${succId}`);
  return {
    ...ref,
    sunset,
    sunsetText: sunset ? formatDay(sunset) : null,
    sunsetState: state?.state ?? null,
    daysToSunset: state?.days ?? null,
    since,
    successor: found
      ? {
          operationId: found.operationId,
          method: found.method,
          path: found.path,
          summary: found.summary,
          anchor: found.anchor,
        }
      : null,
  };
}

/** The sentence about a deprecation a reader sees at the top of the operation. */
export function deprecationNotice(d: Deprecation, buildDate: string): string {
  if (!d.sunset || !d.sunsetText) return '**Deprecated.** This operation will be removed; plan to move away from it.';
  const when =
    d.sunsetState === 'past'
      ? `The sunset date, **${d.sunsetText}**, is already past (as of ${formatDay(buildDate)}): the operation may stop answering at any time.`
      : d.sunsetState === 'today'
        ? `The sunset date is **today, ${d.sunsetText}**: this is the last day the operation answers.`
        : `It keeps working until its sunset date, **${d.sunsetText}**, which is still ahead (${d.daysToSunset} days after ${formatDay(buildDate)}, when this page was built).`;
  const since = d.since && /^\d{4}-\d{2}-\d{2}$/.test(d.since) ? ` since ${formatDay(d.since)}` : '';
  return `**Deprecated${since}.** ${when} See the [deprecation policy](/guides/getting-started/#deprecation-policy).`;
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
  const document = structuredClone(input);
  const ops = listOperations(document);

  const hiddenTryIt: OperationRef[] = [];
  const stability: StabilityMarker[] = [];
  const deprecations: Deprecation[] = [];

  for (const { operation, ...ref } of ops) {
    const where = `${ref.method} ${ref.path} (${ref.operationId})`;
    const badges: Array<{ name: string; color: string; position: 'before' | 'after' }> = Array.isArray(
      operation['x-badges'],
    )
      ? [...(operation['x-badges'] as Array<{ name: string; color: string; position: 'before' | 'after' }>)]
      : [];
    const level = stabilityOf(operation, where);
    if (level) {
      const badge = STABILITY_BADGE[level];
      badges.push({ ...badge, position: 'after' });
      stability.push({ ...ref, level, label: badge.name });
    }
    if (operation['x-hideTryItPanel'] === true) hiddenTryIt.push(ref);
    const d = describeDeprecation(ref, operation, ops, options.buildDate);
    if (d) {
      deprecations.push(d);
      operation.deprecated = true;
      if (d.sunsetText) {
        badges.push({
          name: `Sunset ${d.sunsetText}${d.sunsetState === 'past' ? ' (past)' : ''}`,
          color: d.sunsetState === 'ahead' ? '#a16207' : '#b91c1c',
          position: 'after',
        });
      }
      const notice = deprecationNotice(d, options.buildDate);
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
  document['x-tagGroups'] = visibleGroups;

  // Composed schemas (Pet, Category) show their own description only, not their parts'.
  if (isObject(document.components) && isObject(document.components.schemas)) {
    ownDescriptionsOnly(document.components.schemas);
  }

  // Servers: the same-origin mock first, then the production server(s) of the document.
  const own = Array.isArray(document.servers) ? (document.servers as ServerEntry[]) : [];
  const servers: ServerEntry[] = [
    { url: mockBase, description: 'Mock API on this site' },
    ...own.filter((s) => s.url !== mockBase).map((s) => ({ ...s, description: s.description ?? 'Production' })),
  ];
  document.servers = servers;

  // A download link at the top of the reference (the stable URLs serve the unmodified spec).
  if (isObject(document.info)) {
    const links = '**Download the OpenAPI description:** [openapi.yaml](/openapi.yaml) · [openapi.json](/openapi.json)';
    const desc = typeof document.info.description === 'string' ? document.info.description.trim() : '';
    document.info.description = desc ? `${desc}\n\n${links}` : links;
  }

  // Authentication: preset a bearer token for the try-it client (spec/README.md: bearerAuth).
  const schemes =
    isObject(document.components) && isObject(document.components.securitySchemes)
      ? document.components.securitySchemes
      : {};
  const bearer = Object.entries(schemes).find(
    ([, s]) => isObject(s) && s.type === 'http' && typeof s.scheme === 'string' && s.scheme.toLowerCase() === 'bearer',
  );
  const token = options.demoToken ?? 'demo-token';

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
      securitySchemes: bearer ? { [bearer[0]]: { token } } : {},
    },
    customCss: referenceCss(hiddenTryIt, stability, deprecations),
    metaData: { title: 'API reference · Petstore API' },
  };

  return { document, configuration, hiddenTryIt, stability, deprecations, tagGroups: visibleGroups };
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
