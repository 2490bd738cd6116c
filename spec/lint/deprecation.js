// Spectral function of rule petstore-deprecation (.spectral.yaml): deprecated operations (source
// document section 9; RFC 9745, RFC 8594) carry a real ISO date in `x-deprecated-sunset` (after
// `x-deprecated-since` when given), a description naming the date and a successor operation, and
// `Deprecation`, `Sunset` and `Link` headers on the success response whose examples agree with those
// dates; `x-successor.operationId` (read by the mock), when given, names a live operation.
// `x-deprecated-*` only on deprecated operations.
import { createRulesetFunction } from '@stoplight/spectral-core';
import { formatDay, isCalendarDate } from '../../descriptions/shared/dates.js';
import { label, obj, operations, resolve, str } from './document.js';

/** @typedef {import('./document.js').Finding} Finding */

export default createRulesetFunction(
  { input: { type: 'object' }, options: null },
  /** @param {Record<string, unknown>} doc */
  function deprecation(doc) {
    /** @type {Finding[]} */
    const out = [];
    const report = (path, message) => out.push({ message, path });
    const all = operations(doc);
    for (const o of all) {
      const sunset = o.op['x-deprecated-sunset'];
      const since = o.op['x-deprecated-since'];
      if (o.op.deprecated !== true) {
        if (sunset !== undefined || since !== undefined) {
          report(o.at, `${label(o)} has x-deprecated-* but is not deprecated: true`);
        }
        continue;
      }
      if (!isCalendarDate(sunset)) {
        report(
          [...o.at, 'x-deprecated-sunset'],
          `${label(o)}: x-deprecated-sunset ${JSON.stringify(sunset)} is not an ISO date (YYYY-MM-DD)`,
        );
        continue;
      }
      if (since !== undefined && (!isCalendarDate(since) || since >= sunset)) {
        report(
          [...o.at, 'x-deprecated-since'],
          `${label(o)}: x-deprecated-since must be an ISO date before the sunset`,
        );
      }
      const description = str(o.op.description) ?? '';
      if (!description.includes(formatDay(sunset)) && !description.includes(sunset)) {
        report(
          [...o.at, 'description'],
          `${label(o)}: the description must name the sunset date (${formatDay(sunset)})`,
        );
      }
      const successors = all.filter((x) => x !== o && x.op.deprecated !== true);
      const named = successors.some(
        (x) =>
          description.includes(str(x.op.operationId) ?? '\u0000') ||
          description.includes(`${x.method.toUpperCase()} ${x.path}`),
      );
      if (!named)
        report([...o.at, 'description'], `${label(o)}: the description must name the operation that replaces it`);
      const successor = o.op['x-successor'];
      if (successor !== undefined) {
        const id = str(obj(successor).operationId);
        if (!successors.some((x) => x.op.operationId === id)) {
          report(
            [...o.at, 'x-successor'],
            `${label(o)}: x-successor.operationId ${JSON.stringify(id)} names no operation that is not deprecated`,
          );
        }
      }

      const success = Object.entries(obj(o.op.responses)).find(([s]) => /^2\d\d$/.test(s));
      if (!success) continue;
      const headers = obj(obj(resolve(doc, success[1], []).node).headers);
      /** @param {string} name */
      const header = (name) => {
        const key = Object.keys(headers).find((k) => k.toLowerCase() === name.toLowerCase());
        return key === undefined ? undefined : obj(resolve(doc, headers[key], []).node);
      };
      const at = [...o.at, 'responses', success[0], 'headers'];
      const dep = header('Deprecation');
      const sun = header('Sunset');
      if (!dep) report(at, `${label(o)}: the ${success[0]} response needs a Deprecation header (RFC 9745)`);
      if (!sun) report(at, `${label(o)}: the ${success[0]} response needs a Sunset header (RFC 8594)`);
      if (!header('Link')) {
        report(at, `${label(o)}: the ${success[0]} response needs a Link header (deprecation policy, successor)`);
      }
      if (sun && typeof sun.example === 'string') {
        const t = Date.parse(sun.example);
        if (Number.isNaN(t) || new Date(t).toISOString().slice(0, 10) !== sunset) {
          report([...at, 'Sunset'], `${label(o)}: the Sunset example ${sun.example} is not on ${sunset}`);
        }
      }
      if (dep && typeof dep.example === 'string' && isCalendarDate(since)) {
        if (dep.example !== `@${Date.parse(`${since}T00:00:00Z`) / 1000}`) {
          report(
            [...at, 'Deprecation'],
            `${label(o)}: the Deprecation example ${dep.example} is not @<${since} as Unix time>`,
          );
        }
      }
    }
    return out;
  },
);
