// The CLIs' bundles (scripts/build-cli.mjs, run by npm ci and before the tests) as their launcher
// (tools/bin/launch.mjs) judges them: a bundle older than one of its inputs is not run.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Why the launcher would not run the bundle in `dist`, or undefined when it would.
 * @param root the project root (the inputs are listed relative to it)
 * @param dist the bundle's folder (`cli.mjs`, `inputs.json`)
 */
export function bundleStaleReason(root: string, dist: string): string | undefined {
  if (!existsSync(join(dist, 'cli.mjs'))) return 'no bundle';
  const built = statSync(join(dist, 'cli.mjs')).mtimeMs;
  const { inputs } = JSON.parse(readFileSync(join(dist, 'inputs.json'), 'utf8')) as { inputs: string[] };
  const newer = inputs.filter((f) => !existsSync(join(root, f)) || statSync(join(root, f)).mtimeMs > built);
  return newer.length ? `older than ${newer.join(', ')}` : undefined;
}

/**
 * Stops a bundle test on CI when the bundle is stale (the tests would compare the sources with
 * themselves); elsewhere says loudly that the comparison is skipped.
 * @param name the CLI's name, for the message
 */
export function requireFreshBundle(root: string, dist: string, name: string): string | undefined {
  const stale = bundleStaleReason(root, dist);
  if (!stale) return undefined;
  const message = `${name} bundle: ${stale}; run \`npm run build:cli\` (npm test does)`;
  if (process.env.CI) throw new Error(message);
  process.stderr.write(`\n!!! SKIPPED: ${message}\n\n`);
  return stale;
}
