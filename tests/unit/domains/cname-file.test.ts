// The build's CNAME file (site/integrations/cname.ts): the primary domain, one line, in the static output folder.
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { pathToFileURL } from 'node:url';
import { parse } from 'yaml';
import { cnameFile } from '../../../site/integrations/cname.ts';

function logger() {
  const lines: string[] = [];
  return { lines, info: (m: string) => lines.push(`info ${m}`), warn: (m: string) => lines.push(`warn ${m}`) };
}

async function build(primary: string | undefined) {
  const dir = mkdtempSync(join(tmpdir(), 'cname-'));
  const log = logger();
  const hook = cnameFile(primary).hooks['astro:build:done'] as (o: unknown) => Promise<void>;
  await hook({ dir: pathToFileURL(`${dir}/`), logger: log, pages: [], assets: new Map() });
  return { dir, log };
}

test('the primary domain of site/domains.yaml is written to CNAME in the output folder', async () => {
  const primary = parse(readFileSync(new URL('../../../site/domains.yaml', import.meta.url), 'utf8')).domains.primary;
  const { dir, log } = await build(primary);
  assert.equal(readFileSync(join(dir, 'CNAME'), 'utf8'), `${primary}\n`);
  assert.deepEqual(log.lines, [`info CNAME: ${primary}`]);
});

test('no primary: no file, and the build says so', async () => {
  const { dir, log } = await build(undefined);
  assert.throws(() => readFileSync(join(dir, 'CNAME')), /ENOENT/);
  assert.match(log.lines[0] ?? '', /^warn no domains\.primary/);
});
