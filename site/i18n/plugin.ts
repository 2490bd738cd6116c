/**
 * The site's UI strings as a Starlight plugin: its `i18n:setup` hook injects every shipped catalogue
 * (catalogue.ts), so components read them with `Astro.locals.t` in the page's language and fall back to
 * English as Starlight's own strings do.
 */
import type { StarlightPlugin } from '@astrojs/starlight/types';
import { catalogues } from './catalogue.ts';

export default function petstoreTranslations(): StarlightPlugin {
  return {
    name: 'petstore:translations',
    hooks: {
      'i18n:setup'({ injectTranslations }) {
        injectTranslations(catalogues());
      },
      'config:setup'() {},
    },
  };
}
