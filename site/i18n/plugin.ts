/**
 * The site's UI strings as a Starlight plugin: its `i18n:setup` hook injects the catalogues of the
 * languages the build makes pages in (catalogue.ts), so components read them with `Astro.locals.t` in the
 * page's language and fall back to English as Starlight's own strings do. The same languages' catalogues
 * are the only ones bundled with the pages (`catalogueSelection`): Starlight puts whatever is injected into
 * its server bundle, and the pages read nothing else.
 */
import { fileURLToPath } from 'node:url';
import type { StarlightPlugin } from '@astrojs/starlight/types';
import type { Plugin } from 'vite';
import { CATALOGUE_FILES, messagesOf } from './catalogue.ts';
import { ROOT_LOCALE, type SiteLocale } from './locales.ts';

/** The module listing every shipped catalogue (messages/index.ts), which a build serves with fewer. */
const CATALOGUE_INDEX = fileURLToPath(new URL('./messages/index.ts', import.meta.url));

/**
 * The BCP-47 tags of the shipped catalogues a build needs: English (the root locale, and every fallback),
 * then each of its locales' that ships one, in order, each once. A locale without a catalogue shows
 * English strings.
 * @param locales the build's locales beside the root (locales.ts `buildLocales`)
 */
export function builtCatalogues(locales: readonly SiteLocale[]): string[] {
  const langs = [ROOT_LOCALE.lang, ...locales.map((locale) => locale.lang)];
  return [...new Set(langs)].filter((lang) => lang in CATALOGUE_FILES);
}

/**
 * The source of messages/index.ts as a build serves it: the same default export, an object of catalogues
 * by BCP-47 tag, with only `langs`' (each `./<lang>.json`, which every shipped catalogue is named).
 * @param langs shipped catalogues' tags ({@link builtCatalogues})
 */
function catalogueModule(langs: readonly string[]): string {
  const imports = langs.map(
    (lang, i) => `import c${i} from ${JSON.stringify(`./${lang}.json`)} with { type: 'json' };`,
  );
  const entries = langs.map((lang, i) => `${JSON.stringify(lang)}: c${i}`);
  return `${imports.join('\n')}\nexport default { ${entries.join(', ')} };\n`;
}

/**
 * The Vite plugin that serves messages/index.ts with only `langs`' catalogues ({@link catalogueModule}).
 * @param langs shipped catalogues' tags ({@link builtCatalogues})
 */
export function catalogueSelection(langs: readonly string[]): Plugin {
  return {
    name: 'petstore:catalogue-selection',
    enforce: 'pre',
    load: {
      filter: { id: /messages[\\/]index\.ts$/ },
      handler: (id) => (id === CATALOGUE_INDEX ? catalogueModule(langs) : null),
    },
  };
}

/**
 * The Starlight plugin.
 * @param locales the build's locales beside the root (locales.ts `buildLocales`)
 */
export default function petstoreTranslations(locales: readonly SiteLocale[]): StarlightPlugin {
  const langs = builtCatalogues(locales);
  return {
    name: 'petstore:translations',
    hooks: {
      'i18n:setup'({ injectTranslations }) {
        injectTranslations(
          Object.fromEntries(langs.map((lang) => [lang, messagesOf(CATALOGUE_FILES[lang] ?? { '@metadata': {} })])),
        );
      },
      'config:setup'({ addIntegration }) {
        addIntegration({
          name: 'petstore:catalogue-selection',
          hooks: {
            'astro:config:setup': ({ updateConfig }) => {
              updateConfig({ vite: { plugins: [catalogueSelection(langs)] } });
            },
          },
        });
      },
    },
  };
}
