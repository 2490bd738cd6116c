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
  /** The messages of the page's language, for the twin's headings and labels (default English). */
  t?: Translate;
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

/** A component schema's name, linked to its page when it has one. */
function schemaRef(ref: SchemaLink): string {
  return ref.url ? mdLink(ref.name, ref.url) : bracketsEscaped(ref.name);
}

function oneLine(text: string | undefined): string {
  return (text ?? '').replace(/\s*\n\s*/g, ' ').trim();
}

/** The type of a schema in words: `Pet` (object), array of `Pet`, string (date-time), nullable. */
export function typeText(node: SchemaNode): string {
  let t: string;
  if (node.type === 'array' && node.items) {
    const inner = node.items.ref ? schemaRef(node.items.ref) : typeText(node.items);
    t = `array of ${inner}`;
  } else if (node.ref) {
    t = `${schemaRef(node.ref)} (${node.type})`;
  } else {
    t = node.type === 'oneOf' ? 'one of' : node.type === 'anyOf' ? 'any of' : node.type;
  }
  if (node.format) t += ` (${node.format})`;
  return t;
}

/** The facts of a schema after its type: flags, enum, constraints, default, example. */
function facts(node: SchemaNode, required?: boolean): string[] {
  const out: string[] = [];
  if (required) out.push('required');
  if (node.nullable) out.push('nullable');
  if (node.readOnly) out.push('read-only');
  if (node.writeOnly) out.push('write-only');
  if (node.deprecated) out.push('deprecated');
  if (node.enum) out.push(`One of: ${node.enum.map(code).join(', ')}`);
  out.push(...node.constraints);
  if (node.default !== undefined) out.push(`Default: ${code(node.default)}`);
  if (node.example !== undefined) out.push(`Example: ${code(node.example)}`);
  return out;
}

/**
 * A property's head as the HTML page's schema tree words it (Schema.astro): name, type (a component's
 * name linked), format, required and the flags, separated by spaces; then what the tree lists below
 * it, separated by semicolons.
 */
function propertyHead(name: string, node: SchemaNode, required: boolean): string {
  const ownRef = node.ref && node.type !== 'array' ? node.ref : undefined;
  // A component's name stands for its type, as on the page; the type itself follows the flags.
  const type = ownRef ? schemaRef(ownRef) : typeText({ ...node, format: undefined });
  const words = [code(name), type];
  if (node.format) words.push(node.format);
  if (required) words.push('required');
  if (node.nullable) words.push('nullable');
  if (node.readOnly) words.push('read-only');
  if (node.writeOnly) words.push('write-only');
  if (node.deprecated) words.push('deprecated');
  const refType = ownRef ? ` (${node.type})` : '';
  const rest = facts(node).filter(
    (f) => !['required', 'nullable', 'read-only', 'write-only', 'deprecated'].includes(f),
  );
  return `${words.join(' ')}${refType}${rest.length > 0 ? `; ${rest.join('; ')}` : ''}`;
}

/**
 * A schema as a nested Markdown list: one line per property (name, type, facts, description), nested
 * objects, array items, variants and additional properties indented below. A schema expanded
 * elsewhere (cycle or depth bound) links to its schema page instead.
 */
export function schemaOutline(node: SchemaNode, indent = ''): string[] {
  const lines: string[] = [];
  const children = (n: SchemaNode, ind: string): void => {
    if (n.collapsed && n.ref) lines.push(`${ind}- Fields: see ${schemaRef(n.ref)}.`);
    for (const p of n.properties ?? []) {
      const head = propertyHead(p.name, p.schema, p.required);
      const desc = oneLine(p.schema.description);
      lines.push(`${ind}- ${head}${desc ? `. ${desc}` : ''}`);
      children(p.schema, `${ind}  `);
    }
    if (n.items && (n.items.properties || n.items.variants || n.items.items || n.items.collapsed)) {
      lines.push(`${ind}- Items: ${[typeText(n.items), ...facts(n.items)].join(', ')}`);
      children(n.items, `${ind}  `);
    }
    if (n.variants) {
      n.variants.forEach((v, i) => {
        const desc = oneLine(v.description);
        lines.push(`${ind}- Option ${i + 1}: ${[typeText(v), ...facts(v)].join(', ')}${desc ? `. ${desc}` : ''}`);
        children(v, `${ind}  `);
      });
    }
    if (n.additional === true) lines.push(`${ind}- Other properties: any value.`);
    else if (n.additional) {
      lines.push(`${ind}- Other properties: ${[typeText(n.additional), ...facts(n.additional)].join(', ')}`);
      children(n.additional, `${ind}  `);
    }
  };
  children(node, indent);
  return lines;
}

/** A body or response schema: its type line, then the outline. */
function schemaBlock(node: SchemaNode, withExample = true, mediaType?: string): string {
  const desc = oneLine(node.description);
  const own = facts(node).filter((f) => withExample || !f.startsWith('Example: '));
  const label = mediaType ? `Content type ${code(mediaType)}. Schema` : 'Schema';
  // A schema already expanded on this page (or past the depth bound) is one line with its link.
  if (node.collapsed && node.ref && !node.properties)
    return `${label}: ${[typeText(node), ...own].join(', ')} (fields on its page)`;
  const head = `${label}: ${[typeText(node), ...own].join(', ')}${desc ? `. ${desc}` : ''}`;
  const outline = schemaOutline(node);
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

function parameterType(p: ParameterView): string {
  return [typeText(p.schema), ...facts(p.schema).filter((f) => !f.startsWith('Example: '))].join(', ');
}

function parametersTable(params: ParameterView[]): string {
  const rows = params.map((p) => {
    const notes = [
      oneLine(p.description),
      p.deprecated ? 'Deprecated.' : '',
      p.example ? `Example: ${code(p.example)}` : '',
    ]
      .filter(Boolean)
      .join(' ');
    return `| ${code(p.name)} | ${p.in} | ${cell(parameterType(p))} | ${p.required ? 'yes' : 'no'} | ${cell(notes)} |`;
  });
  return ['| Name | In | Type | Required | Description |', '|---|---|---|---|---|', ...rows].join('\n');
}

function securityText(security: SchemeView[][]): string {
  if (security.length === 0 || security.every((alt) => alt.length === 0)) return 'No authentication needed.';
  const lines = security.map((alt, i) => {
    const parts = alt.map((s) => {
      const scopes = s.scopes.length > 0 ? ` (scopes: ${s.scopes.map(code).join(', ')})` : '';
      const desc = oneLine(s.description);
      return `**${s.name}**: ${code(s.summary)}${scopes}${desc ? `. ${desc}` : ''}`;
    });
    return `- ${i > 0 ? 'or ' : ''}${parts.join(' and ')}`;
  });
  return `${security.length > 1 ? 'Any one of:\n\n' : ''}${lines.join('\n')}`;
}

function mediaBlocks(contents: OperationView['responses'][number]['contents']): string[] {
  return contents.map((m) => {
    // The media type's own examples follow; the schema's example would repeat (or contradict) them.
    const parts = [
      m.schema ? schemaBlock(m.schema, m.examples.length === 0, m.mediaType) : `Content type ${code(m.mediaType)}.`,
    ];
    for (const ex of m.examples) {
      const label = ex.generated
        ? 'Example (generated from the schema)'
        : ex.name === 'Example'
          ? 'Example'
          : `Example ${code(ex.name)}`;
      parts.push(
        `${label}${ex.summary ? `: ${oneLine(ex.summary)}` : ''}:\n\n${/json/i.test(m.mediaType) ? fenced('json', exampleJson(ex.value)) : fenced('', ex.value)}`,
      );
      const note = shortenedNote(ex);
      if (note) parts.push(`${note}; the full example is in the description ([openapi.json](/openapi.json)).`);
    }
    return parts.join('\n\n');
  });
}

/** The badges of an operation, as the HTML shows them after its path (StatusBadges.astro). */
function badges(op: Pick<OperationSummary, 'stability' | 'deprecation'>): string[] {
  return [op.stability?.label, op.deprecation ? 'Deprecated' : undefined].filter((b): b is string => Boolean(b));
}

/** The line under an operation's title, as the page shows it: method, path, badges; then the sunset date. */
function statusLine(op: OperationSummary): string {
  const line = [code(op.method), code(op.path), ...badges(op)].join(' ');
  return op.deprecation?.sunset ? `${line} · sunset ${op.deprecation.sunset}` : line;
}

/**
 * An operation's page as Markdown: method and path, summary, description, stability, deprecation with
 * its sunset date and successor, authentication, a parameters table, the request body and responses as
 * schema outlines with examples, and the code samples (hand-written `x-codeSamples` first; the model
 * generates others only for languages the description has none for).
 */
export function operationMarkdown(op: OperationView, ctx: OperationMarkdownContext): string {
  const t = ctx.t ?? translator('en');
  const out: string[] = [`# ${op.summary}`, statusLine(op)];
  // The page's meta line (operationId, tag, labels, the explorer), then what the page's head says.
  const meta = [
    ...(op.hasOperationId ? [`operationId ${code(op.operationId)}`] : []),
    `${t('ref.operation.tag')} ${mdLink(op.tag, op.tagUrl)}`,
    ...op.labels.map((l) => l.name),
    ...(ctx.base && op.kind !== 'webhook'
      ? [`[${t('ref.operation.openInExplorer')}](${ctx.base}/explorer/#${op.legacyAnchor})`]
      : []),
  ].join(' ');
  out.push(`${meta} · ${ctx.apiTitle}, ${t('ref.tag.group')} ${op.group} · [${t('agents.htmlPage')}](${op.url})`);
  if (ctx.changedIn && ctx.changedIn.length > 0)
    out.push(
      `${t('ref.changedIn.label')} ${ctx.changedIn.map((v) => `[${v.version}](${v.url}) (${ctx.t ? t(`ref.changedIn.${v.kind}` as 'ref.changedIn.added') : v.kind}${v.breaking ? `, ${t('ref.changedIn.breaking')}` : ''})`).join(', ')}`,
    );
  if (op.stability) {
    out.push(
      `> **${op.stability.label}.** ${op.stability.level === 'beta' ? 'The shape is settled, but the semantics may still change before the operation becomes stable.' : 'May change or disappear in any release, without a deprecation period.'} See the [stability levels](/guides/getting-started.md#stability-levels).`,
    );
  }
  if (op.deprecation) {
    const lines = [`> ${oneLine(ctx.deprecationText ?? '**Deprecated.**')}`];
    if (op.deprecation.sunset) lines.push(`> Sunset date: ${op.deprecation.sunset}.`);
    if (ctx.successor)
      lines.push(
        `> Use instead: ${mdLink(ctx.successor.summary, ctx.successor.url)} (${code(`${ctx.successor.method} ${ctx.successor.path}`)}).`,
      );
    out.push(lines.join('\n>\n'));
  }
  if (!op.tryIt) out.push('Try-it is disabled for this operation (the mock refuses it too); use the code samples.');
  else if (ctx.tryItTo) out.push(`Try it on the HTML page: ${tryItHint(op, ctx.tryItTo)}`);
  if (op.description) out.push(op.description.trim());
  if (op.externalDocs)
    out.push(`[${op.externalDocs.description ?? 'More about this operation'}](${op.externalDocs.url})`);

  out.push(`## ${t('ref.heading.authentication')}`, securityText(op.security));
  if (op.parameters.length > 0) out.push(`## ${t('ref.heading.parameters')}`, parametersTable(op.parameters));
  if (op.requestBody) {
    out.push(
      `## ${t('ref.heading.requestBody')}`,
      ctx.t
        ? t(op.requestBody.required ? 'ref.required' : 'ref.optional')
        : op.requestBody.required
          ? 'Required.'
          : 'Optional.',
    );
    if (op.requestBody.description) out.push(op.requestBody.description.trim());
    out.push(...mediaBlocks(op.requestBody.contents));
  }
  out.push(`## ${t('ref.heading.responses')}`);
  for (const r of op.responses) {
    out.push(`### ${r.status}${r.description ? ` — ${oneLine(r.description)}` : ''}`);
    if (r.headers.length > 0) {
      out.push(
        [
          '| Header | Type | Description |',
          '|---|---|---|',
          ...r.headers.map(
            (h) =>
              `| ${code(h.name)} | ${cell(h.schema ? typeText(h.schema) : '')}${h.required ? ', required' : ''} | ${cell([oneLine(h.description), h.example ? `Example: ${code(h.example)}` : ''].filter(Boolean).join(' '))} |`,
          ),
        ].join('\n'),
      );
    }
    out.push(...mediaBlocks(r.contents));
  }
  if (op.samples.length > 0) {
    out.push(`## ${t('ref.heading.codeSamples')}`);
    for (const s of op.samples)
      out.push(`### ${s.label}${s.generated ? ' (generated)' : ''}`, fenced(s.lang, s.source));
  }
  return `${out.join('\n\n')}\n`;
}

/** One operation as a list item, in the order of the HTML lists (OperationList.astro): method, summary linked, path, badges. */
export function operationItem(op: OperationSummary): string {
  return [`- ${code(op.method)}`, mdLink(op.summary, op.url), code(op.path), ...badges(op)].join(' ');
}

/** A tag's page: its group, description and operations. */
export function tagMarkdown(tag: TagView, apiTitle: string): string {
  const out = [`# ${tag.name}`, `${apiTitle} · tag group ${tag.group} · [HTML page](${tag.url})`];
  if (tag.description) out.push(tag.description.trim());
  out.push('## Operations', tag.operations.map(operationItem).join('\n'));
  return `${out.join('\n\n')}\n`;
}

/** A schema's page: its outline and the operations that use it. */
export function schemaMarkdown(schema: SchemaPageView, tree: SchemaNode, apiTitle: string): string {
  const out = [
    `# ${schema.name}`,
    `${apiTitle} · schema ${code(`#/components/schemas/${schema.name}`)} · [HTML page](${schema.url})`,
    schemaBlock(tree),
  ];
  if (schema.usedBy.length > 0) {
    out.push(
      '## Used by',
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
export function referenceIndexMarkdown(model: ReferenceModel, current = true): string {
  const out = [`# ${model.title} reference`];
  if (model.summary) out.push(model.summary);
  const operations = model.operations.length - model.webhooks.length;
  const webhooks = model.webhooks.length;
  const n = (k: number, one: string, many: string): string => `${k} ${k === 1 ? one : many}`;
  out.push(
    `${model.title}${model.version ? ` ${model.version}` : ''}: ${n(operations, 'operation', 'operations')}${webhooks > 0 ? `, ${n(webhooks, 'webhook', 'webhooks')}` : ''}. ${current ? `Download the description as [openapi.yaml](/openapi.yaml) or [openapi.json](/openapi.json), or browse it in the [explorer](${model.base}/explorer/).` : 'The [changelog](/changelog.md) lists what changed in each release.'} [HTML page](${model.base}/)`,
  );
  for (const g of model.groups) {
    out.push(`## ${g.name}`);
    for (const t of g.tags) {
      out.push(`### ${mdLink(t.name, t.url)}`);
      if (t.description) out.push(t.description.trim());
      out.push(t.operations.map(operationItem).join('\n'));
    }
  }
  if (model.description) out.push('## Introduction', model.description.trim());
  return `${out.join('\n\n')}\n`;
}

/** The schema index page. */
export function schemasIndexMarkdown(model: ReferenceModel): string {
  const list = model.schemaIndex
    .map((s) =>
      s.url
        ? `- ${mdLink(s.name, s.url)}`
        : s.shownOn
          ? `- ${bracketsEscaped(s.name)}: shown on ${mdLink(s.shownOn.summary, s.shownOn.url)} (${code(`${s.shownOn.method} ${s.shownOn.path}`)})`
          : `- ${bracketsEscaped(s.name)}`,
    )
    .join('\n');
  return `# Schemas\n\nEvery schema of the ${model.title}. [HTML page](${model.base}/schemas/)\n\n${list || 'None.'}\n`;
}
