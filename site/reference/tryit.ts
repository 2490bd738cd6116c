/**
 * Browser edge of "Try it", loaded on the first click only: fetches the operation's one-operation
 * document (built at /reference/tryit/<slug>.json), and opens Scalar's request client
 * (`@scalar/api-client` modal) on it, in this page. Decisions live in guard.ts (pure, unit-tested);
 * this file wires them to the DOM and fetch.
 *
 * - The mock on this origin is the default server; the production server is selectable.
 * - A mock token is prefilled: random, made once per browser and kept in localStorage, so each reader
 *   gets a mock sandbox of their own.
 * - Every request goes through `guardedFetch`: only the servers the description lists, never an
 *   operation whose try-it panel is disabled, and a clear message when the mock is not there (a
 *   static host).
 */

import { type ApiClientModal, createApiClientModal } from '@scalar/api-client/modal';
import styleUrl from '@scalar/api-client/style.css?url';
import { getThemeStyles } from '@scalar/themes';
import { createWorkspaceStore, type WorkspaceStore } from '@scalar/workspace-store/client';
import {
  type AllowedServer,
  findHidden,
  hiddenMatchers,
  isMockUrl,
  MOCK_UNAVAILABLE,
  mockAnswered,
  refusalMessage,
  serverAllowed,
} from './guard.ts';

/** What /reference/tryit/<slug>.json holds. */
export interface TryItData {
  document: Record<string, unknown>;
  servers: AllowedServer[];
  /** Operations whose try-it panel is disabled (x-hideTryItPanel): refused whatever the address. */
  hidden: Array<{ method: string; path: string }>;
  mockBase: string;
  securityScheme: string | null;
}

/** localStorage key of this browser's mock token. */
export const TOKEN_KEY = 'petstore-mock-token';

/** This browser's mock token: made once (random, 122 bits), then kept. */
export function mockToken(): string {
  let token = localStorage.getItem(TOKEN_KEY);
  if (!token) {
    token = `reader-${crypto.randomUUID()}`;
    localStorage.setItem(TOKEN_KEY, token);
  }
  return token;
}

let store: WorkspaceStore | undefined;
let modal: ApiClientModal | undefined;
let current: TryItData | undefined;
let statusEl: HTMLElement | undefined;
const documents = new Set<string>();

function loadStyles(): Promise<void> {
  if (document.getElementById('scalar-client-styles')) return Promise.resolve();
  const theme = document.createElement('style');
  theme.id = 'scalar-client-theme';
  theme.textContent = getThemeStyles('default', { fonts: false });
  document.head.append(theme);
  return new Promise((resolve, reject) => {
    const link = document.createElement('link');
    link.id = 'scalar-client-styles';
    link.rel = 'stylesheet';
    link.href = styleUrl;
    link.onload = () => resolve();
    link.onerror = () => reject(new Error('its styles did not load'));
    document.head.append(link);
  });
}

/** Keeps Scalar's light-mode/dark-mode class in step with Starlight's theme (`<html data-theme>`). */
function followTheme(): void {
  const apply = () => {
    const dark = document.documentElement.dataset.theme === 'dark';
    document.body.classList.toggle('dark-mode', dark);
    document.body.classList.toggle('light-mode', !dark);
  };
  apply();
  new MutationObserver(apply).observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] });
}

function say(text: string): void {
  if (statusEl) statusEl.textContent = text;
}

/**
 * The fetch the client sends with: refuses a request to a server the description does not list or to
 * an operation without try-it before anything goes out, and turns a missing mock into a clear message
 * (the client shows a thrown message to the reader).
 */
async function guardedFetch(input: string | URL | Request, init?: RequestInit): Promise<Response> {
  const data = current;
  const request = input instanceof Request ? input : new Request(input, init);
  if (!data) throw new Error('The request client is not ready.');
  const hit = findHidden(request.method, request.url, hiddenMatchers(data.hidden));
  if (hit) {
    document.documentElement.dataset.refused = `${hit.method} ${hit.path}`;
    throw new Error(refusalMessage(hit));
  }
  if (!serverAllowed(request.url, data.servers, location.origin)) {
    throw new Error(
      `${new URL(request.url, location.origin).origin} is not a server of this API: requests go only to the servers the description lists.`,
    );
  }
  const toMock = isMockUrl(request.url, location.origin, data.mockBase);
  let response: Response;
  try {
    response = await fetch(request);
  } catch (err) {
    if (toMock) {
      say(MOCK_UNAVAILABLE);
      throw new Error(MOCK_UNAVAILABLE);
    }
    throw err;
  }
  if (toMock && !mockAnswered(response.status, response.headers.get('content-type'))) {
    document.documentElement.dataset.mock = 'down';
    say(MOCK_UNAVAILABLE);
    throw new Error(MOCK_UNAVAILABLE);
  }
  return response;
}

/**
 * Opens the request client on one operation.
 * @param slug the operation's page slug (names its try-it document)
 * @param method HTTP method, any case
 * @param path path template as written in the description
 * @param status where to tell the reader about a missing mock
 * @throws {Error} when the document or the client's styles cannot be loaded
 */
export async function openTryIt(target: {
  slug: string;
  method: string;
  path: string;
  status?: HTMLElement;
}): Promise<void> {
  statusEl = target.status;
  const [res] = await Promise.all([fetch(`/reference/tryit/${target.slug}.json`), loadStyles()]);
  if (!res.ok) throw new Error(`its document answered ${res.status}`);
  const data = (await res.json()) as TryItData;
  current = data;
  store ??= createWorkspaceStore();
  if (!documents.has(target.slug)) {
    await store.addDocument({ name: target.slug, document: data.document });
    documents.add(target.slug);
  }
  const options = {
    customFetch: guardedFetch,
    hiddenClients: [],
    authentication: data.securityScheme
      ? {
          preferredSecurityScheme: data.securityScheme,
          securitySchemes: { [data.securityScheme]: { token: mockToken() } },
        }
      : undefined,
  };
  if (!modal) {
    const el = document.createElement('div');
    el.className = 'ref-tryit-client scalar-app';
    document.body.append(el);
    followTheme();
    modal = createApiClientModal({ el, workspaceStore: store, options });
  } else {
    modal.updateOptions(options);
  }
  modal.open({ documentSlug: target.slug, path: target.path, method: target.method.toLowerCase() });
  document.documentElement.dataset.tryitOpen = target.slug;
}
