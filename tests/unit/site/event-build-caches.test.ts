// Unit tests of what a build keeps of its event APIs between builds: the loaded AsyncAPI descriptions
// (site/events/load-cache.ts: a warm build runs no parser) and the key of an event API's pages for Astro's
// incremental build (site/events/page-cache-key.ts). The loader is a stand-in here; the parser's own
// answers are tested in tests/integration/descriptions/asyncapi.test.ts.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import type { LoadedEventDescription } from '../../../descriptions/asyncapi/index.ts';
import {
  cachedLoad,
  EVENT_LOAD_MAX_AGE_MS,
  eventLoaderDigest,
  eventLoadKey,
  pruneEventLoads,
} from '../../../site/events/load-cache.ts';
import { type EventPageKeyInputs, eventPageKeyOf } from '../../../site/events/page-cache-key.ts';

const work = mkdtempSync(join(tmpdir(), 'petstore-event-caches-'));
after(() => rmSync(work, { recursive: true, force: true }));

/** A stand-in for the loader's answer: what a real one holds, with a field the JSON round trip drops. */
function loaded(title: string): LoadedEventDescription {
  return {
    kind: 'asyncapi',
    path: '/x/asyncapi.yaml',
    text: `asyncapi: 3.0.0\ninfo: {title: ${title}}\n`,
    format: 'yaml',
    sourceVersion: '3.0.0',
    source: { asyncapi: '3.0.0', info: { title } },
    upgraded: { asyncapi: '3.0.0', info: { title } },
    resolved: { asyncapi: '3.0.0', info: { title } },
    model: { title, summary: undefined } as unknown as LoadedEventDescription['model'],
    warnings: [],
  };
}

/** A loader that counts its calls. */
function counting(value: () => LoadedEventDescription) {
  const calls = { n: 0 };
  return {
    calls,
    load: async () => {
      calls.n++;
      return value();
    },
  };
}

describe('eventLoadKey (site/events/load-cache.ts)', () => {
  const dir = join(work, 'key');
  mkdirSync(dir, { recursive: true });
  const entry = join(dir, 'asyncapi.yaml');
  const part = join(dir, 'messages.yaml');
  writeFileSync(entry, 'asyncapi: 3.0.0\ncomponents: {messages: {$ref: ./messages.yaml}}\n');
  writeFileSync(part, 'ping: {payload: {type: string}}\n');

  test('the same files and loader give the same key; a referenced file, a new file or the loader change it', () => {
    const key = eventLoadKey([entry, part], 'loader-a');
    assert.equal(eventLoadKey([entry, part], 'loader-a'), key);
    assert.notEqual(eventLoadKey([entry, part], 'loader-b'), key, 'the loader’s code');
    writeFileSync(part, 'ping: {payload: {type: integer}}\n');
    assert.notEqual(eventLoadKey([entry, part], 'loader-a'), key, 'a referenced file’s bytes');
    const missing = join(dir, 'later.yaml');
    const withMissing = eventLoadKey([entry, part, missing], 'loader-a');
    writeFileSync(missing, '');
    assert.notEqual(eventLoadKey([entry, part, missing], 'loader-a'), withMissing, 'a missing file that appears');
  });
});

describe('eventLoaderDigest (site/events/load-cache.ts)', () => {
  test('follows the description library’s sources and the installed parser; none outside a project', () => {
    const root = join(work, 'project');
    for (const d of ['descriptions/asyncapi', 'site/events', 'node_modules/@asyncapi/parser']) {
      mkdirSync(join(root, d), { recursive: true });
    }
    writeFileSync(join(root, 'descriptions/asyncapi/load.ts'), 'export {};\n');
    writeFileSync(join(root, 'descriptions/asyncapi/model.ts'), 'export const a = 1;\n');
    writeFileSync(join(root, 'site/events/load-cache.ts'), 'export {};\n');
    writeFileSync(join(root, 'node_modules/@asyncapi/parser/package.json'), '{"version":"3.6.6"}');
    const digest = eventLoaderDigest(root);
    assert.ok(digest);
    assert.equal(eventLoaderDigest(root), digest);
    writeFileSync(join(root, 'descriptions/asyncapi/model.ts'), 'export const a = 2;\n');
    const changedModel = eventLoaderDigest(root);
    assert.notEqual(changedModel, digest, 'the model’s code');
    writeFileSync(join(root, 'node_modules/@asyncapi/parser/package.json'), '{"version":"3.6.7"}');
    assert.notEqual(eventLoaderDigest(root), changedModel, 'the parser’s version');
    assert.equal(eventLoaderDigest(join(work, 'elsewhere')), undefined);
  });
});

describe('cachedLoad (site/events/load-cache.ts)', () => {
  test('the second load of the same key reads the entry: no loader runs, and the value is the same', async () => {
    const dir = join(work, 'hit');
    const { calls, load } = counting(() => loaded('Streetlights'));
    const first = await cachedLoad(dir, 'k1', load);
    const second = await cachedLoad(dir, 'k1', load);
    assert.equal(calls.n, 1);
    assert.equal(first.cached, false);
    assert.equal(second.cached, true);
    // The value made and the value read are the same JSON, so pages built from either are the same bytes.
    assert.deepStrictEqual(second.loaded, first.loaded);
    assert.equal('summary' in first.loaded.model, false, 'a fresh load is the JSON round trip too');
    const other = await cachedLoad(dir, 'k2', load);
    assert.equal(calls.n, 2, 'another key loads again');
    assert.equal(other.cached, false);
  });

  test('a load that fails writes nothing and fails again next time; a damaged entry is made again', async () => {
    const dir = join(work, 'fail');
    const failing = async (): Promise<LoadedEventDescription> => {
      throw new Error('invalid description');
    };
    await assert.rejects(cachedLoad(dir, 'bad', failing), /invalid description/);
    await assert.rejects(cachedLoad(dir, 'bad', failing), /invalid description/);
    mkdirSync(dir, { recursive: true });
    assert.deepEqual(readdirSync(dir), []);
    writeFileSync(join(dir, 'torn.json'), '{"kind":"asy');
    const { calls, load } = counting(() => loaded('Kraken'));
    const again = await cachedLoad(dir, 'torn', load);
    assert.equal(calls.n, 1);
    assert.equal(again.loaded.model.title, 'Kraken');
  });

  test('entries unused for two weeks and temporary files are pruned; used ones stay', async () => {
    const dir = join(work, 'prune');
    const { load } = counting(() => loaded('Gitter'));
    await cachedLoad(dir, 'old', load);
    await cachedLoad(dir, 'used', load);
    writeFileSync(join(dir, 'used.json.123.abcd.tmp'), '');
    const longAgo = new Date(Date.now() - EVENT_LOAD_MAX_AGE_MS - 60_000);
    utimesSync(join(dir, 'old.json'), longAgo, longAgo);
    utimesSync(join(dir, 'used.json'), longAgo, longAgo);
    await cachedLoad(dir, 'used', load); // read: marked used
    assert.equal(pruneEventLoads(dir), 2);
    assert.deepEqual(readdirSync(dir), ['used.json']);
  });
});

describe('the key of an event API’s pages (site/events/page-cache-key.ts)', () => {
  const inputs: EventPageKeyInputs = {
    files: [
      { path: 'asyncapi.yaml', bytes: Buffer.from('asyncapi: 3.0.0\n') },
      { path: 'messages.yaml', bytes: Buffer.from('ping: {}\n') },
    ],
    options: { id: 'kraken', base: '/reference/kraken', options: { sidebar: { label: 'Kraken' } } },
    date: '2026-11-27',
    sidebar: [{ label: 'Kraken', items: [{ label: 'Ping', link: '/reference/kraken/ping/' }] }],
    versions: [{ id: 'petstore', versions: [{ version: '1.0.0', current: true, base: '/reference/petstore' }] }],
  };

  test('the same inputs give the same key; each input changes it', () => {
    const key = eventPageKeyOf(inputs);
    assert.equal(eventPageKeyOf(structuredClone(inputs)), key);
    const changed: [string, EventPageKeyInputs][] = [
      [
        'a referenced file’s bytes',
        { ...inputs, files: [inputs.files[0] as never, { path: 'messages.yaml', bytes: Buffer.from('pong: {}\n') }] },
      ],
      ['a file missing', { ...inputs, files: [inputs.files[0] as never, { path: 'messages.yaml', bytes: null }] }],
      ['the options', { ...inputs, options: { ...(inputs.options as object), title: 'Kraken WebSocket API' } }],
      ['the build date', { ...inputs, date: '2026-11-28' }],
      ['the sidebar', { ...inputs, sidebar: [{ label: 'Kraken', items: [] }] }],
      ['the published versions', { ...inputs, versions: [] }],
    ];
    for (const [what, other] of changed) assert.notEqual(eventPageKeyOf(other), key, what);
  });
});
