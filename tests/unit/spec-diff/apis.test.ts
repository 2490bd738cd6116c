// The site's APIs in spec-diff without a site: which API a command works on (apis/select.ts), a new API compared
// with an empty description (core/run.ts absentBase), the reports of a run over several APIs in every format, and
// the CLI in-process with a list of APIs injected in place of the configuration (apis/read.ts runs it for real in
// tests/integration/spec-diff/apis.test.ts).
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { Ajv2020 } from 'ajv/dist/2020.js';
import type { ConfiguredApi, ConfiguredApis } from '../../../tools/spec-diff/apis/read.ts';
import { sourceName } from '../../../tools/spec-diff/apis/read.ts';
import { checkRecordFolder, chooseApi, recordOf } from '../../../tools/spec-diff/apis/select.ts';
import { main } from '../../../tools/spec-diff/cli.ts';
import { absentBase, diffDescriptions } from '../../../tools/spec-diff/core/run.ts';
import type { ApisReport, Report } from '../../../tools/spec-diff/core/types.ts';
import { UsageError } from '../../../tools/spec-diff/errors.ts';
import { loadFile } from '../../../tools/spec-diff/load.ts';
import {
  formatApisGithub,
  formatApisJson,
  formatApisMarkdown,
  formatApisText,
} from '../../../tools/spec-diff/report/apis.ts';
import { formatGithub } from '../../../tools/spec-diff/report/github.ts';
import { formatMarkdown } from '../../../tools/spec-diff/report/markdown.ts';
import { formatText } from '../../../tools/spec-diff/report/text.ts';
import { BASE, codes, diff, edited } from './fixtures.ts';

const schema = JSON.parse(
  readFileSync(new URL('../../../tools/spec-diff/report.schema.json', import.meta.url), 'utf8'),
) as object;
const validate = new Ajv2020({ strict: false }).compile(schema);
const valid = (json: string) => {
  assert.ok(validate(JSON.parse(json)), JSON.stringify(validate.errors));
};

/** The UsageError `fn` throws, with its code. */
function usageError(fn: () => unknown): UsageError {
  try {
    fn();
  } catch (err) {
    assert.ok(err instanceof UsageError, String(err));
    return err;
  }
  assert.fail('no error');
}

const api = (id: string, description: string, extra: Partial<ConfiguredApi> = {}): ConfiguredApi => ({
  id,
  description,
  ...extra,
});
const site = (...apis: ConfiguredApi[]): ConfiguredApis => ({ from: 'astro.config.mjs', apis, printed: '' });

describe('which API a command works on', () => {
  const three = site(
    api('petstore', '/s/petstore/openapi.yaml'),
    api('partner', '/s/partner/swagger.yaml'),
    api('events', '/s/events/openapi.yaml'),
  );

  test('the only API without --api; the one --api names', () => {
    assert.equal(chooseApi(site(api('api', '/s/openapi.yaml')), undefined, 'x').id, 'api');
    assert.equal(chooseApi(three, 'partner', 'x').id, 'partner');
  });

  test('several APIs and no --api: api_required, listing the ids and how to name one', () => {
    const e = usageError(() => chooseApi(three, undefined, 'npm run spec:release -- --api <id> 1.2.0'));
    assert.equal(e.code, 'api_required');
    assert.match(e.message, /astro\.config\.mjs configures 3 APIs \(petstore, partner, events\)/);
    assert.match(e.message, /e\.g\. npm run spec:release -- --api petstore 1\.2\.0/);
  });

  test('an unknown id: api_unknown, listing the ids and where they were read', () => {
    const e = usageError(() => chooseApi({ ...three, from: 'PETSTORE_APIS (apis.yaml)' }, 'partners', 'x'));
    assert.equal(e.code, 'api_unknown');
    assert.equal(
      e.message,
      '--api partners: no API has that id in PETSTORE_APIS (apis.yaml); its APIs: petstore, partner, events',
    );
  });

  test('where the APIs come from: the variable that overrides the configuration, else the file', () => {
    assert.equal(sourceName({}, 'astro.config.mjs'), 'astro.config.mjs');
    assert.equal(sourceName({ PETSTORE_SPEC: 'x.yaml' }, 'astro.config.mjs'), 'PETSTORE_SPEC (x.yaml)');
    assert.equal(sourceName({ PETSTORE_APIS: ' l.yaml ' }, 'astro.config.mjs'), 'PETSTORE_APIS (l.yaml)');
  });
});

describe('release records', () => {
  test('the configured record, else changelog.json beside the description', () => {
    assert.equal(recordOf(api('a', '/s/a/openapi.yaml')), '/s/a/changelog.json');
    assert.equal(recordOf(api('a', '/s/a/openapi.yaml', { changelog: '/h/a.json' })), '/h/a.json');
  });

  test('a release that would give two APIs one folder is refused, naming both and the way out', () => {
    const shared = site(api('a', '/s/one/a.yaml'), api('b', '/s/one/b.yaml'), api('c', '/s/c/openapi.yaml'));
    const e = usageError(() => checkRecordFolder(shared, shared.apis[0] as ConfiguredApi));
    assert.equal(e.code, 'record_shared');
    assert.match(e.message, /APIs "a" and "b" would keep their release records in one folder \(\/s\/one\)/);
    assert.match(
      e.message,
      /Give one of them a `changelog` in a folder of its own \(its entry in astro\.config\.mjs\)/,
    );
    checkRecordFolder(shared, shared.apis[2] as ConfiguredApi);
    const apart = site(
      api('a', '/s/one/a.yaml', { changelog: '/s/a-history/changelog.json' }),
      api('b', '/s/one/b.yaml'),
    );
    checkRecordFolder(apart, apart.apis[0] as ConfiguredApi);
    checkRecordFolder(apart, apart.apis[1] as ConfiguredApi);
  });
});

describe('a new API: compared with an empty description', () => {
  let dir: string;
  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'spec-diff-new-'));
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  const compareNew = async (text: string, file = 'new.yaml'): Promise<Report> => {
    writeFileSync(join(dir, file), text);
    const head = await loadFile(join(dir, file), file);
    return diffDescriptions(absentBase(head, `main:${file}`), head, {
      buildDate: '2026-11-25',
      noticeDays: 90,
      baseLabel: `main:${file}`,
      headFile: file,
    });
  };

  test('every operation is added, nothing else, and the base says it was absent', async () => {
    const r = await compareNew(BASE);
    assert.equal(r.ok, true);
    assert.deepEqual(
      codes(r)
        .filter((c) => c.startsWith('operation-'))
        .sort(),
      [
        'operation-added:pass',
        'operation-added:pass',
        'operation-added:pass',
        'operation-added:pass',
        'operation-added:pass',
      ],
    );
    assert.ok(!r.changes.some((c) => c.pointer.startsWith('/info')), JSON.stringify(r.changes.map((c) => c.pointer)));
    assert.deepEqual(r.base, { label: 'main:new.yaml', version: '', openapi: '3.0.3', absent: true });
    assert.match(formatText(r), /^new\.yaml \(1\.0\.0\) against nothing \(main:new\.yaml does not exist: a new API/);
  });

  test('the deprecation rules still apply to what it adds', async () => {
    const r = await compareNew(
      edited((d) => {
        d.deleteIn(['paths', '/items/{id}', 'get', 'x-deprecated-sunset']);
      }),
    );
    assert.equal(r.ok, false);
    assert.ok(codes(r).includes('deprecation-without-sunset:fail'), codes(r).join(' '));
  });

  test('a Swagger 2.0 description (compared in its OpenAPI 3.2 form): its operations added, and nothing else (its security requirement is not a change)', async () => {
    const partner = fileURLToPath(new URL('../../fixtures/apis/partner/swagger.yaml', import.meta.url));
    const r = await compareNew(readFileSync(partner, 'utf8'), 'swagger.yaml');
    assert.equal(r.ok, true);
    assert.deepEqual(codes(r), Array(5).fill('operation-added:pass'));
  });
});

describe('the reports of a run over several APIs', () => {
  let all: ApisReport;
  before(async () => {
    const removed = await diff(edited((d) => d.deleteIn(['paths', '/items/{id}', 'delete'])));
    const same = await diff(BASE);
    all = {
      ok: false,
      apis: [
        { api: { id: 'shop', title: 'Shop' }, ok: true, report: { api: { id: 'shop', title: 'Shop' }, ...same } },
        {
          api: { id: 'partner', title: 'Partner Pets API' },
          ok: false,
          report: { api: { id: 'partner', title: 'Partner Pets API' }, ...removed },
        },
        {
          api: { id: 'events' },
          ok: false,
          error: {
            code: 'description_invalid',
            message: 'events.yaml:3:1: YAML syntax error',
            file: 'events.yaml',
            line: 3,
          },
        },
      ],
    };
  });

  test('text: each report headed by its API, then a line per API and the verdict naming the failing ones', () => {
    const s = formatApisText(all);
    assert.match(s, /^shop \(Shop\): head\.yaml \(1\.0\.0\) against base\.yaml \(1\.0\.0\)/m);
    assert.match(s, /^partner \(Partner Pets API\): head\.yaml/m);
    assert.match(s, /^FAIL {2}breaking +operation-removed {2}head\.yaml:/m);
    assert.match(s, /^events: not compared: description_invalid/m);
    assert.match(s, /^3 APIs: shop ok, partner refused, events not compared \(error\)$/m);
    assert.match(s, /^FAIL: changes the API policy does not allow in partner; events not compared \(see the error\)$/m);
  });

  test('JSON: {ok, apis: [{api, ok, report} | {api, ok, error}]} as the schema says', () => {
    const json = formatApisJson(all);
    valid(json);
    const out = JSON.parse(json);
    assert.deepEqual(
      out.apis.map((o: { api: { id: string }; ok: boolean }) => `${o.api.id} ${o.ok}`),
      ['shop true', 'partner false', 'events false'],
    );
    assert.equal(out.apis[1].report.api.id, 'partner');
    assert.equal(typeof out.apis[1].report.changes[0].message, 'string');
    assert.equal(out.apis[2].error.code, 'description_invalid');
  });

  test('GitHub: annotations titled with the API, an ::error for the API not compared, the verdict', () => {
    const s = formatApisGithub(all);
    assert.match(s, /^::error file=head\.yaml,line=\d+,col=3,title=spec-diff partner%3A breaking operation-removed::/m);
    assert.match(s, /^::error file=events\.yaml,line=3,title=spec-diff events::events\.yaml:3:1: YAML syntax error$/m);
    assert.match(s, /^partner \(Partner Pets API\): FAIL: changes the API policy does not allow$/m);
  });

  test('Markdown: the verdict, a table of the APIs, a section per API compared', () => {
    const s = formatApisMarkdown(all);
    assert.match(s, /^## API changes: ❌ FAIL: changes the API policy does not allow in partner/);
    assert.match(s, /^\| shop \(Shop\) \| ✅ ok \| OK: no breaking change; no changes \|$/m);
    assert.match(s, /^\| partner \(Partner Pets API\) \| ❌ refused \| FAIL/m);
    assert.match(s, /^\| events \| ⚠️ error \| not compared: events\.yaml:3:1: YAML syntax error \|$/m);
    assert.match(s, /^### API changes in partner \(Partner Pets API\): ❌/m);
    assert.doesNotMatch(s, /^### API changes in events/m);
  });

  test('a report without an API reads as before: no name in any format', async () => {
    const r = await diff(BASE);
    assert.match(formatText(r), /^head\.yaml \(1\.0\.0\) against base\.yaml/);
    assert.match(formatMarkdown(r), /^### API changes: ✅/);
    assert.match(formatGithub(r), /^no changes\nOK: no breaking change\n$/);
  });
});

describe('the CLI with the site’s APIs', () => {
  let dir: string;
  let apis: ConfiguredApis | undefined;
  const run = async (args: string[]) => {
    let stdout = '';
    let stderr = '';
    const code = await main(args, {
      stdout: { write: (s: string) => (stdout += s) },
      stderr: { write: (s: string) => (stderr += s) },
      env: { BUILD_DATE: '2026-11-25' },
      cwd: dir,
      git: () => {
        throw new Error('fatal: not a git repository');
      },
      apis: async () => apis,
    });
    return { code, stdout, stderr };
  };
  const write = (path: string, text: string) => {
    mkdirSync(join(dir, path, '..'), { recursive: true });
    writeFileSync(join(dir, path), text);
  };

  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'spec-diff-apis-'));
    write('base.yaml', BASE);
    write(
      'shop/openapi.yaml',
      edited((d) => d.deleteIn(['paths', '/items/{id}', 'delete'])),
    );
    write(
      'market/openapi.yaml',
      edited((d) => d.setIn(['info', 'title'], 'Market')),
    );
    write('shared/a.yaml', BASE);
    write('shared/b.yaml', BASE);
    apis = site(
      api('shop', join(dir, 'shop/openapi.yaml'), { title: 'Shop API' }),
      api('market', join(dir, 'market/openapi.yaml')),
      api('a', join(dir, 'shared/a.yaml')),
      api('b', join(dir, 'shared/b.yaml')),
    );
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  test('--api <id>: that API’s description, its report naming it (JSON as the schema says)', async () => {
    const r = await run(['--api', 'market', '--base', 'base.yaml', '--json']);
    assert.equal(r.code, 0, r.stderr);
    valid(r.stdout);
    const report = JSON.parse(r.stdout);
    assert.deepEqual(report.api, { id: 'market', title: 'Market' }, 'no configured title: info.title');
    assert.equal(report.head.label, 'market/openapi.yaml');
    const text = await run(['--api', 'shop', '--base', 'base.yaml']);
    assert.equal(text.code, 1);
    assert.match(text.stdout, /^shop \(Shop API\): shop\/openapi\.yaml \(1\.0\.0\) against base\.yaml/);
  });

  test('exit 2: an unknown id, the ids listed; --base <file> for every API at once', async () => {
    const unknown = await run(['--api', 'shops', '--base', 'base.yaml', '--json']);
    assert.equal(unknown.code, 2);
    assert.equal(JSON.parse(unknown.stdout).error.code, 'api_unknown');
    assert.match(unknown.stderr, /its APIs: shop, market, a, b/);
    const all = await run(['--base', 'base.yaml']);
    assert.equal(all.code, 2);
    assert.match(
      all.stderr,
      /--base base\.yaml is a file, the base of one description, and astro\.config\.mjs configures 4 APIs \(shop, market, a, b\): name one with --api <id>/,
    );
  });

  test('exit 2: --head with --api or --config; --api without any list of APIs', async () => {
    const both = await run(['--head', 'base.yaml', '--api', 'shop']);
    assert.equal(both.code, 2);
    assert.match(both.stderr, /--head base\.yaml and --api shop: --head names the description to check/);
    const config = await run(['release', '1.0.0', '--changelog', 'x.json', '--config', 'astro.config.mjs']);
    assert.equal(config.code, 2);
    assert.match(config.stderr, /--changelog x\.json and --config astro\.config\.mjs/);
    const saved = apis;
    apis = undefined;
    try {
      const none = await run(['--api', 'shop', '--json']);
      assert.equal(none.code, 2);
      assert.equal(JSON.parse(none.stdout).error.code, 'config_not_found');
    } finally {
      apis = saved;
    }
  });

  test('a site of one API: its description, reported as one description (no API named)', async () => {
    const saved = apis;
    apis = site(api('api', join(dir, 'market/openapi.yaml')));
    try {
      const r = await run(['--base', 'base.yaml']);
      assert.equal(r.code, 0, r.stderr);
      assert.match(r.stdout, /^market\/openapi\.yaml \(1\.0\.0\) against base\.yaml \(1\.0\.0\)/);
    } finally {
      apis = saved;
    }
  });

  test('release: --api required on a site of several; the API’s record and released/ folder beside its description', async () => {
    const required = await run(['release', '1.0.0', '--json']);
    assert.equal(required.code, 2);
    assert.equal(JSON.parse(required.stdout).error.code, 'api_required');
    const r = await run(['release', '--api', 'market', '1.0.0']);
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stdout, /^Released 1\.0\.0 of market \(Market\) \(\d{4}-\d\d-\d\d\): 5 added\.$/m);
    assert.match(r.stdout, /Wrote market\/changelog\.json and market\/released\/1\.0\.0\.yaml/);
    assert.ok(existsSync(join(dir, 'market/released/1.0.0.yaml')));
    assert.ok(!existsSync(join(dir, 'shop/changelog.json')), 'no other API touched');
    assert.ok(!existsSync(join(dir, 'spec')), 'nothing at the one-description defaults');
  });

  test('release: refused when two APIs would share a record’s folder, nothing written', async () => {
    const r = await run(['release', '--api', 'a', '1.0.0', '--json']);
    assert.equal(r.code, 2);
    assert.equal(JSON.parse(r.stdout).error.code, 'record_shared');
    assert.ok(!existsSync(join(dir, 'shared/changelog.json')));
  });
});
