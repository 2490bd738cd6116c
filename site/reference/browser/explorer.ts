/**
 * Browser edge of the explorer (/reference/explorer/): reads the build-time data the page inlined
 * (document URL, configuration, hidden operations), mounts Scalar, and adds what Scalar only has
 * globally: the request guard for operations without a try-it panel, the notice when the mock API
 * is missing (static hosting), and the repairs that bring it to WCAG 2.2 AA (scalar-a11y.ts). Nothing is sent to the mock before the reader sends a request.
 * Decisions live in guard.ts (pure, unit-tested); this file only wires them to the DOM and fetch.
 */
import { createApiReference } from '@scalar/api-reference';
import '@scalar/api-reference/style.css';
import type { ReferenceConfiguration } from '../explorer/map.ts';
import type { OperationRef } from '../model/document.ts';
import {
  createGuardedFetch,
  findHidden,
  type HiddenMatcher,
  hiddenMatchers,
  MOCK_UNAVAILABLE,
  refusalMessage,
} from './guard.ts';
import { watchScalarA11y } from './scalar-a11y.ts';
import { watchScalarDirection } from './scalar-direction.ts';

interface PageData {
  documentUrl: string;
  configuration: ReferenceConfiguration;
  hiddenTryIt: OperationRef[];
  mockBase: string;
  /** The API keys in a cookie with the demo token (explorer/map.ts `mockCookies`), sent to the mock only. */
  mockCookies?: string;
}

const dataEl = document.getElementById('reference-data');
const mount = document.getElementById('reference');
if (!dataEl?.textContent || !mount) throw new Error('explorer: missing #reference-data or #reference');
const data = JSON.parse(dataEl.textContent) as PageData;
const matchers: HiddenMatcher[] = hiddenMatchers(data.hiddenTryIt);

/** Shows a notice in the page's banner (role=status, so screen readers announce it). */
function notice(id: string, text: string): void {
  const box = document.getElementById('reference-notices');
  if (!box || document.getElementById(id)) return;
  const p = document.createElement('p');
  p.id = id;
  p.className = 'reference-notice';
  p.textContent = text;
  box.append(p);
  box.hidden = false;
}

/** The fetch Scalar's try-it client sends with (guard.ts): hidden operations refused, a missing mock named. */
const guardedFetch = createGuardedFetch({
  hidden: matchers,
  mockBase: data.mockBase,
  origin: location.origin,
  fetch: (request) => fetch(request),
  onRefused: (hit) => {
    document.documentElement.dataset.refused = `${hit.method} ${hit.path}`;
  },
  onMockDown: () => {
    document.documentElement.dataset.mock = 'down';
    notice('mock-unavailable', MOCK_UNAVAILABLE);
  },
  pageCookies: () => data.mockCookies,
});

/**
 * A "Test Request" button of a hidden operation never opens the client, even if made visible (the
 * CSS hides it): a capture-phase listener stops the click before Scalar's handler sees it.
 */
function blockHiddenButtons(): void {
  document.addEventListener(
    'click',
    (event) => {
      const button = (event.target as Element | null)?.closest?.('.show-api-client-button');
      const section = button?.closest('section[id]');
      if (!section) return;
      const hit = data.hiddenTryIt.find((h) => section.id.endsWith(`/${h.anchor}`));
      if (!hit) return;
      event.preventDefault();
      event.stopImmediatePropagation();
      document.documentElement.dataset.refused = `${hit.method} ${hit.path}`;
      notice('try-it-refused', refusalMessage(hit));
    },
    true,
  );
}

/**
 * In the try-it client (modal), a hidden operation reached some other way (its search, an edited
 * address) gets a disabled send button and a notice; the request guard refuses it anyway.
 */
function guardClientModal(): void {
  let scheduled = false;
  const check = () => {
    scheduled = false;
    for (const send of document.querySelectorAll<HTMLButtonElement>(
      '.scalar-app-layout [data-addressbar-action="send"]',
    )) {
      const label = send.textContent?.replace(/\s+/g, ' ') ?? '';
      const m = /Send (\w+) request to (\S+)/i.exec(label);
      const hit = m?.[1] && m[2] ? findHidden(m[1], m[2], matchers) : null;
      send.disabled = Boolean(hit);
      send.toggleAttribute('data-try-it-disabled', Boolean(hit));
      send.title = hit ? refusalMessage(hit) : '';
    }
  };
  new MutationObserver(() => {
    if (scheduled) return;
    scheduled = true;
    requestAnimationFrame(check);
  }).observe(document.body, { childList: true, subtree: true, characterData: true });
}

function prefersDark(): boolean {
  const stored = localStorage.getItem('starlight-theme');
  if (stored === 'dark' || stored === 'light') return stored === 'dark';
  return matchMedia('(prefers-color-scheme: dark)').matches;
}

createApiReference(mount, {
  ...data.configuration,
  url: data.documentUrl,
  darkMode: prefersDark(),
  customFetch: guardedFetch,
  onLoaded: () => {
    document.documentElement.dataset.referenceLoaded = 'true';
  },
});
blockHiddenButtons();
guardClientModal();
// Contrast, target sizes, names and roles to WCAG 2.2 AA, like the rest of the site (scalar-a11y.ts).
watchScalarA11y();
// On a right-to-left page, text left in English is marked as English, left to right (scalar-direction.ts).
watchScalarDirection();
