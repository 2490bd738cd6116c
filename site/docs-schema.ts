/**
 * The schema of Starlight's `docs` collection (site/content.config.ts), made once for the pages rendered
 * with `<StarlightPage>`.
 *
 * Every page of the API reference is rendered with `<StarlightPage>`, and Starlight asks the collection
 * for its schema again for each one: a new zod schema is built, then prepared on its first parse, which on
 * a large description adds up to seconds of the build's thread (site/README.md, "Build cost"). For those
 * calls Starlight passes an `image` helper of its own that holds nothing of the page, so every call gives
 * the same schema, and the first is kept. Every other call (the collection's own entries, whose `image`
 * helper resolves images against the entry's file) gets a new schema, as from Starlight's `docsSchema()`.
 * So does every call if a Starlight release words its helper differently: the pages are the same, built
 * more slowly.
 */
import { docsSchema } from '@astrojs/starlight/schema';

const starlightDocs = docsSchema();
type DocsSchemaContext = Parameters<typeof starlightDocs>[0];
type DocsSchema = ReturnType<typeof starlightDocs>;

/**
 * Words of the `image` helper that `<StarlightPage>` passes (its error message, in
 * `@astrojs/starlight/utils/starlight-page`): how its calls are known.
 */
export const STARLIGHT_PAGE_IMAGE = 'Invalid image passed to `<StarlightPage>` component.';

let starlightPageSchema: DocsSchema | undefined;

/**
 * The `docs` collection's schema for a schema context: the one kept for `<StarlightPage>`'s calls (see
 * above), else Starlight's `docsSchema()` for that context.
 * @param context the context Astro's content layer or `<StarlightPage>` passes (its `image` helper)
 */
export function docsCollectionSchema(context: DocsSchemaContext): DocsSchema {
  if (!String(context.image).includes(STARLIGHT_PAGE_IMAGE)) return starlightDocs(context);
  starlightPageSchema ??= starlightDocs(context);
  return starlightPageSchema;
}
