/**
 * Protocol bindings as the event pages show them (pure): the fields of the bindings the site knows by
 * name, in the reader's words (MQTT `qos` and `retain`, Kafka key and partitions, WebSocket query and
 * headers, AMQP exchange and queue, HTTP method), and every other binding as its data. The field names
 * follow the AsyncAPI bindings repository (github.com/asyncapi/bindings: mqtt, kafka, websockets, amqp,
 * http).
 */
import type { EventBinding } from '../../descriptions/asyncapi/index.ts';
import { isObject } from '../../descriptions/json.ts';

/**
 * The words a binding's view is written in: a label per known field, yes and no, the meanings of MQTT's
 * quality of service levels. Undefined: English (the labels of {@link KNOWN}).
 */
export interface BindingWords {
  /** the label of a known field (`mqtt`, `qos`), given its English label */
  label(protocol: string, field: string, english: string): string;
  yes: string;
  no: string;
  /** `0`, `1`, `2` → `at most once`, `at least once`, `exactly once` */
  qos(level: string): string | undefined;
  /** `Binding version` */
  version: string;
}

/** One fact of a binding: a label and the value as text (a scalar), or as JSON (an object, a schema). */
export interface BindingFact {
  readonly field: string;
  readonly label: string;
  readonly text?: string;
  readonly json?: string;
}

/** A binding as a page shows it. */
export interface BindingView {
  readonly protocol: string;
  /** the protocol's name for people (`MQTT`, `Kafka`, `WebSocket`, `AMQP 0-9-1`); the key when unknown */
  readonly name: string;
  /** whether the site knows the protocol's binding fields; otherwise {@link raw} is the whole binding */
  readonly known: boolean;
  readonly facts: readonly BindingFact[];
  /** the binding as written, JSON text */
  readonly raw: string;
}

const PROTOCOL_NAMES: Record<string, string> = {
  mqtt: 'MQTT',
  mqtt5: 'MQTT 5',
  kafka: 'Kafka',
  ws: 'WebSocket',
  websockets: 'WebSocket',
  amqp: 'AMQP 0-9-1',
  amqp1: 'AMQP 1.0',
  http: 'HTTP',
  sse: 'Server-Sent Events',
  nats: 'NATS',
  jms: 'JMS',
  sns: 'Amazon SNS',
  sqs: 'Amazon SQS',
  stomp: 'STOMP',
  redis: 'Redis',
  mercure: 'Mercure',
  ibmmq: 'IBM MQ',
  googlepubsub: 'Google Cloud Pub/Sub',
  pulsar: 'Pulsar',
  solace: 'Solace',
  anypointmq: 'Anypoint MQ',
};

/** A protocol's name for people: `mqtt` → `MQTT`, `wss` → `WebSocket (TLS)`; unknown ones as written. */
export function protocolName(protocol: string): string {
  const p = protocol.toLowerCase();
  if (p === 'wss') return 'WebSocket (TLS)';
  if (p === 'https') return 'HTTPS';
  if (p === 'secure-mqtt' || p === 'mqtts') return 'MQTT (TLS)';
  if (p === 'kafka-secure') return 'Kafka (TLS)';
  if (p === 'amqps') return 'AMQP (TLS)';
  return PROTOCOL_NAMES[p] ?? protocol;
}

const QOS: Record<string, string> = { '0': 'at most once', '1': 'at least once', '2': 'exactly once' };

/** The fields each known binding has, with their labels; the order is the page's. */
const KNOWN: Record<string, readonly (readonly [string, string])[]> = {
  mqtt: [
    ['qos', 'Quality of service'],
    ['retain', 'Retained'],
    ['messageExpiryInterval', 'Message expiry interval (s)'],
    ['clientId', 'Client id'],
    ['cleanSession', 'Clean session'],
    ['lastWill', 'Last will'],
    ['keepAlive', 'Keep alive (s)'],
    ['sessionExpiryInterval', 'Session expiry interval (s)'],
    ['maximumPacketSize', 'Maximum packet size (bytes)'],
    ['payloadFormatIndicator', 'Payload format indicator'],
    ['correlationData', 'Correlation data'],
    ['contentType', 'Content type'],
    ['responseTopic', 'Response topic'],
  ],
  kafka: [
    ['key', 'Message key'],
    ['topic', 'Topic'],
    ['partitions', 'Partitions'],
    ['replicas', 'Replicas'],
    ['topicConfiguration', 'Topic configuration'],
    ['groupId', 'Consumer group id'],
    ['clientId', 'Client id'],
    ['schemaIdLocation', 'Schema id location'],
    ['schemaIdPayloadEncoding', 'Schema id encoding'],
    ['schemaLookupStrategy', 'Schema lookup strategy'],
    ['schemaRegistryUrl', 'Schema registry'],
    ['schemaRegistryVendor', 'Schema registry vendor'],
  ],
  ws: [
    ['method', 'Handshake method'],
    ['query', 'Query parameters'],
    ['headers', 'Handshake headers'],
  ],
  amqp: [
    ['is', 'Channel is a'],
    ['exchange', 'Exchange'],
    ['queue', 'Queue'],
    ['expiration', 'Expiration (ms)'],
    ['userId', 'User id'],
    ['cc', 'Routing keys (CC)'],
    ['bcc', 'Routing keys (BCC)'],
    ['priority', 'Priority'],
    ['deliveryMode', 'Delivery mode'],
    ['mandatory', 'Mandatory'],
    ['timestamp', 'Timestamp'],
    ['ack', 'Acknowledged'],
    ['contentEncoding', 'Content encoding'],
    ['messageType', 'Message type'],
  ],
  http: [
    ['method', 'Method'],
    ['query', 'Query parameters'],
    ['headers', 'Headers'],
    ['statusCode', 'Status code'],
  ],
};
KNOWN.websockets = KNOWN.ws as (typeof KNOWN)['ws'];

/** The English words of {@link BindingWords}. */
export const ENGLISH_BINDING_WORDS: BindingWords = {
  label: (_protocol, _field, english) => english,
  yes: 'yes',
  no: 'no',
  qos: (level) => QOS[level],
  version: 'Binding version',
};

/** The fields a known binding protocol has, with their English labels (the catalogues' `ev.binding.*` keys). */
export function knownBindingFields(): readonly { protocol: string; field: string; label: string }[] {
  return Object.entries(KNOWN)
    .filter(([protocol]) => protocol !== 'websockets')
    .flatMap(([protocol, fields]) => fields.map(([field, label]) => ({ protocol, field, label })));
}

function valueFact(protocol: string, field: string, label: string, value: unknown, words: BindingWords): BindingFact {
  if (protocol === 'mqtt' && field === 'qos' && (typeof value === 'number' || typeof value === 'string')) {
    const meaning = words.qos(String(value));
    return { field, label, text: meaning ? `${value} (${meaning})` : String(value) };
  }
  if (typeof value === 'boolean') return { field, label, text: value ? words.yes : words.no };
  if (typeof value === 'string' || typeof value === 'number') return { field, label, text: String(value) };
  if (protocol === 'amqp' && isObject(value) && (field === 'exchange' || field === 'queue')) {
    const parts = Object.entries(value).map(
      ([k, v]) => `${k}: ${typeof v === 'object' ? JSON.stringify(v) : String(v)}`,
    );
    return { field, label, text: parts.join(', ') };
  }
  return { field, label, json: JSON.stringify(value, null, 2) };
}

/**
 * A binding as the pages show it.
 * @param words the words of the page's language (default English)
 */
export function bindingView(binding: EventBinding, words: BindingWords = ENGLISH_BINDING_WORDS): BindingView {
  const protocol = binding.protocol;
  const known = KNOWN[protocol];
  const raw = JSON.stringify(binding.value, null, 2);
  const name = PROTOCOL_NAMES[protocol] ?? protocol;
  if (!known) return { protocol, name, known: false, facts: [], raw };
  const facts: BindingFact[] = [];
  const family = protocol === 'websockets' ? 'ws' : protocol;
  for (const [field, label] of known) {
    if (binding.value[field] !== undefined)
      facts.push(valueFact(protocol, field, words.label(family, field, label), binding.value[field], words));
  }
  // Fields the site has no label for are shown under their own names.
  for (const [field, value] of Object.entries(binding.value)) {
    if (field === 'bindingVersion' || known.some(([f]) => f === field)) continue;
    facts.push(valueFact(protocol, field, field, value, words));
  }
  const version = binding.value.bindingVersion;
  if (typeof version === 'string') facts.push({ field: 'bindingVersion', label: words.version, text: version });
  return { protocol, name, known: true, facts, raw };
}
