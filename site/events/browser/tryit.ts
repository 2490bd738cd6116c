/**
 * Try-it for an event operation, in the reader's browser; loaded when "Try it" is first pressed
 * (components/events/EventTryIt.astro, from the URL the build gives it: integrations/event-tryit.ts), so a
 * page carries only the button's loader before that. The panel connects to the API's event mock (a
 * WebSocket, or Server-Sent Events), shows each message as it arrives with its name, sends the example
 * (editable; over the WebSocket, else as a POST) and shows the reply. Native controls only, so it is
 * keyboard-usable; the log is a polite live region.
 *
 * The mock is the site's server when it answers the API's mock (`npm start`, `astro dev`), else, on a
 * static host, the API's in-browser event mock (a service worker, site/mock/hosts/events-worker.ts),
 * registered on the first press (reference/browser/browser-mock.ts): it answers Server-Sent Events and
 * POST; a WebSocket needs the server.
 */
import { chooseBackend, type MockBackend } from '../../reference/browser/browser-mock.ts';

/** What the page tells the panel (data attributes of the try-it box). */
interface TryItData {
  /** the channel on the mock (`/api/mock/kraken/`) */
  mock: string;
  /** `api-sends`: the reader listens; `you-send`: the reader sends */
  direction: 'api-sends' | 'you-send';
  /** the example message, JSON text */
  example: string;
  /** the API's mock mount (`/api/mock/kraken`), which the server answers when it has the mock */
  mockBase: string;
  /** the API's in-browser event mock: its worker script and scope */
  worker: string;
  scope: string;
  /** the panel's words, JSON ({@link TryItWords}) */
  words: string;
}

/**
 * The panel's words in the page's language: the page writes them (`data-words`, JSON, from the catalogue:
 * events/words.ts `tryItWordsOf`), so the client carries no catalogue. `reply` has `{{event}}` and
 * `{{status}}` placeholders.
 */
export interface TryItWords {
  transport: string;
  transportWs: string;
  tokenLabel: string;
  connect: string;
  disconnect: string;
  send: string;
  message: string;
  messages: string;
  connectedWs: string;
  closedWs: string;
  connectedSse: string;
  streamStopped: string;
  disconnected: string;
  youSent: string;
  reply: string;
  /** what the panel says of where its mock runs, by backend (none for the server) */
  backend: { browser: string; none: string };
  /** what the panel says when a WebSocket is asked for where only the in-browser mock answers */
  wsNeedsServer: string;
}

/** A template's `{{name}}` placeholders filled in. Pure. */
export function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{\{(\w+)\}\}/g, (all, name: string) => (name in values ? String(values[name]) : all));
}

function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  props: Partial<HTMLElementTagNameMap[K]> = {},
  ...children: (Node | string)[]
): HTMLElementTagNameMap[K] {
  const node = Object.assign(document.createElement(tag), props);
  node.append(...children);
  return node;
}

/** The backend, chosen once per page (the probe and the worker's start happen on the first press). */
let backend: Promise<MockBackend> | undefined;

/**
 * Builds the panel inside `box` and wires it, once the backend is chosen (the site's server, else the
 * in-browser event mock, registered now).
 */
export async function openPanel(box: HTMLElement): Promise<void> {
  const data = box.dataset as unknown as TryItData;
  const words = JSON.parse(data.words) as TryItWords;
  backend ??= chooseBackend(data.mockBase, { url: data.worker, scope: data.scope });
  // The first press may wait for the in-browser mock to start.
  box.setAttribute('aria-busy', 'true');
  const answeredBy = await backend;
  box.removeAttribute('aria-busy');
  document.documentElement.dataset.eventMockBackend = answeredBy;
  const id = `ev-tryit-${Math.random().toString(36).slice(2, 8)}`;
  const transport = el('select', { id: `${id}-transport` });
  transport.append(
    el('option', { value: 'ws', textContent: words.transportWs }),
    el('option', { value: 'sse', textContent: 'Server-Sent Events' }),
  );
  // Where only the in-browser mock answers, Server-Sent Events (and POST) are what works.
  if (data.direction === 'api-sends' || answeredBy !== 'server') transport.value = 'sse';
  const token = el('input', { id: `${id}-token`, type: 'text', value: 'try-it', autocomplete: 'off' });
  const connect = el('button', { type: 'button', textContent: words.connect });
  const disconnect = el('button', { type: 'button', textContent: words.disconnect, disabled: true });
  const message = el('textarea', { id: `${id}-message`, rows: 6, value: data.example, spellcheck: false });
  const send = el('button', { type: 'button', textContent: words.send });
  const log = el('ol', { className: 'ev-tryit-log' });
  log.setAttribute('aria-live', 'polite');
  log.setAttribute('aria-label', words.messages);
  const status = el('p', { className: 'ev-tryit-status' });
  status.setAttribute('role', 'status');
  const note = el('p', {
    className: 'ev-tryit-backend',
    textContent: answeredBy === 'server' ? '' : words.backend[answeredBy],
  });
  note.hidden = answeredBy === 'server';

  const url = (scheme: 'ws' | 'http') => {
    const u = new URL(data.mock, location.href);
    u.searchParams.set('access_token', token.value || 'try-it');
    if (scheme === 'ws') u.protocol = u.protocol === 'https:' ? 'wss:' : 'ws:';
    return u.href;
  };
  const show = (direction: '←' | '→' | '!', name: string, body: unknown) => {
    const item = el(
      'li',
      {},
      el('strong', { textContent: `${direction} ${name}` }),
      el('pre', {}, el('code', { textContent: typeof body === 'string' ? body : JSON.stringify(body, null, 2) })),
    );
    log.append(item);
    while (log.children.length > 50) log.firstElementChild?.remove();
  };

  let socket: WebSocket | undefined;
  let source: EventSource | undefined;
  const closed = () => {
    connect.disabled = false;
    disconnect.disabled = true;
  };
  connect.addEventListener('click', () => {
    if (transport.value === 'ws' && answeredBy !== 'server') {
      // A service worker never sees a WebSocket: without the server nothing would answer it.
      status.textContent = words.wsNeedsServer;
      return;
    }
    connect.disabled = true;
    disconnect.disabled = false;
    if (transport.value === 'ws') {
      socket = new WebSocket(url('ws'));
      socket.addEventListener('open', () => {
        status.textContent = words.connectedWs;
      });
      socket.addEventListener('message', (e) => {
        try {
          const frame = JSON.parse(String(e.data)) as { event: string; data?: unknown; error?: unknown };
          show(frame.event === 'error' ? '!' : '←', frame.event, frame.data ?? frame.error ?? frame);
        } catch {
          show('←', 'message', String(e.data));
        }
      });
      socket.addEventListener('close', () => {
        status.textContent = words.closedWs;
        closed();
      });
    } else {
      source = new EventSource(url('http'));
      source.addEventListener('open', () => {
        status.textContent = words.connectedSse;
      });
      source.addEventListener('error', () => {
        status.textContent = words.streamStopped;
        source?.close();
        closed();
      });
      source.onmessage = (e) => show('←', 'message', e.data);
      // Named events: one listener per message name the operation's messages have.
      for (const name of new Set((box.dataset.events ?? '').split(' ').filter(Boolean))) {
        source.addEventListener(name, (e) => {
          const text = (e as MessageEvent<string>).data;
          try {
            show('←', name, JSON.parse(text));
          } catch {
            show('←', name, text);
          }
        });
      }
    }
  });
  disconnect.addEventListener('click', () => {
    socket?.close();
    source?.close();
    status.textContent = words.disconnected;
    closed();
  });
  send.addEventListener('click', async () => {
    const text = message.value;
    show('→', words.youSent, text);
    if (socket && socket.readyState === WebSocket.OPEN) {
      socket.send(text);
      return;
    }
    const response = await fetch(url('http'), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: text,
    });
    const body = await response.json().catch(() => ({}));
    const reply = (body as { reply?: { event: string; data: unknown } }).reply;
    if (reply) show('←', fill(words.reply, { event: reply.event, status: response.status }), reply.data);
    else show(response.ok ? '←' : '!', `${response.status} ${response.statusText}`, body);
  });

  const row = (label: string, control: HTMLElement) =>
    el('p', {}, el('label', { htmlFor: control.id, textContent: label }), ' ', control);
  box.replaceChildren(
    note,
    row(words.transport, transport),
    row(words.tokenLabel, token),
    el('p', {}, connect, ' ', disconnect),
    status,
    row(words.message, message),
    el('p', {}, send),
    log,
  );
  connect.focus();
}
