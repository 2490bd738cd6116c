// spec-diff on a site of several APIs, as a process: the three-API fixture (tests/fixtures/apis, the Petstore's
// history from tests/fixtures/versions) committed to a throwaway git repository and listed by PETSTORE_APIS, as CI
// and the build read it; then the site's own astro.config.mjs evaluated at run time (the same APIs the build makes).
// Checks a report per API, the run's exit code, a new API, an API that cannot be read, `--api`, and spec:release
// writing each API's own record where the site reads it.
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { appendFileSync, cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { parseDocument } from 'yaml';
import { parseChangelog } from '../../../descriptions/changelog.ts';
import { siteApis } from '../../../site/apis/config.ts';
import { DEFAULT_OPTIONS } from '../../../site/apis/options.ts';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const BIN = join(ROOT, 'tools/bin/spec-diff.mjs');
const FIXTURES = join(ROOT, 'tests/fixtures');
const schema = JSON.parse(readFileSync(join(ROOT, 'tools/spec-diff/report.schema.json'), 'utf8')) as object;
const validate = new Ajv2020({ strict: false }).compile(schema);
const matchesSchema = (value: unknown): void => assert.ok(validate(value), JSON.stringify(validate.errors));

const GIT_ENV = {
  GIT_AUTHOR_NAME: 'Test',
  GIT_AUTHOR_EMAIL: 'test@example.com',
  GIT_COMMITTER_NAME: 'Test',
  GIT_COMMITTER_EMAIL: 'test@example.com',
  GIT_CONFIG_NOSYSTEM: '1',
  HOME: '/nonexistent',
};
/** The environment without the caller's PETSTORE_* overrides: each run says which APIs it means. */
const CLEAN_ENV = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('PETSTORE_')));

let repo: string;
const git = (...args: string[]) =>
  execFileSync('git', args, { cwd: repo, env: { ...process.env, ...GIT_ENV }, encoding: 'utf8' });

function specDiff(args: string[], env: Record<string, string> = {}, cwd = repo) {
  const r = spawnSync(process.execPath, [BIN, ...args], {
    cwd,
    env: { ...CLEAN_ENV, NO_COLOR: '1', BUILD_DATE: '2026-11-25', PETSTORE_APIS: 'apis/apis.yaml', ...env },
    encoding: 'utf8',
    timeout: 180_000,
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

const read = (path: string) => readFileSync(join(repo, path), 'utf8');
/** Edits a YAML file of the repository, keeping its layout; returns the new text. */
function edit(path: string, change: (d: ReturnType<typeof parseDocument>) => void): string {
  const doc = parseDocument(read(path));
  change(doc);
  writeFileSync(join(repo, path), doc.toString());
  return doc.toString();
}
const lineOf = (text: string, needle: string) => text.split('\n').findIndex((l) => l.includes(needle)) + 1;

before(() => {
  repo = mkdtempSync(join(tmpdir(), 'spec-diff-apis-'));
  git('init', '-q', '-b', 'main');
  // The list's paths stay as they are: apis/apis.yaml names ../versions/openapi.yaml.
  cpSync(join(FIXTURES, 'apis'), join(repo, 'apis'), { recursive: true });
  for (const f of ['openapi.yaml', 'changelog.json', 'released'])
    cpSync(join(FIXTURES, 'versions', f), join(repo, 'versions', f), { recursive: true });
  git('add', '-A');
  git('commit', '-qm', 'three APIs');
  git('checkout', '-q', '-b', 'feature');
});
after(() => rmSync(repo, { recursive: true, force: true }));

describe('spec:diff checks every API of the site', () => {
  test('nothing changed: exit 0, a report per API naming it, JSON as the schema says', () => {
    const r = specDiff([]);
    assert.equal(r.code, 0, r.stderr);
    assert.match(
      r.stdout,
      /^petstore \(Petstore API\): versions\/openapi\.yaml \(2\.0\.0\) against [0-9a-f]{12}:versions\/openapi\.yaml \(2\.0\.0\)/m,
    );
    assert.match(r.stdout, /^partner \(Partner Pets API\): apis\/partner\/swagger\.yaml \(3\.4\.0\) against/m);
    assert.match(r.stdout, /^events \(Pet Events API\): apis\/events\/openapi\.yaml \(0\.9\.0\) against/m);
    assert.match(
      r.stdout,
      /^3 APIs: petstore ok, partner ok, events ok\nOK: no API has a change the policy refuses\n$/m,
    );
    const json = specDiff(['--json']);
    assert.equal(json.code, 0, json.stderr);
    const out = JSON.parse(json.stdout);
    matchesSchema(out);
    assert.deepEqual(
      out.apis.map((o: { api: { id: string }; report: { changes: unknown[] } }) => [o.api.id, o.report.changes.length]),
      [
        ['petstore', 0],
        ['partner', 0],
        ['events', 0],
      ],
    );
  });

  test('a breaking change in one API: exit 1, that API named in every format, the others still pass', () => {
    const text = edit('apis/partner/swagger.yaml', (d) => d.deleteIn(['paths', '/pets/{id}', 'delete']));
    git('commit', '-qam', 'partner: remove deletePet');
    const r = specDiff([]);
    assert.equal(r.code, 1, r.stderr);
    assert.match(
      r.stdout,
      new RegExp(
        `^partner \\(Partner Pets API\\): apis/partner/swagger\\.yaml \\(3\\.4\\.0\\) against [0-9a-f]{12}:apis/partner/swagger\\.yaml \\(3\\.4\\.0\\).*\\n\\nFAIL  breaking +operation-removed  apis/partner/swagger\\.yaml:${lineOf(text, '  /pets/{id}:')}:3\\n`,
        'm',
      ),
    );
    assert.match(r.stdout, /Removed operation DELETE \/pets\/\{id\} \(deletePet\), which was not deprecated/);
    assert.match(
      r.stdout,
      /^3 APIs: petstore ok, partner refused, events ok\nFAIL: changes the API policy does not allow in partner\n$/m,
    );

    assert.equal(specDiff(['--api', 'events']).code, 0, 'another API alone passes');
    const summary = join(repo, '..', `${repo.split('/').pop()}-summary.md`);
    const gh = specDiff(['--api', 'partner', '--base', 'main', '--format', 'github', '--summary', summary]);
    assert.equal(gh.code, 1, gh.stderr);
    assert.match(
      gh.stdout,
      /^::error file=apis\/partner\/swagger\.yaml,line=\d+,col=3,title=spec-diff partner%3A breaking operation-removed::Removed operation DELETE/m,
    );
    assert.match(readFileSync(summary, 'utf8'), /^### API changes in partner \(Partner Pets API\): ❌/m);
    rmSync(summary);
    const md = specDiff(['--format', 'markdown']);
    assert.match(md.stdout, /^\| partner \(Partner Pets API\) \| ❌ refused \|/m);
    const json = JSON.parse(specDiff(['--json']).stdout);
    matchesSchema(json);
    assert.deepEqual(
      json.apis.map((o: { api: { id: string }; ok: boolean }) => `${o.api.id} ${o.ok}`),
      ['petstore true', 'partner false', 'events true'],
    );
    assert.equal(json.apis[1].report.api.id, 'partner');
    assert.equal(json.apis[1].report.changes[0].code, 'operation-removed');
    git('revert', '--no-edit', 'HEAD');
  });

  test('a new API, absent at the base: its operations added, under the deprecation rules', () => {
    const events = read('apis/events/openapi.yaml');
    cpSync(join(repo, 'apis/events'), join(repo, 'apis/shelters'), { recursive: true });
    appendFileSync(join(repo, 'apis/apis.yaml'), '- id: shelters\n  description: shelters/openapi.yaml\n');
    // Added already deprecated, without a sunset date: refused as in an existing API.
    edit('apis/shelters/openapi.yaml', (d) => d.setIn(['paths', '/subscriptions', 'get', 'deprecated'], true));
    const refused = specDiff(['--json']);
    assert.equal(refused.code, 1, refused.stderr);
    const out = JSON.parse(refused.stdout);
    matchesSchema(out);
    const shelters = out.apis[3].report;
    assert.equal(shelters.api.id, 'shelters');
    assert.equal(shelters.base.absent, true);
    assert.match(shelters.base.label, /^[0-9a-f]{12}:apis\/shelters\/openapi\.yaml$/);
    assert.deepEqual(
      shelters.changes.map((c: { code: string; decision: string }) => `${c.code}:${c.decision}`).sort(),
      [
        'deprecation-without-sunset:fail',
        'operation-added:pass',
        'operation-added:pass',
        'unclassified-change:pass',
        'unclassified-change:pass',
      ],
    );
    edit('apis/shelters/openapi.yaml', (d) =>
      d.setIn(['paths', '/subscriptions', 'get', 'x-deprecated-sunset'], '2027-12-31'),
    );
    const ok = specDiff([]);
    assert.equal(ok.code, 0, ok.stdout);
    assert.match(
      ok.stdout,
      /^shelters \(Pet Events API\): apis\/shelters\/openapi\.yaml \(0\.9\.0\) against nothing \([0-9a-f]{12}:apis\/shelters\/openapi\.yaml does not exist: a new API/m,
    );
    git('checkout', '--', 'apis/apis.yaml');
    rmSync(join(repo, 'apis/shelters'), { recursive: true });
    assert.equal(read('apis/events/openapi.yaml'), events);
  });

  test('an API that cannot be read: exit 2 naming it and its file:line, the other APIs still reported', () => {
    const events = read('apis/events/openapi.yaml');
    writeFileSync(join(repo, 'apis/events/openapi.yaml'), events.replace('paths:\n', 'paths: [\n'));
    try {
      const r = specDiff([]);
      assert.equal(r.code, 2, r.stdout);
      assert.match(r.stderr, /^spec-diff: error: events: apis\/events\/openapi\.yaml:\d+:\d+: /m);
      assert.match(r.stdout, /^petstore \(Petstore API\): /m);
      assert.match(r.stdout, /^partner \(Partner Pets API\): /m);
      assert.match(r.stdout, /^events: not compared: description_invalid/m);
      assert.match(r.stdout, /^FAIL: events not compared \(see the error\)$/m);
      const json = JSON.parse(specDiff(['--json']).stdout);
      matchesSchema(json);
      assert.equal(json.ok, false);
      assert.equal(json.apis[2].error.code, 'description_invalid');
      assert.equal(json.apis[2].error.file, 'apis/events/openapi.yaml');
    } finally {
      writeFileSync(join(repo, 'apis/events/openapi.yaml'), events);
    }
  });

  test('exit 2: an id the site does not have, a file as the base of every API', () => {
    const unknown = specDiff(['--api', 'partners', '--json']);
    assert.equal(unknown.code, 2);
    assert.deepEqual(JSON.parse(unknown.stdout).error, {
      code: 'api_unknown',
      message:
        '--api partners: no API has that id in PETSTORE_APIS (apis/apis.yaml); its APIs: petstore, partner, events',
    });
    const file = specDiff(['--base', 'apis/partner/swagger.yaml']);
    assert.equal(file.code, 2);
    assert.match(file.stderr, /configures 3 APIs \(petstore, partner, events\): name one with --api <id>/);
  });
});

describe('spec:release --api records each API in its own record', () => {
  test('a site of several APIs needs --api; an API’s first release writes its record beside its description', () => {
    const required = specDiff(['release', '3.4.0', '--json']);
    assert.equal(required.code, 2);
    assert.equal(JSON.parse(required.stdout).error.code, 'api_required');
    const petstoreLog = read('versions/changelog.json');
    const r = specDiff(['release', '--api', 'partner', '3.4.0'], { BUILD_DATE: '2026-12-01' });
    assert.equal(r.code, 0, r.stderr);
    assert.equal(
      r.stdout,
      'Released 3.4.0 of partner (Partner Pets API) (2026-12-01): 5 added.\nWrote apis/partner/changelog.json and apis/partner/released/3.4.0.yaml: review and commit both.\n',
    );
    assert.equal(read('apis/partner/released/3.4.0.yaml'), read('apis/partner/swagger.yaml'));
    assert.equal(read('versions/changelog.json'), petstoreLog, 'another API’s record untouched');
    // Where the site will read it: the configuration edge now finds the record beside the description.
    const site = siteApis(DEFAULT_OPTIONS, { env: { PETSTORE_APIS: 'apis/apis.yaml' }, cwd: repo });
    assert.equal(site.apis.find((a) => a.id === 'partner')?.changelog, join(repo, 'apis/partner/changelog.json'));
    assert.equal(site.apis.find((a) => a.id === 'events')?.changelog, undefined);
  });

  test('the next release of an API diffs against its own newest release', () => {
    edit('versions/openapi.yaml', (d) => {
      d.setIn(['info', 'version'], '2.1.0');
      d.setIn(['paths', '/pets', 'get', 'summary'], 'List every pet');
    });
    const refused = specDiff(['release', '--api', 'petstore', '2.0.0']);
    assert.equal(refused.code, 2);
    assert.match(
      refused.stderr,
      /versions\/openapi\.yaml says info\.version "2\.1\.0"; set it to "2\.0\.0" before releasing 2\.0\.0 of petstore \(Petstore API\)/,
    );
    const r = specDiff(['release', '--api', 'petstore', '2.1.0', '--json'], { BUILD_DATE: '2026-12-01' });
    assert.equal(r.code, 0, r.stderr);
    assert.deepEqual(
      JSON.parse(r.stdout).operations.map(
        (o: { change: string; operationId: string }) => `${o.change} ${o.operationId}`,
      ),
      ['changed listPets'],
    );
    assert.deepEqual(
      parseChangelog(read('versions/changelog.json')).releases.map((x) => x.version),
      ['2.1.0', '2.0.0', '1.1.0', '1.0.0'],
    );
    assert.ok(existsSync(join(repo, 'versions/released/2.1.0.yaml')));
    assert.ok(!existsSync(join(repo, 'apis/partner/released/2.1.0.yaml')));
  });
});

describe('the site’s configuration, evaluated as the build evaluates it', () => {
  test('PETSTORE_APIS=tests/fixtures/apis/apis.yaml spec:diff --api partner, from the project root', () => {
    const r = specDiff(
      ['--api', 'partner', '--base', 'tests/fixtures/apis/partner/swagger.yaml', '--json'],
      { PETSTORE_APIS: 'tests/fixtures/apis/apis.yaml' },
      ROOT,
    );
    assert.equal(r.code, 0, r.stderr);
    const report = JSON.parse(r.stdout);
    assert.deepEqual(report.api, { id: 'partner', title: 'Partner Pets API' });
    assert.equal(report.head.label, 'tests/fixtures/apis/partner/swagger.yaml');
  });

  test('the project’s one API, no --api: the same output as the description named by --head', () => {
    const env = { PETSTORE_APIS: '' };
    const configured = specDiff(['--base', 'spec/openapi.yaml'], env, ROOT);
    const named = specDiff(['--base', 'spec/openapi.yaml', '--head', 'spec/openapi.yaml'], env, ROOT);
    assert.equal(configured.code, 0, configured.stderr);
    assert.equal(configured.stdout, named.stdout);
    assert.match(configured.stdout, /^spec\/openapi\.yaml \(\d+\.\d+\.\d+\) against spec\/openapi\.yaml/);
  });

  test('a configuration the build refuses: exit 2, config_invalid, with the configuration’s own words', () => {
    writeFileSync(join(repo, 'twice.yaml'), read('apis/apis.yaml').replace('- id: events', '- id: partner'));
    const r = specDiff(['--config', join(ROOT, 'astro.config.mjs'), '--json'], { PETSTORE_APIS: 'twice.yaml' });
    assert.equal(r.code, 2, r.stdout);
    const { error } = JSON.parse(r.stdout);
    assert.equal(error.code, 'config_invalid');
    assert.match(error.message, /does not evaluate \(exit code 1\)/);
    assert.match(error.message, /twice\.yaml:\d+:\d+: 2\.id: "partner" is also the id of entry 1/);
  });
});
