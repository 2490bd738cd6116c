// What a mock is built from: a description's definition (the document, its operations, its compiled
// request validators), and the one seam through which code written for one API plugs into the
// general mock: a hand-written behaviour (`HandWritten`), which says which descriptions it applies
// to, how the steps treat its operations, and what state it keeps in each token's sandbox. The
// general steps and the core know only these shapes; site/mock/behaviours.ts lists the hand-written
// behaviours the site's mock knows (the Petstore's, petstore/index.ts).
import type { Description } from '../../../descriptions/json.ts';
import type { Behaviour, RequestValidator } from './context.ts';
import type { MockOperation, Param } from './operations.ts';
import type { RefusalWords } from './refusal.ts';

/**
 * A description ready for the mock: the document and its compiled request validators, nothing that
 * compiles code. request/compile.ts `runtimeDefinition` makes one at start-up; request/precompile.ts
 * writes one as a module at build time.
 */
export interface MockDefinition {
  /**
   * The description in the loader's internal form (OpenAPI 3.2, or 3.1; descriptions/loader): its operations
   * are routed, its responses generated; internal `$ref`s are kept (and may be circular).
   */
  document: Description;
  /** Its operations (operations.ts `mockOperations`), when whoever made the definition listed them already. */
  operations?: readonly MockOperation[];
  /** The request validators of an operation by operationId: body (when it has one), then parameters. */
  validators(operationId: string): readonly RequestValidator[];
  /**
   * The name of the hand-written behaviour that applies ({@link HandWritten.name}), decided once by
   * whoever made the definition ({@link handWrittenFor}), with the validators it compiles; absent:
   * every operation answers from the description.
   */
  behaviour?: string;
}

/**
 * The state a hand-written behaviour keeps per sandbox (the Petstore's: its store), as the sandbox
 * table (access/sandboxes.ts) creates, measures and saves it.
 */
export interface StateKind<S> {
  /** A new state holding the seed data. */
  seed(): S;
  /** Estimated heap bytes of a state: the unit of the table's `maxStoreBytes`. */
  bytes(state: S): number;
  /** The state as plain, structured-cloneable data (the in-browser mock keeps it in IndexedDB). */
  snapshot(state: S): unknown;
  /**
   * A state from {@link StateKind.snapshot}'s data.
   * @throws {Error} when the data is not such a snapshot
   */
  restore(data: unknown): S;
}

/** Bounds of a hand-written behaviour's state by name (the Petstore's: `pets`, `categories`, `orders`, `textChars`). */
export type StateCaps = Readonly<Partial<Record<string, number>>>;

/**
 * Behaviour written by hand for one API, plugged into the general mock: the steps call its
 * operations' {@link Behaviour}s, and the sandbox stage gives them its {@link StateKind}'s state.
 */
export interface HandWritten {
  /** Its name, as a definition records it ({@link MockDefinition.behaviour}). */
  readonly name: string;
  /** Whether it applies to a description, from the description's operations. */
  applies(operations: readonly MockOperation[]): boolean;
  /**
   * Whether an operation of a description it applies to is one of its own: such an operation's
   * request schemas refuse query parameters it does not declare (request/compile.ts `requestSchemas`).
   */
  owns(operationId: string): boolean;
  /**
   * Its API's own words for every refusal of a description it applies to (the Petstore's error
   * catalogue); absent: refusals take the shape the description documents (refusal.ts).
   */
  readonly refusal?: RefusalWords;
  /** The state it keeps in each sandbox, bounded by the mock's caps (its defaults for those not given). */
  state(caps: StateCaps): StateKind<unknown>;
  /**
   * How the steps treat each of its operations in a description it applies to.
   * @param params each operation's parameters as the steps read them (operations.ts `paramView`)
   * @returns behaviours by operationId; operations without one answer from the description
   * @throws {Error} when the description breaks one of its rules (a malformed date, say)
   */
  behaviours(
    doc: Description,
    operations: readonly MockOperation[],
    params: (op: MockOperation) => readonly Param[],
  ): Map<string, Behaviour>;
}

/**
 * The hand-written behaviour for a description: the first of `known` that applies to its operations.
 * The one place this is decided, at run time and at build time alike.
 * @param known the hand-written behaviours to choose from (site/mock/behaviours.ts)
 * @returns undefined when none applies: every operation then answers from the description
 */
export function handWrittenFor(
  operations: readonly MockOperation[],
  known: readonly HandWritten[],
): HandWritten | undefined {
  return known.find((h) => h.applies(operations));
}
