/**
 * The data spec-diff decides and every renderer reads: changes between two descriptions, each with a class, a
 * stable code, a decision and the rule it comes from. Messages are rendered from this data (report/messages.ts).
 */

/**
 * What a change means for clients. `breaking`: a client written against the base may fail; `non-breaking`: it
 * keeps working; `deprecation`: something is marked deprecated (or no longer is); `documentation`: text,
 * examples and metadata only; `unclassified`: the diff library has no rule for it (shown, never failing).
 */
export type ChangeClass = 'breaking' | 'non-breaking' | 'deprecation' | 'documentation' | 'unclassified';

/** The classes in the order reports list them, most serious first. */
export const CLASS_ORDER: readonly ChangeClass[] = [
  'breaking',
  'deprecation',
  'non-breaking',
  'unclassified',
  'documentation',
];

/**
 * The decision on one change. `fail`: the check fails (exit 1); `allowed`: breaking, but a rule allows it (a
 * removal after the sunset date, a new major version); `pass`: nothing to do.
 */
export type Decision = 'fail' | 'allowed' | 'pass';

/**
 * Stable codes, one per kind of decision (documented in tools/spec-diff/README.md; scripts may match on them).
 * Operation-level codes come from the deprecation policy; `*-change` codes carry the diff library's class.
 */
export type ChangeCode =
  | 'operation-added'
  | 'operation-removed'
  | 'operation-removed-before-sunset'
  | 'operation-removed-without-sunset'
  | 'operation-removed-after-sunset'
  | 'operation-deprecated'
  | 'operation-undeprecated'
  | 'deprecation-without-sunset'
  | 'sunset-invalid'
  | 'sunset-too-soon'
  | 'sunset-changed'
  | 'breaking-change'
  | 'non-breaking-change'
  | 'deprecation-change'
  | 'documentation-change'
  | 'unclassified-change';

/** Where a rule comes from: our own documents and the RFCs they follow. */
export interface RuleSource {
  /** Short id of the rule, e.g. `sunset-passed`. */
  id: string;
  /** Human-readable citation, e.g. `RFC 8594 §3; guides/api-changes`. */
  source: string;
}

/** An operation a change touches. `operationId` is undefined when the operation has none. */
export interface OperationRef {
  method: string;
  path: string;
  operationId?: string;
}

/** A position in the head description (1-based line and column). */
export interface Location {
  file: string;
  line: number;
  column: number;
}

/** One difference as the diff library reported it (its JSON path made a JSON pointer, RFC 6901). */
export interface RawDiff {
  action: 'add' | 'remove' | 'replace' | 'rename';
  /** JSON pointer into the compared documents (the head's for add/replace, the base's for remove). */
  pointer: string;
  class: ChangeClass;
  /** The library's own wording, when it has one. */
  description?: string;
  before?: unknown;
  after?: unknown;
}

/** One change of the report: one edit of the description, with everything it touches. */
export interface Change {
  code: ChangeCode;
  class: ChangeClass;
  decision: Decision;
  /** Why a breaking change is allowed: `sunset-passed` or `major-version`. */
  allowedBy?: 'sunset-passed' | 'major-version';
  /** The operations the change touches (empty for document-level changes). */
  operations: OperationRef[];
  /** The component schema the change is written in, when it is one (`Pet`). */
  schema?: string;
  /** JSON pointer of the change in the head description after following `$ref`s (where it is written). */
  pointer: string;
  location?: Location;
  rule?: RuleSource;
  /** Values the message needs: dates (`sunset`, `earliest`), the library's `detail`, the `action`. */
  params: Record<string, string | number>;
  /** The library's differences folded into this change. */
  diffs: RawDiff[];
}

/** One side of the comparison. */
export interface Side {
  /** What was read: a file path, or `<ref>:<path>` for a git revision. */
  label: string;
  /**
   * The description does not exist at the base revision (an API new since then): compared with an empty
   * description of the head's OpenAPI version and `info`, so every operation is added and the deprecation
   * rules still apply.
   */
  absent?: true;
  /** The commit, when the side came from git. */
  commit?: string;
  /** `info.version` of the description. */
  version: string;
  /** The OpenAPI (or Swagger) version the description is written in (an OpenAPI description). */
  openapi?: string;
  /** The AsyncAPI version the description is written in (an event API). */
  asyncapi?: string;
}

/** The API a report is for, on a site of several APIs or with `--api`. */
export interface ApiRef {
  /** The API's id in the site's configuration. */
  id: string;
  /** Its configured title, else the description's `info.title`. */
  title?: string;
}

/** The whole result of one comparison. */
export interface Report {
  /** The API compared, when the run names one (several APIs, or `--api`). */
  api?: ApiRef;
  /** true when no change has the decision `fail` (exit 0). */
  ok: boolean;
  base: Side;
  head: Side;
  /** The date sunsets are judged against (UTC, YYYY-MM-DD). */
  buildDate: string;
  /** Minimum days between the build date and a new sunset date. */
  noticeDays: number;
  /** Whether the major part of `info.version` went up (then breaking changes are allowed). */
  majorBump: boolean;
  /** Counts per class and of failing changes. */
  summary: Record<ChangeClass, number> & { fail: number; allowed: number };
  changes: Change[];
}

/** One API's outcome in a run over every API of a site: its report, or the input error that stopped it. */
export type ApiOutcome =
  | { api: ApiRef; ok: boolean; report: Report }
  | { api: ApiRef; ok: false; error: { code: string; message: string; file?: string; line?: number } };

/** A run over every API of a site, in the configured order. */
export interface ApisReport {
  /** true when every API was compared and none has a change with the decision `fail` (exit 0). */
  ok: boolean;
  apis: ApiOutcome[];
}
