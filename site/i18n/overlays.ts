/**
 * The description's own text per locale: the OpenAPI Overlay of a locale (the `overlays` option's path
 * for it, else `i18n/<locale>.overlay.yaml` beside the description) applied to the loaded description
 * before anything reads it, then brought to the loader's internal form. Computed once per build,
 * description and locale (the build's state, site/build-context.ts). A target selecting nothing
 * is printed as a warning naming the overlay file and line; an overlay changing anything but text stops
 * the build (descriptions/overlay/).
 */
import { existsSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { internalForm, type LoadedDescription } from '../../descriptions/loader/index.ts';
import { applyOverlay, formatOverlayProblem, readOverlay } from '../../descriptions/overlay/index.ts';
import { buildSlot, currentBuild } from '../build-context.ts';

/**
 * The overlay file of a locale, or undefined when it has none: `configured[key]` (relative to the working
 * directory) when given, else `i18n/<key>.overlay.yaml` beside the description when that file exists.
 */
export function overlayFile(
  descriptionFile: string,
  key: string,
  configured: Readonly<Record<string, string>> = {},
): string | undefined {
  const given = configured[key];
  if (given) return resolve(given);
  const beside = join(dirname(resolve(descriptionFile)), 'i18n', `${key}.overlay.yaml`);
  return existsSync(beside) ? beside : undefined;
}

/** A description with a locale's overlay applied: the loaded description's fields the consumers read. */
export interface LocalizedDescription extends LoadedDescription {
  /** the overlay applied, when the locale has one */
  overlay?: string;
}

/** The build's localized descriptions, by description, overlay file and their versions. */
const LOCALIZED = buildSlot('i18n.localized', () => new Map<string, Promise<LocalizedDescription>>());

/**
 * The description in a locale: the loaded one when the locale has no overlay, else a copy with the
 * overlay's text (`source` and `document` both; `text`, the downloads' bytes, stays the original).
 * @throws {OverlayError} when the overlay cannot be read or changes anything but text
 */
export function localizedDescription(
  loaded: LoadedDescription,
  key: string,
  configured: Readonly<Record<string, string>> = {},
  warn: (line: string) => void = (line) => console.warn(line),
): Promise<LocalizedDescription> {
  const file = overlayFile(loaded.path, key, configured);
  if (!file) return Promise.resolve(loaded);
  const cache = currentBuild().state(LOCALIZED);
  let mtime = -1;
  try {
    mtime = statSync(file).mtimeMs;
  } catch {
    /* readOverlay names the file */
  }
  const cacheKey = `${loaded.path}\0${file}\0${mtime}\0${loaded.text.length}`;
  let hit = cache.get(cacheKey);
  if (!hit) {
    hit = readOverlay(file).then((overlay) => {
      const applied = applyOverlay(loaded.source, overlay);
      for (const w of applied.warnings) warn(`[i18n] warning: ${formatOverlayProblem(w)}`);
      const { document } = internalForm(applied.document, loaded.path, loaded.sourceVersion);
      return { ...loaded, source: applied.document, document, overlay: file };
    });
    cache.set(cacheKey, hit);
  }
  return hit;
}
