/**
 * Browser edge of "Try it", loaded on the first click only: fetches the operation's one-operation
 * document (built at <base>/tryit/<slug>.json: `/reference/tryit/<slug>.json` for the current version,
 * `/reference/<version>/tryit/<slug>.json` for an older one, whose mock is `/api/mock/@<version>`), and opens Scalar's request client
 * (`@scalar/api-client` modal) on it, in this page. Decisions live in guard.ts (pure, unit-tested);
 * this file wires them to the DOM and fetch.
 *
 * - The mock on this origin is the default server; the production server is selectable.
 * - While the mock is the server, the reader's mock token is filled in (random, made once per browser
 *   and kept in localStorage, so each reader gets a mock sandbox of their own) in whatever form the
 *   operation's security schemes ask for (mock-credentials.ts: a bearer or API key value, basic
 *   `sandbox:<token>`, an OAuth 2.0 or OpenID Connect access token), with one line saying what the mock
 *   takes in place of a flow; on a real server nothing is filled in.
 * - What the reader enters is remembered per API (remember.ts): each security scheme's credentials,
 *   pre-filled on every operation that uses the scheme, and the server chosen, used on every page; in
 *   sessionStorage, localStorage or nowhere, as the `tryIt.persistAuth` option says. "Forget
 *   credentials" (TryIt.astro) clears them, here too when the client is open.
 * - Every request goes through `guardedFetch`: only the servers the description lists, never an
 *   operation whose try-it panel is disabled, and a clear message when no mock can answer.
 * - The mock's backend is chosen on the first try-it of a page (browser-mock.ts): the site's own server
 *   when it answers the mock route, else the in-browser mock (a service worker, site/mock/hosts/worker.ts)
 *   registered at that moment, announced in one line over the client with a button that resets its data.
 *   Reading pages never registers it.
 */

import { type ApiClientModal, createApiClientModal } from '@scalar/api-client/modal';
import styleUrl from '@scalar/api-client/style.css?url';
import { getThemeStyles } from '@scalar/themes';
import { createWorkspaceStore, type WorkspaceStore } from '@scalar/workspace-store/client';
import type { WorkspacePlugin } from '@scalar/workspace-store/workspace-plugin';
import { watch } from 'vue';
import { scalarLocale } from '../../i18n/scalar.ts';
import { mockWorkerPaths } from '../../mock/hosts/mount.ts';
import { chooseBackend, type MockBackend } from './browser-mock.ts';
import { mockCredentialsNote, mockSecrets, type SchemeDefinition, stillMockFilled } from './mock-credentials.ts';
import {
  authStorage,
  type DocumentServer,
  FORGET_EVENT,
  hasSecret,
  loadSecrets,
  loadServer,
  type PersistAuth,
  type SavedServer,
  type Storages,
  saveSecrets,
  saveServer,
  serverChoice,
  serverStorage,
} from './remember.ts';
import { watchScalarA11y } from './scalar-a11y.ts';
import { watchScalarDirection } from './scalar-direction.ts';

/** The in-browser mock's worker and scope, below the reference's base path (set by {@link openTryIt}). */
let WORKER = mockWorkerPaths('/reference');

import {
  type AllowedServer,
  BROWSER_MOCK_NOTICE,
  BROWSER_MOCK_RESET,
  createGuardedFetch,
  hiddenMatchers,
  isMockUrl,
  MOCK_UNAVAILABLE,
} from './guard.ts';

/** What <base>/tryit/<slug>.json holds. */
export interface TryItData {
  document: Record<string, unknown>;
  servers: AllowedServer[];
  /** Operations whose try-it panel is disabled (x-hideTryItPanel): refused whatever the address. */
  hidden: Array<{ method: string; path: string }>;
  mockBase: string;
  /**
   * The scheme try-it selects and fills with the reader's sandbox token, or the schemes of a requirement
   * that needs several; null for none (model/tryit-document.ts `operationSchemes`).
   */
  securityScheme: string | string[] | null;
  /** The API's id (site/apis/: `Api.id`): what the reader's credentials and server are remembered by. */
  api: string;
  /** Where they are remembered (the `tryIt.persistAuth` option). */
  persistAuth: PersistAuth;
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

/** The browser's Web Storage areas; an area the browser refuses (a policy, a sandboxed frame) is left out. */
function webStorages(): Storages {
  const get = (area: 'sessionStorage' | 'localStorage') => {
    try {
      return window[area];
    } catch {
      return undefined;
    }
  };
  return { session: get('sessionStorage'), local: get('localStorage') };
}

/** The server a document has selected (an operation's own choice first), with its variables' values. */
function selectedServer(doc: Record<string, unknown>, path: string, method: string): SavedServer | undefined {
  const paths = doc.paths as Record<string, Record<string, Record<string, unknown>>> | undefined;
  const op = paths?.[path]?.[method];
  const url = (op?.['x-scalar-selected-server'] ?? doc['x-scalar-selected-server']) as string | undefined;
  if (!url) return undefined;
  const servers = (doc.servers ?? []) as DocumentServer[];
  const server = servers.find((s) => s.url === url);
  const variables: Record<string, string> = {};
  for (const [name, v] of Object.entries(server?.variables ?? {})) {
    if (typeof v.default === 'string') variables[name] = v.default;
  }
  return Object.keys(variables).length > 0 ? { url, variables } : { url };
}

/**
 * Keeps what the reader enters: every change of the client's auth state saves each scheme's secrets
 * (a cleared field removes them), every change of the open document saves its selected server.
 */
const rememberPlugin: WorkspacePlugin = {
  hooks: {
    onWorkspaceStateChanges(event) {
      const data = current;
      if (!data || restoring) return;
      const storages = webStorages();
      if (event.type === 'auth') {
        const storage = authStorage(data.persistAuth, storages);
        for (const [scheme, secrets] of Object.entries(event.value.secrets ?? {})) {
          // What try-it filled in for the mock is not the reader's: never remembered.
          const filled = mockSecrets(schemeDefinitions(data)[scheme], mockToken());
          if (filled && stillMockFilled(secrets, filled)) continue;
          saveSecrets(storage, data.api, scheme, secrets);
        }
      } else if (event.type === 'documents' && event.documentName === openDocument && openOperation) {
        const chosen = selectedServer(event.value as Record<string, unknown>, openOperation.path, openOperation.method);
        if (chosen) saveServer(serverStorage(data.persistAuth, storages), data.api, chosen);
        fillForMock(data, event.documentName, chosen?.url ?? firstServerUrl(data));
      }
    },
  },
};
/** True while try-it itself writes remembered values into the client (not the reader typing). */
let restoring = false;
let openDocument: string | undefined;
let openOperation: { path: string; method: string } | undefined;

/**
 * A document as it should open: the remembered server selected (when it lists it) with its variables.
 * Pure over its input: a copy is returned.
 */
function withRememberedServer(
  document: Record<string, unknown>,
  saved: SavedServer | undefined,
): Record<string, unknown> {
  const servers = (document.servers ?? []) as DocumentServer[];
  const choice = serverChoice(servers, saved, location.origin);
  if (!choice) return document;
  const copy = structuredClone(document) as Record<string, unknown> & { servers: DocumentServer[] };
  const server = copy.servers[choice.index];
  if (server) {
    for (const [name, value] of Object.entries(choice.variables)) {
      const variable = server.variables?.[name];
      if (variable) variable.default = value;
    }
  }
  copy['x-scalar-selected-server'] = choice.url;
  return copy;
}

/** Puts the remembered credentials of each scheme the document declares into the client's auth store. */
function restoreSecrets(data: TryItData, name: string): void {
  if (!store) return;
  const storage = authStorage(data.persistAuth, webStorages());
  const components = (data.document.components ?? {}) as { securitySchemes?: Record<string, { type?: string }> };
  restoring = true;
  try {
    for (const [scheme, def] of Object.entries(components.securitySchemes ?? {})) {
      const saved = loadSecrets(storage, data.api, scheme, def.type);
      if (saved) store.auth.setAuthSecrets(name, scheme, saved as never);
    }
  } finally {
    restoring = false;
  }
}

/** The security schemes a try-it document declares, by name. */
function schemeDefinitions(data: TryItData): Record<string, SchemeDefinition> {
  const components = (data.document.components ?? {}) as { securitySchemes?: Record<string, SchemeDefinition> };
  return components.securitySchemes ?? {};
}

/** The schemes try-it fills in for the operation (model/tryit-document.ts `operationSchemes`). */
function filledSchemes(data: TryItData): string[] {
  return data.securityScheme === null ? [] : [data.securityScheme].flat();
}

/** The URL of the server a document opens with when nothing is selected: its first (the mock, when offered). */
function firstServerUrl(data: TryItData): string | undefined {
  return (data.document.servers as DocumentServer[] | undefined)?.[0]?.url;
}

/**
 * Fills the reader's mock token into the operation's schemes while the mock is the server (where the
 * reader has nothing of their own), and takes it out again when the reader chooses a real server (where
 * it would mean nothing); shows or hides the line saying what the mock takes in place of a flow.
 * @param serverUrl the server selected, as the document writes it
 */
function fillForMock(data: TryItData, name: string, serverUrl: string | undefined): void {
  if (!store) return;
  const toMock = serverUrl !== undefined && isMockUrl(serverUrl, location.origin, data.mockBase);
  const defs = schemeDefinitions(data);
  const token = mockToken();
  restoring = true;
  try {
    for (const scheme of filledSchemes(data)) {
      const filled = mockSecrets(defs[scheme], token);
      if (!filled) continue;
      const current = store.auth.getAuthSecrets(name, scheme);
      if (toMock && !hasSecret(current)) store.auth.setAuthSecrets(name, scheme, filled as never);
      else if (!toMock && stillMockFilled(current, filled)) store.auth.clearAuthSecrets(name, scheme);
    }
  } finally {
    restoring = false;
  }
  showCredentialsNote(toMock ? mockCredentialsNote(filledSchemes(data).map((s) => defs[s])) : undefined);
}

/**
 * The API keys in a cookie of the operation's filled schemes, as the client holds them, as a `Cookie`
 * header's value (guard.ts sends them to the mock in a header it reads, a page cannot send `Cookie`).
 */
function clientCookies(data: TryItData): string | undefined {
  if (!store || !openDocument) return undefined;
  const defs = schemeDefinitions(data);
  const pairs: string[] = [];
  for (const scheme of filledSchemes(data)) {
    const def = defs[scheme];
    if (def?.type !== 'apiKey' || def.in !== 'cookie' || !def.name) continue;
    const value = (store.auth.getAuthSecrets(openDocument, scheme) as Record<string, unknown> | undefined)?.[
      'x-scalar-secret-token'
    ];
    if (typeof value === 'string' && value) pairs.push(`${def.name}=${value}`);
  }
  return pairs.length > 0 ? pairs.join('; ') : undefined;
}

let credentialsNote: HTMLElement | undefined;

/** The one line over the client saying what the mock takes in place of a flow; hidden without text. */
function showCredentialsNote(text: string | undefined): void {
  if (!credentialsNote) {
    credentialsNote = document.createElement('p');
    credentialsNote.className = 'ref-tryit-mock-auth';
    credentialsNote.lang = 'en';
    credentialsNote.dir = 'ltr';
    document.body.append(credentialsNote);
  }
  credentialsNote.textContent = text ?? '';
  credentialsNote.hidden = !text || !modal?.modalState.open;
}

/** "Forget credentials" (TryIt.astro): the open client drops what it holds too. */
window.addEventListener(FORGET_EVENT, () => {
  if (!store) return;
  restoring = true;
  try {
    for (const name of documents) store.auth.clearDocumentAuth(name);
  } finally {
    restoring = false;
  }
});

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

export type { MockBackend } from './browser-mock.ts';

let backend: Promise<MockBackend> | undefined;
let notice: HTMLElement | undefined;

/** Sends this browser's sandbox back to the seed data (the mock's `POST /_reset`). */
async function resetBrowserMock(mockBase: string, label: HTMLElement): Promise<void> {
  const res = await fetch(`${mockBase}/_reset`, {
    method: 'POST',
    headers: { authorization: `Bearer ${mockToken()}` },
  }).catch(() => undefined);
  label.textContent = res?.status === 204 ? BROWSER_MOCK_RESET : `${BROWSER_MOCK_NOTICE} The reset failed; try again.`;
}

/** The one-line notice over the request client, with its reset button; shown while the client is open. */
function showBrowserNotice(mockBase: string, client: ApiClientModal): void {
  if (notice) return;
  notice = document.createElement('div');
  notice.className = 'ref-tryit-backend';
  const label = document.createElement('span');
  label.setAttribute('role', 'status');
  label.textContent = BROWSER_MOCK_NOTICE;
  const reset = document.createElement('button');
  reset.type = 'button';
  reset.textContent = 'Reset its data';
  reset.addEventListener('click', () => void resetBrowserMock(mockBase, label));
  notice.append(label, reset);
  document.body.append(notice);
  const box = notice;
  watch(
    () => client.modalState.open,
    (open) => {
      box.hidden = !open;
      if (!open) {
        label.textContent = BROWSER_MOCK_NOTICE;
        return;
      }
      // Inside the client's dialog, once it is rendered: the dialog keeps keyboard focus within
      // itself, and the reset button must be reachable with Tab.
      requestAnimationFrame(() => {
        const dialog = document.querySelector('.ref-tryit-client [role="dialog"]');
        if (dialog && box.parentElement !== dialog) dialog.append(box);
      });
    },
    { immediate: true },
  );
}

let noteWatched = false;

/** Keeps the credentials line inside the client's dialog while it is open (Tab reaches what is in it). */
function watchCredentialsNote(client: ApiClientModal): void {
  if (noteWatched) return;
  noteWatched = true;
  watch(
    () => client.modalState.open,
    (open) => {
      const note = credentialsNote;
      if (!note) return;
      note.hidden = !open || !note.textContent;
      if (!open) return;
      requestAnimationFrame(() => {
        const dialog = document.querySelector('.ref-tryit-client [role="dialog"]');
        if (dialog && note.parentElement !== dialog) dialog.append(note);
      });
    },
    { immediate: true },
  );
}

/**
 * The fetch the client sends with (guard.ts): only the servers the description lists, never an
 * operation whose try-it is disabled, and a clear message when the mock is not there.
 */
function guardedFetch(input: string | URL | Request, init?: RequestInit): Promise<Response> {
  const data = current;
  if (!data) return Promise.reject(new Error('The request client is not ready.'));
  return createGuardedFetch({
    hidden: hiddenMatchers(data.hidden),
    mockBase: data.mockBase,
    origin: location.origin,
    servers: data.servers,
    fetch: (request) => fetch(request),
    onRefused: (hit) => {
      document.documentElement.dataset.refused = `${hit.method} ${hit.path}`;
    },
    onMockDown: () => {
      document.documentElement.dataset.mock = 'down';
      say(MOCK_UNAVAILABLE);
    },
    pageCookies: () => clientCookies(data),
  })(input, init);
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
  /**
   * The base path of the version's pages (`/reference`, `/reference/1.0.0`): its try-it documents are
   * below it, and each sends to that version's mock (the document's `mockBase`).
   */
  base: string;
  /** The reference's base path (`/reference`), where the mock's worker is; default `base`. */
  referenceBase?: string;
  /** The name of the request example to open with (the page's picker); default the first. */
  example?: string;
  /** The page's language (BCP-47): the client's own words in it where Scalar ships that language. */
  lang?: string;
}): Promise<void> {
  statusEl = target.status;
  WORKER = mockWorkerPaths(target.referenceBase ?? target.base);
  const [res] = await Promise.all([fetch(`${target.base}/tryit/${target.slug}.json`), loadStyles()]);
  if (!res.ok) throw new Error(`its document answered ${res.status}`);
  const data = (await res.json()) as TryItData;
  current = data;
  backend ??= chooseBackend(data.mockBase, WORKER);
  const answeredBy = await backend;
  document.documentElement.dataset.mockBackend = answeredBy;
  store ??= createWorkspaceStore({ plugins: [rememberPlugin] });
  // One document per version of an operation: the same slug in another version is another document.
  const version = target.base.slice((target.referenceBase ?? target.base).length).replace(/[^\w.~-]/g, '');
  const name = version ? `${target.slug}@${version}` : target.slug;
  const method = target.method.toLowerCase();
  if (!documents.has(name)) {
    const saved = loadServer(serverStorage(data.persistAuth, webStorages()), data.api);
    restoring = true;
    try {
      await store.addDocument({ name, document: withRememberedServer(data.document, saved) });
    } finally {
      restoring = false;
    }
    documents.add(name);
  }
  // The client's edits (auth, server) go to the active document: this one.
  store.update('x-scalar-active-document', name);
  restoreSecrets(data, name);
  openDocument = name;
  openOperation = { path: target.path, method };
  const locale = scalarLocale(target.lang);
  const schemes = filledSchemes(data);
  const options = {
    ...(locale ? { localization: { locale } } : {}),
    customFetch: guardedFetch,
    hiddenClients: [],
    // Several schemes needed together are one entry of Scalar's list; their values are filled in the
    // auth store while the mock is the server (fillForMock).
    authentication: schemes.length
      ? { preferredSecurityScheme: schemes.length === 1 ? (schemes[0] as string) : [schemes] }
      : undefined,
  };
  if (!modal) {
    const el = document.createElement('div');
    el.className = 'ref-tryit-client scalar-app';
    document.body.append(el);
    followTheme();
    modal = createApiClientModal({ el, workspaceStore: store, options });
    // Contrast, names and roles to WCAG 2.2 AA, like the pages around it (scalar-a11y.ts).
    watchScalarA11y(el, true);
    // On a right-to-left page: text left in English marked as such (scalar-direction.ts).
    watchScalarDirection(el);
  } else {
    modal.updateOptions(options);
  }
  if (answeredBy === 'browser') showBrowserNotice(data.mockBase, modal);
  const held = (store.workspace.documents as Record<string, Record<string, unknown> | undefined>)[name];
  fillForMock(data, name, (held && selectedServer(held, target.path, method)?.url) ?? firstServerUrl(data));
  watchCredentialsNote(modal);
  modal.open({ documentSlug: name, path: target.path, method, ...(target.example ? { example: target.example } : {}) });
  document.documentElement.dataset.tryitOpen = target.slug;
}
