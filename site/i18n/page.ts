/**
 * The language of the page being rendered: its locale from the URL's first segment (the site's locale
 * keys, site/i18n/locales.ts), its BCP-47 tag, and its messages from Starlight's `Astro.locals.t` (the
 * catalogues the plugin injected; English where a message is missing).
 */

import { localeKeys } from '../config.ts';
import { fromI18next, remembered, type Translate } from './catalogue.ts';
import { localeOf, localePrefix, splitLocale } from './locales.ts';

export interface PageLanguage {
  /** the locale key (`fr`), undefined for the root locale */
  locale?: string;
  /** BCP-47 tag (`fr`, `pt-BR`); `en` for the root */
  lang: string;
  /** the URL prefix of the locale (`/fr`, or `''`) */
  prefix: string;
  /** the page's path in the root locale (`/fr/reference/list-pets/` → `/reference/list-pets/`) */
  rootPath: string;
  t: Translate;
}

/**
 * @param astro the page's `Astro` (its URL and Starlight's locals)
 */
export function pageLanguage(astro: { url: URL; locals: App.Locals }): PageLanguage {
  const { key, path } = splitLocale(astro.url.pathname, localeKeys);
  const lang = key ? localeOf(key).lang : 'en';
  return {
    ...(key ? { locale: key } : {}),
    lang,
    prefix: localePrefix(key),
    rootPath: path,
    // Starlight's `t` is typed by its own keys and the plugins' (injected types); ours are checked by
    // MessageKey. Every page of a language has the same messages, so they are made once per build.
    t: remembered(`page:${lang}`, fromI18next(astro.locals.t as unknown as (key: string, options?: object) => string)),
  };
}
