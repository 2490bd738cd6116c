// spec-diff end to end, as a process in a throwaway git repository: the Petstore description released as 1.0.0
// on main, then a branch whose commit changes it. Checks the output, the exit codes, the changelog file and the
// folder of released descriptions that spec:release writes, and the changelog page's model built from that file.
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { parse, parseDocument } from 'yaml';
import { parseChangelog } from '../../../descriptions/changelog.ts';
import { changedIn, changelogView } from '../../../site/changelog/model.ts';
import type { OpenApiDocument } from '../../../site/reference/model/document.ts';
import { buildReferenceModel } from '../../../site/reference/model/reference.ts';

const MAIN = fileURLToPath(new URL('../../../tools/bin/spec-diff.mjs', import.meta.url));
const SPEC = fileURLToPath(new URL('../../../spec/openapi.yaml', import.meta.url));
let repo: string;

const GIT_ENV = {
  GIT_AUTHOR_NAME: 'Test',
  GIT_AUTHOR_EMAIL: 'test@example.com',
  GIT_COMMITTER_NAME: 'Test',
  GIT_COMMITTER_EMAIL: 'test@example.com',
  GIT_CONFIG_NOSYSTEM: '1',
  HOME: '/nonexistent',
};

function git(...args: string[]): string {
  return execFileSync('git', args, { cwd: repo, env: { ...process.env, ...GIT_ENV }, encoding: 'utf8' });
}

function specDiff(args: string[], env: Record<string, string> = {}) {
  const r = spawnSync(process.execPath, [MAIN, ...args], {
    cwd: repo,
    env: { ...process.env, NO_COLOR: '1', BUILD_DATE: '2026-11-25', ...env },
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** Edits the description in the repository (YAML kept as written) and commits it. */
function commitEdit(message: string, edit: (d: ReturnType<typeof parseDocument>) => void): string {
  const file = join(repo, 'spec/openapi.yaml');
  const doc = parseDocument(readFileSync(file, 'utf8'));
  edit(doc);
  writeFileSync(file, doc.toString());
  git('commit', '-qam', message);
  return doc.toString();
}

const lineOf = (text: string, needle: string) => text.split('\n').findIndex((l) => l.includes(needle)) + 1;

before(() => {
  repo = mkdtempSync(join(tmpdir(), 'spec-diff-repo-'));
  git('init', '-q', '-b', 'main');
  mkdirSync(join(repo, 'spec'));
  cpSync(SPEC, join(repo, 'spec/openapi.yaml'));
  const r = specDiff(['release', '1.0.0']);
  assert.equal(r.code, 0, r.stderr);
  git('add', '-A');
  git('commit', '-qm', 'Petstore 1.0.0');
  git('checkout', '-q', '-b', 'feature');
});
after(() => rmSync(repo, { recursive: true, force: true }));

describe('spec-diff in a git repository', () => {
  test('the first release recorded every operation and kept the description, byte for byte, as released/1.0.0.yaml', () => {
    const log = parseChangelog(readFileSync(join(repo, 'spec/changelog.json'), 'utf8'));
    assert.equal(log.releases.length, 1);
    assert.equal(log.releases[0]?.operations.length, 18);
    assert.deepEqual(readdirSync(join(repo, 'spec/released')), ['1.0.0.yaml']);
    assert.equal(readFileSync(join(repo, 'spec/released/1.0.0.yaml'), 'utf8'), readFileSync(SPEC, 'utf8'));
  });

  test('no change: exit 0 against the merge-base with main (the default base)', () => {
    const r = specDiff([]);
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stdout, /against [0-9a-f]{12}:spec\/openapi\.yaml \(1\.0\.0\)/);
    assert.match(r.stdout, /no changes/);
  });

  test('a breaking change: exit 1, its line in the description, annotations for GitHub', () => {
    const text = commitEdit('Remove createCategory', (d) => d.deleteIn(['paths', '/categories', 'post']));
    const r = specDiff([]);
    assert.equal(r.code, 1, r.stderr);
    assert.match(
      r.stdout,
      new RegExp(`FAIL  breaking +operation-removed  spec/openapi\\.yaml:${lineOf(text, '  /categories:')}:3`),
    );
    assert.match(r.stdout, /Removed operation POST \/categories \(createCategory\), which was not deprecated/);
    const gh = specDiff(['--base', 'main', '--format', 'github']);
    assert.equal(gh.code, 1);
    assert.match(
      gh.stdout,
      /^::error file=spec\/openapi\.yaml,line=\d+,col=3,title=spec-diff%3A breaking operation-removed::/m,
    );
    const json = JSON.parse(specDiff(['--base', 'main', '--json']).stdout);
    assert.equal(json.base.label, 'main:spec/openapi.yaml');
    assert.match(json.base.commit, /^[0-9a-f]{40}$/);
    git('revert', '--no-edit', 'HEAD');
  });

  test('removing the deprecated getPet: refused before its sunset, allowed after it, then released as 1.1.0', () => {
    commitEdit('Remove getPet after its sunset', (d) => {
      d.deleteIn(['paths', '/pets/{petId}', 'get']);
      d.setIn(['info', 'version'], '1.1.0');
    });
    const early = specDiff([], { BUILD_DATE: '2027-06-30' });
    assert.equal(early.code, 1);
    assert.match(early.stdout, /operation-removed-before-sunset/);
    assert.match(early.stdout, /before its sunset date 2027-06-30/);
    const late = specDiff([], { BUILD_DATE: '2027-07-01' });
    assert.equal(late.code, 0, late.stdout);
    assert.match(late.stdout, /ALLOW breaking +operation-removed-after-sunset/);
    assert.match(late.stdout, /OK: breaking changes only where the policy allows them/);

    const changelogBefore = readFileSync(join(repo, 'spec/changelog.json'), 'utf8');
    assert.equal(specDiff(['release', '1.1.0'], { BUILD_DATE: '2027-06-30' }).code, 1, 'refused before the sunset');
    assert.equal(specDiff(['release', '1.2.0'], { BUILD_DATE: '2027-07-01' }).code, 2, 'info.version says 1.1.0');
    assert.equal(readFileSync(join(repo, 'spec/changelog.json'), 'utf8'), changelogBefore, 'refused: nothing written');
    assert.deepEqual(readdirSync(join(repo, 'spec/released')), ['1.0.0.yaml'], 'refused: nothing written');
    const rel = specDiff(['release', '1.1.0'], { BUILD_DATE: '2027-07-01' });
    assert.equal(rel.code, 0, rel.stderr);
    assert.match(rel.stdout, /Released 1\.1\.0 \(2027-07-01\), breaking: 1 removed/);
    assert.match(rel.stdout, /Wrote spec\/changelog\.json and spec\/released\/1\.1\.0\.yaml/);
    assert.deepEqual(readdirSync(join(repo, 'spec/released')), ['1.0.0.yaml', '1.1.0.yaml']);
    assert.equal(readFileSync(join(repo, 'spec/released/1.0.0.yaml'), 'utf8'), readFileSync(SPEC, 'utf8'));
    assert.equal(
      readFileSync(join(repo, 'spec/released/1.1.0.yaml'), 'utf8'),
      readFileSync(join(repo, 'spec/openapi.yaml'), 'utf8'),
    );
    const log = parseChangelog(readFileSync(join(repo, 'spec/changelog.json'), 'utf8'));
    assert.deepEqual(
      log.releases.map((r) => r.version),
      ['1.1.0', '1.0.0'],
    );
    assert.deepEqual(
      log.releases[0]?.operations.map((o) => `${o.change} ${o.operationId}`),
      ['removed getPet'],
    );
    assert.equal(specDiff(['release', '1.1.0'], { BUILD_DATE: '2027-07-01' }).code, 2, 'already released');

    // The changelog page as the site builds it from that file and the released description.
    const model = buildReferenceModel(parse(readFileSync(join(repo, 'spec/openapi.yaml'), 'utf8')) as OpenApiDocument, {
      buildDate: '2027-07-01',
    });
    const pageOf = (op: { operationId?: string }) =>
      model.operations.find((o) => o.operationId === op.operationId)?.url;
    const [newest, first] = changelogView(log, pageOf);
    assert.equal(newest?.version, '1.1.0');
    assert.equal(newest?.breaking, true);
    assert.equal(newest?.sections[0]?.title, 'Removed');
    assert.equal(newest?.sections[0]?.items[0]?.url, undefined);
    assert.equal(
      first?.sections[0]?.items.find((i) => i.operationId === 'listPets')?.url,
      pageOf({ operationId: 'listPets' }),
    );
    assert.deepEqual(
      changedIn(log, { operationId: 'getPet', method: 'GET', path: '/pets/{petId}' }).map((v) => v.version),
      ['1.1.0', '1.0.0'],
    );
  });

  test('exit 2: a revision that does not exist, a file missing at the revision', () => {
    const r = specDiff(['--base', 'no-such-branch']);
    assert.equal(r.code, 2);
    assert.match(r.stderr, /--base no-such-branch: neither a file nor a git revision/);
    cpSync(SPEC, join(repo, 'spec/draft.yaml'));
    const m = specDiff(['--base', 'main', '--head', 'spec/draft.yaml']);
    assert.equal(m.code, 2);
    assert.match(m.stderr, /spec\/draft\.yaml does not exist at main/);
  });
});

describe('spec-diff --base <ref> on a description split over files', () => {
  let split: string;
  const gitIn = (...args: string[]) =>
    execFileSync('git', args, { cwd: split, env: { ...process.env, ...GIT_ENV }, encoding: 'utf8' });
  const run = (args: string[]) => {
    const r = spawnSync(process.execPath, [MAIN, ...args], {
      cwd: split,
      env: { ...process.env, NO_COLOR: '1', BUILD_DATE: '2026-11-25' },
      encoding: 'utf8',
      timeout: 60_000,
    });
    return { code: r.status, stdout: r.stdout, stderr: r.stderr };
  };
  const write = (path: string, text: string) => {
    mkdirSync(join(split, path, '..'), { recursive: true });
    writeFileSync(join(split, path), text);
  };
  const ENTRY = `openapi: 3.0.3
info:
  title: Split
  version: 1.0.0
paths:
  /pets:
    get:
      operationId: listPets
      responses:
        "200":
          description: The pets.
          content:
            application/json:
              schema:
                type: array
                items:
                  $ref: "schemas/pet.yaml"
`;
  const PET = `type: object
properties:
  name:
    type: string
  status:
    $ref: "./status.yaml"
  tag:
    $ref: "../../shared/tag.yaml#/Tag"
`;
  const STATUS = 'type: string\nenum: [available, pending, sold]\n';

  before(() => {
    split = mkdtempSync(join(tmpdir(), 'spec-diff-split-'));
    gitIn('init', '-q', '-b', 'main');
    write('spec/openapi.yaml', ENTRY);
    write('spec/schemas/pet.yaml', PET);
    write('spec/schemas/status.yaml', STATUS);
    write('shared/tag.yaml', 'Tag:\n  type: string\n');
    gitIn('add', '-A');
    gitIn('commit', '-qm', 'split description');
    gitIn('checkout', '-q', '-b', 'feature');
  });
  after(() => rmSync(split, { recursive: true, force: true }));

  test('every referenced file is read at the revision: no change, then a change two files deep', () => {
    const same = run(['--base', 'main', '--json']);
    assert.equal(same.code, 0, same.stderr);
    assert.deepEqual(JSON.parse(same.stdout).changes, []);
    // The working tree differs from main only in a file the entry references through another one.
    write('spec/schemas/status.yaml', 'type: integer\n');
    const r = run(['--base', 'main', '--json']);
    assert.equal(r.code, 1, r.stderr);
    const report = JSON.parse(r.stdout);
    assert.equal(report.base.label, 'main:spec/openapi.yaml');
    assert.equal(report.summary.breaking, 1);
    assert.deepEqual(report.changes[0].operations, [{ method: 'GET', path: '/pets', operationId: 'listPets' }]);
    assert.match(report.changes[0].pointer, /\/status\/type$/);
    gitIn('commit', '-qam', 'status becomes a number');
    // Against the commit itself: nothing changed.
    assert.equal(run(['--base', 'HEAD']).code, 0);
  });

  test('a file missing at the revision is an exit-2 error that names it and who refers to it', () => {
    write('spec/schemas/owner.yaml', 'type: object\n');
    write(
      'spec/openapi.yaml',
      ENTRY.replace(
        '  /pets:\n',
        '  /owner:\n    get:\n      responses:\n        "200":\n          description: The owner.\n          content:\n            application/json:\n              schema:\n                $ref: "schemas/owner.yaml"\n  /pets:\n',
      ),
    );
    // Committed without the file it refers to.
    gitIn('add', 'spec/openapi.yaml');
    gitIn('commit', '-qm', 'refer to an uncommitted file');
    const r = run(['--base', 'HEAD', '--json']);
    assert.equal(r.code, 2, r.stdout);
    assert.match(
      r.stderr,
      /spec\/schemas\/owner\.yaml does not exist at HEAD \(commit [0-9a-f]{12}\), but HEAD:spec\/openapi\.yaml:\d+ refers to it/,
    );
    assert.equal(JSON.parse(r.stdout).error.code, 'base_not_found');
    // The working tree has the file: as a file base it loads.
    assert.equal(run(['--base', 'spec/openapi.yaml']).code, 0);
  });

  test('spec:release keeps a split description as one bundled file, and the next release diffs against it', () => {
    const first = run(['release', '1.0.0', '--changelog', 'cl.json', '--released', 'kept']);
    assert.equal(first.code, 0, first.stderr);
    const kept = readFileSync(join(split, 'kept/1.0.0.yaml'), 'utf8');
    assert.doesNotMatch(kept, /\$ref: "?\.{0,2}\/?schemas\//, 'no reference to another file is left');
    assert.match(kept, /enum:|type: integer/);
    // A change in a part: the next release sees it against the kept copy, with no other file.
    write('spec/schemas/pet.yaml', `${PET}  age:\n    type: integer\n`);
    write('spec/openapi.yaml', readFileSync(join(split, 'spec/openapi.yaml'), 'utf8').replace('1.0.0', '1.1.0'));
    const next = run(['release', '1.1.0', '--changelog', 'cl.json', '--released', 'kept']);
    assert.equal(next.code, 0, next.stderr);
    assert.deepEqual(readdirSync(join(split, 'kept')), ['1.0.0.yaml', '1.1.0.yaml']);
    assert.match(readFileSync(join(split, 'kept/1.1.0.yaml'), 'utf8'), /age:/, 'the part bundled in');
    const changelog = JSON.parse(readFileSync(join(split, 'cl.json'), 'utf8'));
    assert.equal(changelog.releases[0].version, '1.1.0');
    assert.ok(changelog.releases[0].operations.some((o: { change: string }) => o.change === 'changed'));
  });
});

describe('spec:release keeps every release in the folder beside the changelog', () => {
  let dir: string;
  const run = (args: string[], env: Record<string, string> = {}) => {
    const r = spawnSync(process.execPath, [MAIN, ...args], {
      cwd: dir,
      env: { ...process.env, NO_COLOR: '1', BUILD_DATE: '2026-11-25', ...env },
      encoding: 'utf8',
      timeout: 60_000,
    });
    return { code: r.status, stdout: r.stdout, stderr: r.stderr };
  };
  /** A small description at `version` with one GET operation per name. */
  const description = (version: string, ops: string[]) =>
    `openapi: 3.1.0
info:
  title: Kept
  version: ${version}
paths:
${ops.map((op) => `  /${op}:\n    get:\n      operationId: ${op}\n      responses:\n        "200":\n          description: OK.\n`).join('')}`;
  const release = (version: string, ops: string[], args: string[] = []) => {
    writeFileSync(join(dir, 'api/openapi.yaml'), description(version, ops));
    return run(['release', version, '--head', 'api/openapi.yaml', '--changelog', 'api/changelog.json', ...args]);
  };
  const kept = () => readdirSync(join(dir, 'api/released')).sort();
  const read = (path: string) => readFileSync(join(dir, path), 'utf8');

  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'spec-diff-kept-'));
    mkdirSync(join(dir, 'api'));
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  test('three releases in a row keep three files, each diffed against the newest before it', () => {
    assert.equal(release('1.0.0', ['cats']).code, 0);
    assert.equal(release('1.1.0', ['cats', 'dogs']).code, 0);
    const third = release('1.2.0', ['cats', 'dogs', 'birds'], ['--json']);
    assert.equal(third.code, 0, third.stderr);
    assert.deepEqual(kept(), ['1.0.0.yaml', '1.1.0.yaml', '1.2.0.yaml']);
    assert.equal(read('api/released/1.0.0.yaml'), description('1.0.0', ['cats']));
    assert.equal(read('api/released/1.1.0.yaml'), description('1.1.0', ['cats', 'dogs']));
    assert.equal(read('api/released/1.2.0.yaml'), description('1.2.0', ['cats', 'dogs', 'birds']));
    // Against 1.1.0 only birds is new (against 1.0.0, dogs would be too).
    assert.deepEqual(
      JSON.parse(third.stdout).operations.map(
        (o: { change: string; operationId: string }) => `${o.change} ${o.operationId}`,
      ),
      ['added birds'],
    );
    assert.deepEqual(
      parseChangelog(read('api/changelog.json')).releases.map((r) => r.version),
      ['1.2.0', '1.1.0', '1.0.0'],
    );
  });

  test('a refused release writes nothing', () => {
    const before = { changelog: read('api/changelog.json'), kept: kept() };
    // Removing an operation that was never deprecated, without a new major version: refused.
    const refused = release('1.3.0', ['cats', 'dogs']);
    assert.equal(refused.code, 1, refused.stderr);
    assert.match(refused.stderr, /release 1\.3\.0 refused/);
    assert.equal(read('api/changelog.json'), before.changelog);
    assert.deepEqual(kept(), before.kept);
    assert.deepEqual(
      readdirSync(join(dir, 'api')).filter((f) => f.endsWith('.tmp')),
      [],
      'no temporary file left',
    );
  });

  test('exit 2 and nothing written: the newest release file missing, a file already there, --released a file', () => {
    const changelog = read('api/changelog.json');
    rmSync(join(dir, 'api/released/1.2.0.yaml'));
    const missing = release('1.3.0', ['cats', 'dogs', 'birds', 'fish'], ['--json']);
    assert.equal(missing.code, 2, missing.stderr);
    assert.equal(JSON.parse(missing.stdout).error.code, 'base_not_found');
    assert.match(missing.stderr, /api\/released\/1\.2\.0\.yaml \(or api\/released\/1\.2\.0\.json\) is missing/);
    assert.deepEqual(kept(), ['1.0.0.yaml', '1.1.0.yaml']);
    // Restored as JSON: the newest release's file may be either.
    writeFileSync(
      join(dir, 'api/released/1.2.0.json'),
      JSON.stringify(parse(description('1.2.0', ['cats', 'dogs', 'birds']))),
    );
    writeFileSync(join(dir, 'api/released/1.3.0.yaml'), 'left over\n');
    const stray = release('1.3.0', ['cats', 'dogs', 'birds', 'fish'], ['--json']);
    assert.equal(stray.code, 2, stray.stderr);
    assert.equal(JSON.parse(stray.stdout).error.code, 'released_exists');
    assert.equal(read('api/released/1.3.0.yaml'), 'left over\n', 'never overwritten');
    rmSync(join(dir, 'api/released/1.3.0.yaml'));
    const asFile = release('1.3.0', ['cats', 'dogs', 'birds', 'fish'], ['--released', 'api/released/1.0.0.yaml']);
    assert.equal(asFile.code, 2);
    assert.match(asFile.stderr, /--released api\/released\/1\.0\.0\.yaml is a file/);
    assert.equal(read('api/changelog.json'), changelog);
    const ok = release('1.3.0', ['cats', 'dogs', 'birds', 'fish'], ['--json']);
    assert.equal(ok.code, 0, ok.stderr);
    assert.deepEqual(
      JSON.parse(ok.stdout).operations.map(
        (o: { change: string; operationId: string }) => `${o.change} ${o.operationId}`,
      ),
      ['added fish'],
    );
    assert.ok(existsSync(join(dir, 'api/released/1.3.0.yaml')));
  });
});
