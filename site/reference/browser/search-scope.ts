/**
 * Pagefind UI as Starlight's search creates it, kept to one version of the API when several are
 * published. Starlight's Search script imports `@pagefind/default-ui`; the build resolves that import to
 * this module (integrations/pagefind-ui.ts), so the UI is Pagefind's own, then:
 * - when the page's `<site-search>` names a version (`data-search-version`, components/overrides/
 *   Search.astro), results keep to it through Pagefind UI's `triggerFilters({ version })`;
 * - the "All versions" checkbox the override renders goes into the search form, under the field (tab
 *   order: field, clear, checkbox, results), and drops the filter while checked.
 * Without a version (one version published) nothing changes.
 */
// @ts-expect-error: @pagefind/default-ui ships no type declarations (Starlight's Search says the same).
import { PagefindUI as Base } from '@pagefind/default-ui';

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
    super(options);
    const root = typeof element === 'string' ? document.querySelector(element) : element;
    const version = root?.closest<HTMLElement>('site-search')?.dataset.searchVersion;
    const all = document.querySelector<HTMLInputElement>('input[data-all-versions]');
    const label = all?.closest('label');
    const form = root?.querySelector('.pagefind-ui__form');
    if (!version || !all || !label || !form) return;
    form.insertBefore(label, form.querySelector('.pagefind-ui__drawer'));
    label.hidden = false;
    const scope = () => this.triggerFilters(all.checked ? {} : { version });
    scope();
    all.addEventListener('change', scope);
  }
}
