/**
 * Reads a list of APIs from a YAML file (`PETSTORE_APIS`): the shape of the reference integration's
 * `apis` option, checked by the same zod schema, each problem placed at its line and column in the
 * file. Paths in the file (`description`, `changelog`) are relative to the file's folder.
 */
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { isNode, LineCounter, parseDocument } from 'yaml';
import { z } from 'zod';
import { type ApiEntry, apiEntrySchema } from './options.ts';

/** A list file that cannot be used; `problems` are `file:line:col: path: message` lines. */
export class ApiListError extends Error {
  override name = 'ApiListError';
  readonly problems: readonly string[];
  constructor(file: string, problems: readonly string[]) {
    super(`Invalid list of APIs (${file}):\n${problems.map((p) => `  ${p}`).join('\n')}`);
    this.problems = problems;
  }
}

const listSchema = z.array(apiEntrySchema).min(1, 'expected a list of at least one API');

/**
 * The entries of a list file, with `description` and `changelog` made absolute.
 * @param file the file's path (absolute, or relative to the working directory)
 * @throws {ApiListError} when the file cannot be read, is not YAML, or an entry does not fit the schema
 *   (each problem with its `file:line:col` and the field's path, `1.id: …`)
 */
export function readApiList(file: string): ApiEntry[] {
  const path = resolve(file);
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (err) {
    throw new ApiListError(file, [
      `${file}: ${(err as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (err as Error).message}`,
    ]);
  }
  const lines = new LineCounter();
  const doc = parseDocument(text, { lineCounter: lines, prettyErrors: false });
  const at = (offset: number): string => {
    const { line, col } = lines.linePos(offset);
    return `${file}:${line}:${col}`;
  };
  if (doc.errors.length > 0)
    throw new ApiListError(
      file,
      doc.errors.map((e) => `${at(e.pos[0])}: ${e.message}`),
    );
  const parsed = listSchema.safeParse(doc.toJS());
  if (!parsed.success) {
    throw new ApiListError(
      file,
      parsed.error.issues.flatMap((issue) => {
        // The deepest node the path reaches: the field itself, or its entry when the field is missing.
        let node: unknown = doc.contents;
        for (let depth = issue.path.length; depth >= 0; depth--) {
          const found = depth === 0 ? doc.contents : doc.getIn(issue.path.slice(0, depth) as (string | number)[], true);
          if (isNode(found)) {
            node = found;
            break;
          }
        }
        const where = isNode(node) && node.range ? at(node.range[0]) : `${file}:1:1`;
        const path = issue.path.map(String).join('.');
        if (issue.code === 'unrecognized_keys') {
          return issue.keys.map((k) => `${where}: ${path ? `${path}.` : ''}${k}: unknown option`);
        }
        return [`${where}: ${path || '(list)'}: ${issue.message}`];
      }),
    );
  }
  const folder = dirname(path);
  const seen = new Map<string, number>();
  const problems: string[] = [];
  parsed.data.forEach((entry, i) => {
    const first = seen.get(entry.id);
    if (first === undefined) seen.set(entry.id, i);
    else {
      const node = doc.getIn([i, 'id'], true);
      problems.push(
        `${isNode(node) && node.range ? at(node.range[0]) : file}: ${i}.id: "${entry.id}" is also the id of entry ${first}`,
      );
    }
  });
  if (problems.length > 0) throw new ApiListError(file, problems);
  return parsed.data.map((entry) => ({
    ...entry,
    description: resolve(folder, entry.description),
    ...(entry.changelog ? { changelog: resolve(folder, entry.changelog) } : {}),
  }));
}
