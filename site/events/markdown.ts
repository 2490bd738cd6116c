/**
 * The event APIs' pages as Markdown twins (pure): the overview, each operation, each message and each
 * schema, as site/agents/ lists pages (`AgentPage`): the `.md` routes, llms.txt, llms-full.txt, the Open
 * Graph cards and the MCP server read them like the REST pages.
 */
import type { AgentPage } from '../agents/pages.ts';
import type { BindingView } from './bindings.ts';
import type { EventApiView, MessageView, OperationView } from './model.ts';

const fence = (lang: string, text: string) => `\`\`\`${lang}\n${text}\n\`\`\``;

function twin(url: string): string {
  return `${url.replace(/\/$/, '')}.md`;
}

function bindingsMarkdown(bindings: readonly BindingView[], of: string): string[] {
  return bindings.flatMap((b) => [
    `**${b.name}** ${of} binding:`,
    '',
    ...(b.known
      ? b.facts.map((f) => `- ${f.label} (\`${f.field}\`): ${f.text ?? `\`${f.json?.replace(/\s+/g, ' ')}\``}`)
      : [fence('json', b.raw)]),
    '',
  ]);
}

/** A message as Markdown: name, content type, correlation id, headers and payload schemas, examples. */
export function messageMarkdown(m: MessageView, level = 3): string {
  const h = '#'.repeat(level);
  const out = [
    `${h} ${m.title ?? m.name}`,
    '',
    `Message \`${m.name}\`, \`${m.contentType}\`${m.schemaFormat ? `, schema format \`${m.schemaFormat}\`` : ''}${m.deprecated ? ' (deprecated)' : ''}.`,
    '',
  ];
  if (m.summary) out.push(m.summary, '');
  if (m.description) out.push(m.description, '');
  if (m.correlationId) {
    out.push(
      `Correlation id: \`${m.correlationId.location}\`${m.correlationId.in ? ` (in the ${m.correlationId.in === 'payload' ? 'payload' : 'headers'} at \`${m.correlationId.pointer || '/'}\`)` : ''}.`,
      '',
    );
  }
  if (m.headers !== undefined) out.push('Headers schema:', '', fence('json', JSON.stringify(m.headers, null, 2)), '');
  if (m.payload !== undefined) out.push('Payload schema:', '', fence('json', JSON.stringify(m.payload, null, 2)), '');
  for (const e of m.examples) {
    out.push(
      `${e.name ?? (e.generated ? 'Example (generated from the schema)' : 'Example')}${e.summary ? `: ${e.summary}` : ''}:`,
      '',
    );
    out.push(fence('json', e.payload), '');
  }
  out.push(...bindingsMarkdown(m.bindings, 'message'));
  return out.join('\n');
}

/** An operation's page as Markdown. */
export function operationMarkdown(view: EventApiView, op: OperationView): string {
  const out = [
    `# ${op.title}`,
    '',
    `${op.directionText} on \`${op.channel.address ?? op.channel.id}\` (operation \`${op.id}\`, \`${op.action}\` in the description; ${view.title}, AsyncAPI ${view.asyncapi}).`,
    '',
  ];
  if (op.lifecycle.deprecated)
    out.push(`Deprecated${op.lifecycle.sunset ? `; sunset ${op.lifecycle.sunset}` : ''}.`, '');
  if (op.lifecycle.stability) out.push(`Stability: ${op.lifecycle.stability}.`, '');
  if (op.description) out.push(op.description, '');
  if (op.channel.parameters.length > 0) {
    out.push('## Channel parameters', '');
    for (const p of op.channel.parameters) out.push(`- \`${p.name}\`${p.description ? `: ${p.description}` : ''}`);
    out.push('');
  }
  out.push(...bindingsMarkdown(op.channel.bindings, 'channel'));
  out.push(`## ${op.messages.length > 1 ? 'Messages' : 'Message'}`, '');
  for (const m of op.messages) out.push(messageMarkdown(m), '');
  if (op.reply) {
    out.push(
      '## Reply',
      '',
      `${op.direction === 'you-send' ? 'The API replies' : 'Your application replies'}${op.reply.channel ? ` on \`${op.reply.channel.address ?? op.reply.channel.id}\`` : ''}${op.reply.addressLocation ? ` at the address in \`${op.reply.addressLocation}\`` : ''}.`,
      '',
    );
    for (const m of op.reply.messages) out.push(messageMarkdown(m), '');
  }
  if (op.bindings.length > 0) out.push('## Bindings', '', ...bindingsMarkdown(op.bindings, 'operation'));
  if (op.samples.length > 0) {
    out.push('## Code samples', '');
    for (const s of op.samples) out.push(`${s.label}:`, '', fence(s.lang, s.source), '');
  }
  if (op.channel.mockPath) {
    out.push(
      '## Mock',
      '',
      `\`${op.channel.mockPath}\`: ${op.direction === 'api-sends' ? '`GET` with `Accept: text/event-stream` (Server-Sent Events: `event` the message name, `data` its JSON payload)' : '`POST` a JSON message (202 with the reply, 400 naming the failing fields)'}, or a WebSocket on the same path (npm start's server only; on a static host, Server-Sent Events and POST run in the reader's browser). Every protocol is simulated over these transports; a token goes in \`Authorization: Bearer\` or \`access_token\`.`,
      '',
    );
  }
  return out.join('\n').replace(/\n{3,}/g, '\n\n');
}

/** The overview as Markdown. */
export function overviewMarkdown(view: EventApiView): string {
  const out = [
    `# ${view.title}`,
    '',
    `Version ${view.version}, AsyncAPI ${view.asyncapi}. [AsyncAPI description](${view.download})`,
    '',
  ];
  if (view.description) out.push(view.description, '');
  out.push('## Servers', '');
  for (const s of view.servers) out.push(`- ${s.title ?? s.id}: \`${s.url}\` (${s.protocolName})`);
  out.push('', '## Operations', '');
  for (const o of view.operations) {
    out.push(
      `- [${o.title}](${twin(o.url)}): ${o.directionText.toLowerCase()} on \`${o.channel.address ?? o.channel.id}\``,
    );
  }
  out.push('', '## Messages', '');
  for (const m of view.messages) out.push(`- [${m.title ?? m.name}](${twin(m.url)}) (\`${m.name}\`)`);
  return out.join('\n');
}

/** An older published version's pages: which version they are, and the current version's view. */
export interface OlderVersion {
  readonly version: string;
  readonly currentVersion: string;
  readonly current: EventApiView;
}

/**
 * Every page of an event API with its Markdown twin.
 * @param older for an older published version's view: each twin says under its title which version it is and
 *   links the same page in the current version (else the current overview), and each page names its version
 */
export function eventAgentPages(view: EventApiView, older?: OlderVersion): AgentPage[] {
  const pages = currentAgentPages(view);
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
function currentAgentPages(view: EventApiView): AgentPage[] {
  const api = { id: view.id, title: view.title };
  return [
    {
      kind: 'reference',
      url: `${view.base}/`,
      mdUrl: twin(`${view.base}/`),
      title: view.title,
      description: `${view.title} ${view.version}: the event API's servers, channels and operations (AsyncAPI ${view.asyncapi}).`,
      api,
      markdown: () => overviewMarkdown(view),
    },
    ...view.operations.map(
      (op): AgentPage => ({
        kind: 'operation',
        url: op.url,
        mdUrl: twin(op.url),
        title: op.title,
        description: `${op.directionText} ${op.messages.map((m) => m.name).join(', ')} on ${op.channel.address ?? op.channel.id}`,
        api,
        markdown: () => operationMarkdown(view, op),
      }),
    ),
    ...view.messages.map(
      (m): AgentPage => ({
        kind: 'schema',
        url: m.url,
        mdUrl: twin(m.url),
        title: m.title ?? m.name,
        description: `The ${m.name} message of ${view.title}.`,
        api,
        markdown: () => messageMarkdown(m, 1),
      }),
    ),
    ...view.schemas.map(
      (s): AgentPage => ({
        kind: 'schema',
        url: s.url,
        mdUrl: twin(s.url),
        title: s.name,
        description: `The ${s.name} schema of ${view.title}.`,
        api,
        markdown: () => `# ${s.name}\n\n${fence('json', JSON.stringify(s.schema, null, 2))}\n`,
      }),
    ),
  ];
}
