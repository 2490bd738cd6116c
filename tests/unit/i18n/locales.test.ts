// PETSTORE_LOCALES as an admin writes it: BCP-47 tags in any case (RFC 5646 section 2.1.1), each one
// locale whose URL segment is the lower-case tag and whose `lang` keeps the canonical case.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { buildLocales, LocalesError } from '../../../site/i18n/locales.ts';

describe('buildLocales', () => {
  test('pt-BR, pt-br and PT-BR are one locale: key pt-br, lang pt-BR', () => {
    for (const tag of ['pt-BR', 'pt-br', 'PT-BR']) {
      const [locale] = buildLocales([], { PETSTORE_LOCALES: tag });
      assert.deepEqual(locale, { key: 'pt-br', lang: 'pt-BR', label: 'Português do Brasil', dir: 'ltr' }, tag);
    }
  });

  test('a locale shipped with no table entry keeps its region in upper case: de-AT', () => {
    const [locale] = buildLocales([], { PETSTORE_LOCALES: 'de-AT' });
    assert.equal(locale?.key, 'de-at');
    assert.equal(locale?.lang, 'de-AT');
  });

  test('a script subtag takes its canonical case: zh-HANT is zh-Hant', () => {
    const [locale] = buildLocales([], { PETSTORE_LOCALES: 'zh-HANT' });
    assert.equal(locale?.key, 'zh-hant');
    assert.equal(locale?.lang, 'zh-Hant');
  });

  test('one locale named twice in two cases is refused, naming it', () => {
    assert.throws(
      () => buildLocales([], { PETSTORE_LOCALES: 'fr,pt-BR,pt-br' }),
      (e: unknown) => e instanceof LocalesError && /pt-br/.test(e.message) && /twice/.test(e.message),
    );
  });

  test('English in any case is the root, and a value that is no tag is refused with what was written', () => {
    assert.throws(() => buildLocales([], { PETSTORE_LOCALES: 'EN' }), /English is the root locale/);
    assert.throws(() => buildLocales([], { PETSTORE_LOCALES: 'fr,pt_BR' }), /"pt_BR" is not a BCP-47 language tag/);
  });
});
