// Runs every x-codeSamples sample of spec/openapi.yaml against the mock of the built site, with the
// base URL swapped for the mock's: cURL with curl (via sh -c), JavaScript with node, Python with
// /usr/bin/python3 and requests (Debian python3-requests). The mock is reset before each sample so
// the order does not matter. A sample passes when it exits 0 (samples use --fail-with-body,
// raise_for_status or throw on !ok), the mock answered its request with the documented success status
// (seen by a recording proxy between the sample and the site), and what it prints agrees: a printed
// status equals it, a printed JSON body matches its schema.
//
// Then every generated sample of the pages (site/reference/model/samples.ts: the languages the
// description has no sample in) whose toolchain Debian packages: Go (golang-go), Java with OkHttp
// (default-jdk-headless, libokhttp-java), PHP with Guzzle (php-cli, php-guzzlehttp-guzzle), Ruby
// (ruby), C# with HttpClient (Mono: mono-mcs, mono-runtime, libmono-system-net-http4.0-cil; the samples
// are written in the C# 7 mcs reads), each reading the token from PETSTORE_TOKEN as printed. What the
// runner adds is what a reader adds to a snippet: Java's and C#'s class and Main around it, PHP's
// opening tag and autoloader; and with the base URL on plain HTTP, Ruby's `use_ssl` line goes. A
// language whose toolchain is missing skips itself (tests/allowed-skips.json).
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { promisify } from 'node:util';
import type { OpenAPIV3 } from 'openapi-types';
import { buildReferenceModel } from '../../../site/reference/model/reference.ts';
import { operationsOf, ResponseChecker, testSpec } from '../../support/mock.ts';
import { type RunningSite, startSite } from '../../support/server.ts';

const run_ = promisify(execFile);
const PRODUCTION = 'https://petstore.example.com/v1';
const PYTHON = process.env.PYTHON ?? '/usr/bin/python3';

interface Sample {
  lang: string;
  label?: string;
  source: string;
}

/** The command that runs a sample's source, by `lang`. */
function command(lang: string, source: string): [string, string[]] {
  switch (lang.toLowerCase()) {
    case 'curl':
    case 'shell':
    case 'sh':
      return ['sh', ['-c', source]];
    case 'javascript':
    case 'js':
    case 'node':
      return [process.execPath, ['--input-type=module', '-e', source]];
    case 'python':
      return [PYTHON, ['-c', source]];
    default:
      throw new Error(`no runner for x-codeSamples lang '${lang}'`);
  }
}

const spec = testSpec();
const samples: { operationId: string; op: OpenAPIV3.OperationObject; sample: Sample }[] = [];
for (const { op } of operationsOf(spec)) {
  const list = ((op as Record<string, unknown>)['x-codeSamples'] ?? []) as Sample[];
  for (const sample of list) samples.push({ operationId: op.operationId ?? '', op, sample });
}

/** What the recording proxy saw: each request's method, path and the status the site answered. */
interface Seen {
  method: string;
  path: string;
  status: number;
  /** The request's Authorization header. */
  authorization?: string;
}

/** A loopback HTTP proxy to `target` that records every exchange into `seen`. */
function recordingProxy(target: string, seen: Seen[]): Promise<Server> {
  const to = new URL(target);
  const server = createServer((req, res) => {
    const upstream = request(
      { host: to.hostname, port: to.port, method: req.method, path: req.url, headers: req.headers },
      (answer) => {
        seen.push({
          method: req.method ?? '',
          path: req.url ?? '',
          status: answer.statusCode ?? 0,
          authorization: req.headers.authorization,
        });
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

/** Whether an executable is on PATH or a file is there (for the toolchains' checks). */
function has(cmd: string): boolean {
  return process.env.PATH?.split(':').some((d) => existsSync(join(d, cmd))) ?? false;
}

const OKHTTP = ['/usr/share/java/okhttp.jar', '/usr/share/java/okio.jar'];
const GUZZLE = '/usr/share/php/GuzzleHttp/autoload.php';
const MONO_HTTP = '/usr/lib/mono/4.5/System.Net.Http.dll';

/**
 * The generated languages that run here: why they cannot (a missing toolchain, named as
 * tests/allowed-skips.json declares it) or the command for a sample written into `dir`.
 */
const GENERATED: Record<
  string,
  { missing: () => string | null; command: (source: string, dir: string) => [string, string[]] }
> = {
  Go: {
    missing: () => (has('go') ? null : 'no toolchain for the generated Go samples: go (Debian golang-go)'),
    command: (source, dir) => {
      const file = join(dir, 'main.go');
      writeFileSync(file, source);
      return ['go', ['run', file]];
    },
  },
  Java: {
    missing: () =>
      has('java') && OKHTTP.every((f) => existsSync(f))
        ? null
        : 'no toolchain for the generated Java samples: java and OkHttp (Debian default-jdk-headless, libokhttp-java)',
    command: (source, dir) => {
      const file = join(dir, 'Main.java');
      writeFileSync(
        file,
        `import okhttp3.*;\n\npublic class Main {\n  public static void main(String[] args) throws Exception {\n${source}\n  }\n}\n`,
      );
      return ['java', ['-cp', OKHTTP.join(':'), file]];
    },
  },
  PHP: {
    missing: () =>
      has('php') && existsSync(GUZZLE)
        ? null
        : 'no toolchain for the generated PHP samples: php and Guzzle (Debian php-cli, php-guzzlehttp-guzzle)',
    command: (source, dir) => {
      const file = join(dir, 'sample.php');
      writeFileSync(file, `<?php\nrequire '${GUZZLE}';\n\n${source}\n`);
      return ['php', [file]];
    },
  },
  Ruby: {
    missing: () => (has('ruby') ? null : 'no toolchain for the generated Ruby samples: ruby (Debian ruby)'),
    command: (source, dir) => {
      const file = join(dir, 'sample.rb');
      writeFileSync(file, source.replace(/^http\.use_ssl = true\n/m, ''));
      return ['ruby', [file]];
    },
  },
  'C#': {
    missing: () =>
      has('mcs') && has('mono') && existsSync(MONO_HTTP)
        ? null
        : 'no toolchain for the generated C# samples: mcs, mono and System.Net.Http (Debian mono-mcs, mono-runtime, libmono-system-net-http4.0-cil)',
    command: (source, dir) => {
      // The snippet's statements in a console program, as a reader pastes them (C# 7 has no async
      // Main: Main waits for them); compiled by Mono's mcs, then run by mono.
      const file = join(dir, 'Program.cs');
      const exe = join(dir, 'Program.exe');
      writeFileSync(
        file,
        `using System;\nusing System.Net.Http;\nusing System.Net.Http.Headers;\nusing System.Threading.Tasks;\n\nclass Program\n{\n  static void Main()\n  {\n    Run().GetAwaiter().GetResult();\n  }\n\n  static async Task Run()\n  {\n${source}\n  }\n}\n`,
      );
      return [
        'sh',
        ['-c', 'mcs -nologo -nowarn:219 -r:System.Net.Http.dll -out:"$2" "$1" && mono "$2"', 'sh', file, exe],
      ];
    },
  },
};

/** Every generated sample of the pages, by operation (the same model the pages render). */
const generated = (() => {
  const model = buildReferenceModel(spec as never, { buildDate: '2026-01-01' });
  const ops = new Map(operationsOf(spec).map(({ op }) => [op.operationId ?? '', op]));
  return model.operations.flatMap((summary) => {
    const op = ops.get(summary.operationId);
    if (!op) return [];
    return model
      .operationView(summary)
      .samples.filter((s) => s.generated)
      .map((s) => ({ operationId: summary.operationId, op, label: s.label, source: s.source }));
  });
})();

describe('code samples run against the mock', () => {
  let work: string;
  let site: RunningSite;
  let proxy: Server;
  let checker: ResponseChecker;
  const seen: Seen[] = [];
  before(async () => {
    work = mkdtempSync(join(tmpdir(), 'samples-'));
    site = await startSite();
    proxy = await recordingProxy(site.url, seen);
    checker = await ResponseChecker.create();
  });
  after(async () => {
    await new Promise((r) => proxy?.close(r));
    await site?.stop();
    rmSync(work, { recursive: true, force: true });
  });

  test('every operation has samples in cURL, JavaScript and Python', () => {
    const ops = operationsOf(spec);
    for (const { op } of ops) {
      const langs = samples.filter((s) => s.operationId === op.operationId).map((s) => s.sample.lang.toLowerCase());
      assert.deepEqual(langs.sort(), ['curl', 'javascript', 'python'], op.operationId);
    }
  });

  /**
   * Runs one sample against the mock (through the recording proxy) and checks what it did.
   * @param run the command for the sample's source with the base URL swapped
   */
  async function check(
    operationId: string,
    op: OpenAPIV3.OperationObject,
    source: string,
    run: (source: string) => [string, string[]],
    /**
     * A generated sample sends the description's examples as they are, which the seeded sandbox may
     * answer with a documented error (`deleteCategory` of category 1, which still has pets: 409). It
     * passes when the answer is a status the operation documents other than a refused request or
     * credential (400, 401, 403, 422), and exits 0 on a 2xx.
     */
    generated = false,
  ): Promise<void> {
    assert.ok(source.includes(PRODUCTION), 'the sample uses the production base URL');
    const base = `${site.url}/api/mock`;
    const reset = await fetch(`${base}/_reset`, {
      method: 'POST',
      headers: { authorization: 'Bearer sample-token' },
    });
    assert.equal(reset.status, 204);
    const swapped = source.replaceAll(PRODUCTION, `http://127.0.0.1:${(proxy.address() as AddressInfo).port}/api/mock`);
    seen.length = 0;
    const [cmd, args] = run(swapped);
    const env: Record<string, string> = {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '/tmp',
      PETSTORE_TOKEN: 'sample-token',
      NO_PROXY: '*',
      GOCACHE: join(work, 'go-cache'),
      GOPATH: join(work, 'go'),
      GOFLAGS: '-modcacherw',
      GO111MODULE: 'off',
    };
    let stdout = '';
    let failure: string | undefined;
    try {
      ({ stdout } = await run_(cmd, args, { env, timeout: 120_000, cwd: work }));
    } catch (err) {
      const e = err as { code?: number; stdout?: string; stderr?: string };
      failure = `exit ${e.code}\nstdout: ${e.stdout}\nstderr: ${e.stderr}\nsource:\n${swapped}`;
    }
    const success = Object.keys(op.responses).find((s) => /^2\d\d$/.test(s)) ?? '200';
    const answered = String(seen.at(-1)?.status);
    if (generated && seen.length > 0 && answered !== success) {
      assert.ok(
        Object.keys(op.responses).includes(answered) && !['400', '401', '403', '422'].includes(answered),
        `the mock's answer to ${seen.at(-1)?.method} ${seen.at(-1)?.path}: ${answered}, not a documented answer to a well-formed request`,
      );
      assert.equal(seen.at(-1)?.authorization, 'Bearer sample-token', 'the token read from PETSTORE_TOKEN');
      return;
    }
    if (failure) assert.fail(failure);
    assert.ok(seen.length > 0, 'the sample sent a request');
    assert.equal(
      String(seen.at(-1)?.status),
      success,
      `the mock's answer to ${seen.at(-1)?.method} ${seen.at(-1)?.path}`,
    );
    assert.equal(seen.at(-1)?.authorization, 'Bearer sample-token', 'the token read from PETSTORE_TOKEN');
    const dereferenced = operationsOf(checker.doc).find((s) => s.op.operationId === operationId)?.op;
    const media = (dereferenced?.responses[success] as OpenAPIV3.ResponseObject | undefined)?.content?.[
      'application/json'
    ];
    const lines = stdout.trim().split('\n');
    const last = lines.at(-1)?.trim() ?? '';
    if (/^\d{3}$/.test(last)) assert.equal(last, success, `printed status vs documented ${success}`);
    let json: unknown;
    try {
      json = JSON.parse(stdout);
    } catch {
      json = undefined;
    }
    if (json !== undefined && media?.schema) {
      const problems = checker.validate(media.schema, json);
      assert.deepEqual(problems, [], `printed body vs the ${success} schema: ${stdout.slice(0, 300)}`);
    }
    if (json === undefined && !/^\d{3}$/.test(last) && stdout.trim() !== '') {
      // JavaScript/Python print objects in their own notation: at least no error shape.
      assert.doesNotMatch(stdout, /['"]code['"]\s*:\s*['"](validation_failed|not_found|unauthorized)/, stdout);
    }
    for (const line of lines) {
      const m = /^sunset:\s*(.*)$/i.exec(line.trim());
      if (m) assert.match(m[1] ?? '', /^\w{3}, \d{2} \w{3} \d{4} \d{2}:\d{2}:\d{2} GMT$/, 'printed Sunset header');
    }
  }

  for (const { operationId, op, sample } of samples) {
    test(`${operationId} (${sample.label ?? sample.lang})`, () =>
      check(operationId, op, sample.source, (source) => command(sample.lang, source)));
  }

  for (const [label, runner] of Object.entries(GENERATED)) {
    describe(`generated ${label} samples`, () => {
      const missing = runner.missing();
      for (const { operationId, op, source } of generated.filter((g) => g.label === label)) {
        test(`${operationId} (${label}, generated)`, (t) => {
          if (missing) return t.skip(missing);
          return check(operationId, op, source, (swapped) => runner.command(swapped, work), true);
        });
      }
    });
  }
});
