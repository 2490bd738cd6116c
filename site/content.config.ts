// Content collections: Starlight's `docs` collection holds the home page and the guides
// (site/content/docs/); the API reference is made of routes the reference integration injects (site/reference/routes/).

import { defineCollection } from 'astro:content';
import { docsLoader } from '@astrojs/starlight/loaders';
import { docsSchema } from '@astrojs/starlight/schema';

export const collections = {
  docs: defineCollection({ loader: docsLoader(), schema: docsSchema() }),
};
