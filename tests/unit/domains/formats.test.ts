// --format github (workflow commands, escaped as GitHub documents) and --format markdown (a summary table);
// config problems annotated at their file, line and column.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, test } from 'node:test';
import { main } from '../../../tools/docs-domains/cli.ts';
import { SCHEMA_PATH } from '../../../tools/docs-domains/config/load.ts';
import { domainPositions } from '../../../tools/docs-domains/config/positions.ts';
import { validateConfig } from '../../../tools/docs-domains/config/validate.ts';
import type { Report } from '../../../tools/docs-domains/core/types.ts';
import {
  command,
  escapeData,
  escapeProperty,
  githubProblems,
  githubReport,
} from '../../../tools/docs-domains/report/github.ts';
import { cell, markdownReport } from '../../../tools/docs-domains/report/markdown.ts';

const report: Report = {
  ok: false,
  target: 'host.platform.test',
  domains: [
    {
      domain: 'docs.example.test',
      kind: 'subdomain',
      ok: false,
      checks: [
        {
          id: 'cname',
          status: 'fail',
          code: 'cname.mismatch',
          message: 'docs.example.test is a CNAME for old.example.net, not for host.platform.test.',
          action: 'Change the value of the CNAME docs from old.example.net to host.platform.test:',
          fix: [
            { op: 'delete', record: 'docs.example.test. IN CNAME old.example.net.' },
            { op: 'add', record: 'docs.example.test. 3600 IN CNAME host.platform.test.' },
          ],
        },
        { id: 'ttl', status: 'warn', code: 'ttl.different', message: 'TTL 300 | not 3600\n100% sure' },
        { id: 'caa', status: 'pass', code: 'caa.no_records', message: 'No CAA record.' },
      ],
    },
  ],
};

describe('workflow-command escaping (GitHub toolkit command.ts)', () => {
  test('data: %, CR, LF; properties: also ":" and ","', () => {
    assert.equal(escapeData('100% a\r\nb: c, d'), '100%25 a%0D%0Ab: c, d');
    assert.equal(escapeProperty('100% a\r\nb: c, d'), '100%25 a%0D%0Ab%3A c%2C d');
    assert.equal(
      command('error', { file: 'a,b:c.yaml', line: 3, title: 'x: y' }, 'line 1\nline 2'),
      '::error file=a%2Cb%3Ac.yaml,line=3,title=x%3A y::line 1%0Aline 2\n',
    );
    assert.equal(command('warning', {}, 'w'), '::warning::w\n');
  });
});

describe('--format github', () => {
  test('one ::error per failing check, ::warning per warning, none for a pass; the code comes first', () => {
    const out = githubReport(report, new Map([['docs.example.test', { file: 'site/domains.yaml', line: 4, col: 12 }]]));
    const lines = out.trimEnd().split('\n');
    assert.equal(lines.length, 3);
    assert.equal(
      lines[0],
      '::error file=site/domains.yaml,line=4,col=12,title=docs.example.test%3A cname fail::cname.mismatch: docs.example.test is a CNAME for old.example.net, not for host.platform.test.%0AWhat to do: Change the value of the CNAME docs from old.example.net to host.platform.test:%0A  delete docs.example.test. IN CNAME old.example.net.%0A  add docs.example.test. 3600 IN CNAME host.platform.test.',
    );
    assert.equal(
      lines[1],
      '::warning file=site/domains.yaml,line=4,col=12,title=docs.example.test%3A ttl warn::ttl.different: TTL 300 | not 3600%0A100%25 sure',
    );
    assert.match(lines[2] ?? '', /^1 domain: 0 ok, 1 needs attention/);
  });
  test('without a known position the command carries no file', () => {
    assert.match(githubReport(report), /^::error title=docs\.example\.test%3A cname fail::cname\.mismatch/);
  });
  test('a config problem is annotated at its file, line and column', () => {
    const text = 'domains:\n  platformHost: host.platform.test\n  primary: https://docs.example.test\n';
    const schema = JSON.parse(readFileSync(SCHEMA_PATH, 'utf8'));
    const { problems } = validateConfig(text, 'site/domains.yaml', schema);
    const out = githubProblems(problems);
    assert.equal(
      out,
      '::error file=site/domains.yaml,line=3,col=12,title=docs-domains%3A domains.primary::primary "https://docs.example.test" has a scheme ("https://"): write the host name only, e.g. "docs.example.test"\n',
    );
  });
  test('domains are found on their line of the config (primary and each from)', () => {
    const text =
      'domains:\n  platformHost: host.platform.test\n  primary: Docs.Example.Test\n  redirects:\n    - {from: old.example.test, to: docs.example.test, status: 301}\n';
    assert.deepEqual(Object.fromEntries(domainPositions(text)), {
      'docs.example.test': { line: 3, col: 12 },
      'old.example.test': { line: 5, col: 14 },
    });
  });
  test('validate --format github: annotations, exit 1', async () => {
    const dir = (await import('node:fs')).mkdtempSync('/tmp/dd-gh-');
    const file = `${dir}/domains.yaml`;
    (await import('node:fs')).writeFileSync(
      file,
      'domains:\n  platformHost: host.platform.test\n  primary: docs.example.test\n  redirects:\n    - {from: a.example.test, to: docs.example.test, status: 303}\n',
    );
    let out = '';
    const io = { stdout: { write: (s: string) => (out += s) }, stderr: { write: () => true }, env: {}, cwd: dir };
    assert.equal(await main(['validate', '--config', file, '--format', 'github'], io), 1);
    assert.equal(
      out.split('\n')[0],
      '::error file=domains.yaml,line=5,col=61,title=docs-domains%3A domains.redirects[0].status::domains.redirects[0].status: must be one of 301, 302, 307, 308 (got 303)',
    );
  });
  test('exit 2 with --format github: the error as a workflow command', async () => {
    let out = '';
    const io = { stdout: { write: (s: string) => (out += s) }, stderr: { write: () => true }, env: {}, cwd: '/' };
    assert.equal(await main(['check', '--config', '/nonexistent.yaml', '--format', 'github'], io), 2);
    assert.match(out, /^::error title=docs-domains::cannot read the config/);
  });
});

describe('--format markdown', () => {
  test('a table: domain, check, status, code, what to do with the records whole', () => {
    const md = markdownReport(report);
    const rows = md.split('\n').filter((l) => l.startsWith('| `'));
    assert.equal(rows.length, 3);
    assert.equal(
      rows[0],
      '| `docs.example.test` | cname | ❌ fail | `cname.mismatch` | Change the value of the CNAME docs from old.example.net to host.platform.test:<br>delete `docs.example.test. IN CNAME old.example.net.`<br>add `docs.example.test. 3600 IN CNAME host.platform.test.` |',
    );
    // No action: the message says what is wrong; pipes and newlines do not break the table.
    assert.equal(
      rows[1],
      '| `docs.example.test` | ttl | ⚠️ warn | `ttl.different` | TTL 300 \\| not 3600<br>100% sure |',
    );
    assert.equal(rows[2], '| `docs.example.test` | caa | ✅ pass | `caa.no_records` |  |');
    assert.match(md, /^### docs-domains check\n\n❌ 1 domain: 0 ok, 1 needs attention/);
  });
  test('cells escape HTML and pipes', () => {
    assert.equal(cell('a|b <x> & c\nd'), 'a\\|b &lt;x&gt; &amp; c<br>d');
  });
});
