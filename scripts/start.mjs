// `npm start`: builds when needed, then runs scripts/serve.ts: the built site and its
// on-demand routes (Astro's Node adapter) plus the mock API, on http://localhost:4321.
// Environment: PORT (default 4321), HOST (default localhost). Flag: --no-build.
import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildIfStale } from './build-if-stale.mjs';

const root = dirname(dirname(fileURLToPath(import.meta.url)));
if (!process.argv.includes('--no-build')) {
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
