import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { CATALOGUE_FILES, messagesOf, translator } from '../../../site/i18n/catalogue.ts';
import { SHIPPED_LOCALES } from '../../../site/i18n/locales.ts';

const en = messagesOf(CATALOGUE_FILES.en ?? { '@metadata': {} });
const PLURAL = /_(zero|one|two|few|many|other)$/;
/** The message keys code asks for: plural forms folded into their base key. */
const bases = (messages: Record<string, string>) => new Set(Object.keys(messages).map((k) => k.replace(PLURAL, '')));
const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

/**
 * Values a translation may leave as the English: names of technical things (OpenAPI fields, formats,
 * products) and words spelt the same in that language. Everything else identical to English is a
 * string someone forgot to translate.
 */
const SAME_AS_ENGLISH: Record<string, ReadonlySet<string>> = {
  '*': new Set([
    'operationId',
    'Webhook',
    'Webhooks',
    'Beta',
    'HTML',
    'JSON',
    'YAML',
    'HTTP',
    'cURL',
    'OpenAPI',
    'Markdown',
    'API',
    'APIs',
    'RSS',
    'AsyncAPI',
  ]),
  de: new Set([
    'Name',
    'Version',
    'Schema',
    'Schemas',
    'Callbacks',
    'Header',
    'Explorer',
    'Explorer (Scalar)',
    'optional',
    'Operation',
    'Parameter',
    'Tag',
    'Tags',
    'Mock',
    'Bindings',
    'Scopes',
    'Topic',
    'Exchange',
  ]),
  es: new Set(['Experimental', 'Callbacks', 'no']),
  fr: new Set([
    'Guides',
    'Introduction',
    'Description',
    'Type',
    'Transport',
    'Version',
    'Guide',
    'Webhook',
    'tag',
    'Message',
    'Messages',
    'Topic',
  ]),
  'pt-BR': new Set(['Experimental', 'Callbacks', 'tag', 'Tags']),
};
/** Whether every word of a message (placeholders and punctuation aside) may stay as in English. */
const allowedWords = (text: string, allowed: ReadonlySet<string>) =>
  text
    .replace(/\{\{\s*\w+\s*\}\}/g, ' ')
    .split(/[\s:,.()·]+/)
    .filter(Boolean)
    .every((w) => allowed.has(w.toLowerCase()));

describe('message catalogues', () => {
  test('every shipped locale has a catalogue, and each says how it was made and whether it was reviewed', () => {
    for (const locale of Object.values(SHIPPED_LOCALES)) {
      const file = CATALOGUE_FILES[locale.lang];
      assert.ok(file, `no catalogue for ${locale.lang}`);
      assert.ok(file['@metadata'].made, `${locale.lang}: @metadata.made`);
      assert.ok(file['@metadata'].reviewed, `${locale.lang}: @metadata.reviewed`);
    }
  });

  for (const [lang, file] of Object.entries(CATALOGUE_FILES)) {
    if (lang === 'en') continue;
    const messages = messagesOf(file);
    test(`${lang}: no key missing or unknown, every plural form Intl.PluralRules names, placeholders as in English`, () => {
      assert.deepEqual(
        [...bases(en)].filter((k) => !bases(messages).has(k)),
        [],
        'missing keys',
      );
      assert.deepEqual(
        [...bases(messages)].filter((k) => !bases(en).has(k)),
        [],
        'keys English does not have',
      );
      const categories = new Intl.PluralRules(lang).resolvedOptions().pluralCategories;
      for (const key of new Set(
        Object.keys(en)
          .filter((k) => PLURAL.test(k))
          .map((k) => k.replace(PLURAL, '')),
      )) {
        for (const c of categories) assert.ok(messages[`${key}_${c}`], `${key}_${c} (an ${lang} plural form)`);
        const english = placeholders(en[`${key}_other`] ?? '');
        for (const c of categories) {
          const got = placeholders(messages[`${key}_${c}`] ?? '');
          // A form for exactly one or two may write the number as a word instead of {{count}}.
          const expected = ['zero', 'one', 'two'].includes(c)
            ? english.filter((p) => got.includes(p as string))
            : english;
          assert.deepEqual(
            got.filter((p) => p !== 'count' || expected.includes('count')),
            expected.filter((p) => p !== 'count' || got.includes('count')),
            `${key}_${c}: placeholders`,
          );
        }
      }
      for (const [key, value] of Object.entries(messages)) {
        if (PLURAL.test(key)) continue;
        assert.deepEqual(placeholders(value), placeholders(en[key] ?? ''), `${key}: placeholders differ from English`);
      }
    });

    test(`${lang}: no value left as the English outside the technical terms`, () => {
      const allowed = new Set(
        [...(SAME_AS_ENGLISH['*'] ?? []), ...(SAME_AS_ENGLISH[lang] ?? [])].flatMap((v) =>
          v.toLowerCase().split(/[\s()]+/),
        ),
      );
      const same = Object.entries(messages)
        .filter(([key, value]) => value === en[key] && !allowedWords(value, allowed))
        .map(([key, value]) => `${key}: ${value}`);
      assert.deepEqual(same, []);
    });
  }

  test('plurals and placeholders through i18next and Intl.PluralRules, English as the fallback', () => {
    assert.equal(translator('fr')('ref.index.operations', { count: 1 }), '1 opération');
    assert.equal(translator('fr')('ref.index.operations', { count: 19 }), '19 opérations');
    assert.equal(translator('ar')('ref.index.operations', { count: 2 }), 'عمليتان');
    assert.equal(translator('ar')('ref.index.operations', { count: 5 }), '5 عمليات');
    assert.equal(translator('ar')('ref.index.operations', { count: 11 }), '11 عمليةً');
    assert.equal(
      translator('en')('ref.tryIt.toMock', { method: 'GET', path: '/pets/{petId}' }),
      'Sends GET /pets/{petId} to the mock API on this site.',
    );
    assert.equal(translator('xx')('ref.tryIt.button'), 'Try it');
  });
});
