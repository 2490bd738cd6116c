// The event mock's core (site/mock/events/) on a small request/reply model made by hand: Server-Sent
// Events of the messages the API sends, POST of the messages it receives (202 with the reply and the
// correlation id copied, 400 naming the field), WebSocket sessions' decisions, tokens from the
// `access_token` query parameter (RFC 6750 section 2.3) and the rate limit.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { pathToFileURL } from 'node:url';
import type { EventModel } from '../../../descriptions/asyncapi/types.ts';
import { MessageValidators } from '../../../site/mock/events/compile.ts';
import { checkerOf, createEventMock, requestToken, sseFrame } from '../../../site/mock/events/index.ts';
import { eventValidatorsModule } from '../../../site/mock/events/precompile.ts';
import type { CompiledValidator } from '../../../site/mock/events/validate.ts';
import { ROOT } from '../../support/server.ts';

const lifecycle = { deprecated: false };
const ping = {
  id: 'ping',
  name: 'ping',
  contentType: 'application/json',
  payload: {
    type: 'object',
    required: ['event', 'reqid'],
    properties: {
      event: { type: 'string', const: 'ping' },
      reqid: { type: 'integer' },
      at: { type: 'string', format: 'date-time' },
      tags: { type: 'array', items: { $ref: '#/components/schemas/tag' } },
    },
  },
  correlationId: { location: '$message.payload#/reqid', in: 'payload' as const, pointer: '/reqid' },
  examples: [],
  bindings: [],
  tags: [],
  deprecated: false,
};
const pong = {
  ...ping,
  id: 'pong',
  name: 'pong',
  payload: { type: 'object', properties: { event: { const: 'pong' }, reqid: { type: 'integer' } } },
  examples: [{ payload: { event: 'pong', reqid: 0 } }],
};
const tick = {
  ...ping,
  id: 'tick',
  name: 'tick',
  correlationId: undefined,
  payload: { type: 'object', properties: { n: { type: 'integer', minimum: 1 } } },
  examples: [{ payload: { n: 1 } }, { payload: { n: 2 } }],
};
const MODEL: EventModel = {
  asyncapi: '3.0.0',
  title: 'Ticks',
  version: '1.0.0',
  tags: [],
  servers: [],
  securitySchemes: [],
  channels: [
    { id: 'rpc', address: '/', parameters: [], servers: [], messages: ['ping', 'pong'], bindings: [], tags: [] },
    { id: 'ticks', address: '/', parameters: [], servers: [], messages: ['tick'], bindings: [], tags: [] },
    {
      id: 'rooms',
      address: 'rooms/{room}',
      parameters: [{ name: 'room' }],
      servers: [],
      messages: ['tick'],
      bindings: [],
      tags: [],
    },
  ],
  operations: [
    {
      id: 'receivePing',
      action: 'receive',
      channel: 'rpc',
      messages: ['ping'],
      reply: { channel: 'rpc', messages: ['pong'] },
      bindings: [],
      security: [],
      tags: [],
      lifecycle,
      codeSamples: [],
    },
    {
      id: 'sendTick',
      action: 'send',
      channel: 'ticks',
      messages: ['tick'],
      bindings: [],
      security: [],
      tags: [],
      lifecycle,
      codeSamples: [],
    },
    {
      id: 'roomTick',
      action: 'send',
      channel: 'rooms',
      messages: ['tick'],
      bindings: [],
      security: [],
      tags: [],
      lifecycle,
      codeSamples: [],
    },
  ],
  messages: [ping, pong, tick],
  schemas: [{ name: 'tag', schema: { type: 'string', enum: ['a', 'b'] } }],
};
const BASE = 'http://mock.test/api/mock/ticks';

/**
 * The validators the in-browser event mock carries: events/precompile.ts's module, imported as the bundler
 * would link it (its `require`s of Ajv's runtime and ajv-formats resolved from the project), no bundler run.
 */
async function precompiled(model: EventModel): Promise<Record<string, CompiledValidator>> {
  // Below the project, so the module's `require`s resolve from its node_modules.
  mkdirSync(join(ROOT, 'node_modules/.cache'), { recursive: true });
  const dir = mkdtempSync(join(ROOT, 'node_modules/.cache/event-validators-'));
  try {
    const file = join(dir, 'validators.mjs');
    writeFileSync(
      file,
      `import { createRequire } from 'node:module';\nconst require = createRequire(${JSON.stringify(pathToFileURL(join(ROOT, 'package.json')).href)});\n${eventValidatorsModule(model)}`,
    );
    return ((await import(pathToFileURL(file).href)) as { byMessage: Record<string, CompiledValidator> }).byMessage;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function mock(options: Parameters<typeof createEventMock>[1] = {}) {
  return createEventMock([{ mount: '/api/mock/ticks', model: MODEL, validators: new MessageValidators(MODEL) }], {
    paceMs: 20,
    ...options,
  });
}

async function readEvents(response: Response, count: number): Promise<string> {
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  let text = '';
  while ((text.match(/^event: /gm) ?? []).length < count) {
    const { value, done } = await reader.read();
    if (done) break;
    text += decoder.decode(value);
  }
  await reader.cancel();
  return text;
}

describe('site/mock/events', () => {
  test('GET with Accept: text/event-stream: the sent messages, named, examples in turn, one at once then at the pace', async () => {
    const abort = new AbortController();
    const started = Date.now();
    const response = await mock().handle(
      new Request(`${BASE}/`, { headers: { Accept: 'text/event-stream' }, signal: abort.signal }),
    );
    assert.equal(response.status, 200);
    assert.match(response.headers.get('Content-Type') ?? '', /^text\/event-stream/);
    const text = await readEvents(response, 3);
    abort.abort();
    assert.match(
      text,
      /event: tick\ndata: \{"n":1\}\n\n[\s\S]*event: tick\ndata: \{"n":2\}\n\n[\s\S]*event: tick\ndata: \{"n":1\}/,
    );
    assert.ok(Date.now() - started >= 30, 'the later messages wait for the pace');
    assert.equal(sseFrame({ event: 'e', payload: { a: 1 }, operation: 'o' }, 3), 'id: 3\nevent: e\ndata: {"a":1}\n\n');
  });

  test('parameters fill a channel address; an unknown address is 404 naming the channels', async () => {
    const m = mock();
    const stream = await m.handle(new Request(`${BASE}/rooms/blue`, { headers: { Accept: 'text/event-stream' } }));
    assert.equal(stream.status, 200);
    await stream.body?.cancel();
    const missing = await m.handle(new Request(`${BASE}/nowhere`, { headers: { Accept: 'text/event-stream' } }));
    assert.equal(missing.status, 404);
    const body = (await missing.json()) as { channels: string[] };
    assert.deepEqual(body.channels, ['/', '/', 'rooms/{room}']);
    assert.equal(m.owns('/api/mock/ticks/x'), true);
    assert.equal(m.owns('/api/mock/petstore/pets'), false);
  });

  test('POST: 202 with the reply and the correlation id copied; 400 naming the failing field', async () => {
    const m = mock();
    const ok = await m.handle(
      new Request(`${BASE}/`, { method: 'POST', body: JSON.stringify({ event: 'ping', reqid: 42 }) }),
    );
    assert.equal(ok.status, 202);
    assert.deepEqual(await ok.json(), {
      accepted: true,
      operation: 'receivePing',
      message: 'ping',
      reply: { event: 'pong', data: { event: 'pong', reqid: 42 }, correlationId: 42 },
    });
    const bad = await m.handle(new Request(`${BASE}/`, { method: 'POST', body: '{"event":"ping","reqid":"x"}' }));
    assert.equal(bad.status, 400);
    assert.equal(bad.headers.get('Content-Type'), 'application/problem+json');
    const problem = (await bad.json()) as { errors: { field: string }[] };
    assert.deepEqual(
      problem.errors.map((e) => e.field),
      ['payload.reqid'],
    );
    const missing = await m.handle(new Request(`${BASE}/`, { method: 'POST', body: '{"event":"ping"}' }));
    assert.deepEqual(((await missing.json()) as { errors: { field: string }[] }).errors[0]?.field, 'payload.reqid');
    const onlySends = await m.handle(new Request(`${BASE}/rooms/blue`, { method: 'POST', body: '{"n":1}' }));
    assert.equal(onlySends.status, 405);
  });

  test('a WebSocket session: the first message at once, replies, and an error frame that keeps the session', async () => {
    const session = await mock().wsSession(new URL(`${BASE}/?access_token=abc`), null);
    assert.ok(!(session instanceof Response));
    assert.deepEqual(
      session.first.map((m) => m.event),
      ['tick'],
    );
    assert.deepEqual(session.next()?.payload, { n: 2 });
    assert.deepEqual(session.receive('{"event":"ping","reqid":5}'), {
      event: 'pong',
      data: { event: 'pong', reqid: 5 },
      correlationId: 5,
    });
    const error = session.receive('{"event":"ping","reqid":true}');
    assert.equal(error.event, 'error');
    assert.ok('error' in error && error.error.fields.some((f) => f.field === 'payload.reqid'));
    assert.equal(session.receive('{"event":"ping","reqid":6}').event, 'pong');
  });

  test('the in-browser mock: validators compiled at build time decide as the server compiles them at run time', async () => {
    const validators = checkerOf(await precompiled(MODEL));
    const server = new MessageValidators(MODEL);
    const payloads = [
      { event: 'ping', reqid: 1 },
      { event: 'ping', reqid: 'x' },
      { event: 'ping' },
      { event: 'pong', reqid: 1 },
      { event: 'ping', reqid: 1, at: '2026-11-29T06:00:00Z' },
      { event: 'ping', reqid: 1, at: 'yesterday' },
      { event: 'ping', reqid: 1, tags: ['a', 'c'] },
      'ping',
    ];
    for (const payload of payloads) {
      assert.deepEqual(validators.check(ping, payload), server.check(ping, payload), JSON.stringify(payload));
    }
    assert.deepEqual(
      validators.check(ping, { event: 'ping', reqid: 1, at: 'yesterday', tags: ['c'] }).map((p) => p.field),
      ['payload.at', 'payload.tags.0'],
      'formats and $refs into the schemas are checked',
    );
    // The core on them: the same POST answers as on the server.
    const m = createEventMock([{ mount: '/api/mock/ticks', model: MODEL, validators }]);
    const ok = await m.handle(new Request(`${BASE}/`, { method: 'POST', body: '{"event":"ping","reqid":7}' }));
    assert.equal(ok.status, 202);
    assert.deepEqual(((await ok.json()) as { reply: unknown }).reply, {
      event: 'pong',
      data: { event: 'pong', reqid: 7 },
      correlationId: 7,
    });
    const bad = await m.handle(new Request(`${BASE}/`, { method: 'POST', body: '{"event":"ping","reqid":"x"}' }));
    assert.equal(bad.status, 400);
    assert.deepEqual(
      ((await bad.json()) as { errors: { field: string }[] }).errors.map((e) => e.field),
      ['payload.reqid'],
    );
  });

  test('the token: Authorization: Bearer first, else access_token; the rate limit per token', async () => {
    assert.equal(requestToken(new URL('http://x/?access_token=q'), 'Bearer h'), 'h');
    assert.equal(requestToken(new URL('http://x/?access_token=q'), null), 'q');
    const m = mock({ rate: { limit: 2, windowS: 60 }, now: () => 1_000 });
    const post = (token: string) =>
      m.handle(new Request(`${BASE}/?access_token=${token}`, { method: 'POST', body: '{"event":"ping","reqid":1}' }));
    assert.equal((await post('a')).status, 202);
    const second = await post('a');
    assert.equal(second.headers.get('RateLimit'), '"default";r=0;t=60');
    const third = await post('a');
    assert.equal(third.status, 429);
    assert.equal(third.headers.get('Retry-After'), '60');
    assert.equal((await post('b')).status, 202, "another token's window is its own");
  });
});
