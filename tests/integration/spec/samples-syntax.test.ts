// The x-codeSamples of spec/openapi.yaml parse in their language: JavaScript as an ES module
// (`node --check`), Python (`compile()` of /usr/bin/python3, which has requests), shell
// (`bash -n`). Running them against the mock is a separate test; this catches typos early.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { listOperations } from '../../../descriptions/operations.ts';
import { writtenSpec } from '../../support/spec.ts';

const doc = writtenSpec();
const dir = mkdtempSync(join(tmpdir(), 'petstore-samples-'));
after(() => rmSync(dir, { recursive: true, force: true }));

const PYTHON = process.env.PYTHON ?? '/usr/bin/python3';

/** Syntax-checks one source; returns the checker's complaint, or undefined when it parses. */
function checkSyntax(lang: string, name: string, source: string): string | undefined {
  let r: ReturnType<typeof spawnSync>;
  if (lang === 'javascript') {
    const file = join(dir, `${name}.mjs`);
    writeFileSync(file, source);
    r = spawnSync(process.execPath, ['--check', file], { encoding: 'utf8' });
  } else if (lang === 'python') {
    r = spawnSync(PYTHON, ['-c', 'import sys; compile(sys.stdin.read(), sys.argv[1], "exec")', name], {
      input: source,
      encoding: 'utf8',
    });
  } else {
    r = spawnSync('bash', ['-n'], { input: source, encoding: 'utf8' });
  }
  if (r.error) return String(r.error);
  return r.status === 0 ? undefined : String(r.stderr);
}

describe('x-codeSamples parse', () => {
  for (const o of listOperations(doc)) {
    const id = String(o.operationId);
    const samples = (o.operation['x-codeSamples'] ?? []) as { lang: string; source: string }[];
    test(id, () => {
      assert.equal(samples.length, 3);
      for (const s of samples) {
        const complaint = checkSyntax(s.lang, `${id}-${s.lang}`, s.source);
        assert.equal(complaint, undefined, `${id} ${s.lang}: ${complaint}`);
      }
    });
  }

  test('a broken sample is caught (the check is not vacuous)', () => {
    assert.notEqual(checkSyntax('javascript', 'broken', 'const res = await fetch(;'), undefined);
    assert.notEqual(checkSyntax('python', 'broken', 'resp = requests.get(\n'), undefined);
    assert.notEqual(checkSyntax('curl', 'broken', 'curl "https://x \\\n'), undefined);
  });
});
