// What the event pages show that a reader relies on (site/events/, pure): bindings per protocol in words,
// unknown ones as data; the action from the reader's side; code samples where x-codeSamples wins.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { bindingView, protocolName } from '../../../site/events/bindings.ts';
import { directionOf, mockPathOf } from '../../../site/events/model.ts';
import { eventSamples, tokenVariable } from '../../../site/events/samples.ts';

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
