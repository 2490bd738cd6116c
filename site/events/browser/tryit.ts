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
}

/** What the panel says of where its mock runs, by backend. */
export const BACKEND_NOTE: Record<MockBackend, string> = {
  server: '',
  browser:
    'The event mock runs in your browser (this site is on a static host): Server-Sent Events and POST work here; a WebSocket needs the site’s server (npm start).',
  none: 'No event mock answers here: this static host has none and this browser cannot run one (service workers are off). Run the site with npm start.',
};

/** What the panel says when a WebSocket is asked for where only the in-browser mock answers. */
export const WEBSOCKET_NEEDS_SERVER =
  'A WebSocket needs the site’s server (npm start): on this static host, choose Server-Sent Events, and send messages with POST.';

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
  backend ??= chooseBackend(data.mockBase, { url: data.worker, scope: data.scope });
  // The first press may wait for the in-browser mock to start.
  box.setAttribute('aria-busy', 'true');
  const answeredBy = await backend;
  box.removeAttribute('aria-busy');
  document.documentElement.dataset.eventMockBackend = answeredBy;
  const id = `ev-tryit-${Math.random().toString(36).slice(2, 8)}`;
  const transport = el('select', { id: `${id}-transport` });
  transport.append(
    el('option', { value: 'ws', textContent: 'WebSocket (needs the server: npm start)' }),
    el('option', { value: 'sse', textContent: 'Server-Sent Events' }),
  );
  // Where only the in-browser mock answers, Server-Sent Events (and POST) are what works.
  if (data.direction === 'api-sends' || answeredBy !== 'server') transport.value = 'sse';
  const token = el('input', { id: `${id}-token`, type: 'text', value: 'try-it', autocomplete: 'off' });
  const connect = el('button', { type: 'button', textContent: 'Connect' });
  const disconnect = el('button', { type: 'button', textContent: 'Disconnect', disabled: true });
  const message = el('textarea', { id: `${id}-message`, rows: 6, value: data.example, spellcheck: false });
  const send = el('button', { type: 'button', textContent: 'Send the message' });
  const log = el('ol', { className: 'ev-tryit-log' });
  log.setAttribute('aria-live', 'polite');
  log.setAttribute('aria-label', 'Messages');
  const status = el('p', { className: 'ev-tryit-status' });
  status.setAttribute('role', 'status');
  const note = el('p', { className: 'ev-tryit-backend', textContent: BACKEND_NOTE[answeredBy] });
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
      status.textContent = WEBSOCKET_NEEDS_SERVER;
      return;
    }
    connect.disabled = true;
    disconnect.disabled = false;
    if (transport.value === 'ws') {
      socket = new WebSocket(url('ws'));
      socket.addEventListener('open', () => {
        status.textContent = 'Connected over a WebSocket.';
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
        status.textContent = 'The WebSocket is closed.';
        closed();
      });
    } else {
      source = new EventSource(url('http'));
      source.addEventListener('open', () => {
        status.textContent = 'Connected: Server-Sent Events.';
      });
      source.addEventListener('error', () => {
        status.textContent = 'The event stream stopped (the API may send nothing on this channel).';
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
    status.textContent = 'Disconnected.';
    closed();
  });
  send.addEventListener('click', async () => {
    const text = message.value;
    show('→', 'you sent', text);
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
    if (reply) show('←', `${reply.event} (reply, ${response.status})`, reply.data);
    else show(response.ok ? '←' : '!', `${response.status} ${response.statusText}`, body);
  });

  const row = (label: string, control: HTMLElement) =>
    el('p', {}, el('label', { htmlFor: control.id, textContent: label }), ' ', control);
  box.replaceChildren(
    note,
    row('Transport', transport),
    row('Token (names your sandbox)', token),
    el('p', {}, connect, ' ', disconnect),
    status,
    row('Message', message),
    el('p', {}, send),
    log,
  );
  connect.focus();
}
