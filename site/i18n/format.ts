/**
 * Dates and numbers as a reader of a language writes them, through `Intl` (ICU's data): `2027-06-30` →
 * `30 June 2027`, `30 juin 2027`, `2027年6月30日`, `٣٠ يونيو ٢٠٢٧`. The site's English is British, like the
 * rest of its text. Pure (formatters are cached per language).
 */
import { parseDay } from '../../descriptions/dates.ts';

/** The `Intl` locale a language's dates and numbers are written in. */
function intlLocale(lang: string): string {
  return lang === 'en' ? 'en-GB' : lang;
}

const dates = new Map<string, Intl.DateTimeFormat>();
const numbers = new Map<string, Intl.NumberFormat>();

/**
 * A calendar date (`YYYY-MM-DD`) as a reader of `lang` writes it in full.
 * @throws {Error} when the text is not a valid calendar date
 */
export function formatDate(day: string, lang: string): string {
  let f = dates.get(lang);
  if (!f) {
    f = new Intl.DateTimeFormat(intlLocale(lang), { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
    dates.set(lang, f);
  }
  return f.format(parseDay(day));
}

/** A number with the grouping of `lang` (`37,912`, `37 912`, `٣٧٬٩١٢`). */
export function formatNumber(n: number, lang: string): string {
  let f = numbers.get(lang);
  if (!f) {
    f = new Intl.NumberFormat(intlLocale(lang));
    numbers.set(lang, f);
  }
  return f.format(n);
}
