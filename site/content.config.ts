// Content collections: Starlight's `docs` collection holds the home page and the guides
// (site/content/docs/); the API reference is made of routes the reference integration injects (site/reference/routes/).
// Starlight's `i18n` collection holds the site's UI strings by language (site/content/i18n/<lang>.json, over
// Starlight's own): Starlight reads it on every build, and Astro warns when it is missing or has no entry, so
// it has one, the default language's (`en.json`, no string changed yet). The `docs` schema is Starlight's,
// made once for the reference's pages (docs-schema.ts).

import { defineCollection } from 'astro:content';
import { docsLoader, i18nLoader } from '@astrojs/starlight/loaders';
import { i18nSchema } from '@astrojs/starlight/schema';
import { docsCollectionSchema } from './docs-schema.ts';

export const collections = {
  docs: defineCollection({ loader: docsLoader(), schema: docsCollectionSchema }),
  i18n: defineCollection({ loader: i18nLoader(), schema: i18nSchema() }),
};
