/**
 * The reference pages as Markdown for agents and "Copy page": one function per page kind, from the
 * same view objects the HTML pages render (site/reference/model/reference.ts), so both say the same thing.
 * Pure: views in, Markdown text out (CommonMark + GFM tables and fenced code).
 *
 * Links between reference pages point at their Markdown twins (`/reference/list-pets.md`), so an agent
 * that follows them stays in Markdown; links written in the description's own Markdown are kept.
 */

import { type Translate, translator } from '../i18n/catalogue.ts';
import { shortenedNote } from '../reference/model/long-values.ts';
import type { SchemaLink, SchemaNode } from '../reference/model/schema.ts';
import { tryItHint } from '../reference/model/tryit-hint.ts';
import type {
  OperationSummary,
  OperationView,
  ParameterView,
  ReferenceModel,
  SchemaPageView,
  SchemeView,
  TagView,
} from '../reference/model/views.ts';
import { markdownPath } from './paths.ts';

/** What an operation's Markdown needs besides its view. */
export interface OperationMarkdownContext {
  /** The API's name (`info.title`). */
  apiTitle: string;
  /** The deprecation notice's sentence (reference/model/lifecycle.ts `deprecationNotice`), when the operation is deprecated. */
  deprecationText?: string;
  /** The operation to use instead, when the deprecation names one. */
  successor?: Pick<OperationSummary, 'url' | 'method' | 'path' | 'summary'> | null;
  /** The released versions that touched the operation, newest first (the page's "Changed in" line). */
  changedIn?: ReadonlyArray<{ version: string; kind: string; breaking: boolean; url: string }>;
  /** Where try-it sends (`ReferenceModel.tryItTo`), for the sentence the page shows beside its button. */
  tryItTo?: { mock: boolean; servers: boolean };
  /** The reference's base path (`/reference`), for the operation's place in the explorer. */
  base?: string;
  /** The description's JSON download, where an example shown shortened is whole (default `/openapi.json`). */
  json?: string;
  /** The messages of the page's language, for the twin's headings and labels (default English). */
  t?: Translate;
  /** The page's language (BCP-47), for numbers (default `en`). */
  lang?: string;
}

/** Text for one table cell: one line, `|` escaped. */
export function cell(text: string | undefined): string {
  return (text ?? '')
    .replace(/\s*\n\s*/g, ' ')
    .replace(/\|/g, '\\|')
    .trim();
}

/** Inline code that survives backticks in the value (CommonMark §6.1: a longer fence). */
export function code(text: string): string {
  const longest = Math.max(0, ...[...text.matchAll(/`+/g)].map((m) => m[0].length));
  const fence = '`'.repeat(longest + 1);
  const pad = text.startsWith('`') || text.endsWith('`') ? ' ' : '';
  return `${fence}${pad}${text}${pad}${fence}`;
}

/** A fenced code block whose fence is longer than any backtick run inside. */
export function fenced(lang: string, source: string): string {
  const longest = Math.max(2, ...[...source.matchAll(/`+/g)].map((m) => m[0].length));
  const fence = '`'.repeat(longest + 1);
  return `${fence}${lang}\n${source.replace(/\n+$/, '')}\n${fence}`;
}

/** Text with its square brackets escaped, so that it never reads as (part of) a Markdown link. */
function bracketsEscaped(text: string): string {
  return text.replace(/[[\]]/g, '\\$&');
}

/** Link to a site page's Markdown twin. */
function mdLink(text: string, url: string): string {
  return `[${bracketsEscaped(text)}](${markdownPath(url)})`;
}

/** The English messages: what a twin says when its caller gives no language. */
const english = translator('en');

/** A component schema's name, linked to its page when it has one. */
function schemaRef(ref: SchemaLink): string {
  return ref.url ? mdLink(ref.name, ref.url) : bracketsEscaped(ref.name);
}

function oneLine(text: string | undefined): string {
  return (text ?? '').replace(/\s*\n\s*/g, ' ').trim();
}

/** The type of a schema in words: `Pet` (object), array of `Pet`, string (date-time), nullable. */
export function typeText(node: SchemaNode, t: Translate = english): string {
  let type: string;
  if (node.type === 'array' && node.items) {
    const inner = node.items.ref ? schemaRef(node.items.ref) : typeText(node.items, t);
    type = t('ref.type.arrayOf', { type: inner });
  } else if (node.ref) {
    type = `${schemaRef(node.ref)} (${node.type})`;
  } else {
    type = node.type === 'oneOf' ? t('md.type.oneOf') : node.type === 'anyOf' ? t('md.type.anyOf') : node.type;
  }
  if (node.format) type += ` (${node.format})`;
  return type;
}

/** The flags of a schema in words (required, nullable, read-only, write-only, deprecated), in that order. */
function flags(node: SchemaNode, required: boolean | undefined, t: Translate): string[] {
  return [
    required && t('ref.required'),
    node.nullable && t('ref.nullable'),
    node.readOnly && t('ref.readOnly'),
    node.writeOnly && t('ref.writeOnly'),
    node.deprecated && t('ref.deprecatedFlag'),
  ].filter((f): f is string => Boolean(f));
}

/** What a schema says after its type and flags: enum, constraints, default and, unless left out, example. */
function details(node: SchemaNode, t: Translate, withExample = true): string[] {
  const out: string[] = [];
  if (node.enum) out.push(`${t('ref.schema.oneOf')} ${node.enum.map(code).join(', ')}`);
  out.push(...node.constraints);
  if (node.default !== undefined) out.push(`${t('ref.schema.default')} ${code(node.default)}`);
  if (withExample && node.example !== undefined) out.push(`${t('ref.schema.example')} ${code(node.example)}`);
  return out;
}

/** The facts of a schema after its type: flags, enum, constraints, default, example. */
function facts(node: SchemaNode, t: Translate, withExample = true): string[] {
  return [...flags(node, false, t), ...details(node, t, withExample)];
}

/**
 * A property's head as the HTML page's schema tree words it (Schema.astro): name, type (a component's
 * name linked), format, required and the flags, separated by spaces; then what the tree lists below
 * it, separated by semicolons.
 */
function propertyHead(name: string, node: SchemaNode, required: boolean, t: Translate): string {
  const ownRef = node.ref && node.type !== 'array' ? node.ref : undefined;
  // A component's name stands for its type, as on the page; the type itself follows the flags.
  const type = ownRef ? schemaRef(ownRef) : typeText({ ...node, format: undefined }, t);
  const words = [code(name), type];
  if (node.format) words.push(node.format);
  words.push(...flags(node, required, t));
  const refType = ownRef ? ` (${node.type})` : '';
  const rest = details(node, t);
  return `${words.join(' ')}${refType}${rest.length > 0 ? `; ${rest.join('; ')}` : ''}`;
}

/**
 * A schema as a nested Markdown list: one line per property (name, type, facts, description), nested
 * objects, array items, variants and additional properties indented below. A schema expanded
 * elsewhere (cycle or depth bound) links to its schema page instead.
 */
export function schemaOutline(node: SchemaNode, indent = '', t: Translate = english): string[] {
  const lines: string[] = [];
  const children = (n: SchemaNode, ind: string): void => {
    if (n.collapsed && n.ref) lines.push(`${ind}- ${t('md.schema.fieldsSee', { schema: schemaRef(n.ref) })}`);
    for (const p of n.properties ?? []) {
      const head = propertyHead(p.name, p.schema, p.required, t);
      const desc = oneLine(p.schema.description);
      lines.push(`${ind}- ${head}${desc ? `. ${desc}` : ''}`);
      children(p.schema, `${ind}  `);
    }
    if (n.items && (n.items.properties || n.items.variants || n.items.items || n.items.collapsed)) {
      lines.push(`${ind}- ${t('ref.schema.items')} ${[typeText(n.items, t), ...facts(n.items, t)].join(', ')}`);
      children(n.items, `${ind}  `);
    }
    if (n.variants) {
      n.variants.forEach((v, i) => {
        const desc = oneLine(v.description);
        lines.push(
          `${ind}- ${t('ref.schema.option', { n: i + 1 })}: ${[typeText(v, t), ...facts(v, t)].join(', ')}${desc ? `. ${desc}` : ''}`,
        );
        children(v, `${ind}  `);
      });
    }
    if (n.additional === true) lines.push(`${ind}- ${t('ref.schema.otherAny')}`);
    else if (n.additional) {
      lines.push(
        `${ind}- ${t('ref.schema.other')} ${[typeText(n.additional, t), ...facts(n.additional, t)].join(', ')}`,
      );
      children(n.additional, `${ind}  `);
    }
  };
  children(node, indent);
  return lines;
}

/** A body or response schema: its type line, then the outline. */
function schemaBlock(node: SchemaNode, t: Translate, withExample = true, mediaType?: string): string {
  const desc = oneLine(node.description);
  const own = facts(node, t, withExample);
  const line = (schema: string) =>
    mediaType ? t('md.schema.ofMedia', { type: code(mediaType), schema }) : t('md.schema.label', { schema });
  // A schema already expanded on this page (or past the depth bound) is one line with its link.
  if (node.collapsed && node.ref && !node.properties)
    return line(`${[typeText(node, t), ...own].join(', ')} ${t('md.schema.fieldsOnPage')}`);
  const head = line(`${[typeText(node, t), ...own].join(', ')}${desc ? `. ${desc}` : ''}`);
  const outline = schemaOutline(node, '', t);
  return outline.length > 0 ? `${head}\n\n${outline.join('\n')}` : head;
}

/**
 * JSON for an example: pretty-printed, but an object or array that fits in 72 characters stays on
 * one line (`{"id": 1, "name": "Rex"}`), so a list of records reads one record per line.
 */
export function exampleJson(text: string): string {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return text;
  }
  const inline = (v: unknown): string =>
    Array.isArray(v)
      ? `[${v.map(inline).join(', ')}]`
      : typeof v === 'object' && v !== null
        ? `{${Object.entries(v)
            .map(([k, x]) => `${JSON.stringify(k)}: ${inline(x)}`)
            .join(', ')}}`
        : JSON.stringify(v);
  const print = (v: unknown, indent: string): string => {
    const one = inline(v);
    if (one.length + indent.length <= 72 || typeof v !== 'object' || v === null) return one;
    const inner = `${indent}  `;
    return Array.isArray(v)
      ? `[\n${v.map((x) => inner + print(x, inner)).join(',\n')}\n${indent}]`
      : `{\n${Object.entries(v)
          .map(([k, x]) => `${inner}${JSON.stringify(k)}: ${print(x, inner)}`)
          .join(',\n')}\n${indent}}`;
  };
  return print(value, '');
}

function parameterType(p: ParameterView, t: Translate): string {
  return [typeText(p.schema, t), ...facts(p.schema, t, false)].join(', ');
}

function parametersTable(params: ParameterView[], t: Translate): string {
  const rows = params.map((p) => {
    const notes = [
      oneLine(p.description),
      p.deprecated ? t('md.parameter.deprecated') : '',
      p.example ? `${t('ref.schema.example')} ${code(p.example)}` : '',
    ]
      .filter(Boolean)
      .join(' ');
    return `| ${code(p.name)} | ${p.in} | ${cell(parameterType(p, t))} | ${t(p.required ? 'md.yes' : 'md.no')} | ${cell(notes)} |`;
  });
  const head = ['name', 'in', 'type', 'required', 'description'] as const;
  return [`| ${head.map((c) => cell(t(`ref.column.${c}`))).join(' | ')} |`, '|---|---|---|---|---|', ...rows].join(
    '\n',
  );
}

function securityText(security: SchemeView[][], t: Translate): string {
  if (security.length === 0 || security.every((alt) => alt.length === 0)) return t('ref.security.none');
  const lines = security.map((alt, i) => {
    const parts = alt.map((s) => {
      const scopes = s.scopes.length > 0 ? ` (${t('ref.security.scopes')} ${s.scopes.map(code).join(', ')})` : '';
      const desc = oneLine(s.description);
      return `**${s.name}**: ${code(s.summary)}${scopes}${desc ? `. ${desc}` : ''}`;
    });
    return `- ${i > 0 ? `${t('ref.security.or')} ` : ''}${parts.join(` ${t('ref.security.and')} `)}`;
  });
  return `${security.length > 1 ? `${t('md.security.anyOf')}\n\n` : ''}${lines.join('\n')}`;
}

function mediaBlocks(
  contents: OperationView['responses'][number]['contents'],
  t: Translate,
  lang: string,
  json = '/openapi.json',
): string[] {
  return contents.map((m) => {
    // The media type's own examples follow; the schema's example would repeat (or contradict) them.
    const parts = [
      m.schema
        ? schemaBlock(m.schema, t, m.examples.length === 0, m.mediaType)
        : t('md.contentType', { type: code(m.mediaType) }),
    ];
    for (const ex of m.examples) {
      const label = ex.generated
        ? t('ref.example.generated')
        : ex.name === 'Example'
          ? t('ref.example.title')
          : t('md.example.named', { name: code(ex.name) });
      const caption = ex.summary
        ? t('md.example.captionSummary', { label, summary: oneLine(ex.summary) })
        : t('md.example.caption', { label });
      parts.push(
        `${caption}\n\n${/json/i.test(m.mediaType) ? fenced('json', exampleJson(ex.value)) : fenced('', ex.value)}`,
      );
      const note = shortenedNote(ex, `[openapi.json](${json})`, t, lang);
      if (note) parts.push(note);
    }
    return parts.join('\n\n');
  });
}

/** The badges of an operation, as the HTML shows them after its path (StatusBadges.astro). */
function badges(op: Pick<OperationSummary, 'stability' | 'deprecation'>, t: Translate): string[] {
  return [op.stability?.label, op.deprecation ? t('ref.badge.deprecated') : undefined].filter((b): b is string =>
    Boolean(b),
  );
}

/** The line under an operation's title, as the page shows it: method, path, badges; then the sunset date. */
function statusLine(op: OperationSummary, t: Translate): string {
  const line = [code(op.method), code(op.path), ...badges(op, t)].join(' ');
  return op.deprecation?.sunset ? `${line} · ${t('md.sunset', { date: op.deprecation.sunset })}` : line;
}

/**
 * An operation's page as Markdown: method and path, summary, description, stability, deprecation with
 * its sunset date and successor, authentication, a parameters table, the request body and responses as
 * schema outlines with examples, and the code samples (hand-written `x-codeSamples` first; the model
 * generates others only for languages the description has none for).
 */
export function operationMarkdown(op: OperationView, ctx: OperationMarkdownContext): string {
  const t = ctx.t ?? english;
  const lang = ctx.lang ?? 'en';
  const out: string[] = [`# ${op.summary}`, statusLine(op, t)];
  // The page's meta line (operationId, tag, labels, the explorer), then what the page's head says.
  const meta = [
    ...(op.hasOperationId ? [`${t('ref.operation.operationId')} ${code(op.operationId)}`] : []),
    `${t('ref.operation.tag')} ${mdLink(op.tag, op.tagUrl)}`,
    ...op.labels.map((l) => l.name),
    ...(ctx.base && op.kind !== 'webhook'
      ? [`[${t('ref.operation.openInExplorer')}](${ctx.base}/explorer/#${op.legacyAnchor})`]
      : []),
  ].join(' ');
  out.push(
    `${meta} · ${t('md.operation.place', { api: ctx.apiTitle, group: op.group })} · [${t('agents.htmlPage')}](${op.url})`,
  );
  if (ctx.changedIn && ctx.changedIn.length > 0)
    out.push(
      `${t('ref.changedIn.label')} ${ctx.changedIn.map((v) => `[${v.version}](${v.url}) (${t(`ref.changedIn.${v.kind}` as 'ref.changedIn.added')}${v.breaking ? `, ${t('ref.changedIn.breaking')}` : ''})`).join(', ')}`,
    );
  if (op.stability) {
    const levels = `[${t('md.stability.levels')}](/guides/getting-started.md#stability-levels)`;
    out.push(
      `> **${op.stability.label}.** ${t(op.stability.level === 'beta' ? 'md.stability.beta' : 'md.stability.experimental')} ${t('md.stability.see', { levels })}`,
    );
  }
  if (op.deprecation) {
    const lines = [`> ${oneLine(ctx.deprecationText ?? `**${t('ref.deprecated.title')}.**`)}`];
    if (op.deprecation.sunset) lines.push(`> ${t('md.deprecated.sunset', { date: op.deprecation.sunset })}`);
    if (ctx.successor)
      lines.push(
        `> ${t('ref.deprecated.useInstead')} ${mdLink(ctx.successor.summary, ctx.successor.url)} (${code(`${ctx.successor.method} ${ctx.successor.path}`)}).`,
      );
    out.push(lines.join('\n>\n'));
  }
  if (!op.tryIt) out.push(t('md.tryIt.disabled'));
  else if (ctx.tryItTo) out.push(t('md.tryIt.hint', { hint: tryItHint(op, ctx.tryItTo, t) }));
  if (op.description) out.push(op.description.trim());
  if (op.externalDocs)
    out.push(`[${op.externalDocs.description ?? t('ref.operation.moreAbout')}](${op.externalDocs.url})`);

  out.push(`## ${t('ref.heading.authentication')}`, securityText(op.security, t));
  if (op.parameters.length > 0) out.push(`## ${t('ref.heading.parameters')}`, parametersTable(op.parameters, t));
  if (op.requestBody) {
    out.push(
      `## ${t('ref.heading.requestBody')}`,
      t(op.requestBody.required ? 'md.body.required' : 'md.body.optional'),
    );
    if (op.requestBody.description) out.push(op.requestBody.description.trim());
    out.push(...mediaBlocks(op.requestBody.contents, t, lang, ctx.json));
  }
  out.push(`## ${t('ref.heading.responses')}`);
  for (const r of op.responses) {
    out.push(`### ${r.status}${r.description ? ` — ${oneLine(r.description)}` : ''}`);
    if (r.headers.length > 0) {
      const head = ['header', 'type', 'description'] as const;
      out.push(
        [
          `| ${head.map((c) => cell(t(`ref.column.${c}`))).join(' | ')} |`,
          '|---|---|---|',
          ...r.headers.map(
            (h) =>
              `| ${code(h.name)} | ${cell(h.schema ? typeText(h.schema, t) : '')}${h.required ? `, ${t('ref.required')}` : ''} | ${cell([oneLine(h.description), h.example ? `${t('ref.schema.example')} ${code(h.example)}` : ''].filter(Boolean).join(' '))} |`,
          ),
        ].join('\n'),
      );
    }
    out.push(...mediaBlocks(r.contents, t, lang, ctx.json));
  }
  if (op.samples.length > 0) {
    out.push(`## ${t('ref.heading.codeSamples')}`);
    for (const s of op.samples)
      out.push(`### ${s.generated ? t('md.sample.generated', { label: s.label }) : s.label}`, fenced(s.lang, s.source));
  }
  return `${out.join('\n\n')}\n`;
}

/** One operation as a list item, in the order of the HTML lists (OperationList.astro): method, summary linked, path, badges. */
export function operationItem(op: OperationSummary, t: Translate = english): string {
  return [`- ${code(op.method)}`, mdLink(op.summary, op.url), code(op.path), ...badges(op, t)].join(' ');
}

/** A tag's page: its group, description and operations. */
export function tagMarkdown(tag: TagView, apiTitle: string, t: Translate = english): string {
  const out = [
    `# ${tag.name}`,
    `${apiTitle} · ${t('md.tag.group', { group: tag.group })} · [${t('agents.htmlPage')}](${tag.url})`,
  ];
  if (tag.description) out.push(tag.description.trim());
  out.push(`## ${t('ref.heading.operations')}`, tag.operations.map((o) => operationItem(o, t)).join('\n'));
  return `${out.join('\n\n')}\n`;
}

/** A schema's page: its outline and the operations that use it. */
export function schemaMarkdown(
  schema: SchemaPageView,
  tree: SchemaNode,
  apiTitle: string,
  t: Translate = english,
): string {
  const out = [
    `# ${schema.name}`,
    `${apiTitle} · ${t('md.schema.pointer', { pointer: code(`#/components/schemas/${schema.name}`) })} · [${t('agents.htmlPage')}](${schema.url})`,
    schemaBlock(tree, t),
  ];
  if (schema.usedBy.length > 0) {
    out.push(
      `## ${t('ref.heading.usedBy')}`,
      schema.usedBy.map((o) => `- ${mdLink(o.summary, o.url)} ${code(`${o.method} ${o.path}`)}`).join('\n'),
    );
  }
  return `${out.join('\n\n')}\n`;
}

/**
 * The reference's index: the description's introduction, then tag groups → tags → operations.
 * @param current false for an older published version, whose index points at the changelog instead of the
 *   current description's downloads and explorer (as its HTML page)
 */
export function referenceIndexMarkdown(model: ReferenceModel, current = true, t: Translate = english): string {
  const out = [`# ${t('md.reference.title', { title: model.title })}`];
  if (model.summary) out.push(model.summary);
  const operations = model.operations.length - model.webhooks.length;
  const webhooks = model.webhooks.length;
  const counts = `${t('ref.index.operations', { count: operations })}${webhooks > 0 ? `, ${t('ref.index.webhooks', { count: webhooks })}` : ''}`;
  const where = current
    ? t('ref.index.download', {
        yaml: `[openapi.yaml](${model.links.downloads.yaml})`,
        json: `[openapi.json](${model.links.downloads.json})`,
        explorer: `[${t('ref.index.explorer')}](${model.base}/explorer/)`,
      })
    : t('ref.index.changelog', {
        changelog: `[${t('ref.index.changelogLink')}](${markdownPath(model.links.changelog)})`,
      });
  out.push(
    `${t('md.reference.counts', { title: `${model.title}${model.version ? ` ${model.version}` : ''}`, counts })} ${where} [${t('agents.htmlPage')}](${model.base}/)`,
  );
  for (const g of model.groups) {
    out.push(`## ${g.name}`);
    for (const tag of g.tags) {
      out.push(`### ${mdLink(tag.name, tag.url)}`);
      if (tag.description) out.push(tag.description.trim());
      out.push(tag.operations.map((o) => operationItem(o, t)).join('\n'));
    }
  }
  if (model.description) out.push(`## ${t('ref.heading.introduction')}`, model.description.trim());
  return `${out.join('\n\n')}\n`;
}

/** The schema index page. */
export function schemasIndexMarkdown(model: ReferenceModel, t: Translate = english): string {
  const list = model.schemaIndex
    .map((s) =>
      s.url
        ? `- ${mdLink(s.name, s.url)}`
        : s.shownOn
          ? `- ${bracketsEscaped(s.name)}: ${t('ref.schemas.shownOn')} ${mdLink(s.shownOn.summary, s.shownOn.url)} (${code(`${s.shownOn.method} ${s.shownOn.path}`)})`
          : `- ${bracketsEscaped(s.name)}`,
    )
    .join('\n');
  return `# ${t('ref.schemas.title')}\n\n${t('md.schemas.intro', { title: model.title })} [${t('agents.htmlPage')}](${model.base}/schemas/)\n\n${list || t('md.none')}\n`;
}
