/**
 * Navigation groups of tags: `x-tagGroups`, tag `x-parent` / `parent` (OpenAPI 3.2 §4.8.22, nested to
 * any depth), and "Other" for tags no group names. Pure.
 */

import { isObject } from '../../../descriptions/json.ts';
import type { OpenApiDocument, OperationRef } from './document.ts';

export interface TagGroup {
  name: string;
  tags: string[];
}

/**
 * The navigation groups: `x-tagGroups` when the document has it, completed with every tag whose
 * `x-parent` names a group (GitBook / OpenAPI 3.2 `parent`). Groups follow the order of first mention;
 * a tag appears in one group only. A group tag itself is never a child.
 * @throws {Error} when `x-tagGroups` is not an array of `{name, tags[]}`
 */
export function tagGroups(doc: OpenApiDocument): TagGroup[] {
  const groups: TagGroup[] = [];
  const byName = new Map<string, TagGroup>();
  const placed = new Set<string>();
  const add = (group: string, tag: string) => {
    let g = byName.get(group);
    if (!g) {
      g = { name: group, tags: [] };
      byName.set(group, g);
      groups.push(g);
    }
    if (!placed.has(tag) && tag !== group) {
      g.tags.push(tag);
      placed.add(tag);
    }
  };
  const declared = doc['x-tagGroups'];
  if (declared !== undefined) {
    if (!Array.isArray(declared)) throw new Error('x-tagGroups: expected an array of {name, tags}');
    declared.forEach((g, i) => {
      if (!isObject(g) || typeof g.name !== 'string' || !Array.isArray(g.tags)) {
        throw new Error(`x-tagGroups[${i}]: expected {name: string, tags: string[]}`);
      }
      if (!byName.has(g.name)) {
        const group = { name: g.name, tags: [] };
        byName.set(g.name, group);
        groups.push(group);
      }
      for (const t of g.tags) if (typeof t === 'string') add(g.name, t);
    });
  }
  const parents = tagParents(doc);
  for (const [tag, parent] of parents) {
    // A tag under a tag that has a parent itself is nested below that tag, not a group's member.
    if (!parents.has(parent)) add(parent, tag);
  }
  return groups;
}

/**
 * The parent of each tag that names one: `x-parent` (GitBook) or `parent` (OpenAPI 3.2), in document
 * order. A parent chain that loops back is cut where it would close the loop.
 */
export function tagParents(doc: Record<string, unknown>): Map<string, string> {
  const out = new Map<string, string>();
  const tags = Array.isArray(doc.tags) ? doc.tags.filter(isObject) : [];
  for (const t of tags) {
    const parent = t['x-parent'] ?? t.parent;
    if (typeof t.name !== 'string' || typeof parent !== 'string' || parent === t.name || out.has(t.name)) continue;
    let p: string | undefined = parent;
    const seen = new Set([t.name]);
    while (p !== undefined && !seen.has(p)) {
      seen.add(p);
      p = out.get(p);
    }
    if (p === undefined) out.set(t.name, parent);
  }
  return out;
}

/** Tags nested below other tags (a parent that has a parent itself), with their chain of ancestors. */
export interface TagNesting {
  /** Parent tag → its nested child tags, in document order. */
  children: Map<string, string[]>;
  /** Nested tag → its ancestors below the group, nearest first (`A` under `B` under group `C`: `[B]`). */
  ancestors: Map<string, string[]>;
}

/**
 * The nesting of tags below the top level of groups: a tag whose parent has a parent of its own is
 * shown inside its parent tag, to any depth.
 */
export function tagNesting(doc: Record<string, unknown>): TagNesting {
  const parents = tagParents(doc);
  const children = new Map<string, string[]>();
  const ancestors = new Map<string, string[]>();
  for (const [tag, parent] of parents) {
    if (!parents.has(parent)) continue;
    const list = children.get(parent) ?? [];
    list.push(tag);
    children.set(parent, list);
    const chain: string[] = [];
    for (let p: string | undefined = parent; p !== undefined && parents.has(p); p = parents.get(p)) chain.push(p);
    ancestors.set(tag, chain);
  }
  return { children, ancestors };
}

/**
 * The groups the navigation shows: {@link tagGroups}, plus an "Other" group for tags with operations
 * that no group names (Scalar would hide them; a reader must still find them), keeping only tags that
 * have operations and groups that keep a tag. Tags are in group order, then document order.
 */
export function navigationGroups(doc: OpenApiDocument, ops: readonly Pick<OperationRef, 'tag'>[]): TagGroup[] {
  const groups = tagGroups(doc);
  const usedTags = [...new Set(ops.map((o) => o.tag).filter(Boolean))];
  const grouped = new Set(groups.flatMap((g) => g.tags));
  const orphans = usedTags.filter((t) => !grouped.has(t));
  if (orphans.length > 0) groups.push({ name: 'Other', tags: orphans });
  const used = new Set(usedTags);
  return groups
    .map((g) => ({ name: g.name, tags: g.tags.filter((t) => used.has(t)) }))
    .filter((g) => g.tags.length > 0);
}
