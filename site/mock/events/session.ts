/**
 * What the event mock decides on one channel (pure but for the validators' cache): the messages it
 * sends (the `send` operations' messages, the description's examples first, then values generated from
 * the payload schema, in turn), and what it does with a message the reader sends (checked against the
 * `receive` operations' messages; a valid one whose operation has a reply gets the reply, with the
 * correlation id copied from the request; an invalid one gets the failing fields). The transports
 * (Server-Sent Events, POST, WebSocket) are the hosts'.
 */
import {
  type ChannelMatch,
  correlationValue,
  messageById,
  operationsOn,
  payloadExamples,
  withValueAt,
} from '../../../descriptions/asyncapi/channels.ts';
import type { EventMessage, EventModel, EventOperation } from '../../../descriptions/asyncapi/types.ts';
import type { FieldProblem, MessageChecker } from './validate.ts';

/** One message the mock sends: the message's name (the SSE `event`) and its payload (the SSE `data`). */
export interface OutgoingMessage {
  readonly event: string;
  readonly payload: unknown;
  readonly operation: string;
}

/** What the mock does with a message the reader sent. */
export type IncomingDecision =
  | {
      readonly ok: true;
      readonly operation: string;
      readonly message: string;
      /** the reply, for an operation with one */
      readonly reply?: OutgoingMessage & { readonly correlationId?: unknown };
    }
  | {
      readonly ok: false;
      /** `not-json`, `no-receive` (the API receives nothing here), `invalid` (no message of the channel fits) */
      readonly reason: 'not-json' | 'no-receive' | 'invalid';
      readonly detail: string;
      readonly problems: readonly FieldProblem[];
    };

/** The messages the API sends on a channel, as the mock cycles through them; empty when it sends none. */
export function outgoingMessages(model: EventModel, matches: readonly ChannelMatch[]): OutgoingMessage[] {
  const out: OutgoingMessage[] = [];
  for (const op of matches.flatMap((match) => operationsOn(model, match.channel.id, 'send'))) {
    for (const id of op.messages) {
      const message = messageById(model, id);
      if (!message) continue;
      for (const example of payloadExamples(model, message)) {
        out.push({ event: message.name, payload: example.payload, operation: op.id });
      }
    }
  }
  return out;
}

/** The reply to a valid request: the reply message's first example, the request's correlation id copied in. */
function replyOf(
  model: EventModel,
  op: EventOperation,
  request: EventMessage,
  payload: unknown,
  headers: unknown,
): (OutgoingMessage & { correlationId?: unknown }) | undefined {
  if (!op.reply) return undefined;
  const replyMessage = op.reply.messages.map((id) => messageById(model, id)).find((m) => m !== undefined);
  if (!replyMessage) return undefined;
  let body: unknown = payloadExamples(model, replyMessage)[0]?.payload ?? {};
  const id = correlationValue(request, payload, headers);
  const where = replyMessage.correlationId;
  if (id !== undefined && where?.in === 'payload' && where.pointer !== undefined)
    body = withValueAt(body, where.pointer, id);
  return {
    event: replyMessage.name,
    payload: body,
    operation: op.id,
    ...(id !== undefined ? { correlationId: id } : {}),
  };
}

/**
 * Decides on a message the reader sent on an address (the channels there: {@link channelsAt}).
 * @param text the message as sent (JSON text)
 * @param headers the message's headers, where the transport carries them (none over a WebSocket)
 */
export function incoming(
  model: EventModel,
  validators: MessageChecker,
  matches: readonly ChannelMatch[],
  text: string,
  headers?: unknown,
): IncomingDecision {
  const receiving = matches.flatMap((match) => operationsOn(model, match.channel.id, 'receive'));
  if (receiving.length === 0) {
    const where = matches[0]?.channel;
    return {
      ok: false,
      reason: 'no-receive',
      detail: `the API receives no message on ${where?.address ?? where?.id}: it only sends here`,
      problems: [],
    };
  }
  let payload: unknown;
  try {
    payload = JSON.parse(text);
  } catch (error) {
    return {
      ok: false,
      reason: 'not-json',
      detail: `the message is not JSON: ${(error as Error).message}`,
      problems: [{ field: 'payload', message: 'is not JSON' }],
    };
  }
  let best: { problems: FieldProblem[]; message: EventMessage } | undefined;
  for (const op of receiving) {
    for (const id of op.messages) {
      const message = messageById(model, id);
      if (!message) continue;
      const problems = validators.check(message, payload);
      if (problems.length === 0) {
        const reply = replyOf(model, op, message, payload, headers);
        return { ok: true, operation: op.id, message: message.name, ...(reply ? { reply } : {}) };
      }
      if (!best || problems.length < best.problems.length) best = { problems, message };
    }
  }
  const problems = best?.problems ?? [{ field: 'payload', message: 'fits no message of the channel' }];
  return {
    ok: false,
    reason: 'invalid',
    detail: `the message fits no message the API receives here${best ? `; closest: ${best.message.name}` : ''}: ${problems
      .map((p) => `${p.field} ${p.message}`)
      .join('; ')}`,
    problems,
  };
}
