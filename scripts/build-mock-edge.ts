// `npm run build:mock-edge`: bundles the mock as a Fetch-API module (site/mock/hosts/edge.ts,
// `export default { fetch }`) with the definition precompiled from the spec, for edge runtimes
// (Cloudflare Workers, Deno Deploy, Bun). Writes dist/mock-edge.js (or the path given) and prints
// its size. The descriptions are the site's APIs', as astro.config.mjs configures them (PETSTORE_SPEC
// and PETSTORE_APIS override them, as for a build), each at its mount with its published versions.
//   node scripts/build-mock-edge.ts [OUTFILE]
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { loadDescription } from '../descriptions/loader/index.ts';
import { bundleMock } from '../site/mock/hosts/bundle.ts';
import { siteMockTable } from '../site/mock/hosts/load.ts';
import { configuredApis } from './configured-apis.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const outfile = resolve(process.argv[2] ?? join(ROOT, 'dist', 'mock-edge.js'));
// Every API of the site at its mount, with its older published versions (as npm start serves them).
const apis = [];
for (const api of await siteMockTable((await configuredApis()).apis)) {
  const older = [];
  for (const r of api.older) older.push({ version: r.version, description: await loadDescription(r.file) });
  apis.push({ mount: api.mount, version: api.current.version, description: api.current.description, older });
}
const bytes = await bundleMock(apis, {
  entry: join(ROOT, 'site/mock/hosts/edge.ts'),
  outfile,
  format: 'esm',
  onWarn: (message) => process.stderr.write(`warning: ${message}\n`),
});
const gz = gzipSync(readFileSync(outfile), { level: 9 }).length;
process.stdout.write(`${outfile}: ${(bytes / 1024).toFixed(1)} KiB, ${(gz / 1024).toFixed(1)} KiB gzip\n`);
