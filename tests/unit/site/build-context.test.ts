// A build's shared state lives for one build: what a build loaded and computed (descriptions, reference
// data, version sets, sample blocks) is its own, and the next build in the same process starts empty,
// so a second build never shows the first one's description or counts.
import assert from 'node:assert/strict';
import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { siteApis } from '../../../site/apis/config.ts';
import { parseReferenceOptions } from '../../../site/apis/options.ts';
import { beginBuild, buildSlot, currentBuild, type SiteConfig } from '../../../site/build-context.ts';
import { referenceData } from '../../../site/reference/loaded-description.ts';
import { highlightedBlock, keptBlock, sampleBlocksLine } from '../../../site/reference/sample-blocks.ts';
import { versionSet } from '../../../site/reference/versions.ts';
import { SPEC_PATH } from '../../../spec/path.ts';

const dir = mkdtempSync(join(tmpdir(), 'build-context-'));
after(() => rmSync(dir, { recursive: true, force: true }));
const description = join(dir, 'openapi.yaml');
copyFileSync(SPEC_PATH, description);
const site = siteApis(parseReferenceOptions({ description }), { env: {}, cwd: dir, root: dir });
const [api] = site.apis;
const config: SiteConfig = { site, locales: [], agents: { contentSignals: {} } };

describe('the build context', () => {
  test('a slot is one object within a build and a new one in the next build', () => {
    const slot = buildSlot('test.slot', () => ({ n: 0 }));
    const first = beginBuild(config);
    first.state(slot).n += 1;
    assert.equal(currentBuild().state(slot).n, 1);
    assert.equal(currentBuild().config, config);
    const second = beginBuild(config);
    assert.ok(second.id > first.id);
    assert.equal(currentBuild().state(slot).n, 0);
  });

  test('two builds in one process do not share reference data: the second reads the description again', async () => {
    beginBuild(config);
    const a = await referenceData(api);
    assert.equal(await referenceData(api), a, 'one build computes it once');
    const setA = await versionSet(api);
    beginBuild(config);
    const b = await referenceData(api);
    assert.notEqual(b, a);
    assert.notEqual(b.loaded, a.loaded, 'the description is loaded again');
    assert.notEqual(await versionSet(api), setA);
  });

  test('a description edited between two builds shows its new text in the second', async () => {
    beginBuild(config);
    const before = (await referenceData(api)).model.title;
    const text = (await referenceData(api)).loaded.text.replace('title: Petstore API', 'title: Petstore API, edited');
    assert.equal(before, 'Petstore API');
    writeFileSync(description, text);
    beginBuild(config);
    assert.equal((await referenceData(api)).model.title, 'Petstore API, edited');
    copyFileSync(SPEC_PATH, description);
  });

  test("the sample blocks' counts and kept blocks are the build's own", () => {
    beginBuild(config);
    assert.equal(keptBlock('en\nshell\ncurl x'), undefined);
    highlightedBlock('en\nshell\ncurl x', '<pre>x</pre>', 2);
    assert.equal(keptBlock('en\nshell\ncurl x'), '<pre>x</pre>');
    assert.match(sampleBlocksLine() ?? '', /^code samples: 2 blocks, 1 distinct, 1 highlighted/);
    beginBuild(config);
    assert.equal(sampleBlocksLine(), undefined, 'no block counted yet');
    assert.equal(keptBlock('en\nshell\ncurl x'), undefined, 'nothing kept from the last build');
  });
});
