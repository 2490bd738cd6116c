/**
 * OpenAPI Overlays (Overlay Specification 1.0.0 / 1.1.0) as translations of a description: read an
 * overlay file with its actions' places ({@link readOverlay}, {@link parseOverlay}), apply it to a copy
 * of a description allowing only human-readable text to change ({@link applyOverlay}). Problems carry a
 * stable code and `file:line:col` ({@link OverlayProblem}); a target that selects nothing is a warning.
 */
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { OverlayError } from './errors.ts';
import { type Overlay, parseOverlay } from './read.ts';

export { type AppliedOverlay, applyOverlay, TEXT_FIELDS } from './apply.ts';
export { formatOverlayProblem, OverlayError, type OverlayProblem, type OverlayProblemCode } from './errors.ts';
export { type Overlay, type OverlayAction, parseOverlay } from './read.ts';

/**
 * Reads and checks an overlay file.
 * @throws {OverlayError} code `file-unreadable`, `syntax` or `structure`
 */
export async function readOverlay(path: string): Promise<Overlay> {
  const file = resolve(path);
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (error as Error).message;
    throw new OverlayError([{ code: 'file-unreadable', file, detail: `cannot read the overlay: ${reason}` }]);
  }
  return parseOverlay(text, file);
}
