// `npm start`: builds when needed, then runs scripts/serve.ts: the built site plus the mock API and
// the MCP server, on http://localhost:4321.
// Options and environment: `npm start -- --help`.
import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildIfStale } from './build-if-stale.mjs';

const HELP = `npm start [-- --no-build]: the built site, its mock API (/api/mock) and MCP server (/mcp) on
http://HOST:PORT. It builds first when the output is missing, older than the site's sources, or was
built from other descriptions or locales (--no-build serves what is there).

Environment (defaults in brackets):
  PORT [4321], HOST [localhost]      where to listen
  DIST_DIR [dist]                    the build output to serve (relative to the project)
  PETSTORE_SPEC, PETSTORE_APIS       the description, or the list of APIs, to build the site from
  PETSTORE_LOCALES                   locales to build beside English (fr,ar or all)
  HSTS=1                             send Strict-Transport-Security (behind an HTTPS proxy)
  MOCK_RATE_LIMIT [600]              mock requests a minute per token (0: no limit)
  MAX_CONNECTIONS, HEADERS_TIMEOUT_MS, REQUEST_TIMEOUT_MS, MOCK_MAX_SANDBOXES, MOCK_SANDBOX_IDLE_MS:
                                     scripts/serve.ts

Examples:
  npm start
  PORT=8080 HOST=0.0.0.0 npm start
  PETSTORE_APIS=apis.yaml PETSTORE_LOCALES=fr npm start
  DIST_DIR=.bench-dist/site npm start -- --no-build
`;

const root = dirname(dirname(fileURLToPath(import.meta.url)));
const args = process.argv.slice(2);
if (args.includes('--help') || args.includes('-h')) {
  process.stdout.write(HELP);
  process.exit(0);
}
const unknown = args.filter((a) => a !== '--no-build');
if (unknown.length > 0) {
  process.stderr.write(`npm start: unknown option ${unknown[0]} (npm start -- --help)\n`);
  process.exit(2);
}
if (!args.includes('--no-build')) {
  try {
    buildIfStale(root);
  } catch (err) {
    process.stderr.write(`${err.message}\n`);
    process.exit(1);
  }
}
const env = { ...process.env, PORT: process.env.PORT ?? '4321', HOST: process.env.HOST ?? 'localhost' };
// Node 22.12-22.17 strip TypeScript types only behind a flag (on by default from 22.18).
const tsFlag = process.features.typescript ? [] : ['--experimental-strip-types'];
const child = spawn(process.execPath, [...tsFlag, join(root, 'scripts', 'serve.ts')], { stdio: 'inherit', env });
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
