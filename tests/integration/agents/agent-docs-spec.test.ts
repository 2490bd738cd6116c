// The built site against the Agent-Friendly Documentation Spec (agentdocsspec.com, v0.6.0) through the
// spec's own published checks (npm `afdocs`), run on `npm start` (scripts/serve.ts on a loopback port)
// over every page of the sitemap. The site's links name the primary domain; `canonicalOrigin` maps them
// to the test server. One test per category of the spec: no failing check, and a score of at least 95.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { CATEGORIES, type CheckResult, computeScore, runChecks, type ScoreResult } from 'afdocs';
import { parse } from 'yaml';
import { ROOT, type RunningSite, startSite } from '../../support/server.ts';

const PRIMARY = `https://${(parse(readFileSync(join(ROOT, 'site', 'domains.yaml'), 'utf8')) as { domains: { primary: string } }).domains.primary}`;

let site: RunningSite;
let results: CheckResult[] = [];
let score: ScoreResult;

before(async () => {
  site = await startSite();
  const sitemap = readFileSync(join(ROOT, 'dist', 'client', 'sitemap-0.xml'), 'utf8');
  const pages = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => `${site.url}${new URL(m[1] ?? '/').pathname}`);
  const report = await runChecks(`${site.url}/`, {
    canonicalOrigin: PRIMARY,
    samplingStrategy: 'curated',
    curatedPages: pages,
    requestDelay: 0,
    maxConcurrency: 4,
  });
  results = report.results;
  score = computeScore(report);
});
after(() => site?.stop());

describe('Agent-Friendly Documentation Spec, per category', () => {
  for (const category of CATEGORIES) {
    test(category.name, () => {
      const checks = results.filter((r) => r.category === category.id);
      assert.ok(checks.length > 0, `checks of ${category.id}`);
      const failing = checks.filter((r) => r.status === 'fail' || r.status === 'error');
      assert.deepEqual(
        failing.map((r) => `${r.id}: ${r.message}`),
        [],
        `no failing check in ${category.name}`,
      );
      const s = score.categoryScores[category.id]?.score;
      assert.ok(s === null || s === undefined || s >= 95, `${category.name}: ${s} / 100`);
    });
  }
});
