// Where a system program the integration tests start is installed (Debian puts daemons in /usr/sbin,
// clients in /usr/bin), found without a shell.
import { accessSync, constants } from 'node:fs';
import { join } from 'node:path';

/**
 * The path of the executable `name` in the first of `dirs`, then of `PATH`, that has it; undefined when
 * none does.
 * @param dirs the folders to look in first, in order
 */
export function findBinary(name: string, dirs: readonly string[]): string | undefined {
  for (const dir of [...dirs, ...(process.env.PATH ?? '').split(':')]) {
    const p = join(dir, name);
    try {
      accessSync(p, constants.X_OK);
      return p;
    } catch {}
  }
  return undefined;
}
