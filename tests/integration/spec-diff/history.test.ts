// The release history fixture (tests/fixtures/versions/): the committed files are exactly what make-history.ts
// writes now with the real spec:release CLI, and its changelog tells the story the site is built and tested on.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { parseChangelog } from '../../../descriptions/changelog.ts';

const HISTORY = fileURLToPath(new URL('../../fixtures/versions/', import.meta.url));
const SCRIPT = join(HISTORY, 'make-history.ts');
const GENERATED = [
  'openapi.yaml',
  'changelog.json',
  'released/1.0.0.yaml',
  'released/1.1.0.yaml',
  'released/2.0.0.yaml',
];

describe('the release history fixture', () => {
  let out: string;
  before(() => {
    out = mkdtempSync(join(tmpdir(), 'history-'));
    const r = spawnSync(process.execPath, [SCRIPT, '--out', out], { encoding: 'utf8', timeout: 120_000 });
    assert.equal(r.status, 0, r.stderr);
  });
  after(() => rmSync(out, { recursive: true, force: true }));

  test('the committed files are what make-history.ts makes (regenerate: node tests/fixtures/versions/make-history.ts)', () => {
    assert.deepEqual(readdirSync(join(out, 'released')).sort(), ['1.0.0.yaml', '1.1.0.yaml', '2.0.0.yaml']);
    assert.deepEqual(readdirSync(join(HISTORY, 'released')).sort(), ['1.0.0.yaml', '1.1.0.yaml', '2.0.0.yaml']);
    for (const file of GENERATED)
      assert.ok(readFileSync(join(out, file)).equals(readFileSync(join(HISTORY, file))), `${file} differs`);
  });

  test('its changelog: 1.1.0 changed listPets, 2.0.0 removed getPet after its sunset', () => {
    const log = parseChangelog(readFileSync(join(HISTORY, 'changelog.json'), 'utf8'));
    assert.deepEqual(
      log.releases.map((r) => `${r.version} ${r.date}`),
      ['2.0.0 2026-07-06', '1.1.0 2026-03-02', '1.0.0 2026-01-12'],
    );
    const [v2, v11, v1] = log.releases;
    assert.equal(v1?.operations.find((o) => o.operationId === 'getPet')?.sunset, '2026-06-30');
    assert.deepEqual(
      v11?.operations.map((o) => `${o.change} ${o.method} ${o.path} ${o.operationId}`),
      ['changed GET /pets listPets'],
    );
    assert.match(v11?.operations[0]?.notes.map((n) => n.text).join('\n') ?? '', /query parameter `sort`/);
    assert.equal(v11?.breaking, false);
    const removed = v2?.operations.filter((o) => o.change === 'removed');
    assert.deepEqual(
      removed?.map((o) => ({ method: o.method, path: o.path, operationId: o.operationId, sunset: o.sunset })),
      [{ method: 'GET', path: '/pets/{petId}', operationId: 'getPet', sunset: '2026-06-30' }],
    );
    assert.equal(v2?.breaking, true, 'a removal is breaking even after its sunset');
  });

  test('each released file is its version, and 2.0.0 keeps the other methods of /pets/{petId}', () => {
    for (const version of ['1.0.0', '1.1.0', '2.0.0']) {
      const doc = parse(readFileSync(join(HISTORY, 'released', `${version}.yaml`), 'utf8'));
      assert.equal(doc.info.version, version);
      assert.equal(doc.info.title, 'Petstore API');
    }
    const v2 = parse(readFileSync(join(HISTORY, 'released/2.0.0.yaml'), 'utf8'));
    assert.equal(v2.paths['/pets/{petId}'].get, undefined);
    assert.ok(v2.paths['/pets/{petId}'].put && v2.paths['/pets/{petId}'].delete);
    assert.equal(
      readFileSync(join(HISTORY, 'openapi.yaml'), 'utf8'),
      readFileSync(join(HISTORY, 'released/2.0.0.yaml'), 'utf8'),
    );
  });
});
