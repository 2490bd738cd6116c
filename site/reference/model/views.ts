/**
 * What the reference's pages render: the views the model (reference.ts) builds, one per operation,
 * webhook, tag and schema, with the URLs they live at. Plain data; Astro components, the Markdown
 * twins and the MCP corpus read them as they are.
 */
import type { Translate } from '../../i18n/catalogue.ts';
import type { OperationKind } from './document.ts';
import type { Deprecation, StabilityLevel } from './lifecycle.ts';
import type { CodeSample, SampleTargetId } from './samples.ts';
import type { SchemaNode } from './schema.ts';

export interface Stability {
  level: StabilityLevel;
  /** Badge text: `Experimental` or `Beta`. */
  label: string;
}

export interface ParameterView {
  name: string;
  /** `path`, `query`, `querystring` (3.2: the whole query string), `header` or `cookie`. */
  in: string;
  required: boolean;
  deprecated: boolean;
  /** Markdown. */
  description?: string;
  schema: SchemaNode;
  /** Media type of a parameter described by `content` instead of `schema` (always so for `querystring`). */
  mediaType?: string;
  /** JSON text of the parameter's example (`example`, the first of `examples`, or the schema's). */
  example?: string;
  /** The parameter's named examples (`examples`), each by its name, when it has more than one. */
  examples?: Array<{ name: string; summary?: string; value: string }>;
}

export interface ExampleView {
  name: string;
  summary?: string;
  /** Pretty-printed JSON (or the text as is for non-JSON media types). */
  value: string;
  /** True when made up from the schema because the document gives none. */
  generated: boolean;
  /** How many strings longer than LONG_STRING_CHARS `value` shows shortened (long-values.ts); absent when none. */
  shortened?: number;
  /** The whole example's length (characters) when `value` shows only its first items (long-values.ts). */
  cutFrom?: number;
}

export interface MediaView {
  mediaType: string;
  schema?: SchemaNode;
  /** `itemSchema` (3.2) of a sequential media type (JSON Lines, Server-Sent Events): each item's schema. */
  itemSchema?: SchemaNode;
  examples: ExampleView[];
}

export interface HeaderView {
  name: string;
  required: boolean;
  description?: string;
  schema?: SchemaNode;
  example?: string;
}

export interface ResponseView {
  /** `200`, `4XX`, `default`… */
  status: string;
  description?: string;
  headers: HeaderView[];
  contents: MediaView[];
}

export interface RequestBodyView {
  required: boolean;
  description?: string;
  contents: MediaView[];
}

/** One way to authenticate (a Security Scheme Object, OpenAPI 3.0 §4.7.27). */
export interface SchemeView {
  name: string;
  /** What a client sends, e.g. `Authorization: Bearer <token>`. */
  summary: string;
  description?: string;
  scopes: string[];
  /**
   * Where a client puts the credential (RFC 9110 §11.6.2 `Authorization` for the HTTP schemes, OAuth 2.0
   * and OpenID Connect; the named header, query parameter or cookie of an API key); undefined for mutual
   * TLS and for a scheme the description leaves incomplete.
   */
  credential?: Credential;
}

/** Where a credential travels: `Authorization: <prefix><credential>`, or an API key's place and name. */
export interface Credential {
  in: 'header' | 'query' | 'cookie';
  name: string;
  /** Before the credential in the value: `Bearer ` (the HTTP scheme's name and a space), none for an API key. */
  prefix?: string;
}

/** What lists, the sidebar and links need of an operation (cheap; held for every operation). */
export interface OperationSummary {
  /** `operation` for a path's operation, `webhook` for an entry of `webhooks`. */
  kind: OperationKind;
  /** The `operationId`, or `METHOD path` when the operation has none ({@link hasOperationId}). */
  operationId: string;
  /** Whether the description gives the operation an `operationId`. */
  hasOperationId: boolean;
  /** File-safe slug; the page is `/reference/<slug>/`. */
  slug: string;
  url: string;
  /** Upper case, e.g. `GET`; a method of `additionalOperations` as written. */
  method: string;
  /** The path template; a webhook's name for webhooks. */
  path: string;
  summary: string;
  /** The navigation tag (the first tag not of a `badge`/`audience` kind; {@link DEFAULT_TAG} without one). */
  tag: string;
  tagUrl: string;
  /** The tag group the operation's tag is in. */
  group: string;
  /** Scalar's anchor of the operation (`tag/animals/GET/pets`), so old `/reference#…` links find the page. */
  legacyAnchor: string;
  stability: Stability | null;
  deprecation: Deprecation | null;
  /**
   * False for `x-hideTryItPanel: true`, for webhooks (the API sends them) and for methods the try-it
   * client cannot send (`query`, `additionalOperations`).
   */
  tryIt: boolean;
  /** Tags of other kinds (`badge`, `audience`; OpenAPI 3.2), shown as labels on the page. */
  labels: Array<{ kind: string; name: string }>;
}

/** A callback of an operation (OpenAPI 3.2 §4.8.18): requests the API makes to the client. */
export interface CallbackView {
  /** The callback's key in `callbacks`, e.g. `onPetAdopted`. */
  name: string;
  /** The runtime expression that gives the URL, e.g. `{$request.body#/callbackUrl}`. */
  expression: string;
  method: string;
  summary?: string;
  /** Markdown. */
  description?: string;
  parameters: ParameterView[];
  requestBody: RequestBodyView | null;
  responses: ResponseView[];
}

/** Everything an operation's page shows (built per page by {@link ReferenceModel.operationView}). */
export interface OperationView extends OperationSummary {
  /** Markdown. */
  description?: string;
  /** Alternatives (any one suffices); each lists the schemes used together. Empty: no authentication. */
  security: SchemeView[][];
  parameters: ParameterView[];
  requestBody: RequestBodyView | null;
  responses: ResponseView[];
  samples: CodeSample[];
  /**
   * When the request body has several named examples: the samples once per example, in the order of
   * the page's example picker (the first is {@link samples}), so the samples send the example chosen.
   */
  sampleSets?: Array<{ example: string; samples: CodeSample[] }>;
  callbacks: CallbackView[];
  externalDocs?: { url: string; description?: string };
}

export interface TagView {
  name: string;
  slug: string;
  url: string;
  group: string;
  /** Markdown. */
  description?: string;
  operations: OperationSummary[];
  /** Tags whose `parent` (OpenAPI 3.2) is this tag: nested below it in the navigation. */
  children: TagView[];
}

export interface GroupView {
  name: string;
  /** Top-level tags of the group (nested tags are in their parent's `children`). */
  tags: TagView[];
  /**
   * True when the description declares no groups (no `x-tagGroups`, no tag `parent`): the one group
   * holds every tag and is not shown as a level of its own.
   */
  implicit: boolean;
}

export interface SchemaPageView {
  name: string;
  slug: string;
  url: string;
  /** Operations whose parameters, body or responses use the schema directly. */
  usedBy: Array<Pick<OperationSummary, 'operationId' | 'method' | 'path' | 'summary' | 'url'>>;
}

/** A schema as the schema index lists it: its page, or else an operation page that shows it. */
export interface SchemaIndexEntry {
  name: string;
  /** The schema's own page, when it has one. */
  url?: string;
  /** When it has no page: the first operation that uses it directly, whose page shows its fields. */
  shownOn?: Pick<OperationSummary, 'method' | 'path' | 'summary' | 'url'>;
}

export interface ReferenceModel {
  /** The URL path of the reference's pages, no trailing slash (`/reference`): its index is `<base>/`. */
  base: string;
  /** The URL paths of the description's downloads and of the API's changelog page (site/apis/api.ts). */
  links: ModelLinks;
  title: string;
  version: string;
  /** `info.summary` (OpenAPI 3.1+), a one-line summary of the API. */
  summary?: string;
  /** Markdown of `info.description`. */
  description?: string;
  groups: GroupView[];
  /** Every tag with operations (nested ones too), in navigation order. */
  tags: TagView[];
  /** Operations of `paths`, then webhooks ({@link OperationSummary.kind}). */
  operations: OperationSummary[];
  /** The webhooks among {@link operations}, in document order. */
  webhooks: OperationSummary[];
  /** The page listing the webhooks, when there are any. */
  webhooksUrl?: string;
  /** The schemas with a page of their own (every schema, up to {@link SCHEMA_PAGE_LIMIT}). */
  schemas: SchemaPageView[];
  /** Every schema of `components/schemas`, in document order, as the schema index lists them. */
  schemaIndex: SchemaIndexEntry[];
  /** The base URL generated samples use (the first server, variables at their defaults). */
  sampleServer: string;
  /** Where try-it sends: the mock on this site, and/or the description's servers (when it has any). */
  tryItTo: { mock: boolean; servers: boolean };
  /**
   * The whole view of one operation's page. Built on demand, one page at a time, so a build holds the
   * heavy parts (schema trees, examples) of one page at once, not of 1,100; only the code samples are
   * kept, made once per operation (a few MB of text for GitHub's description).
   */
  operationView(op: OperationSummary): OperationView;
  /**
   * An operation's description (Markdown), the one its {@link operationView} holds, without building
   * the view: for a list that shows no more of the page (llms.txt, a page's meta description).
   */
  operationDescription(op: OperationSummary): string | undefined;
  /**
   * An operation's code samples, the ones its {@link operationView} holds (made once and kept): for the
   * build's highlighter, which highlights them before the pages ask.
   */
  operationSamples(op: OperationSummary): Pick<OperationView, 'samples' | 'sampleSets'>;
  /** The schema tree of a schema's page, expanded one level deeper than in operations. */
  schemaTree(schema: SchemaPageView): SchemaNode;
}

/** Where an API's description downloads and changelog page are. */
export interface ModelLinks {
  downloads: { yaml: string; json: string };
  changelog: string;
}

/** The one API's (`/openapi.yaml`, `/openapi.json`, `/changelog/`). */
export const DEFAULT_LINKS: ModelLinks = {
  downloads: { yaml: '/openapi.yaml', json: '/openapi.json' },
  changelog: '/changelog/',
};

export interface ModelOptions {
  /** The build date as YYYY-MM-DD (UTC). */
  buildDate: string;
  /** Expansion bound of nested object schemas in operations (default 2). */
  maxRefDepth?: number;
  /** Where try-it may send (default both): the mock on this site, the description's servers. */
  tryItTargets?: ReadonlyArray<'mock' | 'description'>;
  /** The URL path of the reference's pages, no trailing slash (default {@link REFERENCE_BASE}). */
  base?: string;
  /** Where the API's downloads and changelog are (default {@link DEFAULT_LINKS}, the one API's). */
  links?: ModelLinks;
  /**
   * Component schema count up to which every schema has a page (default {@link SCHEMA_PAGE_LIMIT});
   * above it only the schemas a page shows collapsed have one.
   */
  schemaPages?: number;
  /**
   * The generated code samples' languages, `@scalar/snippetz` `target/client` ids in tab order
   * (default DEFAULT_SAMPLE_TARGETS of samples.ts); `[]` for hand-written samples only.
   */
  sampleTargets?: readonly SampleTargetId[];
  /**
   * The language of the words the model writes itself (constraints, stability labels, dates), a
   * BCP-47 tag (default `en`), and its messages (site/i18n/catalogue.ts; default English).
   */
  lang?: string;
  t?: Translate;
}
