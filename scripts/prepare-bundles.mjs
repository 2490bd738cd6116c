// Builds Scalar's two browser bundles (site/integrations/browser-bundles.ts: the try-it client and the
// explorer's script) into node_modules/.cache/petstore-docs/ when the dependencies are installed: npm runs
// it on `npm ci`/`npm install` (the `prepare` script, after scripts/build-cli.mjs). The bundles depend only
// on the installed packages and a few of our modules, so this is when they change. Their `.br`/`.gz`
// bodies go into the build's precompression cache too. A fresh clone's first `npm run build` then finds
// both in the cache, as every later build does, instead of bundling Scalar's thousands of modules and
// compressing them, most of such a build's time (README.md "CI"). A build still makes any bundle missing
// or stale.
//
// Plain JavaScript, so that any Node can read it: the bundles are built by the TypeScript module, which
// needs a Node that strips types (>= 22.18 or 23.6, as the npm scripts install); below that, or on any
// failure, it says so in one line and the install goes on. `--quiet` (npm's `prepare`): nothing on success.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { withBuildEnv } from './build-env.mjs';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const quiet = process.argv.includes('--quiet');

if (!process.features?.typescript) {
  if (!quiet)
    process.stdout.write(`browser bundles: Node ${process.version} cannot run TypeScript; the build makes them\n`);
} else {
  const t0 = performance.now();
  const r = spawnSync(
    process.execPath,
    [fileURLToPath(new URL('../site/integrations/browser-bundles.ts', import.meta.url)), ROOT, 'all'],
    { cwd: ROOT, env: withBuildEnv(process.env), encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] },
  );
  if (r.status !== 0) {
    const why = (r.stderr || r.stdout || String(r.error ?? '')).trim().split('\n').slice(-3).join(' ');
    process.stderr.write(`browser bundles: not prepared (${why}); the build makes them\n`);
  } else if (!quiet) {
    process.stdout.write(`${r.stdout}browser bundles ready in ${Math.round(performance.now() - t0)} ms\n`);
  }
}
