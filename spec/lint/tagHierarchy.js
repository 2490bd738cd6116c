// Spectral function of rule petstore-tag-hierarchy (.spectral.yaml): the tag hierarchy of the source
// document, section 1. The group tags (Pets, Store) have no parent and no operations; every other
// tag names a group in `x-parent`, sits in exactly that group of `x-tagGroups`, and every operation
// has exactly one such child tag.
import { createRulesetFunction } from '@stoplight/spectral-core';
import { arr, label, obj, operations, str } from './document.js';

/** @typedef {import('./document.js').Finding} Finding */

export default createRulesetFunction(
  {
    input: { type: 'object' },
    options: {
      type: 'object',
      properties: { groups: { type: 'array', items: { type: 'string' } } },
      required: ['groups'],
      additionalProperties: false,
    },
  },
  /** @param {Record<string, unknown>} doc @param {{ groups: string[] }} options */
  function tagHierarchy(doc, { groups }) {
    /** @type {Finding[]} */
    const out = [];
    const report = (path, message) => out.push({ message, path });
    /** @type {Map<string, string | undefined>} */
    const parents = new Map();
    arr(doc.tags).forEach((t, i) => {
      const tag = obj(t);
      const name = str(tag.name);
      if (!name) return;
      if (!str(tag.description)?.trim()) report(['tags', i], `tag ${name} has no description`);
      const parent = str(tag['x-parent']);
      parents.set(name, parent);
      if (groups.includes(name)) {
        if (parent !== undefined) report(['tags', i, 'x-parent'], `group tag ${name} must not have x-parent`);
      } else if (!parent || !groups.includes(parent)) {
        report(['tags', i], `tag ${name} needs x-parent, one of ${groups.join(', ')}`);
      }
    });
    for (const group of groups) {
      if (!parents.has(group)) report(['tags'], `group tag ${group} is not declared`);
    }

    /** @type {Map<string, string>} */
    const groupOf = new Map();
    /** @type {string[]} */
    const groupNames = [];
    arr(doc['x-tagGroups']).forEach((g, i) => {
      const group = obj(g);
      const name = str(group.name) ?? '';
      groupNames.push(name);
      if (!groups.includes(name)) report(['x-tagGroups', i, 'name'], `x-tagGroups has ${name}, not a group tag`);
      arr(group.tags).forEach((t, j) => {
        const tag = str(t) ?? '';
        const at = ['x-tagGroups', i, 'tags', j];
        if (groupOf.has(tag)) report(at, `tag ${tag} is in two groups`);
        groupOf.set(tag, name);
        if (!parents.has(tag)) report(at, `x-tagGroups lists ${tag}, which is not declared in tags`);
        else if (parents.get(tag) !== name) {
          report(at, `tag ${tag} is in group ${name} but its x-parent is ${parents.get(tag)}`);
        }
      });
    });
    for (const group of groups) {
      if (!groupNames.includes(group)) report(['x-tagGroups'], `x-tagGroups has no group ${group}`);
    }
    for (const [tag, parent] of parents) {
      if (parent !== undefined && !groupOf.has(tag)) {
        report(['x-tagGroups'], `tag ${tag} (x-parent ${parent}) is in no x-tagGroups group`);
      }
    }

    for (const o of operations(doc)) {
      const tags = arr(o.op.tags).map((t) => str(t) ?? '');
      if (tags.length !== 1) report([...o.at, 'tags'], `${label(o)} must have exactly one tag, has ${tags.length}`);
      tags.forEach((tag, i) => {
        const at = [...o.at, 'tags', i];
        if (groups.includes(tag)) report(at, `${label(o)} uses group tag ${tag} directly`);
        else if (!parents.has(tag)) report(at, `${label(o)} uses undeclared tag ${tag}`);
      });
    }
    return out;
  },
);
