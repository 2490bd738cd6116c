/**
 * The event APIs' pages as Markdown twins (pure): the overview, each operation, each message and each
 * schema, as site/agents/ lists pages (`AgentPage`): the `.md` routes, llms.txt, llms-full.txt, the Open
 * Graph cards and the MCP server read them like the REST pages. Their fixed words are `ev.md.*` (and the
 * pages' `ev.*`) messages of the catalogues (site/i18n/), read with the `t` of the twin's language; the
 * description's text and the bindings' labels come translated in the view (events/data.ts, words.ts).
 */

const en = translator('en');
const code = (text: string) => `\`${text}\``;

import type { AgentPage } from '../agents/pages.ts';
import { type Translate, translator } from '../i18n/catalogue.ts';
import type { BindingView } from './bindings.ts';
import type { EventApiView, MessageView, OperationView } from './model.ts';

const fence = (lang: string, text: string) => `\`\`\`${lang}\n${text}\n\`\`\``;

function twin(url: string): string {
  return `${url.replace(/\/$/, '')}.md`;
}

function bindingsMarkdown(
  bindings: readonly BindingView[],
  of: 'operation' | 'channel' | 'message',
  t: Translate,
): string[] {
  return bindings.flatMap((b) => [
    t(`ev.md.bindingOf.${of}`, { name: `**${b.name}**` }),
    '',
    ...(b.known
      ? b.facts.map((f) => `- ${f.label} (\`${f.field}\`): ${f.text ?? `\`${f.json?.replace(/\s+/g, ' ')}\``}`)
      : [fence('json', b.raw)]),
    '',
  ]);
}

/**
 * A message as Markdown: name, content type, correlation id, headers and payload schemas, examples.
 * @param t the twin's language (default English)
 */
export function messageMarkdown(m: MessageView, level = 3, t: Translate = en): string {
  const h = '#'.repeat(level);
  const about = { name: code(m.name), contentType: code(m.contentType) };
  const said = m.schemaFormat
    ? t('ev.md.messageFormat', { ...about, format: code(m.schemaFormat) })
    : t('ev.md.message', about);
  const out = [`${h} ${m.title ?? m.name}`, '', m.deprecated ? `${said} ${t('ev.md.messageDeprecated')}` : said, ''];
  if (m.summary) out.push(m.summary, '');
  if (m.description) out.push(m.description, '');
  if (m.correlationId) {
    const { location, pointer } = m.correlationId;
    const where = { location: code(location), pointer: code(pointer || '/') };
    const key = !m.correlationId.in
      ? 'ev.md.correlation'
      : m.correlationId.in === 'payload'
        ? 'ev.md.correlationPayload'
        : 'ev.md.correlationHeaders';
    out.push(t(key, where), '');
  }
  if (m.headers !== undefined)
    out.push(t('ev.md.headersSchema'), '', fence('json', JSON.stringify(m.headers, null, 2)), '');
  if (m.payload !== undefined)
    out.push(t('ev.md.payloadSchema'), '', fence('json', JSON.stringify(m.payload, null, 2)), '');
  for (const e of m.examples) {
    const label = e.name ?? (e.generated ? t('ev.md.exampleGenerated') : t('ev.heading.example'));
    out.push(e.summary ? t('ev.md.labelSummary', { label, summary: e.summary }) : t('ev.md.label', { label }), '');
    out.push(fence('json', e.payload), '');
  }
  out.push(...bindingsMarkdown(m.bindings, 'message', t));
  return out.join('\n');
}

/**
 * An operation's page as Markdown.
 * @param t the twin's language (default English)
 */
export function operationMarkdown(view: EventApiView, op: OperationView, t: Translate = en): string {
  const out = [
    `# ${op.title}`,
    '',
    t('ev.md.operation', {
      direction: op.directionText,
      channel: code(op.channel.address ?? op.channel.id),
      id: code(op.id),
      action: code(op.action),
      title: view.title,
      asyncapi: view.asyncapi,
    }),
    '',
  ];
  if (op.lifecycle.deprecated) {
    const sunset = op.lifecycle.sunset ? ` ${t('ev.deprecated.sunset', { date: op.lifecycle.sunset })}` : '';
    out.push(`${t('ev.deprecated.notice')}${sunset}`, '');
  }
  if (op.lifecycle.stability) out.push(t('ev.md.stability', { stability: op.lifecycle.stability }), '');
  if (op.description) out.push(op.description, '');
  if (op.channel.parameters.length > 0) {
    out.push(`## ${t('ev.md.channelParameters')}`, '');
    for (const p of op.channel.parameters)
      out.push(`- ${p.description ? `${t('ev.md.label', { label: code(p.name) })} ${p.description}` : code(p.name)}`);
    out.push('');
  }
  out.push(...bindingsMarkdown(op.channel.bindings, 'channel', t));
  out.push(`## ${op.messages.length > 1 ? t('ev.heading.messages') : t('ev.heading.message')}`, '');
  for (const m of op.messages) out.push(messageMarkdown(m, 3, t), '');
  if (op.reply) {
    const { channel, addressLocation } = op.reply;
    const replies = [
      op.direction === 'you-send' ? t('ev.reply.api') : t('ev.reply.you'),
      ...(channel ? [t('ev.reply.on', { channel: code(channel.address ?? channel.id) })] : []),
      ...(addressLocation ? [t('ev.reply.at', { location: code(addressLocation) })] : []),
    ];
    out.push(`## ${t('ev.heading.reply')}`, '', `${replies.join(' ')}.`, '');
    for (const m of op.reply.messages) out.push(messageMarkdown(m, 3, t), '');
  }
  if (op.bindings.length > 0)
    out.push(`## ${t('ev.heading.bindings')}`, '', ...bindingsMarkdown(op.bindings, 'operation', t));
  if (op.samples.length > 0) {
    out.push(`## ${t('ev.md.samples')}`, '');
    for (const s of op.samples) out.push(t('ev.md.label', { label: s.label }), '', fence(s.lang, s.source), '');
  }
  if (op.channel.mockPath) {
    const mock = op.direction === 'api-sends' ? 'ev.md.mock.apiSends' : 'ev.md.mock.youSend';
    out.push(`## ${t('ev.heading.mock')}`, '', t(mock, { path: code(op.channel.mockPath) }), '');
  }
  return out.join('\n').replace(/\n{3,}/g, '\n\n');
}

/**
 * The overview as Markdown.
 * @param t the twin's language (default English)
 */
export function overviewMarkdown(view: EventApiView, t: Translate = en): string {
  const out = [
    `# ${view.title}`,
    '',
    `${t('ev.md.overviewVersion', { version: view.version, asyncapi: view.asyncapi })} [${t('ev.sidebar.download')}](${view.download})`,
    '',
  ];
  if (view.description) out.push(view.description, '');
  out.push(`## ${t('ev.heading.servers')}`, '');
  for (const s of view.servers)
    out.push(`- ${t('ev.md.label', { label: s.title ?? s.id })} ${code(s.url)} (${s.protocolName})`);
  out.push('', `## ${t('ev.md.operations')}`, '');
  for (const o of view.operations) {
    const on = t('ev.md.onChannel', { direction: o.directionText, channel: code(o.channel.address ?? o.channel.id) });
    out.push(`- [${o.title}](${twin(o.url)}): ${on}`);
  }
  out.push('', `## ${t('ev.heading.messages')}`, '');
  for (const m of view.messages) out.push(`- [${m.title ?? m.name}](${twin(m.url)}) (\`${m.name}\`)`);
  return out.join('\n');
}

/** An older published version's pages: which version they are, and the current version's view. */
export interface OlderVersion {
  readonly version: string;
  readonly currentVersion: string;
  readonly current: EventApiView;
}

/** The language of an event API's twins beside the root locale's. */
export interface TwinLocale {
  /** the locale's key (`fr`): the view's URLs are below its prefix */
  readonly key: string;
  /** its messages */
  readonly t: Translate;
}

/**
 * Every page of an event API with its Markdown twin.
 * @param older for an older published version's view: each twin says under its title which version it is and
 *   links the same page in the current version (else the current overview), and each page names its version
 * @param locale for a view in a locale beside the root one (events/data.ts `eventData(api, locale)`): each page
 *   names its locale, and its title, description and twin are in the locale's words
 */
export function eventAgentPages(view: EventApiView, older?: OlderVersion, locale?: TwinLocale): AgentPage[] {
  const pages = currentAgentPages(view, locale?.t ?? en).map((p) => (locale ? { ...p, locale: locale.key } : p));
  if (!older) return pages;
  const { current } = older;
  const now = new Map<string, string>([[`${view.base}/`, `${current.base}/`]]);
  for (const o of view.operations) {
    const same = current.operations.find((c) => c.id === o.id);
    if (same) now.set(o.url, same.url);
  }
  for (const m of view.messages) {
    const same = current.messages.find((c) => c.id === m.id);
    if (same) now.set(m.url, same.url);
  }
  for (const s of view.schemas) {
    const same = current.schemas.find((c) => c.name === s.name);
    if (same) now.set(s.url, same.url);
  }
  return pages.map((page) => {
    const same = now.get(page.url);
    const note = `> Version ${older.version} of ${view.title}; the current version is ${older.currentVersion}: ${
      same ? `[this page in ${older.currentVersion}](${twin(same)})` : `[its overview](${twin(`${current.base}/`)})`
    }.`;
    return {
      ...page,
      version: older.version,
      markdown: () => {
        const [title, ...rest] = page.markdown().split('\n');
        return [title, '', note, ...rest].join('\n');
      },
    };
  });
}

/** The pages of one version of an event API, as they read in the current version. */
function currentAgentPages(view: EventApiView, t: Translate): AgentPage[] {
  const api = { id: view.id, title: view.title };
  const title = view.title;
  return [
    {
      kind: 'reference',
      url: `${view.base}/`,
      mdUrl: twin(`${view.base}/`),
      title: view.title,
      description: t('ev.meta.overview', { title, version: view.version, asyncapi: view.asyncapi }),
      api,
      markdown: () => overviewMarkdown(view, t),
    },
    ...view.operations.map(
      (op): AgentPage => ({
        kind: 'operation',
        url: op.url,
        mdUrl: twin(op.url),
        title: op.title,
        description: t('ev.meta.operation', {
          direction: op.directionText,
          messages: op.messages.map((m) => m.name).join(t('list.separator')),
          channel: op.channel.address ?? op.channel.id,
          title,
        }),
        api,
        markdown: () => operationMarkdown(view, op, t),
      }),
    ),
    ...view.messages.map(
      (m): AgentPage => ({
        kind: 'schema',
        url: m.url,
        mdUrl: twin(m.url),
        title: m.title ?? m.name,
        description: t('ev.meta.message', { name: m.name, title }),
        api,
        markdown: () => messageMarkdown(m, 1, t),
      }),
    ),
    ...view.schemas.map(
      (s): AgentPage => ({
        kind: 'schema',
        url: s.url,
        mdUrl: twin(s.url),
        title: s.name,
        description: t('ev.meta.schema', { name: s.name, title }),
        api,
        markdown: () => `# ${s.name}\n\n${fence('json', JSON.stringify(s.schema, null, 2))}\n`,
      }),
    ),
  ];
}
