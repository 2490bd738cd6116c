/**
 * Try-it for an event operation, in the reader's browser; loaded when "Try it" is first pressed
 * (components/events/EventTryIt.astro), so a page carries only the button's loader before that. The
 * panel connects to the site's event mock (a WebSocket, or Server-Sent Events where no server takes a
 * WebSocket), shows each message as it arrives with its name, sends the example
 * (editable) and shows the reply. Native controls only, so it is keyboard-usable; the log is a polite live
 * region.
 */

/** What the page tells the panel (data attributes of the try-it box). */
interface TryItData {
  /** the channel on the mock (`/api/mock/kraken/`) */
  mock: string;
  /** `api-sends`: the reader listens; `you-send`: the reader sends */
  direction: 'api-sends' | 'you-send';
  /** the example message, JSON text */
  example: string;
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

/** Builds the panel inside `box` and wires it. */
export function openPanel(box: HTMLElement): void {
  const data = box.dataset as unknown as TryItData;
  const id = `ev-tryit-${Math.random().toString(36).slice(2, 8)}`;
  const transport = el('select', { id: `${id}-transport` });
  transport.append(
    el('option', { value: 'ws', textContent: 'WebSocket (needs the server: npm start)' }),
    el('option', { value: 'sse', textContent: 'Server-Sent Events' }),
  );
  if (data.direction === 'api-sends') transport.value = 'sse';
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
        status.textContent =
          'The WebSocket is closed. A WebSocket needs the server (npm start); on a static host the event mock is not there.';
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
