/**
 * Code samples of an event operation (pure): the description's `x-codeSamples` first, then, for the
 * languages it has none for, JavaScript (the browser's `WebSocket` or `EventSource` against the site's
 * mock, where a browser can reach the messages), Python (the protocol's usual client: paho-mqtt,
 * confluent-kafka, pika, websockets, requests) and the protocol's usual command line (`mosquitto_sub` /
 * `mosquitto_pub`, `kcat`, `websocat`, `curl`). The real server comes from the description's first
 * server on the channel; JavaScript uses the mock because a browser speaks neither MQTT, Kafka nor AMQP.
 */
import type { EventAction, EventBinding, EventCodeSample } from '../../descriptions/asyncapi/index.ts';

/** One tab of the samples. */
export interface EventSample {
  /** the language as Expressive Code highlights it (`js`, `python`, `sh`) */
  readonly lang: string;
  readonly label: string;
  readonly source: string;
  /** made by the site, not written in the description */
  readonly generated: boolean;
}

/** What the samples need of an operation. */
export interface SampleInput {
  readonly action: EventAction;
  readonly channel: {
    readonly address: string | null;
    readonly filled: string | null;
    readonly mockPath: string | null;
  };
  readonly message?: { readonly examples: readonly { readonly payload: string }[]; readonly name: string };
  readonly messageName?: string;
  readonly servers: readonly {
    readonly protocol: string;
    readonly url: string;
    readonly variables: readonly { readonly name: string; readonly default?: string }[];
  }[];
  readonly bindings: readonly EventBinding[];
  readonly codeSamples: readonly EventCodeSample[];
  /** the API's title: the token's environment variable is named after it */
  readonly title: string;
}

/** `Streetlights MQTT API` → `STREETLIGHTS_MQTT_TOKEN`, as the REST samples name theirs. */
export function tokenVariable(title: string): string {
  const stem = title
    .replace(/\bAPI\b/gi, '')
    .trim()
    .toUpperCase()
    .replace(/[^A-Z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');
  return `${stem || 'API'}_TOKEN`;
}

/** A server URL with its variables' defaults filled in. */
function serverUrl(server: SampleInput['servers'][number]): URL | undefined {
  const text = server.url.replace(
    /\{([^}]+)\}/g,
    (_, name: string) => server.variables.find((v) => v.name === name)?.default ?? name,
  );
  try {
    return new URL(text);
  } catch {
    return undefined;
  }
}

const LANG_ALIASES: Record<string, string> = {
  javascript: 'js',
  js: 'js',
  typescript: 'ts',
  node: 'js',
  python: 'python',
  py: 'python',
  shell: 'sh',
  bash: 'sh',
  sh: 'sh',
  curl: 'sh',
  cli: 'sh',
};

/** The highlighting language of a hand-written sample's `lang`. */
function langOf(lang: string): string {
  return LANG_ALIASES[lang.toLowerCase()] ?? lang.toLowerCase();
}

function quote(text: string): string {
  return `'${text.replace(/'/g, "'\\''")}'`;
}

function pyString(text: string): string {
  return JSON.stringify(text);
}

/** The samples of one operation, hand-written ones first. */
export function eventSamples(input: SampleInput): EventSample[] {
  const own = input.codeSamples.map(
    (s): EventSample => ({ lang: langOf(s.lang), label: s.label ?? s.lang, source: s.source, generated: false }),
  );
  const covered = new Set(own.map((s) => s.lang));
  const made: EventSample[] = [];
  const payload = input.message?.examples[0]?.payload ?? '{}';
  const oneLine = JSON.stringify(JSON.parse(payload));
  const env = tokenVariable(input.title);
  const mock = input.channel.mockPath;
  const sends = input.action === 'send'; // the API sends: the reader listens
  if (!covered.has('js') && mock) {
    made.push({
      lang: 'js',
      label: 'JavaScript',
      generated: true,
      source: sends
        ? [
            `// The mock's messages as Server-Sent Events (a WebSocket on the same path with npm start's server).`,
            '// Any token names your sandbox on the mock.',
            "const token = 'my-sandbox';",
            `const events = new EventSource(\`${mock}?access_token=\${token}\`);`,
            `events.addEventListener(${JSON.stringify(input.messageName ?? input.message?.name ?? 'message')}, (event) => {`,
            '  console.log(JSON.parse(event.data));',
            '});',
          ].join('\n')
        : [
            "// Any token names your sandbox on the mock; a WebSocket needs npm start's server.",
            "const token = 'my-sandbox';",
            `const socket = new WebSocket(\`\${location.origin.replace(/^http/, 'ws')}${mock}?access_token=\${token}\`);`,
            "socket.addEventListener('open', () => {",
            `  socket.send(JSON.stringify(${oneLine}));`,
            '});',
            "socket.addEventListener('message', (event) => console.log(JSON.parse(event.data)));",
          ].join('\n'),
    });
  }
  const server = input.servers[0];
  const url = server ? serverUrl(server) : undefined;
  const protocol = server?.protocol.toLowerCase() ?? '';
  const address = input.channel.filled ?? '';
  const qos = input.bindings.find((b) => b.protocol === 'mqtt')?.value.qos;
  const q = typeof qos === 'number' ? qos : 0;
  if (!covered.has('python') && url) {
    const python = pythonSample(protocol, url, address, sends, oneLine, env, q);
    if (python) made.push({ lang: 'python', label: 'Python', generated: true, source: python });
  }
  if (!covered.has('sh') && url) {
    const cli = cliSample(protocol, url, address, sends, oneLine, q);
    if (cli) made.push({ lang: 'sh', label: cli.label, generated: true, source: cli.source });
  }
  return [...own, ...made];
}

function pythonSample(
  protocol: string,
  url: URL,
  address: string,
  sends: boolean,
  payload: string,
  env: string,
  qos: number,
): string | undefined {
  const host = url.hostname;
  const port = url.port;
  if (protocol.includes('mqtt')) {
    return [
      'import json',
      'import paho.mqtt.client as mqtt',
      '',
      'client = mqtt.Client(mqtt.CallbackAPIVersion.VERSION2)',
      ...(sends
        ? [
            'client.on_message = lambda c, userdata, msg: print(msg.topic, json.loads(msg.payload))',
            `client.connect(${pyString(host)}, ${port || 1883})`,
            `client.subscribe(${pyString(address)}, qos=${qos})`,
            'client.loop_forever()',
          ]
        : [
            `client.connect(${pyString(host)}, ${port || 1883})`,
            `client.publish(${pyString(address)}, json.dumps(${payload}), qos=${qos}).wait_for_publish()`,
          ]),
    ].join('\n');
  }
  if (protocol.includes('kafka')) {
    return sends
      ? [
          'from confluent_kafka import Consumer',
          '',
          `consumer = Consumer({"bootstrap.servers": ${pyString(url.host)}, "group.id": "docs-example"})`,
          `consumer.subscribe([${pyString(address)}])`,
          'while True:',
          '    message = consumer.poll(1.0)',
          '    if message is not None and message.error() is None:',
          '        print(message.value().decode())',
        ].join('\n')
      : [
          'import json',
          'from confluent_kafka import Producer',
          '',
          `producer = Producer({"bootstrap.servers": ${pyString(url.host)}})`,
          `producer.produce(${pyString(address)}, json.dumps(${payload}))`,
          'producer.flush()',
        ].join('\n');
  }
  if (protocol.includes('amqp')) {
    return [
      'import json',
      'import pika',
      '',
      `connection = pika.BlockingConnection(pika.URLParameters(${pyString(url.href)}))`,
      'channel = connection.channel()',
      ...(sends
        ? [
            `for method, properties, body in channel.consume(${pyString(address)}):`,
            '    print(json.loads(body))',
            '    channel.basic_ack(method.delivery_tag)',
          ]
        : [`channel.basic_publish(exchange="", routing_key=${pyString(address)}, body=json.dumps(${payload}))`]),
    ].join('\n');
  }
  if (protocol === 'ws' || protocol === 'wss') {
    const target = new URL(address.replace(/^\/*/, ''), url.href.endsWith('/') ? url.href : `${url.href}/`).href;
    return [
      'import asyncio, json, os',
      'import websockets',
      '',
      'async def main():',
      `    async with websockets.connect(${pyString(target)}, additional_headers={"Authorization": "Bearer " + os.environ[${pyString(env)}]}) as socket:`,
      ...(sends ? [] : [`        await socket.send(json.dumps(${payload}))`]),
      '        async for message in socket:',
      '            print(json.loads(message))',
      '',
      'asyncio.run(main())',
    ].join('\n');
  }
  if (protocol === 'http' || protocol === 'https') {
    const target = new URL(address.replace(/^\/*/, ''), url.href.endsWith('/') ? url.href : `${url.href}/`).href;
    return sends
      ? [
          'import os, requests',
          '',
          `with requests.get(${pyString(target)}, headers={"Authorization": "Bearer " + os.environ[${pyString(env)}]}, stream=True) as response:`,
          '    for line in response.iter_lines():',
          '        if line:',
          '            print(line.decode())',
        ].join('\n')
      : [
          'import os, requests',
          '',
          `response = requests.post(${pyString(target)}, json=${payload}, headers={"Authorization": "Bearer " + os.environ[${pyString(env)}]})`,
          'print(response.status_code, response.text)',
        ].join('\n');
  }
  return undefined;
}

function cliSample(
  protocol: string,
  url: URL,
  address: string,
  sends: boolean,
  payload: string,
  qos: number,
): { label: string; source: string } | undefined {
  if (protocol.includes('mqtt')) {
    const port = url.port || '1883';
    return sends
      ? {
          label: 'mosquitto_sub',
          source: `mosquitto_sub -h ${url.hostname} -p ${port} -q ${qos} -t ${quote(address)} -v`,
        }
      : {
          label: 'mosquitto_pub',
          source: `mosquitto_pub -h ${url.hostname} -p ${port} -q ${qos} -t ${quote(address)} -m ${quote(payload)}`,
        };
  }
  if (protocol.includes('kafka')) {
    return sends
      ? { label: 'kcat', source: `kcat -C -b ${url.host} -t ${quote(address)}` }
      : { label: 'kcat', source: `echo ${quote(payload)} | kcat -P -b ${url.host} -t ${quote(address)}` };
  }
  if (protocol === 'ws' || protocol === 'wss') {
    const target = new URL(address.replace(/^\/*/, ''), url.href.endsWith('/') ? url.href : `${url.href}/`).href;
    return sends
      ? { label: 'websocat', source: `websocat ${quote(target)}` }
      : { label: 'websocat', source: `echo ${quote(payload)} | websocat ${quote(target)}` };
  }
  if (protocol === 'http' || protocol === 'https') {
    const target = new URL(address.replace(/^\/*/, ''), url.href.endsWith('/') ? url.href : `${url.href}/`).href;
    return sends
      ? { label: 'cURL', source: `curl -N ${quote(target)}` }
      : {
          label: 'cURL',
          source: `curl -X POST ${quote(target)} -H 'Content-Type: application/json' -d ${quote(payload)}`,
        };
  }
  return undefined;
}
