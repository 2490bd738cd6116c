// What the build keeps between builds, made by other processes: Scalar's browser bundles made by npm
// ci's prepare script and reused by the build (site/integrations/browser-bundles.ts), and the
// in-browser mock made by two child processes beside the build (site/integrations/mock-worker.ts).
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { getPriority, tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { BACKGROUND_NICENESS } from '../../../site/background.ts';
import {
  BUNDLES,
  type BundleName,
  browserBundles,
  bundleOutputDir,
} from '../../../site/integrations/browser-bundles.ts';
import { makeEntryInChild, workerCodeKey } from '../../../site/integrations/mock-worker.ts';
import { brotliQuality, GZIP_LEVEL, PRECOMPRESS_CACHE } from '../../../site/serving/build.ts';
import { ROOT } from '../../support/server.ts';

const work = mkdtempSync(join(tmpdir(), 'petstore-build-caches-'));
after(() => rmSync(work, { recursive: true, force: true }));

describe("Scalar's browser bundles prepared by npm ci", () => {
  test('what scripts/prepare-bundles.mjs (the prepare script) makes is what the build then reuses, compressed too', async () => {
    // Builds them (about 5 s) only when this checkout has none for its current sources.
    const prepared = spawnSync(process.execPath, [join(ROOT, 'scripts', 'prepare-bundles.mjs')], { encoding: 'utf8' });
    assert.equal(prepared.status, 0, prepared.stderr);
    assert.match(prepared.stdout, /browser bundles ready/);
    const bundle = await browserBundles(ROOT);
    assert.equal(bundle.reused, true, 'taken from the cache');
    assert.ok(bundle.styles.explorer.length > 0, "the explorer's stylesheets are named");
    for (const name of Object.keys(BUNDLES) as BundleName[]) {
      // Its entry's compressed bodies are in the precompression cache under the keys the build asks for.
      const entry = readFileSync(join(bundle.dir, `${name}.js`));
      const digest = createHash('sha256').update(entry).digest('hex');
      const quality = brotliQuality(`${bundleOutputDir(bundle)}${name}.js`, entry.length);
      for (const key of [`${digest}.q${quality}.br`, `${digest}.l${GZIP_LEVEL}.gz`]) {
        assert.ok(existsSync(join(ROOT, PRECOMPRESS_CACHE, key)), `${name}.js: ${key} in the cache`);
      }
    }
  });

  test('the bundles run in a browser as they are: no build-time variable left, stylesheets beside them, minified', async () => {
    const bundle = await browserBundles(ROOT);
    const scripts = readdirSync(bundle.dir).filter((file) => file.endsWith('.js'));
    for (const file of scripts) {
      const code = readFileSync(join(bundle.dir, file), 'utf8');
      // Scalar's packages read `import.meta.env.DEV` and Vue reads `process.env.NODE_ENV`: a browser has
      // neither, so the bundler must have replaced both (`import.meta.env` alone would be undefined there).
      assert.doesNotMatch(code, /import\.meta\.env|process\.env\.NODE_ENV/, `${file} reads a build-time variable`);
    }
    // The try-it client loads Scalar's request-client stylesheet by a URL relative to its own module.
    const tryit = readFileSync(join(bundle.dir, 'tryit.js'), 'utf8');
    const [, sheet] = tryit.match(/new URL\(["'`]([^"'`]+\.css)["'`],\s*import\.meta\.url\)/) ?? [];
    assert.ok(sheet, 'the try-it client names its stylesheet relative to itself');
    const css = readFileSync(join(bundle.dir, sheet), 'utf8');
    assert.ok(css.length > 10_000, `${sheet} holds Scalar's styles`);
    assert.ok(css.split('\n').length < 5, `${sheet} is minified`);
    const explorer = readFileSync(join(bundle.dir, bundle.styles.explorer[0] ?? ''), 'utf8');
    assert.match(explorer, /\.scalar-app|\.scalar/, "explorer.css holds Scalar's API reference styles");
    assert.ok(explorer.split('\n').length < 5, 'explorer.css is minified');
  });
});

describe('the in-browser mock made beside the build', () => {
  /** The build's two child processes, one after the other: the definitions, then the bundle. */
  const child = (spec: string, cacheDir: string) => {
    const run = (script: string, args: string[]) =>
      spawnSync(process.execPath, [join(ROOT, 'site', 'integrations', script), ...args], { encoding: 'utf8' });
    const first = run('mock-worker-definitions.ts', [cacheDir, 'k', spec]);
    return first.status === 0 ? run('mock-worker-bundle.ts', [cacheDir, 'k']) : first;
  };

  test('the child processes leave a complete cache entry: the worker bundle, then the record of its size', () => {
    const cacheDir = join(work, 'mock-worker-ok');
    const r = child(join(ROOT, 'tests', 'fixtures', 'descriptions', 'mock-swagger2-petstore.yaml'), cacheDir);
    assert.equal(r.status, 0, r.stderr);
    const record = JSON.parse(readFileSync(join(cacheDir, 'k.json'), 'utf8')) as { bytes: number };
    const bundle = readFileSync(join(cacheDir, 'k.js'), 'utf8');
    assert.equal(record.bytes, Buffer.byteLength(bundle));
    assert.match(bundle, /addPet|findPetsByStatus/);
    assert.deepEqual(readdirSync(cacheDir).sort(), ['k.js', 'k.json'], 'no temporary file is left');
  });

  test('a description whose prose alone changed gets the bundle made before, without bundling; another change is bundled', async () => {
    const cacheDir = join(work, 'mock-worker-same');
    const fixture = join(ROOT, 'tests', 'fixtures', 'descriptions', 'mock-swagger2-petstore.yaml');
    const text = readFileSync(fixture, 'utf8');
    const write = (name: string, body: string) => {
      const file = join(work, name);
      writeFileSync(file, body);
      return file;
    };
    const prose = write(
      'prose.yaml',
      text.replace('summary: Add a new pet to the store', 'summary: Add a pet, now described again'),
    );
    const shape = write(
      'shape.yaml',
      text.replace('summary: Add a new pet to the store', 'summary: Add a pet\n      deprecated: true'),
    );
    assert.notEqual(prose, text);
    const code = workerCodeKey(ROOT);
    const first = await makeEntryInChild(cacheDir, 'a', fixture, [], {}, code);
    assert.equal(first.code, 0, first.output);
    assert.notEqual(first.bundled, false, 'bundled');
    const again = await makeEntryInChild(cacheDir, 'b', prose, [], {}, code);
    assert.equal(again.bundled, false, 'the earlier bundle is used');
    assert.deepEqual(readFileSync(join(cacheDir, 'b.js')), readFileSync(join(cacheDir, 'a.js')));
    assert.deepEqual(readFileSync(join(cacheDir, 'b.json')), readFileSync(join(cacheDir, 'a.json')));
    const other = await makeEntryInChild(cacheDir, 'c', shape, [], {}, code);
    assert.notEqual(other.bundled, false, 'bundled again');
    assert.notDeepEqual(readFileSync(join(cacheDir, 'c.js')), readFileSync(join(cacheDir, 'a.js')));
    assert.ok(!readdirSync(cacheDir).some((f) => f.includes('definitions') || f.endsWith('.tmp')), 'nothing left over');
  });

  test("in the background, both child processes run at a lower CPU priority than the build; otherwise at the build's", async () => {
    const fixture = join(ROOT, 'tests', 'fixtures', 'descriptions', 'mock-swagger2-petstore.yaml');
    const code = workerCodeKey(ROOT);
    /** The `nice` value of every child process of this one seen while `running` runs (Linux's /proc). */
    const childNiceness = async (running: Promise<unknown>): Promise<number[]> => {
      const seen = new Map<number, number>();
      let done = false;
      void running.finally(() => {
        done = true;
      });
      while (!done) {
        for (const task of readdirSync(`/proc/${process.pid}/task`)) {
          const children = readFileSync(`/proc/${process.pid}/task/${task}/children`, 'utf8').trim();
          for (const pid of children ? children.split(' ').map(Number) : []) {
            try {
              const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
              // Field 19 (nice), counted after the command name's closing parenthesis.
              seen.set(pid, Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]));
            } catch {
              // ended meanwhile
            }
          }
        }
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      await running;
      return [...seen.values()];
    };
    const own = getPriority();
    const background = await childNiceness(
      makeEntryInChild(join(work, 'mock-nice-bg'), 'k', fixture, [], {}, code, true),
    );
    assert.ok(background.length >= 2, `both children seen (${background.length})`);
    const lower = Math.min(19, own + BACKGROUND_NICENESS);
    assert.ok(
      background.every((nice) => nice === lower),
      `niceness ${background.join(', ')}, not ${lower}`,
    );
    const foreground = await childNiceness(makeEntryInChild(join(work, 'mock-nice-fg'), 'k', fixture, [], {}, code));
    assert.ok(foreground.length >= 2, `both children seen (${foreground.length})`);
    assert.ok(
      foreground.every((nice) => nice === own),
      `niceness ${foreground.join(', ')} the build's ${own}`,
    );
  });

  test('a description that cannot be loaded gets a record that says why, and no bundle', () => {
    const cacheDir = join(work, 'mock-worker-error');
    const r = child(join(work, 'no-such-description.yaml'), cacheDir);
    assert.equal(r.status, 0, r.stderr);
    const record = JSON.parse(readFileSync(join(cacheDir, 'k.json'), 'utf8')) as { error?: string };
    assert.match(record.error ?? '', /no-such-description\.yaml/);
    assert.deepEqual(readdirSync(cacheDir), ['k.json']);
  });
});
