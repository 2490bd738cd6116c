/**
 * Pagefind UI as Starlight's search creates it, kept to one version of the API when several are
 * published, and to one API on a site of several. Starlight's Search script imports
 * `@pagefind/default-ui`; the build resolves that import to this module (integrations/pagefind-ui.ts), so
 * the UI is Pagefind's own, then:
 * - when the page's `<site-search>` names a version (`data-search-version`) or an API (`data-search-api`,
 *   components/overrides/Search.astro), results keep to them through Pagefind UI's
 *   `triggerFilters({ version, api })`;
 * - the "All versions" and "All APIs" checkboxes the override renders go into the search form, under the
 *   field (tab order: field, clear, checkboxes, results), each dropping its filter while checked.
 * - on a large site, whose search is split into several Pagefind indexes (`data-search-indexes`,
 *   reference/model/search-indexes.ts), the indexes after the first are merged into it (Pagefind UI's
 *   `mergeIndex`): the reader searches them as one.
 * Without a version, an API or more than one index (one version of one API, a small site) nothing changes.
 */
// @ts-expect-error: @pagefind/default-ui ships no type declarations (Starlight's Search says the same).
import { PagefindUI as Base } from '@pagefind/default-ui';
import { mergedIndexPaths } from '../model/search-indexes.ts';

/** The part of Pagefind UI's options and instance read here (Pagefind UI 1.x, `ui-core`). */
interface PagefindUIOptions {
  /** Where the UI mounts: a selector or the element. */
  element?: string | HTMLElement;
  [option: string]: unknown;
}
interface PagefindUIInstance {
  /** Selects filters as if the reader had checked them: `{ version: '1.0.0' }`; `{}` clears them. */
  triggerFilters(filters: Record<string, string | string[]>): void;
}
const PagefindUIBase = Base as new (options: PagefindUIOptions) => PagefindUIInstance;

export class PagefindUI extends PagefindUIBase {
  constructor(options: PagefindUIOptions) {
    // Pagefind UI deletes the options it reads from the object it is given.
    const element = options.element;
    const root = typeof element === 'string' ? document.querySelector(element) : element;
    const data = root?.closest<HTMLElement>('site-search')?.dataset;
    const indexes = Number(data?.searchIndexes ?? 1);
    if (indexes > 1 && options.mergeIndex === undefined) {
      const bundlePath = typeof options.bundlePath === 'string' ? options.bundlePath : '/pagefind/';
      options.mergeIndex = mergedIndexPaths(bundlePath, indexes).map((path) => ({ bundlePath: path }));
    }
    super(options);
    const form = root?.querySelector('.pagefind-ui__form');
    if (!data || !form) return;
    /** Each scope the page names, with its "All …" checkbox moved under the field. */
    const scopes = (
      [
        ['version', data.searchVersion, 'input[data-all-versions]'],
        ['api', data.searchApi, 'input[data-all-apis]'],
      ] as const
    ).flatMap(([filter, value, selector]) => {
      const all = document.querySelector<HTMLInputElement>(selector);
      const label = all?.closest('label');
      if (value === undefined || !all || !label) return [];
      form.insertBefore(label, form.querySelector('.pagefind-ui__drawer'));
      label.hidden = false;
      return [{ filter, value, all }];
    });
    if (scopes.length === 0) return;
    const scope = () =>
      this.triggerFilters(Object.fromEntries(scopes.filter((s) => !s.all.checked).map((s) => [s.filter, s.value])));
    scope();
    for (const s of scopes) s.all.addEventListener('change', scope);
  }
}
