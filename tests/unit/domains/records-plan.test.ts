// `docs-domains records`: the plan (pure) and its zone-file, table and JSON forms.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { Rr } from '../../../tools/docs-domains/core/dns/types.ts';
import type { CaaLookup } from '../../../tools/docs-domains/groups/dns/checks/caa.ts';
import { formatPlanJson, formatTable, formatZone } from '../../../tools/docs-domains/records/format.ts';
import { planRecords } from '../../../tools/docs-domains/records/plan.ts';

const T = 'host.platform.example.net';
const caa = (name: string, value: string): Rr => ({
  name,
  type: 'CAA',
  ttl: 3600,
  value: `0 issue "${value}"`,
  caa: { flags: 0, tag: 'issue', value },
});
const climb = (...steps: [string, Rr[]][]): CaaLookup[] =>
  steps.map(([name, records]) => ({ name, chain: [], outcome: records.length ? 'records' : 'empty', records }));

const plan = planRecords({
  target: T,
  cas: ['letsencrypt.org'],
  targetA: ['192.0.2.1'],
  targetAAAA: ['2001:db8::1'],
  domains: [
    {
      domain: 'docs.example.com',
      kind: 'subdomain',
      zone: 'example.com',
      label: 'docs',
      caaClimb: climb(['docs.example.com', []], ['example.com', [caa('example.com', 'pki.goog')]], ['com', []]),
    },
    {
      domain: 'example.org',
      kind: 'apex',
      zone: 'example.org',
      label: '@',
      caaClimb: climb(['example.org', []], ['org', []]),
    },
  ],
});

describe('planRecords', () => {
  test('a CNAME for a subdomain, ALIAS for an apex with the A/AAAA alternative, CAA only where CAA restricts', () => {
    assert.deepEqual(
      plan.records.map((r) => `${r.use} ${r.name} ${r.label} ${r.type} ${r.ttl} ${r.value}`),
      [
        `required docs.example.com docs CNAME 3600 ${T}.`,
        'required example.com @ CAA 3600 0 issue "letsencrypt.org"',
        `required example.org @ ALIAS 3600 ${T}.`,
        'alternative example.org @ A 3600 192.0.2.1',
        'alternative example.org @ AAAA 3600 2001:db8::1',
      ],
    );
    assert.deepEqual(plan.notes, []);
  });
  test('no CAA record is planned when CAA already allows the CA or when none applies', () => {
    const p = planRecords({
      target: T,
      cas: ['letsencrypt.org'],
      domains: [
        {
          domain: 'docs.example.com',
          kind: 'subdomain',
          zone: 'example.com',
          label: 'docs',
          caaClimb: climb(['docs.example.com', [caa('docs.example.com', 'letsencrypt.org')]]),
        },
      ],
    });
    assert.deepEqual(
      p.records.map((r) => r.type),
      ['CNAME'],
    );
  });
  test('a failed CAA lookup or unknown target addresses become notes, not guesses', () => {
    const p = planRecords({
      target: T,
      cas: ['letsencrypt.org'],
      domains: [
        {
          domain: 'example.org',
          kind: 'apex',
          zone: 'example.org',
          label: '@',
          caaClimb: [{ name: 'example.org', chain: [], outcome: 'error', records: [], error: 'SERVFAIL' }],
        },
      ],
    });
    assert.equal(p.notes.length, 2);
    assert.match(p.notes.join('\n'), /could not be looked up/);
    assert.match(p.notes.join('\n'), /CAA lookup at example\.org failed \(SERVFAIL\)/);
  });
});

describe('formats', () => {
  test('zone file: absolute names, one record a line, quotes only where the zone-file syntax has them', () => {
    const z = formatZone(plan);
    assert.match(z, new RegExp(`^docs\\.example\\.com\\. 3600 IN CNAME ${T.replaceAll('.', '\\.')}\\.$`, 'm'));
    assert.match(z, /^example\.com\. 3600 IN CAA 0 issue "letsencrypt\.org"$/m);
    assert.match(z, /^; without ALIAS\/ANAME only: example\.org\. 3600 IN A 192\.0\.2\.1$/m);
    assert.doesNotMatch(z, /""/);
  });
  test('table: Name, Type, TTL, Value columns as providers ask', () => {
    const t = formatTable(plan).split('\n');
    assert.match(t[0] ?? '', /^Domain +Name +Type +TTL +Value +Use$/);
    assert.match(t[1] ?? '', /^docs\.example\.com +docs +CNAME +3600 +host\.platform\.example\.net\. +required$/);
  });
  test('JSON', () => {
    const j = JSON.parse(formatPlanJson(plan));
    assert.equal(j.ok, true);
    assert.equal(j.target, T);
    assert.equal(j.records.length, 5);
    assert.deepEqual(Object.keys(j.records[0]), ['domain', 'name', 'label', 'type', 'ttl', 'value', 'use', 'why']);
  });
});
