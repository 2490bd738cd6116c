/**
 * The message catalogues: one JSON file per language in messages/ (`en.json` is the source, every other
 * file translates it; each says under `@metadata` how it was made and whether a native speaker reviewed
 * it). Starlight gets them through its `i18n:setup` hook (plugin.ts) and components read them with
 * `Astro.locals.t`; code that runs outside a page (the Markdown twins' MCP server, the Open Graph cards)
 * gets the same strings from {@link translator}, an i18next instance made as Starlight makes its own.
 * Plurals are i18next's suffixes (`_one`, `_other`, `_few`…, chosen by `Intl.PluralRules`); placeholders
 * are `{{name}}`.
 */
import i18next, { type TFunction } from 'i18next';
import shipped from './messages/index.ts';

/** A catalogue file: its metadata, then message keys to strings. */
export type CatalogueFile = { '@metadata': Record<string, string> } & Record<string, unknown>;

/** The keys of the English catalogue without their plural suffixes: what code asks for. */
type PluralBase<K> = K extends `${infer B}_${'zero' | 'one' | 'two' | 'few' | 'many' | 'other'}` ? B : K;
export type MessageKey = PluralBase<Exclude<keyof (typeof shipped)['en'], '@metadata'>>;

/** Values of a message's placeholders; `count` also picks the plural form. */
export type MessageValues = Record<string, string | number>;

/** A message in the reader's language (the English one when the catalogue lacks it). */
export type Translate = (key: MessageKey, values?: MessageValues) => string;

/**
 * The shipped catalogues, by BCP-47 tag, with their metadata: every one, or in a site build's pages those of
 * the languages it builds (messages/index.ts). English, the source and every fallback, is always there.
 */
export const CATALOGUE_FILES: Readonly<Record<string, CatalogueFile>> = shipped;

/** A catalogue's messages without its metadata. */
export function messagesOf(file: CatalogueFile): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(file)) if (k !== '@metadata' && typeof v === 'string') out[k] = v;
  return out;
}

/** Every shipped catalogue's messages, by BCP-47 tag: what the Starlight plugin injects. */
export function catalogues(): Record<string, Record<string, string>> {
  return Object.fromEntries(Object.entries(CATALOGUE_FILES).map(([lang, file]) => [lang, messagesOf(file)]));
}

/** The namespace Starlight keeps its strings in; the same here, so both read alike. */
const NAMESPACE = 'starlight';

let instance: ReturnType<typeof i18next.createInstance> | undefined;

function i18n() {
  if (!instance) {
    instance = i18next.createInstance();
    instance.init({
      resources: Object.fromEntries(Object.entries(catalogues()).map(([lang, m]) => [lang, { [NAMESPACE]: m }])),
      fallbackLng: 'en',
      ns: [NAMESPACE],
      defaultNS: NAMESPACE,
      initAsync: false,
      interpolation: { escapeValue: false },
    });
  }
  return instance;
}

/**
 * Wraps an i18next `t` (Starlight's `Astro.locals.t`, or {@link translator}'s) so that values are put in
 * as they are: pages escape what they print, and a path such as `/pets/{petId}` must stay readable.
 */
export function fromI18next(t: TFunction | ((key: string, options?: object) => string)): Translate {
  return (key, values) =>
    (t as (key: string, options?: object) => string)(key, { ...values, interpolation: { escapeValue: false } });
}

/** Remembered messages by source, then by key and values: see {@link remembered}. */
const REMEMBERED = new Map<string, Map<string, string>>();
/** A source's remembered messages are forgotten beyond this many (each a short string). */
const REMEMBERED_LIMIT = 100_000;

/**
 * `t` remembering each message it made: a message depends only on the language's catalogue (fixed for
 * the process), its key and its values, and a build asks for the same ones on page after page (the
 * sidebar's labels, a schema's flags), where i18next looks up, interpolates and escapes each time.
 * @param source where `t`'s messages come from and their language (`page:fr`, `catalogue:fr`): every `t`
 *   given with the same source must answer alike
 */
export function remembered(source: string, t: Translate): Translate {
  let messages = REMEMBERED.get(source);
  if (!messages) {
    messages = new Map();
    REMEMBERED.set(source, messages);
  }
  const known = messages;
  return (key, values) => {
    const id = values === undefined ? key : `${key}\u0000${JSON.stringify(values)}`;
    let message = known.get(id);
    if (message === undefined) {
      message = t(key, values);
      if (known.size >= REMEMBERED_LIMIT) known.clear();
      known.set(id, message);
    }
    return message;
  };
}

/** The messages of a language outside a page (English for a language without a catalogue). */
export function translator(lang = 'en'): Translate {
  return remembered(`catalogue:${lang}`, fromI18next(i18n().getFixedT(lang, NAMESPACE)));
}
