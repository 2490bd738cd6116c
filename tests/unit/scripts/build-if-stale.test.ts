// build-if-stale rebuilds for the site's inputs and for nothing else.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, describe, test } from 'node:test';
import { eventDescriptionFiles } from '../../../descriptions/asyncapi/files.ts';
import { isStale, SITE_INPUTS } from '../../../scripts/build-if-stale.mjs';

const root = mkdtempSync(join(tmpdir(), 'build-if-stale-'));
after(() => rmSync(root, { recursive: true, force: true }));

/** When the last build ended (seconds): the time of the record it wrote last, which build-if-stale compares. */
let builtAt = 0;

/**
 * Writes dist/.built-from.json as a build under `env` would (site/integrations/built-from.ts), at
 * {@link builtAt}: the environment the configuration read, and the API's description file and release record.
 */
function marker(
  env: Record<string, string>,
  description: string,
  changelog?: string,
  events: readonly { id: string; description: string; files: string[] }[] = [],
): void {
  const seen = { PETSTORE_SPEC: '', PETSTORE_CHANGELOG: '', PETSTORE_VERSIONS: '', ...env };
  const api = { description, ...(changelog ? { changelog } : {}) };
  mkdirSync(join(root, 'dist'), { recursive: true });
  writeFileSync(
    join(root, 'dist/.built-from.json'),
    JSON.stringify({
      env: seen,
      site: {
        base: '/reference',
        catalog: events.length > 0,
        label: 'API reference',
        ...(events.length > 0
          ? { events: events.map((e) => ({ id: e.id, description: e.description, kind: 'asyncapi' })) }
          : {}),
      },
      apis: [{ api, version: '1.0.0', versions: [] }],
      ...(events.length > 0 ? { events: events.map((e) => ({ id: e.id, files: e.files })) } : {}),
    }),
  );
  utimesSync(join(root, 'dist/.built-from.json'), builtAt, builtAt);
  utimesSync(join(root, 'dist'), 1, 1);
}

/** Writes `path` (below the temporary root) with the given modification time in seconds. */
function touch(path: string, seconds: number): void {
  const file = join(root, path);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, '');
  utimesSync(file, seconds, seconds);
  // A folder's own time changes when an entry is added: keep it old so only the file counts.
  for (let d = dirname(file); d.startsWith(root) && d !== root; d = dirname(d)) utimesSync(d, 1, 1);
}

describe('build-if-stale', () => {
  test('the inputs are the site, the description library, the spec, public/, Astro config and the lockfile', () => {
    assert.deepEqual([...SITE_INPUTS].sort(), [
      'astro.config.mjs',
      'descriptions',
      'ec.config.mjs',
      'package-lock.json',
      'public',
      'site',
      'spec',
    ]);
  });

  test('missing dist/ is stale', () => {
    touch('site/index.astro', 100);
    assert.equal(isStale(root), true);
  });

  test('dist newer than every input is fresh; a newer file in tools/, tests/ or scripts/ does not rebuild', () => {
    builtAt = 200;
    marker({}, join(root, 'spec/openapi.yaml'));
    touch('tools/docs-domains/cli.ts', 300);
    touch('tests/unit/x.test.ts', 300);
    touch('scripts/serve.ts', 300);
    assert.equal(isStale(root), false);
  });

  for (const input of [
    'site/pages/x.astro',
    'spec/openapi.yaml',
    'public/favicon.svg',
    'astro.config.mjs',
    'ec.config.mjs',
  ]) {
    test(`a newer ${input} rebuilds`, () => {
      touch(input, 400);
      assert.equal(isStale(root), true);
      rmSync(join(root, input));
      utimesSync(join(root, dirname(input)), 1, 1);
      assert.equal(isStale(root), false);
    });
  }

  test('a build from another description (PETSTORE_SPEC) is stale, and so is one whose split parts changed', () => {
    assert.equal(isStale(root, {}), false);
    touch('specs/other/openapi.yaml', 100);
    touch('specs/other/schemas/pet.yaml', 100);
    const env = { PETSTORE_SPEC: 'specs/other/openapi.yaml' };
    assert.equal(isStale(root, env), true, 'dist was built from spec/openapi.yaml');
    marker(env, join(root, 'specs/other/openapi.yaml'));
    assert.equal(isStale(root, env), false);
    assert.equal(isStale(root, {}), true, 'and back');
    touch('specs/other/schemas/pet.yaml', 500);
    assert.equal(isStale(root, env), true, 'a part of the split description is newer');
  });

  test('another release record (PETSTORE_CHANGELOG), a newer release in it, or another PETSTORE_VERSIONS rebuilds', () => {
    const spec = join(root, 'specs/other/openapi.yaml');
    const changelog = join(root, 'history/changelog.json');
    touch('history/changelog.json', 100);
    touch('history/released/1.0.0.yaml', 100);
    builtAt = 600;
    const env = { PETSTORE_SPEC: 'specs/other/openapi.yaml', PETSTORE_CHANGELOG: 'history/changelog.json' };
    marker({ PETSTORE_SPEC: env.PETSTORE_SPEC }, spec);
    assert.equal(isStale(root, env), true, 'built without that record');
    marker(env, spec, changelog);
    assert.equal(isStale(root, env), false);
    assert.equal(isStale(root, { ...env, PETSTORE_VERSIONS: 'last:1' }), true, 'another publish policy');
    touch('history/released/1.1.0.yaml', 700);
    assert.equal(isStale(root, env), true, 'a newer release');
  });

  test('an event API (AsyncAPI) rebuilds when its description, a file beside it or a file it references changes', () => {
    const spec = join(root, 'spec/openapi.yaml');
    const entry = join(root, 'apis/events/asyncapi.yaml');
    const shared = join(root, 'shared/messages/ping.yaml');
    mkdirSync(dirname(entry), { recursive: true });
    mkdirSync(dirname(shared), { recursive: true });
    writeFileSync(
      entry,
      'asyncapi: 3.0.0\ninfo: {title: Events, version: 1.0.0}\ncomponents:\n  messages:\n    ping: {$ref: "../../shared/messages/ping.yaml"}\n',
    );
    writeFileSync(shared, 'payload: {$ref: "./schemas/ping.json#/definitions/ping"}\n');
    touch('shared/messages/schemas/ping.json', 100);
    writeFileSync(join(root, 'shared/messages/schemas/ping.json'), '{"definitions": {"ping": {"type": "object"}}}');
    for (const file of [entry, shared, join(root, 'shared/messages/schemas/ping.json')]) utimesSync(file, 100, 100);
    for (const d of ['apis/events', 'apis', 'shared/messages/schemas', 'shared/messages', 'shared']) {
      utimesSync(join(root, d), 1, 1);
    }
    const files = eventDescriptionFiles(entry);
    assert.deepEqual(files, [entry, shared, join(root, 'shared/messages/schemas/ping.json')], 'followed transitively');
    builtAt = 800;
    marker({}, spec, undefined, [{ id: 'events', description: entry, files }]);
    assert.equal(isStale(root, {}), false);
    utimesSync(join(root, 'shared/messages/schemas/ping.json'), 900, 900);
    assert.equal(isStale(root, {}), true, 'a schema the description reaches through two files is newer');
    utimesSync(join(root, 'shared/messages/schemas/ping.json'), 100, 100);
    utimesSync(entry, 900, 900);
    assert.equal(isStale(root, {}), true, 'the description is newer');
    utimesSync(entry, 100, 100);
    touch('apis/events/notes.yaml', 900);
    assert.equal(isStale(root, {}), true, 'a file beside it is newer');
    rmSync(join(root, 'apis/events/notes.yaml'));
    utimesSync(join(root, 'apis/events'), 1, 1);
    assert.equal(isStale(root, {}), false);
  });

  test('DIST_DIR points at another output folder', () => {
    assert.equal(isStale(root, { DIST_DIR: 'dist-other' }), true);
  });
});
