// AsyncAPI descriptions through the library (an integration test: the AsyncAPI parser takes about a
// second a document, too slow for the unit loop): public documents of the AsyncAPI specification's examples
// (tests/fixtures/asyncapi, Apache-2.0), in 2.6 and 3.1, read into one model; problems located.
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, test } from 'node:test';
import {
  correlationValue,
  filledAddress,
  isAsyncApi,
  isAsyncApiFile,
  isAsyncApiFileSync,
  loadEventDescription,
  matchChannel,
  messageById,
  operationsOn,
  payloadExamples,
  withValueAt,
} from '../../../descriptions/asyncapi/index.ts';
import { DescriptionError, type DescriptionProblem, formatProblem } from '../../../descriptions/loader/index.ts';

const FIXTURES = resolve(import.meta.dirname, '../../fixtures/asyncapi');
const fixture = (name: string) => join(FIXTURES, name);

describe('descriptions/asyncapi', () => {
  test('detects AsyncAPI by its `asyncapi` field, not OpenAPI', async () => {
    assert.equal(isAsyncApi({ asyncapi: '3.0.0' }), true);
    assert.equal(isAsyncApi({ openapi: '3.1.0' }), false);
    assert.equal(isAsyncApi([]), false);
    assert.equal(await isAsyncApiFile(fixture('2.6/streetlights-mqtt.yml')), true);
    assert.equal(await isAsyncApiFile(resolve(import.meta.dirname, '../../../spec/openapi.yaml')), false);
  });

  test('the configuration edge tells AsyncAPI files apart without waiting, as the loader does', () => {
    const dir = mkdtempSync(join(tmpdir(), 'asyncapi-sniff-'));
    const write = (name: string, text: string) => {
      writeFileSync(join(dir, name), text);
      return join(dir, name);
    };
    assert.equal(isAsyncApiFileSync(fixture('2.6/streetlights-mqtt.yml')), true);
    assert.equal(isAsyncApiFileSync(fixture('3.x/streetlights-mqtt.yml')), true);
    assert.equal(isAsyncApiFileSync(write('minified.json', '{"info":{"title":"é"},"asyncapi":"3.0.0"}')), true);
    assert.equal(isAsyncApiFileSync(resolve(import.meta.dirname, '../../../spec/openapi.yaml')), false);
    // The word alone, in prose or below the root, is not the field.
    assert.equal(isAsyncApiFileSync(write('prose.yaml', 'openapi: 3.1.0\ninfo:\n  title: asyncapi bridge\n')), false);
    assert.equal(isAsyncApiFileSync(write('broken.yaml', 'asyncapi: [3.0.0\n')), false);
    assert.equal(isAsyncApiFileSync(join(dir, 'missing.yaml')), false);
  });

  test('2.6 and 3.1 streetlights read into the same model; 2.x publish is receive, subscribe is send', async () => {
    const [old, now] = await Promise.all([
      loadEventDescription(fixture('2.6/streetlights-mqtt.yml')),
      loadEventDescription(fixture('3.x/streetlights-mqtt.yml')),
    ]);
    assert.equal(old.sourceVersion, '2.6.0');
    assert.equal(now.sourceVersion, '3.1.0');
    for (const { model } of [old, now]) {
      const actions = Object.fromEntries(model.operations.map((o) => [o.id, o.action]));
      assert.deepEqual(actions, {
        receiveLightMeasurement: 'receive',
        turnOn: 'send',
        turnOff: 'send',
        dimLight: 'send',
      });
      const server = model.servers[0];
      assert.equal(server?.protocol, 'mqtt');
      assert.equal(server?.host, 'test.mosquitto.org:{port}');
      assert.deepEqual(
        server?.variables.map((v) => [v.name, v.default, v.enum]),
        [['port', '1883', ['1883', '8883']]],
      );
      const measured = model.operations.find((o) => o.id === 'receiveLightMeasurement');
      assert.ok(measured);
      const channel = model.channels.find((c) => c.id === measured.channel);
      assert.equal(channel?.address, 'smartylighting/streetlights/1/0/event/{streetlightId}/lighting/measured');
      assert.deepEqual(
        channel?.parameters.map((p) => p.name),
        ['streetlightId'],
      );
      // Traits applied: the operation trait's MQTT binding and the message trait's header.
      assert.deepEqual(measured.bindings, [{ protocol: 'mqtt', value: { qos: 1 } }]);
      const message = messageById(model, measured.messages[0] as string);
      assert.equal(message?.name, 'lightMeasured');
      assert.equal(message?.contentType, 'application/json');
      assert.ok(JSON.stringify(message?.headers).includes('my-app-header'));
      assert.ok(JSON.stringify(message?.payload).includes('lumens'));
      assert.ok(!JSON.stringify(model).includes('x-parser-'), 'no parser-internal fields in the model');
    }
  });

  test('request/reply: the reply channel, its messages and the correlation id location', async () => {
    const { model } = await loadEventDescription(fixture('3.x/kraken-websocket-request-reply-multiple-channels.yml'));
    const ping = model.operations.find((o) => o.id === 'receivePing');
    assert.equal(ping?.action, 'receive');
    assert.ok(ping?.reply?.channel);
    const pong = messageById(model, ping.reply.messages[0] as string);
    assert.equal(pong?.name, 'pong');
    const request = messageById(model, ping.messages[0] as string);
    assert.equal(request?.correlationId?.in, 'payload');
    assert.equal(request?.correlationId?.pointer, '/reqid');
    assert.equal(correlationValue(request as NonNullable<typeof request>, { event: 'ping', reqid: 42 }), 42);
    assert.deepEqual(withValueAt({ event: 'pong' }, '/reqid', 42), { event: 'pong', reqid: 42 });
  });

  test('2.x AMQP RPC upgraded with bindings kept as data', async () => {
    const { model, warnings } = await loadEventDescription(fixture('2.6/rpc-server.yml'));
    assert.equal(model.servers[0]?.protocol, 'amqp');
    const sum = model.operations.find((o) => o.id === 'sum');
    assert.equal(sum?.action, 'receive');
    const queue = model.channels.find((c) => c.id === sum?.channel);
    assert.ok(queue?.bindings.some((b) => b.protocol === 'amqp'));
    // What the upgrade changed that the 3.0 schema rejects is said, not fatal.
    assert.ok(warnings.some((w) => w.code === 'upgrade'));
  });

  test('channel addresses: filled from parameters and matched back', async () => {
    const { model } = await loadEventDescription(fixture('3.x/streetlights-kafka.yml'));
    const turnOn = model.channels.find((c) => c.address?.includes('turn.on'));
    assert.ok(turnOn);
    assert.equal(filledAddress(turnOn), 'smartylighting.streetlights.1.0.action.streetlightId.turn.on');
    const match = matchChannel(model, '/smartylighting.streetlights.1.0.action.lamp-7.turn.on');
    assert.equal(match?.channel.id, turnOn.id);
    assert.deepEqual(match?.parameters, { streetlightId: 'lamp-7' });
    assert.equal(matchChannel(model, 'nowhere'), undefined);
    assert.deepEqual(
      operationsOn(model, turnOn.id).map((o) => o.action),
      ['send'],
    );
    const message = messageById(model, operationsOn(model, turnOn.id)[0]?.messages[0] ?? '');
    assert.equal(message?.name, 'turnOnOff');
    const [example] = payloadExamples(model, message as NonNullable<typeof message>);
    assert.equal(example?.source, 'generated');
    assert.ok(JSON.stringify(example?.payload).includes('command'));
  });

  test('an invalid document stops with file:line:col, the pointer and the code', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'asyncapi-'));
    const file = join(dir, 'bad.yaml');
    writeFileSync(
      file,
      'asyncapi: 3.0.0\ninfo:\n  title: Bad\n  version: 1.0.0\nchannels:\n  one:\n    address: a/b\noperations:\n  go:\n    action: shout\n    channel:\n      $ref: "#/channels/one"\n',
    );
    await assert.rejects(loadEventDescription(file), (error: unknown) => {
      assert.ok(error instanceof DescriptionError);
      assert.equal(error.code, 'invalid');
      const line = formatProblem(
        (error.problems.find((p) => p.pointer?.includes('/operations/go')) ?? error.problems[0]) as DescriptionProblem,
        dir,
      );
      assert.match(line, /^bad\.yaml:\d+:\d+: .+ \(at \/operations\/go/);
      return true;
    });
    writeFileSync(file, 'asyncapi: 1.2.0\ninfo: {}\n');
    await assert.rejects(loadEventDescription(file), /bad\.yaml:1:\d+: asyncapi: "1\.2\.0" is not a version/);
    writeFileSync(
      file,
      'asyncapi: 3.0.0\ninfo: {title: T, version: "1"}\ncomponents:\n  schemas:\n    A:\n      $ref: "https://example.com/a.json"\n',
    );
    await assert.rejects(loadEventDescription(file), (error: unknown) => {
      assert.ok(error instanceof DescriptionError);
      assert.equal(error.code, 'remote-ref');
      assert.match(error.message, /bad\.yaml:6:\d+: \$ref "https:\/\/example\.com\/a\.json" is a URL/);
      return true;
    });
  });
});
