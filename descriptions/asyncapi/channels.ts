/**
 * Pure helpers over the event model that the pages and the mock share: channel addresses with their
 * parameters, a message's example payloads (the description's first, then generated from the schema: the
 * same values on the page and from the mock), and where a correlation id is read and written.
 */
import { generatedValue } from '../examples.ts';
import { isObject, type JsonObject } from '../json.ts';
import { resolvePointer } from '../pointer.ts';
import type { EventChannel, EventMessage, EventModel, EventOperation } from './types.ts';

/** The `{name}` placeholders of a channel address, in order (AsyncAPI 3.0.0 "Channel Object" `address`). */
export function addressParameters(address: string): string[] {
  return [...address.matchAll(/\{([^}]+)\}/g)].map((m) => m[1] as string);
}

/**
 * The value a channel parameter takes when the site fills an address for a reader (samples, the mock's
 * URL on a page): its first example, its default, its first enum value, else its name.
 */
export function parameterValue(channel: EventChannel, name: string): string {
  const p = channel.parameters.find((x) => x.name === name);
  return p?.examples?.[0] ?? p?.default ?? p?.enum?.[0] ?? name;
}

/** The channel's address with every parameter filled by {@link parameterValue}; null for a channel without one. */
export function filledAddress(channel: EventChannel): string | null {
  if (channel.address === null) return null;
  return channel.address.replace(/\{([^}]+)\}/g, (_, name: string) =>
    encodeURIComponent(parameterValue(channel, name)),
  );
}

/** One path segment of a channel address as the mock's URL carries it: slashes stay, the rest percent-decoded. */
function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** A channel matched by a concrete address, with its parameters' values. */
export interface ChannelMatch {
  readonly channel: EventChannel;
  readonly parameters: Readonly<Record<string, string>>;
}

/**
 * The channel a concrete address names: an exact address first, then a parameterized one (a parameter is
 * one or more characters other than `/`). Leading slashes are ignored on both sides.
 * @returns undefined when no channel has the address
 */
export function matchChannel(model: EventModel, address: string): ChannelMatch | undefined {
  const wanted = address.replace(/^\/+/, '');
  let best: ChannelMatch | undefined;
  for (const channel of model.channels) {
    if (channel.address === null) continue;
    const own = channel.address.replace(/^\/+/, '');
    if (own === wanted) return { channel, parameters: {} };
    const names = addressParameters(own);
    if (names.length === 0 || best) continue;
    const pattern = new RegExp(
      `^${own
        .split(/\{[^}]+\}/)
        .map(escapeRegExp)
        .join('([^/]+)')}$`,
    );
    const m = pattern.exec(wanted);
    if (!m) continue;
    const parameters: Record<string, string> = {};
    names.forEach((n, i) => {
      parameters[n] = decodeURIComponent(m[i + 1] as string);
    });
    best = { channel, parameters };
  }
  return best;
}

/**
 * Every channel a concrete address names: the channels whose address is exactly it (a WebSocket API
 * often describes several channels on one address: Kraken's ping, heartbeat and subscribe all on `/`),
 * else the first parameterized one that matches, as {@link matchChannel} finds it.
 */
export function channelsAt(model: EventModel, address: string): ChannelMatch[] {
  const first = matchChannel(model, address);
  if (!first) return [];
  if (Object.keys(first.parameters).length > 0) return [first];
  return model.channels
    .filter((c) => c.address !== null && c.address.replace(/^\/+/, '') === first.channel.address?.replace(/^\/+/, ''))
    .map((channel) => ({ channel, parameters: {} }));
}

/** The operations on a channel with an action (`send`: the API sends; `receive`: the API receives, you send). */
export function operationsOn(
  model: EventModel,
  channelId: string,
  action?: EventOperation['action'],
): EventOperation[] {
  return model.operations.filter((o) => o.channel === channelId && (action === undefined || o.action === action));
}

/** A message of the model by id. */
export function messageById(model: EventModel, id: string): EventMessage | undefined {
  return model.messages.find((m) => m.id === id);
}

/** The document schemas resolve against: `components.schemas` (`$ref`s left by a recursive schema point there). */
export function schemaContext(model: EventModel): JsonObject {
  return { components: { schemas: Object.fromEntries(model.schemas.map((s) => [s.name, s.schema])) } };
}

/** A message's example payload, and where it came from. */
export interface PayloadExample {
  readonly name?: string;
  readonly summary?: string;
  readonly payload: unknown;
  readonly headers?: unknown;
  /** `description`: the message's own example; `generated`: made from the payload schema */
  readonly source: 'description' | 'generated';
}

/**
 * A message's example payloads: the description's examples that have a payload, in order; without any,
 * one value generated from the payload schema (openapi-sampler, as for REST bodies).
 */
export function payloadExamples(model: EventModel, message: EventMessage): PayloadExample[] {
  const own = message.examples.flatMap((e): PayloadExample[] =>
    e.payload === undefined
      ? []
      : [
          {
            payload: e.payload,
            source: 'description',
            ...(e.name ? { name: e.name } : {}),
            ...(e.summary ? { summary: e.summary } : {}),
            ...(e.headers !== undefined ? { headers: e.headers } : {}),
          },
        ],
  );
  if (own.length > 0) return own;
  if (message.payload === undefined || message.schemaFormat) return [];
  const value = generatedValue(message.payload, schemaContext(model));
  return value === null || value === undefined ? [] : [{ payload: value, source: 'generated' }];
}

/** The correlation id's value in a message, when the message's `correlationId` says where it is and it is there. */
export function correlationValue(message: EventMessage, payload: unknown, headers?: unknown): unknown {
  const c = message.correlationId;
  if (!c?.in || c.pointer === undefined) return undefined;
  try {
    return resolvePointer(c.in === 'payload' ? payload : headers, c.pointer);
  } catch {
    return undefined;
  }
}

/**
 * A copy of `value` with the JSON pointer's place set (objects made on the way): where a reply's
 * correlation id goes. Pure; an empty pointer replaces the whole value.
 */
export function withValueAt(value: unknown, pointer: string, set: unknown): unknown {
  if (pointer === '') return set;
  const tokens = pointer
    .split('/')
    .slice(1)
    .map((t) => t.replace(/~1/g, '/').replace(/~0/g, '~'));
  const root: JsonObject = isObject(value) ? structuredClone(value) : {};
  let at: JsonObject = root;
  tokens.forEach((token, i) => {
    if (i === tokens.length - 1) at[token] = set;
    else {
      const next = isObject(at[token]) ? (at[token] as JsonObject) : {};
      at[token] = next;
      at = next;
    }
  });
  return root;
}
