// Spectral function of rule petstore-error-responses (.spectral.yaml): error responses (source
// document section 7; spec/README.md "Errors: the catalogue"). Every 4xx/5xx uses the `Error` schema as
// JSON; its examples carry a catalogue code of that status; every operation documents 401, 429 and
// 500, 400 when it takes parameters or a body, 404 when a path identifies a record, 413 and 415 when it
// takes a body; the API description lists every code.
import { createRulesetFunction } from '@stoplight/spectral-core';
import { ERROR_STATUS } from '../shared/catalogue.js';
import { label, obj, operations, resolve, str } from './document.js';

/** @typedef {import('./document.js').Finding} Finding */

const ERROR_REF = '#/components/schemas/Error';

export default createRulesetFunction(
  { input: { type: 'object' }, options: null },
  /** @param {Record<string, unknown>} doc */
  function errorResponses(doc) {
    /** @type {Finding[]} */
    const out = [];
    const report = (path, message) => out.push({ message, path });
    /** @type {Readonly<Record<string, number>>} */
    const catalogue = ERROR_STATUS;
    for (const o of operations(doc)) {
      const responses = obj(o.op.responses);
      for (const [status, raw] of Object.entries(responses)) {
        if (!/^[45]\d\d$/.test(status)) continue;
        const r = resolve(doc, raw, [...o.at, 'responses', status]);
        const media = obj(obj(obj(r.node).content)['application/json']);
        const schema = obj(media.schema);
        if (schema.$ref !== ERROR_REF) {
          report(r.at, `${label(o)} ${status}: the body must be application/json with $ref ${ERROR_REF}`);
          continue;
        }
        /** @type {[(string | number)[], unknown][]} */
        const examples = [];
        const mediaAt = [...r.at, 'content', 'application/json'];
        if ('example' in media) examples.push([[...mediaAt, 'example'], media.example]);
        for (const [name, ex] of Object.entries(obj(media.examples))) {
          const e = resolve(doc, ex, [...mediaAt, 'examples', name]);
          examples.push([e.at, obj(e.node).value]);
        }
        if (examples.length === 0) report(r.at, `${label(o)} ${status}: add an example`);
        for (const [exAt, value] of examples) {
          const e = obj(value);
          const code = str(e.code) ?? '';
          if (e.status !== Number(status)) {
            report(exAt, `${label(o)} ${status}: the example's status is ${JSON.stringify(e.status)}`);
          }
          if (catalogue[code] !== Number(status)) {
            report(exAt, `${label(o)} ${status}: code ${code} is not a catalogue code for ${status}`);
          }
        }
      }
      const needed = ['401', '429', '500'];
      const hasBody = o.op.requestBody !== undefined;
      if (o.parameters.length > 0 || hasBody) needed.push('400');
      if (o.parameters.some((p) => p.in === 'path')) needed.push('404');
      if (hasBody) needed.push('413', '415');
      for (const status of needed) {
        if (!(status in responses)) {
          report([...o.at, 'responses'], `${label(o)} can answer ${status} but does not document it`);
        }
      }
    }
    const description = str(obj(doc.info).description) ?? '';
    for (const code of Object.keys(catalogue)) {
      if (!description.includes(`\`${code}\``)) {
        report(['info', 'description'], `the API description does not list the error code ${code}`);
      }
    }
    return out;
  },
);
