/**
 * The language of Scalar's own words (the try-it client, the explorer) for a page's language. Scalar
 * 1.72 ships `en`, `ru`, `es`, `fr`, `de`, `zh-CN`, `ar` and `pt` (`ApiReferenceBuiltInLocale` of
 * @scalar/types); for any other language its UI stays English. Pure.
 */
const SCALAR_LOCALES: readonly string[] = ['en', 'ru', 'es', 'fr', 'de', 'zh-CN', 'ar', 'pt'];

/** The Scalar locale of a BCP-47 tag: the same tag, else its language (`pt-BR` → `pt`), else none. */
export function scalarLocale(lang: string | undefined): string | undefined {
  if (!lang) return undefined;
  if (SCALAR_LOCALES.includes(lang)) return lang;
  const primary = lang.split('-')[0] ?? '';
  return SCALAR_LOCALES.includes(primary) ? primary : undefined;
}
