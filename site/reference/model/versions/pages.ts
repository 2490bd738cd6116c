/**
 * One published version's reference pages, as the versions compare them (the switcher, the absent
 * pages, search): its operations with their cross-version keys, its tags, schemas and webhooks pages.
 */

/** An operation as the versions compare it. */
export interface VersionedOperation {
  /** `operationId` when the description gives one, else `METHOD path` (keys.ts). */
  key: string;
  operationId?: string;
  method: string;
  path: string;
  summary: string;
  slug: string;
  url: string;
  tag: string;
  /** `x-deprecated-sunset`, when deprecated with one. */
  sunset?: string;
  /** `x-successor.operationId`, when it names one. */
  successor?: string;
}

/** One published version's pages, as far as the switcher and the absent pages need them. */
export interface VersionPages {
  version: string;
  /** The working description's version. */
  current: boolean;
  /** Where its pages are (see `versionBase` of ../urls.ts); its index is `<base>/`. */
  base: string;
  operations: readonly VersionedOperation[];
  /** Tag name → page URL. */
  tags: ReadonlyMap<string, string>;
  /** Schema name → page URL (schemas with a page of their own). */
  schemas: ReadonlyMap<string, string>;
  /** The webhooks page, when the version has webhooks. */
  webhooksUrl?: string;
}

/** What a reference page is, for finding its counterpart in another version. */
export type PageRef =
  | { kind: 'index' }
  | { kind: 'schemas' }
  | { kind: 'webhooks' }
  | { kind: 'tag'; name: string }
  | { kind: 'schema'; name: string }
  | { kind: 'operation'; key: string; slug: string };
