// `npm run build:mock-edge`: bundles the mock as a Fetch-API module (site/mock/hosts/edge.ts,
// `export default { fetch }`) with the definition precompiled from the spec, for edge runtimes
// (Cloudflare Workers, Deno Deploy, Bun). Writes dist/mock-edge.js (or the path given) and prints
// its size. The description is the site's API's, as astro.config.mjs configures it (PETSTORE_SPEC
// overrides it, as for a build).
//   node scripts/build-mock-edge.ts [OUTFILE]
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { loadMockDescription } from '../site/mock/hosts/load.ts';
import { bundleMock } from '../site/mock/hosts/precompile.ts';
import { configuredApis } from './configured-apis.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const outfile = resolve(process.argv[2] ?? join(ROOT, 'dist', 'mock-edge.js'));
const [api] = (await configuredApis()).apis;
const bytes = await bundleMock(await loadMockDescription(api.description), {
  entry: join(ROOT, 'site/mock/hosts/edge.ts'),
  outfile,
  format: 'esm',
  onWarn: (message) => process.stderr.write(`warning: ${message}\n`),
});
const gz = gzipSync(readFileSync(outfile), { level: 9 }).length;
process.stdout.write(`${outfile}: ${(bytes / 1024).toFixed(1)} KiB, ${(gz / 1024).toFixed(1)} KiB gzip\n`);
