// The file-system side of the serving rules (rules.ts): reads a built dist/client to get the
// policy inputs, writes the precompressed `.br`/`.gz` files and `_headers`. Used by the build
// (site/integrations/serving.ts) and by scripts/serve.ts at start-up, so both derive the same
// policy from the same files.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { join, relative, sep } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import {
  COMPRESSIBLE,
  headersFile,
  headersFileProblems,
  inlineScriptHashes,
  MIN_COMPRESS_BYTES,
  type PolicyInputs,
  serverOrigins,
} from './rules.ts';

/** Every file below `dir`, as paths relative to it with `/` separators, sorted. */
export function listFiles(dir: string): string[] {
  const out: string[] = [];
  const walk = (d: string): void => {
    for (const entry of readdirSync(d, { withFileTypes: true })) {
      const abs = join(d, entry.name);
      if (entry.isDirectory()) walk(abs);
      else if (entry.isFile()) out.push(relative(dir, abs).split(sep).join('/'));
    }
  };
  walk(dir);
  return out.sort();
}

const sha256 = (text: string): string => createHash('sha256').update(text, 'utf8').digest('base64');

/**
 * The policy inputs of a built site: the hashes of the inline scripts of every HTML file, and the
 * origins of the spec's servers.
 * @param dir the published folder (dist/client)
 * @param servers the spec's `servers`
 */
export function policyInputs(
  dir: string,
  servers: readonly { url: string; variables?: Record<string, { default: string }> }[],
): PolicyInputs {
  const hashes = new Set<string>();
  for (const f of listFiles(dir)) {
    if (!f.endsWith('.html')) continue;
    for (const h of inlineScriptHashes(readFileSync(join(dir, f), 'utf8'), sha256)) hashes.add(h);
  }
  return { scriptHashes: [...hashes].sort(), apiOrigins: serverOrigins(servers) };
}

/** What {@link precompress} did. */
export interface PrecompressReport {
  files: number;
  rawBytes: number;
  brBytes: number;
  gzBytes: number;
}

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/**
 * Brotli quality for a file: 11 (the smallest output) for the content-hashed assets under `_astro/`,
 * which every reader fetches and caches for a year; 7 for pages and data, which are many (2,246 HTML
 * pages for GitHub's description). On a 244 KB operation page quality 7 gives 17.7 KB at about
 * 110 MB/s, quality 11 16.1 KB at about 1 MB/s: 10 % of size for a build a hundred times longer.
 */
export function brotliQuality(file: string): number {
  return file.startsWith('_astro/') ? constants.BROTLI_MAX_QUALITY : 7;
}

/**
 * Writes `<file>.br` (brotli, quality by {@link brotliQuality}) and `<file>.gz` (gzip, level 9)
 * beside every text file of at least {@link MIN_COMPRESS_BYTES} bytes, keeping a variant only when it
 * is smaller than the file. Existing `.br`/`.gz` files are overwritten. Files are compressed on
 * zlib's thread pool, as many at once as the machine has cores.
 */
export async function precompress(dir: string): Promise<PrecompressReport> {
  const report: PrecompressReport = { files: 0, rawBytes: 0, brBytes: 0, gzBytes: 0 };
  const files = listFiles(dir).filter((f) => COMPRESSIBLE.test(f) && statSync(join(dir, f)).size >= MIN_COMPRESS_BYTES);
  let next = 0;
  const work = async (): Promise<void> => {
    for (let f = files[next++]; f !== undefined; f = files[next++]) {
      const abs = join(dir, f);
      const raw = await readFile(abs);
      const [br, gzipped] = await Promise.all([
        brotli(raw, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: brotliQuality(f),
            [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
          },
        }),
        gz(raw, { level: 9 }),
      ]);
      report.files += 1;
      report.rawBytes += raw.length;
      if (br.length < raw.length) {
        await writeFile(`${abs}.br`, br);
        report.brBytes += br.length;
      }
      if (gzipped.length < raw.length) {
        await writeFile(`${abs}.gz`, gzipped);
        report.gzBytes += gzipped.length;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, availableParallelism()) }, work));
  return report;
}

/**
 * Writes `<dir>/_headers` from the rules (rules.ts {@link headersFile}).
 * @returns what a host would have trouble with ({@link headersFileProblems}), empty when fine
 */
export function writeHeadersFile(dir: string, inputs: PolicyInputs): string[] {
  const text = headersFile(inputs);
  writeFileSync(join(dir, '_headers'), text);
  return headersFileProblems(text);
}
