/**
 * The normalized model of an AsyncAPI 3.x document (pure): what the pages, the mock, the agents' files
 * and spec-diff read. Input is the document as `@asyncapi/parser` resolves it (`document.json()`:
 * `$ref`s replaced by their values, traits applied, `x-parser-*` ids added), which may share objects and
 * hold cycles; the model is plain, acyclic data.
 */
import { isObject, type JsonObject } from '../json.ts';
import type {
  EventAction,
  EventBinding,
  EventChannel,
  EventCodeSample,
  EventCorrelationId,
  EventLifecycle,
  EventMessage,
  EventMessageExample,
  EventModel,
  EventOperation,
  EventParameter,
  EventReply,
  EventSecurityScheme,
  EventServer,
  EventServerVariable,
  EventTag,
} from './types.ts';

const UNIQUE_ID = 'x-parser-unique-object-id';
const SCHEMA_ID = 'x-parser-schema-id';

function str(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

function strings(value: unknown): string[] | undefined {
  if (!Array.isArray(value)) return undefined;
  const out = value.map((v) => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : undefined));
  return out.every((v) => v !== undefined) ? (out as string[]) : undefined;
}

function entries(value: unknown): [string, JsonObject][] {
  if (!isObject(value)) return [];
  return Object.entries(value).filter((e): e is [string, JsonObject] => isObject(e[1]) && !e[0].startsWith('x-'));
}

/** Optional string fields of `from`, only those present. */
function texts<K extends string>(from: JsonObject, keys: readonly K[]): Partial<Record<K, string>> {
  const out: Partial<Record<K, string>> = {};
  for (const key of keys) {
    const value = str(from[key]);
    if (value !== undefined) out[key] = value;
  }
  return out;
}

/**
 * A deep, acyclic copy of a resolved value without the parser's `x-parser-*` fields. An object met again
 * inside itself (a recursive schema) becomes `{ $ref: '#/components/schemas/<name>' }` when the parser
 * named it, else `{}`: the pages link a named schema and stop at an anonymous cycle.
 */
export function plainValue(value: unknown, ancestors: Set<object> = new Set()): unknown {
  if (Array.isArray(value)) {
    if (ancestors.has(value)) return [];
    ancestors.add(value);
    const out = value.map((v) => plainValue(v, ancestors));
    ancestors.delete(value);
    return out;
  }
  if (!isObject(value)) return value;
  if (ancestors.has(value)) {
    const id = str(value[SCHEMA_ID]);
    return id && !id.startsWith('<anonymous') ? { $ref: `#/components/schemas/${id}` } : {};
  }
  ancestors.add(value);
  const out: JsonObject = {};
  for (const [key, v] of Object.entries(value)) {
    if (key.startsWith('x-parser-')) continue;
    out[key] = plainValue(v, ancestors);
  }
  ancestors.delete(value);
  return out;
}

function tagsOf(value: unknown): EventTag[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((t) => {
    if (!isObject(t)) return [];
    const name = str(t.name);
    return name ? [{ name, ...texts(t, ['description'] as const) }] : [];
  });
}

function bindingsOf(value: unknown): EventBinding[] {
  return entries(value).map(([protocol, v]) => ({ protocol, value: plainValue(v) as JsonObject }));
}

/** Runtime expression `$message.header#/a/b` or `$message.payload#/a`: the part and the pointer (AsyncAPI 3.0.0 "Runtime Expression"). */
export function parseMessageExpression(location: string): { in?: 'header' | 'payload'; pointer?: string } {
  const m = /^\$message\.(header|payload)(?:#(.*))?$/.exec(location.trim());
  if (!m) return {};
  return { in: m[1] as 'header' | 'payload', pointer: m[2] ?? '' };
}

function correlationOf(value: unknown): EventCorrelationId | undefined {
  if (!isObject(value)) return undefined;
  const location = str(value.location);
  if (!location) return undefined;
  return { location, ...texts(value, ['description'] as const), ...parseMessageExpression(location) };
}

function examplesOf(value: unknown): EventMessageExample[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((e) => {
    if (!isObject(e)) return [];
    const out: { -readonly [K in keyof EventMessageExample]: EventMessageExample[K] } = texts(e, [
      'name',
      'summary',
    ] as const);
    if (e.headers !== undefined) out.headers = plainValue(e.headers);
    if (e.payload !== undefined) out.payload = plainValue(e.payload);
    return [out];
  });
}

/**
 * A calendar date of an `x-deprecated-*` extension as `YYYY-MM-DD`. An unquoted YAML date reaches the model as
 * a midnight UTC timestamp (`2026-06-30T00:00:00.000Z`: the 2.x upgrade writes the parsed date back), or as a
 * `Date`: either is its day. Anything else stays as written, for the checks to refuse.
 */
function day(value: unknown): string | undefined {
  if (value instanceof Date && !Number.isNaN(value.getTime())) return value.toISOString().slice(0, 10);
  const text = str(value);
  return text && /^\d{4}-\d{2}-\d{2}T00:00:00(\.0+)?Z$/.test(text) ? text.slice(0, 10) : text;
}

function lifecycleOf(value: JsonObject): EventLifecycle {
  const stability = str(value['x-stability']);
  const sunset = day(value['x-deprecated-sunset']);
  const since = day(value['x-deprecated-since']);
  return {
    deprecated: value.deprecated === true || value['x-deprecated'] === true,
    ...(stability ? { stability } : {}),
    ...(sunset ? { sunset } : {}),
    ...(since ? { since } : {}),
    ...(str(value['x-successor']) ? { successor: str(value['x-successor']) } : {}),
  };
}

function codeSamplesOf(value: unknown): EventCodeSample[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((s) => {
    if (!isObject(s)) return [];
    const lang = str(s.lang);
    const source = typeof s.source === 'string' ? s.source : undefined;
    return lang && source !== undefined ? [{ lang, source, ...texts(s, ['label'] as const) }] : [];
  });
}

/** Identity of a resolved object across the parser's copies: its JSON without the parser's fields. */
function fingerprint(value: unknown): string {
  return JSON.stringify(plainValue(value));
}

/**
 * The model of a resolved AsyncAPI 3.x document.
 * @param doc `document.json()` of `@asyncapi/parser` for a 3.0 or 3.1 document
 * @param asyncapi the version the description was written in (a 2.x one was upgraded before)
 */
export function eventModel(doc: JsonObject, asyncapi: string = String(doc.asyncapi)): EventModel {
  const info = isObject(doc.info) ? doc.info : {};
  const components = isObject(doc.components) ? doc.components : {};
  const defaultContentType = str(doc.defaultContentType);

  // Security schemes: the components' ids; a scheme met elsewhere is matched by its content.
  const schemeIds = new Map<string, string>();
  const securitySchemes: EventSecurityScheme[] = entries(components.securitySchemes).map(([id, s]) => {
    const scheme = securityScheme(id, s);
    schemeIds.set(fingerprint({ ...s, scopes: undefined }), id);
    return scheme;
  });
  const securityOf = (value: unknown): EventSecurityScheme[] =>
    Array.isArray(value)
      ? value.flatMap((s, i) => {
          if (!isObject(s)) return [];
          const id =
            schemeIds.get(fingerprint({ ...s, scopes: undefined })) ??
            str(s[UNIQUE_ID]) ??
            `${str(s.type) ?? 'scheme'}-${i + 1}`;
          return [securityScheme(id, s)];
        })
      : [];

  const servers: EventServer[] = entries(doc.servers).map(([key, s]) => ({
    id: key,
    host: str(s.host) ?? '',
    protocol: str(s.protocol) ?? '',
    ...texts(s, ['protocolVersion', 'pathname', 'title', 'summary', 'description'] as const),
    variables: entries(s.variables).map(([name, v]): EventServerVariable => {
      const out: { -readonly [K in keyof EventServerVariable]: EventServerVariable[K] } = {
        name,
        ...texts(v, ['description', 'default'] as const),
      };
      const en = strings(v.enum);
      const ex = strings(v.examples);
      if (en) out.enum = en;
      if (ex) out.examples = ex;
      return out;
    }),
    security: securityOf(s.security),
    bindings: bindingsOf(s.bindings),
    tags: tagsOf(s.tags),
  }));
  const serverIds = new Map<string, string>();
  for (const [key, s] of entries(doc.servers)) serverIds.set(str(s[UNIQUE_ID]) ?? key, key);

  // Messages: every channel's, then the components' not used on a channel; ids unique in the document.
  const messages: EventMessage[] = [];
  const messageIds = new Map<string, string>(); // fingerprint → id
  const usedIds = new Set<string>();
  const addMessage = (key: string, m: JsonObject, scope?: string): string => {
    const print = fingerprint(m);
    const known = messageIds.get(print);
    if (known) return known;
    let id = str(m[UNIQUE_ID]) ?? key;
    if (usedIds.has(id)) id = scope ? `${scope}.${key}` : id;
    for (let n = 2; usedIds.has(id); n++) id = `${key}-${n}`;
    usedIds.add(id);
    messageIds.set(print, id);
    messages.push(messageOf(id, m, defaultContentType));
    return id;
  };

  const channelIds = new Map<string, string>(); // fingerprint of address+unique id → channel id
  const channels: EventChannel[] = entries(doc.channels).map(([key, c]) => {
    const id = key;
    channelIds.set(str(c[UNIQUE_ID]) ?? key, id);
    const address = c.address === null ? null : (str(c.address) ?? (c.address === undefined ? key : null));
    return {
      id,
      address,
      ...texts(c, ['title', 'summary', 'description'] as const),
      parameters: entries(c.parameters).map(([name, p]): EventParameter => {
        const out: { -readonly [K in keyof EventParameter]: EventParameter[K] } = {
          name,
          ...texts(p, ['description', 'default', 'location'] as const),
        };
        const en = strings(p.enum);
        const ex = strings(p.examples);
        if (en) out.enum = en;
        if (ex) out.examples = ex;
        return out;
      }),
      servers: Array.isArray(c.servers)
        ? c.servers.flatMap((s) => {
            const sid = isObject(s) ? (str(s[UNIQUE_ID]) ?? undefined) : undefined;
            const found = sid ? serverIds.get(sid) : undefined;
            return found ? [found] : [];
          })
        : [],
      messages: entries(c.messages).map(([mk, m]) => addMessage(mk, m, id)),
      bindings: bindingsOf(c.bindings),
      tags: tagsOf(c.tags),
    };
  });
  for (const [key, m] of entries(components.messages)) addMessage(key, m);

  const channelOf = (value: unknown): string | undefined => {
    if (!isObject(value)) return undefined;
    const unique = str(value[UNIQUE_ID]);
    if (unique && channelIds.has(unique)) return channelIds.get(unique);
    const address = str(value.address);
    return channels.find((c) => c.address === address)?.id;
  };
  const messagesOf = (value: unknown): string[] =>
    Array.isArray(value) ? value.filter(isObject).map((m, i) => addMessage(str(m.name) ?? `message-${i + 1}`, m)) : [];

  const operations: EventOperation[] = entries(doc.operations).flatMap(([id, o]): EventOperation[] => {
    const action = o.action === 'send' || o.action === 'receive' ? (o.action as EventAction) : undefined;
    const channel = channelOf(o.channel);
    if (!action || !channel) return [];
    const own = messagesOf(o.messages);
    const stated = replyOf(o.reply, channelOf, messagesOf);
    // A reply that names no messages carries its channel's.
    const reply =
      stated && stated.messages.length === 0 && stated.channel
        ? { ...stated, messages: channels.find((c) => c.id === stated.channel)?.messages ?? [] }
        : stated;
    return [
      {
        id,
        action,
        channel,
        ...texts(o, ['title', 'summary', 'description'] as const),
        messages: own.length > 0 ? own : (channels.find((c) => c.id === channel)?.messages ?? []),
        ...(reply ? { reply } : {}),
        bindings: bindingsOf(o.bindings),
        security: securityOf(o.security),
        tags: tagsOf(o.tags),
        lifecycle: lifecycleOf(o),
        codeSamples: codeSamplesOf(o['x-codeSamples']),
      },
    ];
  });

  return {
    asyncapi,
    ...(str(doc.id) ? { id: str(doc.id) } : {}),
    title: str(info.title) ?? 'AsyncAPI',
    version: str(info.version) ?? '',
    ...texts(info, ['description'] as const),
    ...(defaultContentType ? { defaultContentType } : {}),
    tags: tagsOf(info.tags),
    servers,
    securitySchemes,
    channels,
    operations,
    messages,
    schemas: Object.entries(isObject(components.schemas) ? components.schemas : {}).map(([name, schema]) => ({
      name,
      schema: plainValue(schema),
    })),
  };
}

function securityScheme(id: string, s: JsonObject): EventSecurityScheme {
  const scopes = strings(s.scopes);
  return {
    id,
    type: str(s.type) ?? 'unknown',
    ...texts(s, ['description', 'name', 'in', 'scheme', 'bearerFormat', 'openIdConnectUrl'] as const),
    ...(isObject(s.flows) ? { flows: plainValue(s.flows) as JsonObject } : {}),
    ...(scopes && scopes.length > 0 ? { scopes } : {}),
  };
}

function messageOf(id: string, m: JsonObject, defaultContentType: string | undefined): EventMessage {
  let payload = m.payload;
  let schemaFormat: string | undefined;
  // A Multi Format Schema Object (3.0.0): `{schemaFormat, schema}`.
  if (isObject(payload) && typeof payload.schemaFormat === 'string' && 'schema' in payload) {
    schemaFormat = payload.schemaFormat;
    payload = payload.schema;
  }
  if (schemaFormat && /^application\/(vnd\.aai\.asyncapi|schema\+json)/.test(schemaFormat)) schemaFormat = undefined;
  const correlationId = correlationOf(m.correlationId);
  return {
    id,
    name: str(m.name) ?? id,
    ...texts(m, ['title', 'summary', 'description'] as const),
    contentType: str(m.contentType) ?? defaultContentType ?? 'application/json',
    ...(schemaFormat ? { schemaFormat } : {}),
    ...(m.headers !== undefined ? { headers: plainValue(m.headers) } : {}),
    ...(payload !== undefined ? { payload: plainValue(payload) } : {}),
    ...(correlationId ? { correlationId } : {}),
    examples: examplesOf(m.examples),
    bindings: bindingsOf(m.bindings),
    tags: tagsOf(m.tags),
    deprecated: m.deprecated === true || m['x-deprecated'] === true,
  };
}

function replyOf(
  value: unknown,
  channelOf: (value: unknown) => string | undefined,
  messagesOf: (value: unknown) => string[],
): EventReply | undefined {
  if (!isObject(value)) return undefined;
  const channel = channelOf(value.channel);
  const address = isObject(value.address) ? value.address : undefined;
  const location = address ? str(address.location) : undefined;
  const description = address ? str(address.description) : undefined;
  return {
    ...(channel ? { channel } : {}),
    ...(location ? { addressLocation: location } : {}),
    ...(description ? { addressDescription: description } : {}),
    messages: messagesOf(value.messages),
  };
}
