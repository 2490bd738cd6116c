/**
 * An AsyncAPI document as every part of the site reads it: one normalized model of the 3.x form (a 2.x
 * document is upgraded first), plain JSON-ready data with `$ref`s resolved and traits applied. Typed
 * strictly where the model decides (actions, ids, locations) and loosely where it carries the
 * description's own values (schemas, examples, binding values), which the consumers check as they read.
 */
import type { JsonObject } from '../json.ts';

/** The action of an operation as AsyncAPI 3 states it: from the application's own side (section 3.0.0 "Operation Object"). */
export type EventAction = 'send' | 'receive';

/** A binding of one protocol (`mqtt`, `kafka`, `ws`, `amqp`, `http`…) as written: the protocol's own fields. */
export interface EventBinding {
  readonly protocol: string;
  readonly value: JsonObject;
}

/** A tag of the document, a server, an operation or a message. */
export interface EventTag {
  readonly name: string;
  readonly description?: string;
}

/** A server variable (`{port}` in a host): its values. */
export interface EventServerVariable {
  readonly name: string;
  readonly description?: string;
  readonly default?: string;
  readonly enum?: readonly string[];
  readonly examples?: readonly string[];
}

/** A security scheme (AsyncAPI "Security Scheme Object"): `type` and whichever fields it gives. */
export interface EventSecurityScheme {
  readonly id: string;
  /** `userPassword`, `apiKey`, `X509`, `symmetricEncryption`, `httpApiKey`, `http`, `oauth2`, `openIdConnect`, `plain`, `scramSha256`, `scramSha512`, `gssapi` */
  readonly type: string;
  readonly description?: string;
  /** `httpApiKey`: the header, query parameter or cookie name */
  readonly name?: string;
  /** `apiKey`: `user` or `password`; `httpApiKey`: `query`, `header` or `cookie` */
  readonly in?: string;
  /** `http`: the HTTP authentication scheme (`bearer`, `basic`) */
  readonly scheme?: string;
  readonly bearerFormat?: string;
  readonly openIdConnectUrl?: string;
  /** `oauth2`: the flows as written (authorizationUrl, tokenUrl, availableScopes…) */
  readonly flows?: JsonObject;
  /** the scopes the requirement asks for, where one is stated */
  readonly scopes?: readonly string[];
}

/** A server: where the API's messages travel. */
export interface EventServer {
  readonly id: string;
  readonly host: string;
  readonly protocol: string;
  readonly protocolVersion?: string;
  readonly pathname?: string;
  readonly title?: string;
  readonly summary?: string;
  readonly description?: string;
  readonly variables: readonly EventServerVariable[];
  readonly security: readonly EventSecurityScheme[];
  readonly bindings: readonly EventBinding[];
  readonly tags: readonly EventTag[];
}

/** A channel parameter (`{streetlightId}` in an address). */
export interface EventParameter {
  readonly name: string;
  readonly description?: string;
  readonly enum?: readonly string[];
  readonly default?: string;
  readonly examples?: readonly string[];
  /** a runtime expression saying where the value is in a message (`$message.payload#/user/id`) */
  readonly location?: string;
}

/** A channel: an address messages travel on. */
export interface EventChannel {
  readonly id: string;
  /** the address with `{parameter}` placeholders; null when unknown or dynamic (section 3.0.0 "Channel Object") */
  readonly address: string | null;
  readonly title?: string;
  readonly summary?: string;
  readonly description?: string;
  readonly parameters: readonly EventParameter[];
  /** ids of the servers it is on; empty: every server */
  readonly servers: readonly string[];
  /** ids of the messages it carries */
  readonly messages: readonly string[];
  readonly bindings: readonly EventBinding[];
  readonly tags: readonly EventTag[];
}

/** Where a correlation id is: the runtime expression and what it points at. */
export interface EventCorrelationId {
  readonly description?: string;
  /** as written: `$message.header#/correlationId`, `$message.payload#/reqid` */
  readonly location: string;
  /** the part of the message the expression reads; undefined when the expression is not one this model reads */
  readonly in?: 'header' | 'payload';
  /** the JSON pointer (RFC 6901) inside that part */
  readonly pointer?: string;
}

/** One example of a message: headers and payload as written. */
export interface EventMessageExample {
  readonly name?: string;
  readonly summary?: string;
  readonly headers?: unknown;
  readonly payload?: unknown;
}

/** A message: what travels on a channel. */
export interface EventMessage {
  /** the message's key in its channel or components, unique in the document */
  readonly id: string;
  /** the `name` field, else the id: what the mock's SSE `event` field says */
  readonly name: string;
  readonly title?: string;
  readonly summary?: string;
  readonly description?: string;
  /** the message's `contentType`, else the document's `defaultContentType`, else `application/json` */
  readonly contentType: string;
  /** the payload's schema format when not AsyncAPI's own JSON Schema (`application/vnd.apache.avro;version=1.9.0`) */
  readonly schemaFormat?: string;
  readonly headers?: unknown;
  readonly payload?: unknown;
  readonly correlationId?: EventCorrelationId;
  readonly examples: readonly EventMessageExample[];
  readonly bindings: readonly EventBinding[];
  readonly tags: readonly EventTag[];
  readonly deprecated: boolean;
}

/** The reply of a request/reply operation (AsyncAPI 3 "Operation Reply Object"). */
export interface EventReply {
  /** the channel the reply travels on, when stated */
  readonly channel?: string;
  /** a runtime expression naming where the reply address is (`$message.header#/replyTo`), when stated */
  readonly addressLocation?: string;
  readonly addressDescription?: string;
  /** the reply's messages, ids of {@link EventModel.messages}; empty: the reply channel's messages */
  readonly messages: readonly string[];
}

/** Lifecycle of an operation, message or channel: as the site's REST pages read it. */
export interface EventLifecycle {
  readonly deprecated: boolean;
  /** `x-stability`: `experimental`, `beta`, `stable` */
  readonly stability?: string;
  /** `x-deprecated-sunset` (YYYY-MM-DD), as written */
  readonly sunset?: string;
  /** `x-deprecated-since`, as written */
  readonly since?: string;
  /** `x-successor`: the operation id that replaces it */
  readonly successor?: string;
}

/** A hand-written code sample (`x-codeSamples`). */
export interface EventCodeSample {
  readonly lang: string;
  readonly label?: string;
  readonly source: string;
}

/** An operation: one action on one channel. */
export interface EventOperation {
  readonly id: string;
  readonly action: EventAction;
  readonly channel: string;
  readonly title?: string;
  readonly summary?: string;
  readonly description?: string;
  /** ids of the messages; every message of the channel when the operation names none */
  readonly messages: readonly string[];
  readonly reply?: EventReply;
  readonly bindings: readonly EventBinding[];
  readonly security: readonly EventSecurityScheme[];
  readonly tags: readonly EventTag[];
  readonly lifecycle: EventLifecycle;
  readonly codeSamples: readonly EventCodeSample[];
}

/** The normalized model of an AsyncAPI document. */
export interface EventModel {
  /** the version as written (`2.6.0`, `3.1.0`) */
  readonly asyncapi: string;
  readonly id?: string;
  readonly title: string;
  readonly version: string;
  readonly description?: string;
  readonly defaultContentType?: string;
  readonly tags: readonly EventTag[];
  readonly servers: readonly EventServer[];
  readonly securitySchemes: readonly EventSecurityScheme[];
  readonly channels: readonly EventChannel[];
  readonly operations: readonly EventOperation[];
  readonly messages: readonly EventMessage[];
  /** `components.schemas`, by name, as resolved */
  readonly schemas: readonly { readonly name: string; readonly schema: unknown }[];
}
