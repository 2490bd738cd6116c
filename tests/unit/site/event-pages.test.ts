// What the event pages show that a reader relies on (site/events/, pure): bindings per protocol in words,
// unknown ones as data; the action from the reader's side; code samples where x-codeSamples wins; the
// words of a locale from the message catalogues.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { bindingView, knownBindingFields, protocolName } from '../../../site/events/bindings.ts';
import { fill } from '../../../site/events/browser/tryit.ts';
import { directionOf, mockPathOf } from '../../../site/events/model.ts';
import { eventSamples, tokenVariable } from '../../../site/events/samples.ts';
import { bindingLabelKey, bindingWords, eventWords, tryItWordsOf } from '../../../site/events/words.ts';
import { CATALOGUE_FILES, translator } from '../../../site/i18n/catalogue.ts';

describe('site/events', () => {
  test('bindings: MQTT qos and retain, Kafka key, AMQP exchange in words; an unknown binding as its data', () => {
    const mqtt = bindingView({ protocol: 'mqtt', value: { qos: 1, retain: false, bindingVersion: '0.2.0' } });
    assert.deepEqual(
      mqtt.facts.map((f) => [f.label, f.text]),
      [
        ['Quality of service', '1 (at least once)'],
        ['Retained', 'no'],
        ['Binding version', '0.2.0'],
      ],
    );
    const kafka = bindingView({ protocol: 'kafka', value: { key: { type: 'string' }, partitions: 3 } });
    assert.deepEqual(
      kafka.facts.map((f) => [f.label, f.text ?? f.json]),
      [
        ['Message key', '{\n  "type": "string"\n}'],
        ['Partitions', '3'],
      ],
    );
    const amqp = bindingView({
      protocol: 'amqp',
      value: { is: 'routingKey', exchange: { name: 'sum', type: 'direct' } },
    });
    assert.equal(amqp.facts.find((f) => f.field === 'exchange')?.text, 'name: sum, type: direct');
    const odd = bindingView({ protocol: 'zeromq', value: { socket: 'pub' } });
    assert.equal(odd.known, false);
    assert.equal(odd.raw, '{\n  "socket": "pub"\n}');
    assert.equal(protocolName('wss'), 'WebSocket (TLS)');
  });

  test("the action from the reader's side; the channel's path on the mock", () => {
    assert.equal(directionOf('send').text, 'The API sends');
    assert.equal(directionOf('receive').text, 'You send');
    assert.equal(mockPathOf('/api/mock/x', '/rooms/a b'), '/api/mock/x/rooms/a%20b');
    assert.equal(mockPathOf('/api/mock/x', null), null);
  });

  test('samples: x-codeSamples first and wins over its language; the protocol CLI and Python for the server', () => {
    const samples = eventSamples({
      action: 'receive',
      channel: { address: 'a/{id}', filled: 'a/1', mockPath: '/api/mock/x/a/1' },
      message: { name: 'm', examples: [{ payload: '{"n": 1}' }] },
      servers: [
        { protocol: 'mqtt', url: 'mqtt://broker.example:{port}', variables: [{ name: 'port', default: '1883' }] },
      ],
      bindings: [{ protocol: 'mqtt', value: { qos: 2 } }],
      codeSamples: [{ lang: 'JavaScript', source: 'hand()' }],
      title: 'Lights API',
    });
    assert.deepEqual(
      samples.map((s) => [s.label, s.generated]),
      [
        ['JavaScript', false],
        ['Python', true],
        ['mosquitto_pub', true],
      ],
    );
    assert.equal(samples[2]?.source, `mosquitto_pub -h broker.example -p 1883 -q 2 -t 'a/1' -m '{"n":1}'`);
    assert.equal(tokenVariable('Streetlights MQTT API'), 'STREETLIGHTS_MQTT_TOKEN');
  });
});

describe('site/events in the reader’s language', () => {
  test('bindings in French: labels, yes/no and the quality of service from the catalogue', () => {
    const fr = bindingView(
      { protocol: 'mqtt', value: { qos: 1, retain: false, bindingVersion: '0.2.0' } },
      bindingWords(translator('fr')),
    );
    assert.deepEqual(
      fr.facts.map((f) => [f.label, f.text]),
      [
        ['Qualité de service', '1 (au moins une fois)'],
        ['Conservé', 'non'],
        ['Version de la liaison', '0.2.0'],
      ],
    );
    // A WebSocket binding under either protocol key reads the `ws` labels.
    const ws = bindingView({ protocol: 'websockets', value: { method: 'GET' } }, bindingWords(translator('ja')));
    assert.deepEqual(ws.facts[0]?.label, 'ハンドシェイクのメソッド');
    assert.equal(eventWords(translator('de')).direction('api-sends'), 'Die API sendet');
  });

  test('every labelled binding field has its catalogue key, whose English is the label the English pages show', () => {
    const en = translator('en');
    for (const { protocol, field, label } of knownBindingFields()) {
      assert.equal(en(bindingLabelKey(protocol, field)), label, `${protocol}.${field}`);
    }
  });

  test("the try-it panel's words from the catalogue; the reply's placeholders left for the panel to fill in", () => {
    const fr = tryItWordsOf(translator('fr'));
    assert.equal(fr.connect, 'Se connecter');
    assert.equal(fr.transport, 'Transport');
    assert.match(fr.backend.browser, /^Le simulateur d’événements s’exécute dans votre navigateur/);
    assert.equal(fill(fr.reply, { event: 'pong', status: 202 }), 'pong (réponse, 202)');
    for (const lang of Object.keys(CATALOGUE_FILES)) {
      const words = tryItWordsOf(translator(lang));
      const reply = fill(words.reply, { event: 'pong', status: 202 });
      assert.ok(reply.includes('pong') && reply.includes('202') && !reply.includes('{{'), `${lang}: ${reply}`);
      for (const [name, text] of Object.entries(words))
        assert.ok(typeof text === 'object' || text.length > 0, `${lang}: ${name} has words`);
    }
    assert.equal(tryItWordsOf(translator('en')).wsNeedsServer.startsWith('A WebSocket needs'), true);
  });
});
