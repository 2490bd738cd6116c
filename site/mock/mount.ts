/**
 * Where the site mounts the mock API: `npm start`'s server (scripts/serve.ts), the Astro route for
 * `astro dev` (site/pages/api/mock/) and the try-it client's server URL all use this path.
 */
export const MOCK_BASE = '/api/mock';
