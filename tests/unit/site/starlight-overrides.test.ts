// Starlight's components we override (site/components/overrides/, each file named for its slot): each one
// wraps Starlight's component of that name, or is a copy of it whose lines not marked as ours are Starlight's
// file as installed, so a Starlight upgrade that changes a copied component fails here, naming the file.
// The marks (site/components/overrides/README.md), in the comment syntax of each part of an .astro file
// (`// …` in the frontmatter and scripts, `{/* … */}` in the markup, `/* … */` in styles):
// - a line that is only an `ours: …` comment opens a block of our lines, closed by a line `/ours`;
// - a line of code ending with an `ours` comment is ours;
// - a line that is only a `starlight: <line>` comment stands for Starlight's line our copy leaves out there.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { isStarlightSearchScript } from '../../../site/integrations/pagefind-ui.ts';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const OVERRIDES = 'site/components/overrides';
const overrides = readdirSync(join(ROOT, OVERRIDES)).filter((f) => f.endsWith('.astro'));
const starlightVersion = (
  JSON.parse(readFileSync(join(ROOT, 'node_modules/@astrojs/starlight/package.json'), 'utf8')) as { version: string }
).version;

/** The installed Starlight component of a slot, through the package's public `components/*` export. */
function starlightFile(slot: string): string {
  return fileURLToPath(import.meta.resolve(`@astrojs/starlight/components/${slot}.astro`));
}

// The text of a comment that is a whole line, in any of the three syntaxes.
const WHOLE_COMMENT = /^(?:\/\/ ?(.*)|\{?\/\* ?(.*?) ?\*\/\}?)$/;
// A line of code ending with an `ours` comment.
const OURS_AT_END = /\S\s*(?:\/\/ ?ours\b.*|\{?\/\* ?ours\b.*?\*\/\}?)$/;

/**
 * Starlight's lines as a marked copy holds them, trimmed, blank lines dropped: our lines left out, the
 * `starlight:` lines put back.
 * @throws {Error} on an `ours:` block that is never closed
 */
function starlightLines(copy: string): string[] {
  const lines: string[] = [];
  let block: number | undefined;
  for (const [index, raw] of copy.split('\n').entries()) {
    const line = raw.trim();
    const m = WHOLE_COMMENT.exec(line);
    const comment = m ? (m[1] ?? m[2] ?? '') : undefined;
    if (block !== undefined) {
      if (comment === '/ours') block = undefined;
    } else if (comment !== undefined && /^ours\b/.test(comment)) {
      block = index + 1;
    } else if (comment?.startsWith('starlight: ')) {
      lines.push(comment.slice('starlight: '.length).trim());
    } else if (!OURS_AT_END.test(line) && line !== '') {
      lines.push(line);
    }
  }
  if (block !== undefined) throw new Error(`the "ours" block opened on line ${block} is never closed`);
  return lines;
}

/** Trimmed lines, blank ones dropped: a copy compares regardless of indentation (Biome formats frontmatter). */
const significant = (text: string) =>
  text
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l !== '');

describe('Starlight overrides', () => {
  test('each file is named for a slot of Starlight’s and is what astro.config.mjs gives that slot', () => {
    const config = readFileSync(join(ROOT, 'astro.config.mjs'), 'utf8');
    const given = [...config.matchAll(/^\s*(\w+): '\.\/site\/components\/([\w/]+)\.astro',?$/gm)].map((m) => [
      m[1],
      m[2],
    ]);
    assert.deepEqual(
      given.map(([slot, file]) => `${slot} → ${file}`).sort(),
      overrides.map((f) => `${basename(f, '.astro')} → overrides/${basename(f, '.astro')}`).sort(),
    );
    for (const f of overrides) assert.ok(starlightFile(basename(f, '.astro')), f);
  });

  for (const file of overrides) {
    const slot = basename(file, '.astro');
    const path = `${OVERRIDES}/${file}`;
    const source = readFileSync(join(ROOT, path), 'utf8');
    const wraps =
      source.includes(`import Default from '@astrojs/starlight/components/${slot}.astro';`) &&
      /<Default\b/.test(source);
    test(`${path} wraps Starlight’s ${slot}, or its unmarked lines are Starlight ${starlightVersion}’s file`, () => {
      if (wraps) return;
      const installed = starlightFile(slot);
      const ours = starlightLines(source);
      const theirs = significant(readFileSync(installed, 'utf8'));
      const at = ours.findIndex((line, i) => line !== theirs[i]);
      const differs = at === -1 ? (ours.length === theirs.length ? -1 : Math.min(ours.length, theirs.length)) : at;
      assert.equal(
        differs,
        -1,
        `${path} is a copy of ${installed} (Starlight ${starlightVersion}), but its unmarked lines differ from it ` +
          `at Starlight's line ${JSON.stringify(theirs[differs] ?? '(end of file)')} (the copy has ` +
          `${JSON.stringify(ours[differs] ?? '(end of file)')}): copy Starlight's file again and re-apply the lines ` +
          `marked as ours (${OVERRIDES}/README.md)`,
      );
    });
  }
});

describe('reading a marked copy', () => {
  const starlight = '---\nimport A from "a";\n---\n<div class="page">\n\t<main />\n\t<nav />\n</div>\n';
  const copy = [
    '---',
    '// ours: why the copy exists',
    '// more of why',
    '// /ours',
    '// starlight: import A from "a";',
    'import A from "b"; // ours: the public path',
    '---',
    '<div class="page">',
    '\t<nav /> {/* ours: moved up */}',
    '\t<main />',
    '\t{/* starlight: <nav /> */}',
    '</div>',
  ].join('\n');

  test('gives back Starlight’s lines: ours left out, the left-out ones restored', () => {
    assert.deepEqual(starlightLines(copy), significant(starlight));
  });

  test('a changed line that is not marked shows as a difference', () => {
    assert.notDeepEqual(starlightLines(copy.replace('<main />', '<main id="x" />')), significant(starlight));
    assert.notDeepEqual(starlightLines(copy.replace(' {/* ours: moved up */}', '')), significant(starlight));
  });

  test('an "ours" block must be closed', () => {
    assert.throws(() => starlightLines('// ours: open\nline'), /line 1 is never closed/);
  });
});

describe('what the Search override relies on in Starlight’s Search', () => {
  const search = readFileSync(starlightFile('Search'), 'utf8');
  const markup = search.split('\n---\n')[1] ?? '';

  test('its script creates Pagefind UI from @pagefind/default-ui, mounted on #starlight__search', () => {
    assert.match(search, /await import\('@pagefind\/default-ui'\)/, 'site/integrations/pagefind-ui.ts redirects it');
    assert.match(search, /new PagefindUI\(\{[^}]*element: '#starlight__search'/s);
  });

  test('its markup starts with the <site-search> element', () => {
    assert.match(markup.trimStart(), /^<site-search\b/, 'site/components/search/WithSearchScope.astro writes on it');
  });

  test('the build knows its script by its module id, whatever the package layout', () => {
    const id = (path: string) => `${path}/components/Search.astro?astro&type=script&index=0&lang.ts`;
    assert.ok(isStarlightSearchScript(id('/app/node_modules/@astrojs/starlight/dist')));
    assert.ok(
      isStarlightSearchScript(
        id('/app/node_modules/.pnpm/@astrojs+starlight@0.42.4/node_modules/@astrojs/starlight/dist'),
      ),
    );
    assert.ok(isStarlightSearchScript(id('C:\\app\\node_modules\\@astrojs\\starlight\\dist').replaceAll('/', '\\')));
    assert.equal(isStarlightSearchScript(id('/app/site')), false);
    assert.equal(isStarlightSearchScript('/app/node_modules/@astrojs/starlight/dist/components/Search.astro'), false);
  });
});
