/**
 * The API reference as static pages: maps an OpenAPI document (the loader's internal form, OpenAPI
 * 3.2; 3.0 and 3.1 read as well) to the model the pages render (views.ts): the operations, webhooks,
 * tags and schemas with the URLs they live at; each operation's page is built on demand
 * (operation-view.ts). Pure: no I/O, no clock (the build date is a parameter), the document is never
 * changed.
 *
 * Rules (the description's extensions, spec/README.md):
 * - tag groups from `x-tagGroups` and tag `parent`/`x-parent` (tags.ts `navigationGroups`);
 * - `x-stability: experimental | beta` → a stability badge (lifecycle.ts);
 * - `deprecated` + `x-deprecated-sunset` → one deprecation notice with the sunset date, relative to
 *   the build date (lifecycle.ts `describeDeprecation`);
 * - `x-hideTryItPanel: true` → no try-it.
 */

import { isObject, type JsonObject as Json } from '../../../descriptions/json.ts';
import { HTTP_METHODS } from '../../../descriptions/operations.ts';
import { formatPointer } from '../../../descriptions/pointer.ts';
import { deref } from '../../../descriptions/refs.ts';
import { SCHEMA_PAGE_LIMIT } from '../../apis/options.ts';
import {
  isNavigationTag,
  listOperations,
  type OpenApiDocument,
  type OperationRef,
  slugifyTag,
  tagObjects,
} from './document.ts';
import { describeDeprecation, stabilityOf } from './lifecycle.ts';
import {
  type OperationParts,
  type OperationSamples,
  operationParts,
  operationSamples,
  operationViewOf,
  type RequestParts,
  requestParts,
  str,
} from './operation-view.ts';
import { credentialVariable } from './samples.ts';
import {
  collapsedSchemas,
  PAGE_ROW_BUDGET,
  type SchemaContext,
  type SchemaNode,
  schemaNode,
  schemaRefName,
} from './schema.ts';
import { RESERVED_SLUGS, uniqueSlugs } from './slug.ts';
import { navigationGroups, tagGroups, tagNesting } from './tags.ts';
import type {
  ModelOptions,
  OperationSummary,
  OperationView,
  ReferenceModel,
  SchemaIndexEntry,
  SchemaPageView,
  TagView,
} from './views.ts';
import { DEFAULT_LINKS } from './views.ts';

/**
 * Where the reference lives when the model is given no `base` (`/reference`); the integration's
 * `base` option (options.ts) decides it for a build.
 */
export const REFERENCE_BASE = '/reference';

/** The tag of operations that have none (OpenAPI allows untagged operations; they still need a place). */
export const DEFAULT_TAG = 'Operations';

/**
 * A page's meta description from Markdown: plain text (code, emphasis, links and tables reduced to
 * their words), cut at a word boundary with an ellipsis to at most `max` characters (search engines
 * show about 155).
 */
export function metaDescription(markdown: string, max = 155): string {
  const text = markdown
    .replace(/```[\s\S]*?```/g, ' ')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[`*_#>|]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,.;:]+$/, '')}…`;
}

/** The URL of a server entry with its variables at their defaults (OpenAPI 3.0 §4.7.5). */
export function serverUrl(server: unknown): string | null {
  if (!isObject(server) || typeof server.url !== 'string') return null;
  const vars = isObject(server.variables) ? server.variables : {};
  return server.url.replace(/\{([^}]+)\}/g, (m, name: string) => {
    const v = vars[name];
    return isObject(v) && typeof v.default === 'string' ? v.default : m;
  });
}

function sampleBase(doc: Json): string {
  const fallback = 'https://api.example.com';
  const url = serverUrl(Array.isArray(doc.servers) ? doc.servers[0] : undefined);
  if (!url) return fallback;
  try {
    return new URL(url, fallback).href.replace(/\/+$/, '');
  } catch {
    return fallback;
  }
}

/**
 * Maps the document to the reference's pages.
 * @throws {Error} on an invalid `x-stability`, `x-deprecated-sunset`, `x-successor` or `x-tagGroups`
 *   (the message names the operation or field)
 */
export function buildReferenceModel(input: OpenApiDocument, options: ModelOptions): ReferenceModel {
  const doc = input as Json;
  const base = options.base ?? REFERENCE_BASE;
  const listed = listOperations(input).map((o) => (o.kind === 'operation' && !o.tag ? { ...o, tag: DEFAULT_TAG } : o));
  const ops: OperationRef[] = listed.map(({ operation: _o, pathItem: _p, key: _k, ...ref }) => ref);
  const pathOps = ops.filter((o) => o.kind === 'operation');

  // Navigation: groups of top-level tags; tags under a nested parent are lifted to that parent's
  // top-level ancestor for grouping and hang below their parent.
  const nesting = tagNesting(doc);
  const usedTags = new Set(pathOps.map((o) => o.tag));
  const lifted = new Set<string>();
  for (const t of usedTags) for (const a of nesting.ancestors.get(t) ?? []) lifted.add(a);
  const topLevel = [...usedTags, ...lifted].filter((t) => !nesting.ancestors.has(t));
  const declaredGroups = tagGroups(input).length > 0;
  const groups = navigationGroups(
    input,
    topLevel.map((tag) => ({ tag })),
  );
  const groupOfTag = new Map(groups.flatMap((g) => g.tags.map((t) => [t, g.name] as const)));
  const groupOf = (tag: string): string => {
    const top = [tag, ...(nesting.ancestors.get(tag) ?? [])].at(-1) ?? tag;
    return groupOfTag.get(top) ?? 'Other';
  };
  // Navigation order: each group's tags, each followed by its nested tags (depth first).
  const tagNames: string[] = [];
  const visit = (t: string) => {
    if (tagNames.includes(t)) return;
    tagNames.push(t);
    for (const c of nesting.children.get(t) ?? []) if (usedTags.has(c) || lifted.has(c)) visit(c);
  };
  for (const g of groups) for (const t of g.tags) visit(t);

  const schemaNames =
    isObject(doc.components) && isObject(doc.components.schemas) ? Object.keys(doc.components.schemas) : [];
  const schemaSlugList = uniqueSlugs(schemaNames);
  const schemaSlugs = new Map(schemaNames.map((n, i) => [n, schemaSlugList[i] ?? 'x']));
  const pageUrl = (name: string) => `${base}/schemas/${schemaSlugs.get(name) ?? 'x'}/`;
  // Which schemas have a page: all of them, or (large descriptions) the ones found below, once the
  // operations are known. Until then every schema counts as having one: links do not change what a
  // page expands or collapses, so the search below sees the pages as they will be built.
  let paged: ReadonlySet<string> | null = null;
  const schemaUrl = (name: string) => (!paged || paged.has(name) ? pageUrl(name) : undefined);
  const baseCtx: SchemaContext = {
    doc,
    schemaUrl,
    maxRefDepth: options.maxRefDepth ?? 2,
    ...(options.t ? { t: options.t } : {}),
  };

  const tagSlugList = uniqueSlugs(tagNames);
  const tagSlug = new Map(tagNames.map((t, i) => [t, tagSlugList[i] ?? slugifyTag(t)]));
  const tagMeta = tagObjects(doc);
  const opSlugs = uniqueSlugs(
    ops.map((o) =>
      o.kind === 'webhook' && o.operationId === `${o.method} ${o.path}` ? `webhook ${o.path}` : o.operationId,
    ),
    RESERVED_SLUGS,
  );
  const sampleServer = sampleBase(doc);
  const targets = options.tryItTargets ?? ['mock', 'description'];
  const hasServers = Array.isArray(doc.servers) && doc.servers.some((s) => isObject(s) && typeof s.url === 'string');
  const tryItTo = { mock: targets.includes('mock'), servers: targets.includes('description') && hasServers };
  const webhooksUrl = `${base}/webhooks/`;

  const raw = new Map<string, { operation: Json; pathItem: Json }>();
  const operations: OperationSummary[] = listed.map(({ operation, pathItem, key, ...ref }, i) => {
    const slug = opSlugs[i] ?? 'x';
    const where = `${ref.method} ${ref.path} (${ref.operationId})`;
    const level = stabilityOf(operation, where);
    raw.set(slug, { operation, pathItem });
    const webhook = ref.kind === 'webhook';
    const labels = (Array.isArray(operation.tags) ? operation.tags : [])
      .filter((t): t is string => typeof t === 'string')
      .flatMap((t) => {
        const meta = tagMeta.get(t);
        return isNavigationTag(meta) ? [] : [{ kind: String(meta?.kind), name: t }];
      });
    return {
      kind: ref.kind,
      operationId: ref.operationId,
      hasOperationId: typeof operation.operationId === 'string' && operation.operationId.trim() !== '',
      slug,
      url: `${base}/${slug}/`,
      method: ref.method,
      path: ref.path,
      summary: ref.summary,
      tag: webhook ? 'Webhooks' : ref.tag,
      tagUrl: webhook ? webhooksUrl : `${base}/tags/${tagSlug.get(ref.tag) ?? 'x'}/`,
      group: webhook ? 'Webhooks' : groupOf(ref.tag),
      legacyAnchor: ref.anchor,
      stability: level
        ? { level, label: options.t ? options.t(`ref.stability.${level}`) : level === 'beta' ? 'Beta' : 'Experimental' }
        : null,
      deprecation: describeDeprecation(ops[i] ?? ref, operation, ops, options.buildDate, options.lang),
      tryIt:
        (tryItTo.mock || tryItTo.servers) &&
        operation['x-hideTryItPanel'] !== true &&
        !webhook &&
        (HTTP_METHODS as readonly string[]).includes(key),
      labels,
    };
  });

  /** The environment variable generated samples read the credential from (samples.ts). */
  let credentialVar: string | undefined;
  const sourceOf = (op: OperationSummary) => {
    const source = raw.get(op.slug);
    if (!source) throw new Error(`no operation with the slug ${op.slug}`);
    return source;
  };
  /** A page's schema context: each page spends its own row budget. */
  const pageContext = (): SchemaContext => ({ ...baseCtx, expanded: new Set(), budget: { rows: PAGE_ROW_BUDGET } });
  /**
   * Each operation's code samples, made once: a page's cache key, the page and its Markdown twin each
   * build the operation's view. The samples are a few MB of text for GitHub's 1,100 operations, where
   * whole views would hold tens of MB, so only they are kept.
   */
  const samplesMade = new Map<string, OperationSamples>();
  const samplesOf = (op: OperationSummary, parts: RequestParts): OperationSamples => {
    let samples = samplesMade.get(op.slug);
    if (!samples) {
      credentialVar ??= credentialVariable(isObject(doc.info) ? (str(doc.info.title) ?? '') : '');
      samples = operationSamples(op, sourceOf(op).operation, parts, sampleServer, options.sampleTargets, credentialVar);
      samplesMade.set(op.slug, samples);
    }
    return samples;
  };
  const partsOf = (op: OperationSummary): OperationParts => {
    const source = sourceOf(op);
    return operationParts(doc, source.operation, source.pathItem, pageContext());
  };
  const requestPartsOf = (op: OperationSummary): RequestParts => {
    const source = sourceOf(op);
    return requestParts(doc, source.operation, source.pathItem, pageContext());
  };
  const operationView = (op: OperationSummary): OperationView => {
    const parts = partsOf(op);
    return operationViewOf(op, parts, samplesOf(op, parts));
  };

  const tagViews = new Map<string, TagView>();
  for (const name of tagNames) {
    const slug = tagSlug.get(name) ?? 'x';
    tagViews.set(name, {
      name,
      slug,
      url: `${base}/tags/${slug}/`,
      group: groupOf(name),
      description: str(tagMeta.get(name)?.description),
      operations: operations.filter((o) => o.kind === 'operation' && o.tag === name),
      children: [],
    });
  }
  for (const [parent, kids] of nesting.children) {
    const view = tagViews.get(parent);
    if (!view) continue;
    view.children = kids.map((k) => tagViews.get(k)).filter((t): t is TagView => Boolean(t));
  }
  const tags = tagNames.map((n) => tagViews.get(n)).filter((t): t is TagView => Boolean(t));

  const usedBy = new Map<string, SchemaPageView['usedBy']>();
  for (let i = 0; i < listed.length; i++) {
    const op = operations[i];
    const rawOp = listed[i]?.operation;
    if (!op || !rawOp) continue;
    const names = new Set<string>();
    collectSchemaRefs(doc, rawOp, names, new Set(), 0);
    for (const n of names) {
      const list = usedBy.get(n) ?? [];
      list.push({ operationId: op.operationId, method: op.method, path: op.path, summary: op.summary, url: op.url });
      usedBy.set(n, list);
    }
  }
  const pageCtx: SchemaContext = { ...baseCtx, maxRefDepth: (options.maxRefDepth ?? 2) + 1 };
  const treeOf = (name: string): SchemaNode =>
    schemaNode({ $ref: formatPointer(['components', 'schemas', name], { fragment: true }) }, pageCtx);
  const schemaTree = (schema: SchemaPageView): SchemaNode => treeOf(schema.name);
  if (schemaNames.length > (options.schemaPages ?? SCHEMA_PAGE_LIMIT)) {
    // The schemas a reader can reach only through a page of their own: collapsed on an operation's
    // page, or on the page of a schema found so far.
    const found = new Set<string>();
    // The pages' schema trees without their code samples: the samples add no schema.
    for (const op of operations) {
      const { operation, pathItem } = sourceOf(op);
      collapsedSchemas(operationParts(doc, operation, pathItem, pageContext()), found);
    }
    const known = new Set(schemaNames);
    const queue = [...found].filter((n) => known.has(n));
    const closure = new Set(queue);
    for (let name = queue.pop(); name !== undefined; name = queue.pop()) {
      const more = new Set<string>();
      collapsedSchemas(treeOf(name), more);
      for (const m of more) {
        if (known.has(m) && !closure.has(m)) {
          closure.add(m);
          queue.push(m);
        }
      }
    }
    paged = closure;
  }
  const schemas: SchemaPageView[] = schemaNames
    .filter((name) => !paged || paged.has(name))
    .map((name) => ({
      name,
      slug: schemaSlugs.get(name) ?? 'x',
      url: pageUrl(name),
      usedBy: usedBy.get(name) ?? [],
    }));
  const schemaIndex: SchemaIndexEntry[] = schemaNames.map((name) => {
    const url = schemaUrl(name);
    if (url) return { name, url };
    const first = usedBy.get(name)?.[0];
    return first
      ? { name, shownOn: { method: first.method, path: first.path, summary: first.summary, url: first.url } }
      : { name };
  });

  const info = isObject(doc.info) ? doc.info : {};
  const webhooks = operations.filter((o) => o.kind === 'webhook');
  return {
    base,
    links: options.links ?? DEFAULT_LINKS,
    title: str(info.title) ?? 'API reference',
    version: typeof info.version === 'string' || typeof info.version === 'number' ? String(info.version) : '',
    summary: str(info.summary),
    description: str(info.description),
    groups: groups.map((g) => ({
      name: g.name,
      tags: g.tags.map((t) => tagViews.get(t)).filter((t): t is TagView => Boolean(t)),
      implicit: !declaredGroups,
    })),
    tags,
    operations,
    webhooks,
    webhooksUrl: webhooks.length > 0 ? webhooksUrl : undefined,
    schemas,
    schemaIndex,
    sampleServer,
    tryItTo,
    operationView,
    operationDescription: (op) => str(sourceOf(op).operation.description),
    // Asked for before the pages render (the highlighter's feed): the samples need the request's parts alone.
    operationSamples: (op) => samplesMade.get(op.slug) ?? samplesOf(op, requestPartsOf(op)),
    schemaTree,
  };
}

/**
 * Names of the component schemas an object uses, following parameter/response/requestBody `$ref`s
 * (not into schemas: the list is of schemas used directly, and stays small on large documents).
 */
function collectSchemaRefs(doc: Json, value: unknown, out: Set<string>, seen: Set<string>, depth: number): void {
  if (depth > 12) return;
  if (Array.isArray(value)) {
    for (const v of value) collectSchemaRefs(doc, v, out, seen, depth + 1);
    return;
  }
  if (!isObject(value)) return;
  const ref = typeof value.$ref === 'string' ? value.$ref : null;
  if (ref) {
    const name = schemaRefName(ref);
    if (name) {
      out.add(name);
      return;
    }
    if (seen.has(ref)) return;
    seen.add(ref);
    collectSchemaRefs(doc, deref(doc, value), out, seen, depth + 1);
    return;
  }
  for (const [k, v] of Object.entries(value)) {
    if (k === 'x-codeSamples' || k === 'example' || k === 'examples') continue;
    collectSchemaRefs(doc, v, out, seen, depth + 1);
  }
}
