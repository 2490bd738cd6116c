// The file-system side of the serving rules (rules.ts): reads a built dist/client to get the
// policy inputs, writes the precompressed `.br`/`.gz` files and `_headers`. Used by the build
// (site/integrations/serving.ts) and by scripts/serve.ts at start-up, so both derive the same
// policy from the same files.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
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

/**
 * Writes `<file>.br` (brotli, quality 11) and `<file>.gz` (gzip, level 9) beside every text file
 * of at least {@link MIN_COMPRESS_BYTES} bytes, keeping a variant only when it is smaller than
 * the file. Existing `.br`/`.gz` files are overwritten.
 */
export function precompress(dir: string): PrecompressReport {
  const report: PrecompressReport = { files: 0, rawBytes: 0, brBytes: 0, gzBytes: 0 };
  for (const f of listFiles(dir)) {
    if (!COMPRESSIBLE.test(f)) continue;
    const abs = join(dir, f);
    if (statSync(abs).size < MIN_COMPRESS_BYTES) continue;
    const raw = readFileSync(abs);
    const br = brotliCompressSync(raw, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
      },
    });
    const gz = gzipSync(raw, { level: 9 });
    report.files += 1;
    report.rawBytes += raw.length;
    if (br.length < raw.length) {
      writeFileSync(`${abs}.br`, br);
      report.brBytes += br.length;
    }
    if (gz.length < raw.length) {
      writeFileSync(`${abs}.gz`, gz);
      report.gzBytes += gz.length;
    }
  }
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
