// Entry of the explorer's Scalar bundle (integrations/browser-bundles.ts): Scalar's explorer and the
// URL of its styles, which the explorer script (reference/browser/explorer.ts) links before mounting it.
export { createApiReference } from '@scalar/api-reference';
export { default as styleUrl } from '@scalar/api-reference/style.css?url';
