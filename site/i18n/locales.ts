/**
 * The site's locales: English at the root (no URL prefix), and the locales a build adds beside it, each
 * under its Starlight locale key as the first URL segment (`/fr/reference/list-pets/`). Starlight's own
 * `locales` configuration is made here, so routing, `lang`/`dir`, fallback pages, hreflang alternates and
 * the language picker all come from one table. Pure: the environment is a parameter.
 */

/** A locale of the site: its URL segment (Starlight's locale key), BCP-47 tag and name in its language. */
export interface SiteLocale {
  /** URL segment and Starlight locale key, lower case (`fr`, `pt-br`); undefined for the root locale */
  key?: string;
  /** BCP-47 language tag (`fr`, `pt-BR`): `<html lang>`, the catalogue's name, Intl's locale */
  lang: string;
  /** the language's name in itself, for the language picker */
  label: string;
  /** text direction */
  dir: 'ltr' | 'rtl';
}

/** The root locale: English, with no URL prefix (every URL of the one-language site stays). */
export const ROOT_LOCALE: SiteLocale = { lang: 'en', label: 'English', dir: 'ltr' };

/**
 * The locales whose UI strings ship with the site (site/i18n/messages/<lang>.json), by URL segment.
 * Another locale may be turned on: its pages then show Starlight's and our English strings.
 */
export const SHIPPED_LOCALES: Readonly<Record<string, SiteLocale>> = {
  de: { key: 'de', lang: 'de', label: 'Deutsch', dir: 'ltr' },
  es: { key: 'es', lang: 'es', label: 'Español', dir: 'ltr' },
  fr: { key: 'fr', lang: 'fr', label: 'Français', dir: 'ltr' },
  ja: { key: 'ja', lang: 'ja', label: '日本語', dir: 'ltr' },
  ko: { key: 'ko', lang: 'ko', label: '한국어', dir: 'ltr' },
  'pt-br': { key: 'pt-br', lang: 'pt-BR', label: 'Português do Brasil', dir: 'ltr' },
  'zh-cn': { key: 'zh-cn', lang: 'zh-CN', label: '简体中文', dir: 'ltr' },
  ar: { key: 'ar', lang: 'ar', label: 'العربية', dir: 'rtl' },
};

/** A locale key: a BCP-47 tag in lower case (`fr`, `pt-br`, `zh-hant`), usable as a URL segment (RFC 5646 section 2.1). */
const KEY = /^[a-z]{2,3}(?:-[a-z0-9]{2,8})*$/;

/** A locale list that cannot be used; the message names the value and what is expected. */
export class LocalesError extends Error {
  override name = 'LocalesError';
}

/**
 * The BCP-47 tag of a locale key that ships no table entry, in its canonical case (RFC 5646 section 2.1.1:
 * `pt-br` → `pt-BR`, `zh-hant` → `zh-Hant`); the key itself when Intl does not know it as a tag.
 */
function langOf(key: string): string {
  try {
    return Intl.getCanonicalLocales(key)[0] ?? key;
  } catch {
    return key;
  }
}

/** A locale by its key: the shipped entry, or one made from the key (label from Intl, direction from Intl). */
export function localeOf(key: string): SiteLocale {
  const shipped = SHIPPED_LOCALES[key];
  if (shipped) return shipped;
  const lang = langOf(key);
  const intl = new Intl.Locale(lang) as Intl.Locale & { getTextInfo?: () => { direction: string } };
  const direction = intl.getTextInfo?.().direction;
  const name = new Intl.DisplayNames([lang], { type: 'language' }).of(lang) ?? key;
  return {
    key,
    lang,
    label: name.charAt(0).toLocaleUpperCase(lang) + name.slice(1),
    dir: direction === 'rtl' ? 'rtl' : 'ltr',
  };
}

/**
 * The locales a build has beside the root one: `PETSTORE_LOCALES` (comma-separated BCP-47 tags, `all` for
 * every shipped locale, empty for none) when set, else `configured` (astro.config.mjs). Tags are
 * case-insensitive (RFC 5646 section 2.1.1): `pt-BR`, `pt-br` and `PT-BR` are one locale, whose key (its URL
 * segment, Starlight's locale key) is the tag in lower case and whose `lang` has the canonical case.
 * @throws {LocalesError} on a value that is not a BCP-47 tag, is English (the root) or names a locale twice
 */
export function buildLocales(
  configured: readonly string[] = [],
  env: Record<string, string | undefined> = process.env,
): SiteLocale[] {
  const raw = env.PETSTORE_LOCALES;
  const keys =
    raw === undefined
      ? [...configured]
      : raw.trim() === 'all'
        ? Object.keys(SHIPPED_LOCALES)
        : raw
            .split(',')
            .map((k) => k.trim())
            .filter(Boolean);
  const where = raw === undefined ? 'locales (astro.config.mjs)' : `PETSTORE_LOCALES=${raw}`;
  const seen = new Set<string>();
  return keys.map((tag) => {
    const key = tag.toLowerCase();
    if (!KEY.test(key)) {
      throw new LocalesError(
        `${where}: "${tag}" is not a BCP-47 language tag (e.g. fr, pt-BR; shipped: ${Object.values(SHIPPED_LOCALES)
          .map((l) => l.lang)
          .join(', ')})`,
      );
    }
    if (key === 'en' || key === 'root')
      throw new LocalesError(`${where}: English is the root locale; list only the others`);
    if (seen.has(key)) throw new LocalesError(`${where}: "${tag}" names the locale ${key} twice`);
    seen.add(key);
    return localeOf(key);
  });
}

/**
 * Starlight's `locales` option for these locales: undefined for an English-only site (Starlight's
 * default, so nothing about its pages changes), else the root English locale and each other one.
 */
export function starlightLocales(
  locales: readonly SiteLocale[],
): Record<string, { label: string; lang: string; dir: 'ltr' | 'rtl' }> | undefined {
  if (locales.length === 0) return undefined;
  return Object.fromEntries([
    ['root', { label: ROOT_LOCALE.label, lang: ROOT_LOCALE.lang, dir: ROOT_LOCALE.dir }],
    ...locales.map((l) => [l.key as string, { label: l.label, lang: l.lang, dir: l.dir }]),
  ]);
}

/**
 * The URL prefix of a locale: `''` for the root locale, `/fr` for `fr`. Every localized URL of the site
 * is this prefix followed by the root locale's path ({@link localizedPath}).
 */
export function localePrefix(key: string | undefined): string {
  return key ? `/${key}` : '';
}

/** A root-locale path (`/reference/list-pets/`) in a locale (`/fr/reference/list-pets/`). */
export function localizedPath(path: string, key: string | undefined): string {
  return `${localePrefix(key)}${path}`;
}

/**
 * The locale key a URL path starts with, among `keys`, and the path without it: `/fr/reference/` →
 * `{ key: 'fr', path: '/reference/' }`; a root-locale path has no key.
 */
export function splitLocale(path: string, keys: Iterable<string>): { key?: string; path: string } {
  const first = /^\/([^/]+)(\/.*|$)/.exec(path);
  if (first?.[1]) {
    for (const key of keys) if (key === first[1]) return { key, path: first[2] || '/' };
  }
  return { path };
}

/** Every locale of a site, the root first. Pure. */
export function everyLocale(locales: readonly SiteLocale[]): readonly SiteLocale[] {
  return [ROOT_LOCALE, ...locales];
}
