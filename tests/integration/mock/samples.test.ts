// Runs every x-codeSamples sample of spec/openapi.yaml against the mock of the built site, with the
// base URL swapped for the mock's: cURL with curl (via sh -c), JavaScript with node, Python with
// /usr/bin/python3 and requests (Debian python3-requests). The mock is reset before each sample so
// the order does not matter. A sample passes when it exits 0 (samples use --fail-with-body,
// raise_for_status or throw on !ok), the mock answered its request with the documented success status
// (seen by a recording proxy between the sample and the site), and what it prints agrees: a printed
// status equals it, a printed JSON body matches its schema.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import { promisify } from 'node:util';
import type { OpenAPIV3 } from 'openapi-types';
import { operationsOf, ResponseChecker, testSpec } from '../../support/mock.ts';
import { type RunningSite, startSite } from '../../support/server.ts';

const run = promisify(execFile);
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
}

/** A loopback HTTP proxy to `target` that records every exchange into `seen`. */
function recordingProxy(target: string, seen: Seen[]): Promise<Server> {
  const to = new URL(target);
  const server = createServer((req, res) => {
    const upstream = request(
      { host: to.hostname, port: to.port, method: req.method, path: req.url, headers: req.headers },
      (answer) => {
        seen.push({ method: req.method ?? '', path: req.url ?? '', status: answer.statusCode ?? 0 });
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

describe('x-codeSamples run against the mock', () => {
  let site: RunningSite;
  let proxy: Server;
  let checker: ResponseChecker;
  const seen: Seen[] = [];
  before(async () => {
    site = await startSite();
    proxy = await recordingProxy(site.url, seen);
    checker = await ResponseChecker.create();
  });
  after(async () => {
    await new Promise((r) => proxy?.close(r));
    await site?.stop();
  });

  test('every operation has samples in cURL, JavaScript and Python', () => {
    const ops = operationsOf(spec);
    for (const { op } of ops) {
      const langs = samples.filter((s) => s.operationId === op.operationId).map((s) => s.sample.lang.toLowerCase());
      assert.deepEqual(langs.sort(), ['curl', 'javascript', 'python'], op.operationId);
    }
  });

  for (const { operationId, op, sample } of samples) {
    test(`${operationId} (${sample.label ?? sample.lang})`, async () => {
      assert.ok(sample.source.includes(PRODUCTION), 'the sample uses the production base URL');
      const base = `${site.url}/api/mock`;
      const reset = await fetch(`${base}/_reset`, {
        method: 'POST',
        headers: { authorization: 'Bearer sample-token' },
      });
      assert.equal(reset.status, 204);
      const source = sample.source.replaceAll(
        PRODUCTION,
        `http://127.0.0.1:${(proxy.address() as AddressInfo).port}/api/mock`,
      );
      seen.length = 0;
      const [cmd, args] = command(sample.lang, source);
      const env: Record<string, string> = {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? '/tmp',
        PETSTORE_TOKEN: 'sample-token',
        NO_PROXY: '*',
      };
      let stdout = '';
      try {
        ({ stdout } = await run(cmd, args, { env, timeout: 20_000 }));
      } catch (err) {
        const e = err as { code?: number; stdout?: string; stderr?: string };
        assert.fail(`exit ${e.code}\nstdout: ${e.stdout}\nstderr: ${e.stderr}\nsource:\n${source}`);
      }
      const success = Object.keys(op.responses).find((s) => /^2\d\d$/.test(s)) ?? '200';
      assert.ok(seen.length > 0, 'the sample sent a request');
      assert.equal(
        String(seen.at(-1)?.status),
        success,
        `the mock's answer to ${seen.at(-1)?.method} ${seen.at(-1)?.path}`,
      );
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
    });
  }
});
