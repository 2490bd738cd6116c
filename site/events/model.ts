/**
 * The pages of an event API (AsyncAPI) as views (pure): the overview (servers, security, channels,
 * tags), a page per operation, per message and per schema, their URLs below the API's base, the sidebar
 * group and the catalog entry. Input is the normalized model of descriptions/asyncapi/.
 *
 * Actions are said from the reader's side: AsyncAPI 3 states an operation from the application's own
 * side, so `send` is what the API sends (the reader receives it) and `receive` is what the reader sends.
 */
import {
  type EventBinding,
  type EventChannel,
  type EventMessage,
  type EventModel,
  type EventOperation,
  type EventSecurityScheme,
  filledAddress,
  messageById,
  type PayloadExample,
  payloadExamples,
} from '../../descriptions/asyncapi/index.ts';
import { slugify, uniqueSlugs } from '../reference/model/slug.ts';
import { type BindingView, type BindingWords, bindingView, protocolName } from './bindings.ts';
import { type EventSample, eventSamples } from './samples.ts';

/** Where an event API's pages and mock are (site/apis/: the API's `base` and `mockBase`). */
export interface EventApiPlace {
  readonly id: string;
  readonly title?: string;
  readonly base: string;
  readonly mockBase: string;
  /** the description's download (as written) */
  readonly download: string;
  /**
   * The words of the pages' language: the reader's side of an action and the bindings' labels. Undefined:
   * English (the Markdown twins, the MCP server and llms.txt read the English view).
   */
  readonly words?: EventWords;
}

/** The fixed words an event API's view is made with, in one language. */
export interface EventWords {
  /** `The API sends`, `You send` */
  direction(direction: OperationView['direction']): string;
  bindings: BindingWords;
}

export interface ServerView {
  readonly id: string;
  readonly protocol: string;
  readonly protocolName: string;
  readonly protocolVersion?: string;
  /** `mqtt://test.mosquitto.org:{port}`: protocol, host and pathname */
  readonly url: string;
  readonly title?: string;
  readonly description?: string;
  readonly variables: EventModel['servers'][number]['variables'];
  readonly security: readonly EventSecurityScheme[];
  readonly bindings: readonly BindingView[];
  readonly tags: readonly string[];
}

export interface ExampleView {
  readonly name?: string;
  readonly summary?: string;
  /** the payload as JSON text (pretty) */
  readonly payload: string;
  readonly headers?: string;
  readonly generated: boolean;
}

/** A message as its pages show it: the model's message, its examples and bindings as the pages word them. */
export interface MessageView extends Omit<EventMessage, 'examples' | 'bindings' | 'tags'> {
  readonly examples: readonly ExampleView[];
  readonly bindings: readonly BindingView[];
  readonly deprecated: boolean;
  /** the message's own page */
  readonly url: string;
  readonly slug: string;
}

export interface ChannelView {
  readonly id: string;
  readonly address: string | null;
  /** the address with its parameters filled from their examples, defaults or enums (what the mock's URL uses) */
  readonly filled: string | null;
  readonly title?: string;
  readonly description?: string;
  readonly parameters: EventChannel['parameters'];
  readonly bindings: readonly BindingView[];
  /** the channel on the mock: `/api/mock/<id>/<filled address>`, null for a channel without an address */
  readonly mockPath: string | null;
}

export interface ReplyView {
  readonly channel?: ChannelView;
  readonly addressLocation?: string;
  readonly addressDescription?: string;
  readonly messages: readonly MessageView[];
}

export interface OperationView {
  readonly id: string;
  readonly slug: string;
  readonly url: string;
  /** the summary, else the title, else the id */
  readonly title: string;
  readonly summary?: string;
  readonly description?: string;
  readonly action: EventOperation['action'];
  /** the action from the reader's side: `send` → `the API sends`, `receive` → `you send` */
  readonly direction: 'api-sends' | 'you-send';
  readonly directionText: string;
  readonly channel: ChannelView;
  readonly messages: readonly MessageView[];
  readonly reply?: ReplyView;
  readonly bindings: readonly BindingView[];
  readonly security: readonly EventSecurityScheme[];
  readonly tags: readonly string[];
  readonly lifecycle: EventOperation['lifecycle'];
  /** the server protocols the operation's channel is on */
  readonly protocols: readonly string[];
  readonly samples: readonly EventSample[];
  /** the names of the messages the mock streams on this operation's address (every send operation there) */
  readonly streamEvents: readonly string[];
}

export interface SchemaView {
  readonly name: string;
  readonly slug: string;
  readonly url: string;
  readonly schema: unknown;
}

/** Every view of one event API. */
export interface EventApiView {
  readonly id: string;
  readonly title: string;
  readonly version: string;
  /** `asyncapi` as written */
  readonly asyncapi: string;
  readonly description?: string;
  readonly base: string;
  readonly mockBase: string;
  readonly download: string;
  readonly servers: readonly ServerView[];
  readonly securitySchemes: readonly EventSecurityScheme[];
  readonly channels: readonly ChannelView[];
  readonly operations: readonly OperationView[];
  readonly messages: readonly MessageView[];
  readonly schemas: readonly SchemaView[];
  readonly tags: EventModel['tags'];
  /** the servers' protocols, each once, in order (the catalog's badges) */
  readonly protocols: readonly string[];
}

/** The reader's side of an action. */
export function directionOf(action: EventOperation['action']): { direction: OperationView['direction']; text: string } {
  return action === 'send'
    ? { direction: 'api-sends', text: 'The API sends' }
    : { direction: 'you-send', text: 'You send' };
}

function pretty(value: unknown): string {
  return JSON.stringify(value, null, 2) ?? 'null';
}

function exampleView(e: PayloadExample): ExampleView {
  return {
    ...(e.name ? { name: e.name } : {}),
    ...(e.summary ? { summary: e.summary } : {}),
    payload: pretty(e.payload),
    ...(e.headers !== undefined ? { headers: pretty(e.headers) } : {}),
    generated: e.source === 'generated',
  };
}

/** The path of the mock for a channel address: the mount, then the address with a leading slash removed. */
export function mockPathOf(mockBase: string, filled: string | null): string | null {
  if (filled === null) return null;
  const address = filled
    .replace(/^\/+/, '')
    .split('/')
    .map((s) => encodeURIComponent(decodeURIComponent(s)))
    .join('/');
  return `${mockBase}/${address}`;
}

/**
 * Every view of an event API.
 * @param model the normalized model (descriptions/asyncapi/)
 * @param place the API's id, base, mock mount and download (site/apis/)
 */
export function eventApiView(model: EventModel, place: EventApiPlace): EventApiView {
  const base = place.base;
  const bindingsOf = (list: readonly EventBinding[]) => list.map((b) => bindingView(b, place.words?.bindings));
  const opSlugs = uniqueSlugs(
    model.operations.map((o) => o.id),
    new Set(['messages', 'schemas', 'tags', 'asyncapi']),
  );
  const messageSlugs = uniqueSlugs(model.messages.map((m) => m.id));
  const schemaSlugs = uniqueSlugs(model.schemas.map((s) => s.name));
  const messages = model.messages.map((m, i): MessageView => {
    const slug = messageSlugs[i] ?? slugify(m.id);
    return {
      id: m.id,
      name: m.name,
      ...(m.title ? { title: m.title } : {}),
      ...(m.summary ? { summary: m.summary } : {}),
      ...(m.description ? { description: m.description } : {}),
      contentType: m.contentType,
      ...(m.schemaFormat ? { schemaFormat: m.schemaFormat } : {}),
      ...(m.headers !== undefined ? { headers: m.headers } : {}),
      ...(m.payload !== undefined ? { payload: m.payload } : {}),
      ...(m.correlationId ? { correlationId: m.correlationId } : {}),
      examples: payloadExamples(model, m).map(exampleView),
      bindings: bindingsOf(m.bindings),
      deprecated: m.deprecated,
      slug,
      url: `${base}/messages/${slug}/`,
    };
  });
  const messageView = (id: string) => messages.find((m) => m.id === id);
  const channels = model.channels.map((c): ChannelView => {
    const filled = filledAddress(c);
    return {
      id: c.id,
      address: c.address,
      filled,
      ...(c.title ? { title: c.title } : {}),
      ...(c.description ? { description: c.description } : {}),
      parameters: c.parameters,
      bindings: bindingsOf(c.bindings),
      mockPath: mockPathOf(place.mockBase, filled),
    };
  });
  const channelView = (id: string) => channels.find((c) => c.id === id);
  const servers = model.servers.map(
    (s): ServerView => ({
      id: s.id,
      protocol: s.protocol,
      protocolName: protocolName(s.protocol),
      ...(s.protocolVersion ? { protocolVersion: s.protocolVersion } : {}),
      url: `${s.protocol}://${s.host}${s.pathname ?? ''}`,
      ...(s.title ? { title: s.title } : {}),
      ...(s.description ? { description: s.description } : {}),
      variables: s.variables,
      security: s.security,
      bindings: bindingsOf(s.bindings),
      tags: s.tags.map((t) => t.name),
    }),
  );
  const protocols = [...new Set(servers.map((s) => s.protocol))];
  const operations = model.operations.map((o, i): OperationView => {
    const slug = opSlugs[i] ?? slugify(o.id);
    const channel = channelView(o.channel) as ChannelView;
    const source = model.channels.find((c) => c.id === o.channel);
    const onServers =
      source && source.servers.length > 0 ? servers.filter((s) => source.servers.includes(s.id)) : servers;
    const { direction, text } = directionOf(o.action);
    const own = o.messages.flatMap((id) => messageView(id) ?? []);
    const reply = o.reply
      ? {
          ...(o.reply.channel ? { channel: channelView(o.reply.channel) as ChannelView } : {}),
          ...(o.reply.addressLocation ? { addressLocation: o.reply.addressLocation } : {}),
          ...(o.reply.addressDescription ? { addressDescription: o.reply.addressDescription } : {}),
          messages: o.reply.messages.flatMap((id) => messageView(id) ?? []),
        }
      : undefined;
    const protocolsHere = [...new Set(onServers.map((s) => s.protocol))];
    const firstMessage = own[0];
    const modelMessage = firstMessage ? messageById(model, firstMessage.id) : undefined;
    return {
      id: o.id,
      slug,
      url: `${base}/${slug}/`,
      title: o.summary ?? o.title ?? o.id,
      ...(o.summary && o.title ? { summary: o.title } : {}),
      ...(o.description ? { description: o.description } : {}),
      action: o.action,
      direction,
      directionText: place.words?.direction(direction) ?? text,
      channel,
      messages: own,
      ...(reply ? { reply } : {}),
      bindings: bindingsOf(o.bindings),
      security: o.security,
      tags: o.tags.map((t) => t.name),
      lifecycle: o.lifecycle,
      protocols: protocolsHere,
      streamEvents: [
        ...new Set(
          model.operations
            .filter((other) => other.action === 'send' && channelView(other.channel)?.filled === channel.filled)
            .flatMap((other) => other.messages.flatMap((id) => messageView(id)?.name ?? [])),
        ),
      ],
      samples: eventSamples({
        action: o.action,
        channel,
        message: firstMessage,
        ...(modelMessage ? { messageName: modelMessage.name } : {}),
        servers: onServers,
        bindings: o.bindings,
        codeSamples: o.codeSamples,
        title: place.title ?? model.title,
      }),
    };
  });
  return {
    id: place.id,
    title: place.title ?? model.title,
    version: model.version,
    asyncapi: model.asyncapi,
    ...(model.description ? { description: model.description } : {}),
    base,
    mockBase: place.mockBase,
    download: place.download,
    servers,
    securitySchemes: model.securitySchemes,
    channels,
    operations,
    messages,
    schemas: model.schemas.map((s, i) => {
      const slug = schemaSlugs[i] ?? slugify(s.name);
      return { name: s.name, slug, url: `${base}/schemas/${slug}/`, schema: s.schema };
    }),
    tags: model.tags,
    protocols,
  };
}

/** A sidebar link or group, as Starlight takes them (site/reference/model/sidebar.ts's shape). */
export type EventSidebarItem =
  | {
      label: string;
      link: string;
      badge?: { text: string; variant: 'note' | 'danger' | 'success' | 'caution' | 'tip' | 'default' };
      attrs?: Record<string, string>;
    }
  | { label: string; items: EventSidebarItem[]; collapsed?: boolean };

/** The sidebar group's words in one language. */
export interface EventSidebarWords {
  overview: string;
  messages: string;
  download: string;
  /** the badges: the reader sends, the reader receives */
  send: string;
  receive: string;
}

const ENGLISH_SIDEBAR_WORDS: EventSidebarWords = {
  overview: 'Overview',
  messages: 'Messages',
  download: 'AsyncAPI description',
  send: 'Send',
  receive: 'Receive',
};

/**
 * The API's sidebar group: its overview, its operations (the reader's side as the badge), its messages.
 * @param reading whether a page of this API is being read (else the group is folded)
 */
export function eventSidebarGroup(
  view: EventApiView,
  reading: boolean,
  label?: string,
  words: EventSidebarWords = ENGLISH_SIDEBAR_WORDS,
): EventSidebarItem {
  return {
    label: label || view.title,
    collapsed: !reading,
    items: [
      { label: words.overview, link: `${view.base}/` },
      ...view.operations.map(
        (o): EventSidebarItem => ({
          label: o.title,
          link: o.url,
          badge: {
            text: o.direction === 'api-sends' ? words.receive : words.send,
            variant: o.lifecycle.deprecated ? 'caution' : o.direction === 'api-sends' ? 'note' : 'tip',
          },
        }),
      ),
      ...(view.messages.length > 0
        ? [
            ((): EventSidebarItem => ({
              label: words.messages,
              collapsed: true,
              items: view.messages.map((m) => ({ label: m.title ?? m.name, link: m.url })),
            }))(),
          ]
        : []),
      { label: words.download, link: view.download, attrs: { download: '' } },
    ],
  };
}

/** The API's line in the catalog. */
export interface EventCatalogEntry {
  readonly id: string;
  readonly title: string;
  readonly version: string;
  readonly summary?: string;
  readonly operations: number;
  readonly protocols: readonly { readonly protocol: string; readonly name: string }[];
  readonly deprecated: number;
  readonly links: { readonly overview: string; readonly download: string };
}

/** The API as the catalog lists it, with a badge per protocol. */
export function eventCatalogEntry(view: EventApiView, prefix = ''): EventCatalogEntry {
  const summary = view.description
    ?.trim()
    .split(/\n\s*\n/)
    .find((p) => !/^\s*(#|```|<)/.test(p))
    ?.replace(/\s*\n\s*/g, ' ');
  return {
    id: view.id,
    title: view.title,
    version: view.version,
    ...(summary ? { summary } : {}),
    operations: view.operations.length,
    protocols: view.protocols.map((p) => ({ protocol: p, name: protocolName(p) })),
    deprecated: view.operations.filter((o) => o.lifecycle.deprecated).length,
    links: { overview: `${prefix}${view.base}/`, download: view.download },
  };
}
