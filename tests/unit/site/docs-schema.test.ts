// The `docs` collection's schema (site/docs-schema.ts): kept for the pages Starlight renders with
// `<StarlightPage>`, a new one for the collection's own entries, and the same answers either way.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { docsSchema } from '@astrojs/starlight/schema';
import { z } from 'astro/zod';
import { docsCollectionSchema, STARLIGHT_PAGE_IMAGE } from '../../../site/docs-schema.ts';

type Context = Parameters<typeof docsCollectionSchema>[0];

/**
 * A context as `<StarlightPage>` makes one for each page: a new helper each time, its message naming it
 * (written out, as Starlight's source has it: the helper's text is what is looked at).
 */
const pageContext = (): Context =>
  ({
    image: () =>
      z.custom(
        (value) => Boolean(value) && typeof value === 'object',
        'Invalid image passed to `<StarlightPage>` component. Expected imported `ImageMetadata` object.',
      ),
  }) as unknown as Context;

/** A context as Astro's content layer makes one per entry: a helper of that entry's own. */
const entryContext = (entry: string): Context =>
  ({ image: () => z.string().describe(`an image next to ${entry}`) }) as unknown as Context;

test('the installed Starlight names its <StarlightPage> image helper with the words the kept schema looks for', () => {
  const dist = dirname(fileURLToPath(import.meta.resolve('@astrojs/starlight/schema')));
  const source = readFileSync(join(dist, 'utils', 'starlight-page.js'), 'utf8');
  assert.ok(source.includes(STARLIGHT_PAGE_IMAGE), 'starlight-page.js passes a helper with that message');
});

test('<StarlightPage> gets one schema for every page; each collection entry gets its own', () => {
  assert.equal(docsCollectionSchema(pageContext()), docsCollectionSchema(pageContext()));
  assert.notEqual(docsCollectionSchema(entryContext('a.md')), docsCollectionSchema(entryContext('b.md')));
  assert.notEqual(docsCollectionSchema(entryContext('a.md')), docsCollectionSchema(pageContext()));
});

test("the kept schema parses a page's frontmatter as Starlight's own schema does, and no page sees another's", async () => {
  const kept = docsCollectionSchema(pageContext());
  const first = (await kept.parseAsync({ title: 'List pets', description: 'Lists the pets.' })) as { head: unknown[] };
  first.head.push({ tag: 'meta', attrs: { name: 'x' } });
  for (const frontmatter of [{ title: 'Get a pet' }, { title: 'Pets', tableOfContents: false, pagefind: false }]) {
    const fresh = await docsSchema()(pageContext()).parseAsync(frontmatter);
    assert.deepEqual(await kept.parseAsync(frontmatter), fresh);
  }
});
