/**
 * URL slugs of the reference pages. Pure.
 *
 * Slugs are readable (`listPets` → `list-pets`), stable (derived from the operationId, the tag name or
 * the schema name only, never from positions) and file-safe for any input: an operationId may contain
 * `/` (GitHub's `repos/get-content`), spaces or non-ASCII characters, and two ids may differ only in
 * case. Every slug is `[a-z0-9-]+`.
 */

/** Page slugs under /reference/ that belong to the reference itself and are never given to an operation. */
export const RESERVED_SLUGS: ReadonlySet<string> = new Set(['tags', 'schemas', 'explorer', 'tryit', 'webhooks']);

/**
 * Kebab-case, ASCII-only slug of a name: camelCase humps and every run of characters other than
 * letters and digits become one `-`; accents are dropped (`Café` → `cafe`).
 * @returns a non-empty slug (`x` when the name has no letter or digit at all)
 */
export function slugify(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1-$2')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return slug || 'x';
}

/**
 * Gives each name a unique slug, in input order: the first holder of a slug keeps it, later ones get
 * `-2`, `-3`… (so adding an operation at the end never changes an existing URL). Slugs in `reserved`
 * are never given out.
 * @returns slug per input index
 */
export function uniqueSlugs(names: readonly string[], reserved: ReadonlySet<string> = new Set()): string[] {
  const taken = new Set(reserved);
  return names.map((name) => {
    const base = slugify(name);
    let slug = base;
    for (let n = 2; taken.has(slug); n++) slug = `${base}-${n}`;
    taken.add(slug);
    return slug;
  });
}
