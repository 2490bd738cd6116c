/**
 * The words of a report, rendered from its data (codes and params). Pure.
 */
import type { ApiRef, Change, OperationRef, Report } from '../core/types.ts';

/** `partner (Partner Pets API)`, or the id alone when the API has no title. */
export function apiName(api: ApiRef): string {
  return api.title && api.title !== api.id ? `${api.id} (${api.title})` : api.id;
}

/** `GET /pets/{petId} (getPet)`. */
export function operationName(o: OperationRef): string {
  return `${o.method} ${o.path}${o.operationId ? ` (${o.operationId})` : ''}`;
}

/** What an edit touches: `getPet, listPets` or `schema Pet`. */
export function touches(c: Change, max = 6): string {
  const ops = c.operations.map((o) => o.operationId ?? `${o.method} ${o.path}`);
  const shown = ops.length > max ? [...ops.slice(0, max), `${ops.length - max} more`] : ops;
  const parts: string[] = [];
  if (c.schema) parts.push(`schema ${c.schema}`);
  if (shown.length) parts.push(`${ops.length === 1 ? 'operation' : 'operations'} ${shown.join(', ')}`);
  return parts.join('; ');
}

/** The sentence that says what changed and what the policy decided. */
export function message(c: Change, report: Pick<Report, 'base' | 'head'>): string {
  const op = c.operations[0] ? operationName(c.operations[0]) : 'the operation';
  const p = c.params;
  let s: string;
  switch (c.code) {
    case 'operation-added':
      s = `Added operation ${op}.`;
      break;
    case 'operation-removed':
      s = `Removed operation ${op}, which was not deprecated: deprecate it with an x-deprecated-sunset date first, and remove it after that date.`;
      break;
    case 'operation-removed-before-sunset':
      s = `Removed operation ${op} before its sunset date ${p.sunset} (build date ${p.buildDate}): it must keep working until then.`;
      break;
    case 'operation-removed-without-sunset':
      s = `Removed operation ${op}, deprecated without an x-deprecated-sunset date: give it one and remove it after that date.`;
      break;
    case 'operation-removed-after-sunset':
      s = `Removed operation ${op} after its sunset date ${p.sunset} (build date ${p.buildDate}).`;
      break;
    case 'operation-deprecated':
      s = `Deprecated operation ${op}, sunset date ${p.sunset}.`;
      break;
    case 'operation-undeprecated':
      s = `Operation ${op} is no longer deprecated.`;
      break;
    case 'deprecation-without-sunset':
      s = `Operation ${op} is deprecated without an x-deprecated-sunset date: add one on or after ${p.earliest} (the notice period).`;
      break;
    case 'sunset-invalid':
      s = `Operation ${op} has x-deprecated-sunset ${JSON.stringify(p.sunset)}, not a YYYY-MM-DD date: use a date on or after ${p.earliest}.`;
      break;
    case 'sunset-too-soon':
      s = `Operation ${op} has the sunset date ${p.sunset}${p.was ? ` (was ${p.was})` : ''}, closer than the notice period allows: use ${p.earliest} or later.`;
      break;
    case 'sunset-changed':
      s = `The sunset date of ${op} moved from ${p.was || 'none'} to ${p.sunset}.`;
      break;
    default: {
      const detail = p.summary || p.detail || `${p.action} ${c.pointer}`;
      const t = touches(c);
      s = `${detail}${t ? ` (${t})` : ''}.`;
    }
  }
  if (c.allowedBy === 'major-version')
    s += ` Allowed: info.version goes to a new major version (${report.base.version} → ${report.head.version}).`;
  else if (c.decision === 'fail' && c.class === 'breaking')
    s += ` Breaking for clients of ${report.base.version || 'the base'}: release it as a new major version of info.version, or keep it compatible.`;
  return s;
}

/** `1 breaking (1 failing), 3 non-breaking, 2 documentation`. */
export function summaryText(r: Report): string {
  const parts: string[] = [];
  for (const k of ['breaking', 'deprecation', 'non-breaking', 'unclassified', 'documentation'] as const)
    if (r.summary[k]) parts.push(`${r.summary[k]} ${k}`);
  const total = r.changes.length;
  let s = total === 0 ? 'no changes' : `${total} change${total === 1 ? '' : 's'}: ${parts.join(', ')}`;
  if (r.summary.fail) s += `; ${r.summary.fail} failing`;
  if (r.summary.allowed) s += `; ${r.summary.allowed} allowed`;
  return s;
}

/** The one-line verdict. */
export function verdict(r: Report): string {
  return r.ok
    ? r.summary.allowed
      ? 'OK: breaking changes only where the policy allows them'
      : 'OK: no breaking change'
    : 'FAIL: changes the API policy does not allow';
}
