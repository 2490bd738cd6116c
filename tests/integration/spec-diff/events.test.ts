// spec-diff on event APIs, as a process, over the AsyncAPI specification's own examples (tests/fixtures/asyncapi,
// Apache-2.0) and a release history made from them (tests/fixtures/event-versions): a 2.6 document against its
// 3.1 rewrite, the releases of the history against each other, a base read from a git revision, a release
// recorded, and an AsyncAPI document against an OpenAPI one. The real parser and converter run (about a second
// per document), hence an integration test.
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { parseChangelog } from '../../../descriptions/changelog.ts';
import type { Report } from '../../../tools/spec-diff/core/types.ts';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const MAIN = join(ROOT, 'tools/bin/spec-diff.mjs');
const ASYNCAPI = join(ROOT, 'tests/fixtures/asyncapi');
const HISTORY = join(ROOT, 'tests/fixtures/event-versions/streetlights');
let work: string;

function specDiff(args: string[], env: Record<string, string> = {}, cwd = ROOT) {
  const r = spawnSync(process.execPath, [MAIN, ...args], {
    cwd,
    env: { ...process.env, NO_COLOR: '1', BUILD_DATE: '2026-11-29', ...env },
    encoding: 'utf8',
    timeout: 120_000,
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

const codes = (r: Report) => r.changes.map((c) => `${c.code}:${c.decision}`);

before(() => {
  work = mkdtempSync(join(tmpdir(), 'spec-diff-events-'));
});
after(() => rmSync(work, { recursive: true, force: true }));

describe('spec:diff on AsyncAPI documents', () => {
  test('2.6 against its 3.1 rewrite: upgraded and compared; renamed channels are breaking by the standard', () => {
    const r = specDiff([
      'diff',
      '--base',
      join(ASYNCAPI, '2.6/streetlights-mqtt.yml'),
      '--head',
      join(ASYNCAPI, '3.x/streetlights-mqtt.yml'),
      '--json',
    ]);
    assert.equal(r.code, 1, r.stderr);
    const report = JSON.parse(r.stdout) as Report;
    assert.equal(report.base.asyncapi, '2.6.0');
    assert.equal(report.head.asyncapi, '3.1.0');
    // The operations keep their ids (2.x operationId = 3.x key): no operation is added or removed.
    assert.ok(!codes(report).some((c) => c.startsWith('operation-')), codes(report).join(', '));
    // The converter keys channels by address; the 3.1 example names them: removed (breaking) and added.
    const removed = report.changes.find(
      (c) => c.pointer === '/channels/smartylighting~1streetlights~11~10~1action~1{streetlightId}~1turn~1on',
    );
    assert.equal(removed?.class, 'breaking');
    assert.deepEqual(
      removed?.operations.map((o) => `${o.method} ${o.operationId}`),
      ['RECEIVE turnOn'],
    );
    const added = report.changes.find((c) => c.pointer === '/channels/lightTurnOn');
    assert.equal(added?.class, 'non-breaking');
    // A 3.x head: every change at its line.
    assert.ok(added?.location && added.location.line > 1);
  });

  test('the releases of a history: removed after the sunset date is allowed; a payload field made required passes', () => {
    const major = specDiff(
      [
        'diff',
        '--base',
        join(HISTORY, 'released/1.0.0.yaml'),
        '--head',
        join(HISTORY, 'released/2.0.0.yaml'),
        '--json',
      ],
      { BUILD_DATE: '2026-07-06' },
    );
    assert.equal(major.code, 0, major.stdout + major.stderr);
    const report = JSON.parse(major.stdout) as Report;
    assert.ok(codes(report).includes('operation-removed-after-sunset:allowed'), codes(report).join(', '));
    assert.equal(report.changes.find((c) => c.code === 'operation-removed-after-sunset')?.params.sunset, '2026-06-30');

    const minor = specDiff([
      'diff',
      '--base',
      join(HISTORY, 'released/2.0.0.yaml'),
      '--head',
      join(HISTORY, 'streetlights.yml'),
    ]);
    assert.equal(minor.code, 0, minor.stdout + minor.stderr);
    assert.match(minor.stdout, /ok +unclassified +unclassified-change +\S+streetlights\.yml:\d+:\d+/);
    assert.match(
      minor.stdout,
      /Added required: \["lumens"\] \(schema lightMeasuredPayload; operation receiveLightMeasurement\)/,
    );
  });

  test('an operation removed before its sunset date without a new major version is refused, naming the date', () => {
    // 1.0.0 deprecated dimLight until 2026-06-30; a 1.1.0 without it on 2026-03-01 is refused.
    const text = readFileSync(join(HISTORY, 'released/1.0.0.yaml'), 'utf8')
      .replace('  version: 1.0.0\n', '  version: 1.1.0\n')
      .replace(/ {2}smartylighting\/streetlights\/1\/0\/action\/\{streetlightId\}\/dim:\n(?: {4}.*\n|\n)*/, '');
    const head = join(work, 'without-dim.yml');
    writeFileSync(head, text);
    const r = specDiff(['diff', '--base', join(HISTORY, 'released/1.0.0.yaml'), '--head', head, '--json'], {
      BUILD_DATE: '2026-03-01',
    });
    assert.equal(r.code, 1, r.stdout + r.stderr);
    const report = JSON.parse(r.stdout) as Report;
    const refused = report.changes.find((c) => c.code === 'operation-removed-before-sunset');
    assert.equal(refused?.decision, 'fail');
    assert.equal(refused?.params.sunset, '2026-06-30');
    assert.deepEqual(refused?.operations[0]?.operationId, 'dimLight');
  });

  test('a base from a git revision; --format github annotations', () => {
    const repo = join(work, 'repo');
    mkdirSync(repo);
    const git = (...args: string[]) =>
      execFileSync('git', args, {
        cwd: repo,
        env: {
          ...process.env,
          GIT_AUTHOR_NAME: 'T',
          GIT_AUTHOR_EMAIL: 't@example.com',
          GIT_COMMITTER_NAME: 'T',
          GIT_COMMITTER_EMAIL: 't@example.com',
          GIT_CONFIG_NOSYSTEM: '1',
          HOME: '/nonexistent',
        },
        encoding: 'utf8',
      });
    git('init', '-q', '-b', 'main');
    cpSync(join(ASYNCAPI, '3.x/streetlights-mqtt.yml'), join(repo, 'events.yml'));
    git('add', '.');
    git('commit', '-qm', 'events');
    git('checkout', '-qb', 'change');
    const file = join(repo, 'events.yml');
    writeFileSync(
      file,
      readFileSync(file, 'utf8').replace(
        "address: 'smartylighting/streetlights/1/0/action/{streetlightId}/turn/on'",
        "address: 'smartylighting/streetlights/2/action/{streetlightId}/turn/on'",
      ),
    );
    git('commit', '-qam', 'move');
    const r = specDiff(['diff', '--head', 'events.yml', '--format', 'github'], {}, repo);
    assert.equal(r.code, 1, r.stdout + r.stderr);
    assert.match(r.stdout, /^::error file=events\.yml,line=\d+,col=\d+,title=spec-diff%3A breaking breaking-change::/m);
  });

  test('spec:release records an event API release: operations by side, address and id', () => {
    const dir = join(work, 'release');
    mkdirSync(dir);
    cpSync(join(ASYNCAPI, '3.x/streetlights-mqtt.yml'), join(dir, 'events.yml'));
    const r = specDiff([
      'release',
      '1.0.0',
      '--head',
      join(dir, 'events.yml'),
      '--changelog',
      join(dir, 'changelog.json'),
    ]);
    assert.equal(r.code, 0, r.stdout + r.stderr);
    const record = parseChangelog(readFileSync(join(dir, 'changelog.json'), 'utf8'));
    assert.deepEqual(record.releases[0]?.operations.map((o) => `${o.change} ${o.method} ${o.operationId}`).sort(), [
      'added RECEIVE dimLight',
      'added RECEIVE turnOff',
      'added RECEIVE turnOn',
      'added SEND receiveLightMeasurement',
    ]);
    assert.equal(readFileSync(join(dir, 'released/1.0.0.yaml'), 'utf8'), readFileSync(join(dir, 'events.yml'), 'utf8'));
  });

  test('an AsyncAPI base and an OpenAPI head: an input error, exit 2', () => {
    const r = specDiff([
      'diff',
      '--base',
      join(ASYNCAPI, '3.x/streetlights-mqtt.yml'),
      '--head',
      join(ROOT, 'spec/openapi.yaml'),
      '--json',
    ]);
    assert.equal(r.code, 2);
    assert.equal(JSON.parse(r.stdout).error.code, 'description_invalid');
  });
});
