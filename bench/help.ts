// `--help` of a benchmark: its header comment (the lines before its first import), without the `//`.
import { readFileSync } from 'node:fs';

/**
 * Prints the header comment of a benchmark file as its help.
 * @param moduleUrl the benchmark's `import.meta.url`
 */
export function printHeaderHelp(moduleUrl: string): void {
  console.log(
    readFileSync(new URL(moduleUrl), 'utf8')
      .split('\nimport ')[0]
      ?.replace(/^\/\/ ?/gm, ''),
  );
}
