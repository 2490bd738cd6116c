/** The record plan for people (zone-file snippet, table) and scripts (JSON). Pure. */
import type { RecordPlan } from './plan.ts';

/**
 * A zone-file snippet (RFC 1035 §5 presentation format): absolute names, one record per line, comments with `;`.
 * ALIAS is not a standard type: providers that support it accept it in their own import; the comment says so.
 */
export function formatZone(plan: RecordPlan): string {
  let s = `; DNS records for the docs site (target ${plan.target}); TTL 3600 as the procedure asks.\n`;
  let last = '';
  for (const r of plan.records) {
    if (r.domain !== last) {
      s += `\n; ${r.domain}\n`;
      last = r.domain;
    }
    const line = `${r.name}. ${r.ttl} IN ${r.type} ${r.value}`;
    if (r.type === 'ALIAS')
      s += `; ALIAS/ANAME: a provider feature, not a record type on the wire (your provider may call it ANAME or CNAME flattening)\n`;
    if (r.use === 'alternative') s += `; without ALIAS/ANAME only: ${line}\n`;
    else s += `${line}\n`;
  }
  for (const n of plan.notes) s += `; note: ${n}\n`;
  return s;
}

/** A table with the columns DNS providers' forms use: Name (relative), Type, TTL, Value. */
export function formatTable(plan: RecordPlan): string {
  const rows = [
    ['Domain', 'Name', 'Type', 'TTL', 'Value', 'Use'],
    ...plan.records.map((r) => [r.domain, r.label, r.type, String(r.ttl), r.value, r.use]),
  ];
  const widths = rows[0]?.map((_, i) => Math.max(...rows.map((row) => (row[i] ?? '').length))) ?? [];
  const line = (row: string[]) =>
    row
      .map((c, i) => c.padEnd(widths[i] ?? 0))
      .join('  ')
      .trimEnd();
  let s = `${rows.map(line).join('\n')}\n`;
  if (plan.records.some((r) => r.use === 'alternative'))
    s += '\n"alternative": the A/AAAA values to enter only if your DNS provider has no ALIAS/ANAME record.\n';
  for (const n of plan.notes) s += `Note: ${n}\n`;
  return s;
}

/** `{ok: true, target, records[], notes[]}`. */
export function formatPlanJson(plan: RecordPlan): string {
  return `${JSON.stringify({ ok: true, ...plan }, null, 2)}\n`;
}
