/**
 * The event mock: each event API (AsyncAPI) below its mock mount (`/api/mock/<id>/<channel address>`,
 * parameters filled), over the transports a browser and a script have:
 *
 * - `GET` with `Accept: text/event-stream`: the `send` operations' messages as Server-Sent Events
 *   (`event`: the message's name, `data`: its JSON payload), one at once, then one every
 *   {@link EVENT_PACE_MS} ms, cycling through the examples (the description's first, then generated);
 * - `POST` of a JSON message: 202 with what was accepted (and the reply, correlation id copied, when the
 *   operation has one), or 400 naming the failing fields (RFC 9457 problem details);
 * - a WebSocket on the same path (the server's, `wsSession`): the same messages sent, every message
 *   received checked, replied to or answered with an error message naming the field; the session stays
 *   open.
 *
 * Every protocol (MQTT, Kafka, AMQP, WebSocket, HTTP streaming) is simulated over these transports. A
 * reader's token comes from `Authorization: Bearer` or the `access_token` query parameter (RFC 6750
 * section 2.3: a browser's WebSocket and EventSource set no header); it names the reader's sandbox, which
 * holds the rate window (the REST mock's policy and headers, access/ratelimit.ts).
 */
import { type ChannelMatch, channelsAt } from '../../../descriptions/asyncapi/channels.ts';
import type { EventModel } from '../../../descriptions/asyncapi/types.ts';
import { consume, DEFAULT_RATE_POLICY, type RatePolicy, rateLimitHeaders } from '../access/ratelimit.ts';
import { Sandboxes, type SandboxLimits } from '../access/sandboxes.ts';
import { bearerToken } from '../access/stages.ts';
import { CORS_HEADERS, preflightHeaders } from '../pipeline/http.ts';
import { type IncomingDecision, incoming, type OutgoingMessage, outgoingMessages } from './session.ts';
import type { MessageChecker } from './validate.ts';

export type { IncomingDecision, OutgoingMessage } from './session.ts';
export { checkerOf, type MessageChecker } from './validate.ts';

/** The steady pace of the mock's messages after the first: one a second. */
export const EVENT_PACE_MS = 1000;

/** One event API of the mock: where it is mounted, its model and its messages' validators. */
export interface EventMockApi {
  /** the mount path, no trailing slash (`/api/mock/streetlights`) */
  readonly mount: string;
  readonly model: EventModel;
  /**
   * the check of the messages the API receives: compiled at run time by a Node host (compile.ts
   * `MessageValidators`), or at build time for the reader's browser (precompile.ts, validate.ts `checkerOf`)
   */
  readonly validators: MessageChecker;
}

export interface EventMockOptions {
  /** the rate policy (default the REST mock's: 600 a minute per token); false: none */
  readonly rate?: RatePolicy | false;
  /** ms between the messages after the first (default {@link EVENT_PACE_MS}) */
  readonly paceMs?: number;
  readonly now?: () => number;
  /**
   * bounds of the tokens' table (access/sandboxes.ts; default the REST mock's): the in-browser mock keeps
   * a token's rate window while the worker runs (`idleMs: Infinity`), as the REST one does
   */
  readonly sandboxes?: Partial<SandboxLimits>;
}

/** Where a request is in the event mock: the API, the channel and its parameters, the token. */
export interface EventTarget {
  readonly api: EventMockApi;
  /** the channels at the address (several channels may share one) */
  readonly matches: readonly ChannelMatch[];
  readonly token: string;
}

/** A WebSocket session's logic, without the socket: the host sends `first`, then `next()` at the pace, and `receive`s. */
export interface EventSession {
  /** messages to send at once (the first of the cycle), empty when the API sends nothing here */
  readonly first: readonly OutgoingMessage[];
  /** the next message of the cycle, or undefined when the API sends nothing here */
  next(): OutgoingMessage | undefined;
  /** a message the reader sent: what to send back (the reply, or an error naming the field) */
  receive(text: string): WsOutgoing;
  readonly paceMs: number;
}

/** A frame the WebSocket sends: a message (`{event, data}`) or an error (`{event: "error", error}`). */
export type WsOutgoing =
  | { readonly event: string; readonly data: unknown; readonly correlationId?: unknown }
  | {
      readonly event: 'error';
      readonly error: {
        readonly code: string;
        readonly detail: string;
        readonly fields: readonly { field: string; message: string }[];
      };
    }
  | { readonly event: 'accepted'; readonly operation: string; readonly message: string };

/** The event mock every host runs. */
export interface EventMock {
  /** Whether a path is below an event API's mount (the host then asks this mock, not the REST one). */
  owns(path: string): boolean;
  /** Answers an HTTP request (SSE, POST, OPTIONS); `signal` ends an event stream. */
  handle(request: Request): Promise<Response>;
  /**
   * A WebSocket session for an upgrade request, or the HTTP answer refusing it (404 for no channel, 401,
   * 429); the host counts it as one request of the token.
   */
  wsSession(url: URL, authorization: string | null): Promise<EventSession | Response>;
}

function problem(
  status: number,
  title: string,
  detail: string,
  extra: Record<string, unknown> = {},
  headers: Record<string, string> = {},
): Response {
  return new Response(JSON.stringify({ type: 'about:blank', title, status, detail, ...extra }), {
    status,
    headers: { 'Content-Type': 'application/problem+json', ...CORS_HEADERS, ...headers },
  });
}

/** The token of a request: `Authorization: Bearer`, else `access_token` (RFC 6750 sections 2.1 and 2.3); '' without. */
export function requestToken(url: URL, authorization: string | null): string {
  return bearerToken(authorization) ?? url.searchParams.get('access_token') ?? '';
}

/** The reply of a decision as a WebSocket frame or a POST body. */
export function wsFrame(decision: IncomingDecision): WsOutgoing {
  if (!decision.ok) {
    return {
      event: 'error',
      error: { code: decision.reason, detail: decision.detail, fields: decision.problems.map((p) => ({ ...p })) },
    };
  }
  if (decision.reply) {
    return {
      event: decision.reply.event,
      data: decision.reply.payload,
      ...(decision.reply.correlationId !== undefined ? { correlationId: decision.reply.correlationId } : {}),
    };
  }
  return { event: 'accepted', operation: decision.operation, message: decision.message };
}

/** One Server-Sent Event (HTML Living Standard, "Server-sent events": `event:` and `data:` lines, a blank line). */
export function sseFrame(message: OutgoingMessage, id: number): string {
  const data = JSON.stringify(message.payload);
  return `id: ${id}\nevent: ${message.event}\ndata: ${data}\n\n`;
}

/** The event mock of these APIs. */
export function createEventMock(apis: readonly EventMockApi[], options: EventMockOptions = {}): EventMock {
  const rate = options.rate === undefined ? DEFAULT_RATE_POLICY : options.rate;
  const now = options.now ?? Date.now;
  const paceMs = options.paceMs ?? EVENT_PACE_MS;
  const sandboxes = new Sandboxes(options.sandboxes ?? {}, now);
  const apiOf = (path: string) =>
    apis
      .filter((a) => path === a.mount || path.startsWith(`${a.mount}/`))
      .sort((a, b) => b.mount.length - a.mount.length)[0];

  /** The target of a path, or the answer refusing it. */
  const target = (url: URL, authorization: string | null): EventTarget | Response => {
    const api = apiOf(url.pathname);
    if (!api) return problem(404, 'Not Found', `${url.pathname} is not below an event API's mock`);
    let address: string;
    try {
      address = decodeURIComponent(url.pathname.slice(api.mount.length));
    } catch {
      return problem(400, 'Bad Request', `${url.pathname} is not a valid percent-encoded path`);
    }
    const matches = channelsAt(api.model, address);
    if (matches.length === 0) {
      const known = api.model.channels.flatMap((c) => (c.address === null ? [] : [c.address]));
      return problem(404, 'Not Found', `no channel of ${api.model.title} has the address ${JSON.stringify(address)}`, {
        channels: known,
      });
    }
    const token = requestToken(url, authorization);
    return { api, matches, token };
  };

  /** One request of the token counted; a refusal when over the policy. */
  const count = (token: string): { headers: Record<string, string>; refused?: Response } => {
    if (!rate) return { headers: {} };
    const box = sandboxes.get(token);
    const decision = consume(box.rate, rate, now());
    const headers = rateLimitHeaders(rate, decision);
    if (decision.allowed) return { headers };
    return {
      headers,
      refused: problem(
        429,
        'Too Many Requests',
        `over ${rate.limit} requests per ${rate.windowS} seconds for this token; retry after ${decision.resetS} seconds`,
        {},
        headers,
      ),
    };
  };

  const cycle = (t: EventTarget) => {
    const messages = outgoingMessages(t.api.model, t.matches);
    let i = 0;
    return {
      messages,
      next: (): OutgoingMessage | undefined => {
        const m = messages[i % Math.max(1, messages.length)];
        i++;
        return m;
      },
    };
  };

  return {
    owns: (path) => apiOf(path) !== undefined,

    async handle(request) {
      const url = new URL(request.url);
      if (request.method === 'OPTIONS') {
        return new Response(null, {
          status: 204,
          headers: preflightHeaders(['GET', 'POST'], request.headers.get('Access-Control-Request-Headers')),
        });
      }
      const t = target(url, request.headers.get('Authorization'));
      if (t instanceof Response) return t;
      const { headers, refused } = count(t.token);
      if (refused) return refused;
      if (request.method === 'GET' || request.method === 'HEAD') {
        if (!(request.headers.get('Accept') ?? '').includes('text/event-stream')) {
          return problem(
            406,
            'Not Acceptable',
            'the event mock answers GET with Server-Sent Events: send Accept: text/event-stream (or open a WebSocket on this path)',
            {},
            headers,
          );
        }
        const { messages, next } = cycle(t);
        if (messages.length === 0) {
          return problem(
            404,
            'Not Found',
            `the API sends no message on ${t.matches[0]?.channel.address}: POST your messages here instead`,
            {},
            headers,
          );
        }
        let timer: ReturnType<typeof setInterval> | undefined;
        let id = 0;
        const encoder = new TextEncoder();
        const stream = new ReadableStream<Uint8Array>({
          start(controller) {
            controller.enqueue(encoder.encode(`retry: ${paceMs}\n\n`));
            controller.enqueue(encoder.encode(sseFrame(next() as OutgoingMessage, ++id)));
            timer = setInterval(() => {
              try {
                controller.enqueue(encoder.encode(sseFrame(next() as OutgoingMessage, ++id)));
              } catch {
                clearInterval(timer);
              }
            }, paceMs);
            request.signal?.addEventListener('abort', () => {
              clearInterval(timer);
              try {
                controller.close();
              } catch {
                // already closed
              }
            });
          },
          cancel() {
            clearInterval(timer);
          },
        });
        return new Response(request.method === 'HEAD' ? null : stream, {
          status: 200,
          headers: {
            'Content-Type': 'text/event-stream; charset=utf-8',
            'Cache-Control': 'no-store',
            'X-Accel-Buffering': 'no',
            ...CORS_HEADERS,
            ...headers,
          },
        });
      }
      if (request.method === 'POST') {
        const text = await request.text();
        const decision = incoming(t.api.model, t.api.validators, t.matches, text);
        if (!decision.ok) {
          const status = decision.reason === 'no-receive' ? 405 : 400;
          return problem(
            status,
            status === 405 ? 'Method Not Allowed' : 'Bad Request',
            decision.detail,
            { errors: decision.problems },
            status === 405 ? { ...headers, Allow: 'GET' } : headers,
          );
        }
        return new Response(
          JSON.stringify({
            accepted: true,
            operation: decision.operation,
            message: decision.message,
            ...(decision.reply
              ? {
                  reply: {
                    event: decision.reply.event,
                    data: decision.reply.payload,
                    ...(decision.reply.correlationId !== undefined
                      ? { correlationId: decision.reply.correlationId }
                      : {}),
                  },
                }
              : {}),
          }),
          { status: 202, headers: { 'Content-Type': 'application/json', ...CORS_HEADERS, ...headers } },
        );
      }
      return problem(
        405,
        'Method Not Allowed',
        `${request.method} is not answered here: GET (Server-Sent Events), POST or a WebSocket`,
        {},
        {
          ...headers,
          Allow: 'GET, POST, OPTIONS',
        },
      );
    },

    async wsSession(url, authorization) {
      const t = target(url, authorization);
      if (t instanceof Response) return t;
      const { refused } = count(t.token);
      if (refused) return refused;
      const { messages, next } = cycle(t);
      const first = messages.length > 0 ? [next() as OutgoingMessage] : [];
      const v = t.api.validators;
      return {
        first,
        paceMs,
        next: () => (messages.length > 0 ? next() : undefined),
        receive: (text) => {
          const limited = count(t.token);
          if (limited.refused) {
            return {
              event: 'error',
              error: { code: 'rate-limited', detail: `over the rate limit for this token`, fields: [] },
            };
          }
          return wsFrame(incoming(t.api.model, v, t.matches, text));
        },
      };
    },
  };
}
