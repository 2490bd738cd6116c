// Spectral function of rule petstore-named-operations (.spectral.yaml): the two operations the source
// document names (section 4). `GET /pets/{petId}` exists and is deprecated; `GET /store/orders`
// exists under a tag of the Store group and has `x-hideTryItPanel: true`, which no other operation has.
import { createRulesetFunction } from '@stoplight/spectral-core';
import { arr, label, obj, operations, str } from './document.js';

/** @typedef {import('./document.js').Finding} Finding */

export default createRulesetFunction(
  { input: { type: 'object' }, options: null },
  /** @param {Record<string, unknown>} doc */
  function namedOperations(doc) {
    /** @type {Finding[]} */
    const out = [];
    const report = (path, message) => out.push({ message, path });
    const all = operations(doc);
    const find = (method, path) => all.find((o) => o.method === method && o.path === path);
    const getPet = find('get', '/pets/{petId}');
    if (!getPet) report(['paths'], 'GET /pets/{petId} is missing');
    else if (getPet.op.deprecated !== true)
      report([...getPet.at, 'deprecated'], 'GET /pets/{petId} must be deprecated');
    const orders = find('get', '/store/orders');
    if (!orders) report(['paths'], 'GET /store/orders is missing');
    else {
      const tag = str(arr(orders.op.tags)[0]);
      const parent = arr(doc.tags)
        .map(obj)
        .find((t) => t.name === tag)?.['x-parent'];
      if (parent !== 'Store') report([...orders.at, 'tags'], 'GET /store/orders must be tagged into the Store group');
    }
    for (const o of all) {
      const value = o.op['x-hideTryItPanel'];
      if (o === orders) {
        if (value !== true) report([...o.at, 'x-hideTryItPanel'], 'GET /store/orders needs x-hideTryItPanel: true');
      } else if (value !== undefined) {
        report(
          [...o.at, 'x-hideTryItPanel'],
          `${label(o)} must not set x-hideTryItPanel (only GET /store/orders does)`,
        );
      }
    }
    return out;
  },
);
