/**
 * The reference's options, as `astro.config.mjs` gives them to the integration (integration.ts):
 * one zod schema is the single source of their types, defaults and checks, the way Starlight and its
 * plugins declare theirs. Pure.
 */
import { z } from 'zod';
import { availableSampleTargets, DEFAULT_SAMPLE_TARGETS, type SampleTargetId } from './sample-targets.ts';

/**
 * Component schema count up to which every schema of `components/schemas` has a page of its own (the
 * default of the model's `schemaPages`, site/reference/model/reference.ts). Above it, only the schemas some page shows collapsed
 * (linked instead of expanded: past the depth bound, a cycle, or the page's row budget) get one, and
 * the others are shown in place wherever they are used. Every schema page costs build time: on a
 * description with hundreds of schemas (Bungie's) they were most of its build, while its operation
 * pages link only a small part of them.
 */
export const SCHEMA_PAGE_LIMIT = 200;

/** Operation count up to which every page's sidebar lists every operation (default threshold). */
export const FULL_SIDEBAR_LIMIT = 150;

/**
 * Operation count up to which each operation page has an Open Graph card of its own (default of
 * `operationCards`); above it, an operation page shows its tag's card (site/og/card.ts).
 */
export const OPERATION_CARD_LIMIT = 500;

/** Where try-it may send requests: the mock on this site, the servers the description lists. */
export const TRY_IT_TARGETS = ['mock', 'description'] as const;

/** Where the reference lives when no `base` is given. */
export const DEFAULT_BASE = '/reference';

/** The reference's sidebar label by default: shown in each page's language (the catalogue's `ref.sidebar.label`). */
export const DEFAULT_SIDEBAR_LABEL = 'API reference';

/**
 * A base path: `/` then one or more segments of unreserved URL characters (RFC 3986 §2.3: letters,
 * digits, `-`, `.`, `_`, `~`), separated by single slashes, no trailing slash, no `.` or `..` segment.
 */
const BASE_PATTERN = /^(\/(?!\.{1,2}(?:\/|$))[A-Za-z0-9._~-]+)+$/;

/** The `versions.publish` option (model/versions/publish.ts `PublishPolicy`). */
export const PUBLISH_POLICY = z.union([
  z.enum(['all', 'before-sunset']),
  z.object({ last: z.number().int().positive() }).strict(),
]);

/** An API's id: lower-case letters and digits, single hyphens between them (it names URL segments). */
export const API_ID_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

const baseOption = z
  .string()
  .regex(
    BASE_PATTERN,
    "expected a URL path such as '/reference': a leading slash, no trailing slash, segments of letters, digits, '-', '.', '_', '~'",
  );

/** Up to this many operations every page's sidebar lists every operation (see `sidebar.threshold`). */
const thresholdOption = z.number().int().positive();

/** The generated code samples' languages (see `codeSamples.targets`). */
const sampleTargetsOption = z
  .array(
    z.string().refine((id) => availableSampleTargets().some((t) => t.id === id), {
      error: (issue) =>
        `unknown generator ${JSON.stringify(issue.input)}; @scalar/snippetz offers ${availableSampleTargets()
          .map((t) => t.id)
          .join(', ')}`,
    }),
  )
  .refine((t) => new Set(t).size === t.length, 'each target at most once')
  .transform((t) => t as SampleTargetId[]);

const tryItTargetsOption = z
  .array(z.enum(TRY_IT_TARGETS))
  .refine((t) => new Set(t).size === t.length, 'each target at most once');

/** What names one API besides its description: its id, and how the site presents it. */
const apiIdentity = {
  /** The API's id: names its URL segments (`/reference/<id>/`, `/api/mock/<id>/`) and its keys. */
  id: z
    .string()
    .regex(
      API_ID_PATTERN,
      "expected lower-case letters and digits with single hyphens between them, e.g. 'partner-api'",
    ),
  /** The API's name in the catalog, the sidebar and page titles; default the description's `info.title`. */
  title: z.string().trim().min(1),
  /** The catalog groups APIs by category, in the order categories first appear; default none. */
  category: z.string().trim().min(1),
  /**
   * The API's release record (`npm run spec:release` writes it), relative to the project root (or to the
   * `PETSTORE_APIS` file); default `changelog.json` beside the description.
   */
  changelog: z.string().min(1),
};

export const referenceOptionsSchema = z
  .object({
    /** The one-description form's API id (default `api`); see {@link apiEntrySchema}. */
    id: apiIdentity.id.optional(),
    title: apiIdentity.title.optional(),
    category: apiIdentity.category.optional(),
    changelog: apiIdentity.changelog.optional(),
    /**
     * Several APIs in one site, each with its reference below `<base>/<id>/`, its mock below
     * `/api/mock/<id>/` and a catalog page at `base`. Each entry's options (sidebar, samples, versions,
     * try-it, schema pages) default to the ones given here. Without it the site shows the one
     * `description`, its reference at `base`.
     */
    apis: z.lazy(() => z.array(apiEntrySchema).min(1)).optional(),
    /**
     * The URL path of the reference's pages (`/reference` → `/reference/list-pets/`), starting with a
     * slash, without a trailing one. Default: `/reference`.
     */
    base: baseOption.default(DEFAULT_BASE),
    /**
     * The description file, relative to the project root (YAML or JSON; Swagger 2.0, OpenAPI 3.0, 3.1
     * or 3.2; may be split over files). `PETSTORE_SPEC` overrides it. Default: spec/openapi.yaml.
     */
    description: z.string().min(1).optional(),
    sidebar: z
      .object({
        /** Label of the reference's sidebar group. */
        label: z.string().trim().min(1).default(DEFAULT_SIDEBAR_LABEL),
        /**
         * Up to this many operations every page's sidebar lists every operation; above it only the
         * current tag lists its operations (pages of large descriptions stay small).
         */
        threshold: thresholdOption.default(FULL_SIDEBAR_LIMIT),
      })
      .strict()
      .default({ label: DEFAULT_SIDEBAR_LABEL, threshold: FULL_SIDEBAR_LIMIT }),
    /**
     * Up to this many component schemas every schema has a page of its own; above it only the schemas
     * some page shows collapsed (linked, not expanded) have one, and the others are shown in full where
     * they are used (a page per schema costs build time: most of a large description's build).
     */
    schemaPages: z.number().int().nonnegative().default(SCHEMA_PAGE_LIMIT),
    /**
     * Up to this many operations each operation page has an Open Graph card of its own (its summary,
     * method and path); above it an operation page's link preview shows its tag's card (the tag page's
     * title and description), drawn once for the tag: drawing a card per operation is most of a large
     * description's background work. 0: every operation page shows its tag's card.
     */
    operationCards: z.number().int().nonnegative().default(OPERATION_CARD_LIMIT),
    codeSamples: z
      .object({
        /**
         * The languages generated for an operation where `x-codeSamples` has none, in tab order: the
         * `target/client` ids `@scalar/snippetz` offers (`shell/curl`, `go/native`, `java/okhttp`…).
         * Hand-written samples always come first. Empty: hand-written samples only.
         */
        targets: sampleTargetsOption.default([...DEFAULT_SAMPLE_TARGETS]),
      })
      .strict()
      .default({ targets: [...DEFAULT_SAMPLE_TARGETS] }),
    versions: z
      .object({
        /**
         * Which released versions get a reference of their own besides the current one (the working
         * description, at `base`; each other version below `<base>/<version>/`). The releases are those
         * `npm run spec:release` recorded: the changelog file and the `released/<version>.yaml` files beside
         * it. `all`; `before-sunset` (the releases none of whose sunset dates has passed); `{ last: n }` (the
         * n newest versions, the current one included). `PETSTORE_VERSIONS` (`all`, `before-sunset`,
         * `last:<n>`) overrides it.
         */
        publish: PUBLISH_POLICY.default('all'),
      })
      .strict()
      .default({ publish: 'all' }),
    /**
     * The OpenAPI Overlay that translates the description's own text (summaries, descriptions, tag and
     * parameter texts) into a locale, by the locale's key (`fr`, `pt-br`), relative to the project root.
     * A locale without an entry uses `i18n/<locale>.overlay.yaml` beside the description when it exists.
     */
    overlays: z
      .record(
        z.string().regex(/^[a-z]{2,3}(?:-[a-z0-9]{2,8})*$/, 'expected a locale key such as fr or pt-br'),
        z.string().min(1),
      )
      .default({}),
    tryIt: z
      .object({
        /**
         * What the try-it client offers, first is the default: `mock` (the mock API on this site) and
         * `description` (the description's own servers). Empty: no try-it on any page.
         */
        targets: tryItTargetsOption.default(['mock', 'description']),
        /**
         * Where try-it keeps what a reader enters (credentials per security scheme, the server chosen):
         * `'session'` this tab (sessionStorage), `'local'` this browser until "Forget credentials"
         * (localStorage), `false` nowhere (credentials are never kept; the server choice lasts the tab).
         * One setting for the site: every API's try-it keeps its entries the same way.
         */
        persistAuth: z.union([z.enum(['session', 'local']), z.literal(false)]).default('session'),
      })
      .strict()
      .default({ targets: ['mock', 'description'], persistAuth: 'session' }),
  })
  .strict()
  .superRefine((options, ctx) => {
    if (!options.apis) return;
    for (const key of ['description', 'id', 'title', 'category', 'changelog'] as const) {
      if (options[key] !== undefined) {
        ctx.addIssue({
          code: 'custom',
          path: [key],
          message: `names one API's ${key}; with \`apis\`, each entry gives its own (apis.N.${key})`,
        });
      }
    }
    const seen = new Map<string, number>();
    options.apis.forEach((entry, i) => {
      const first = seen.get(entry.id);
      if (first === undefined) seen.set(entry.id, i);
      else
        ctx.addIssue({
          code: 'custom',
          path: ['apis', i, 'id'],
          message: `"${entry.id}" is also the id of apis.${first}`,
        });
    });
  });

/**
 * One API of a site that documents several (`apis` of {@link referenceOptionsSchema}): its id and
 * description, how the catalog presents it, and its own options where they differ from the site's
 * (each field as at the top level; what is not given comes from there).
 */
export const apiEntrySchema = z
  .object({
    ...apiIdentity,
    title: apiIdentity.title.optional(),
    category: apiIdentity.category.optional(),
    changelog: apiIdentity.changelog.optional(),
    /** The description file, relative to the project root (or to the `PETSTORE_APIS` file). */
    description: z.string().min(1),
    sidebar: z
      .object({ label: z.string().trim().min(1).optional(), threshold: thresholdOption.optional() })
      .strict()
      .optional(),
    schemaPages: z.number().int().nonnegative().optional(),
    operationCards: z.number().int().nonnegative().optional(),
    codeSamples: z.object({ targets: sampleTargetsOption.optional() }).strict().optional(),
    versions: z.object({ publish: PUBLISH_POLICY.optional() }).strict().optional(),
    tryIt: z.object({ targets: tryItTargetsOption.optional() }).strict().optional(),
  })
  .strict();

/** One entry of `apis` as written. */
export type ApiEntry = z.output<typeof apiEntrySchema>;

/** The options as written in astro.config.mjs (every field optional). */
export type ReferenceUserOptions = z.input<typeof referenceOptionsSchema>;
/** The options with their defaults filled in. */
export type ReferenceOptions = z.output<typeof referenceOptionsSchema>;

export const DEFAULT_OPTIONS: ReferenceOptions = referenceOptionsSchema.parse({});

/** Options that do not fit {@link referenceOptionsSchema}; the message names each wrong option. */
export class ReferenceOptionsError extends Error {
  override name = 'ReferenceOptionsError';
  /** One line per problem: `sidebar.threshold: …`. */
  readonly problems: readonly string[];
  constructor(problems: readonly string[]) {
    super(`Invalid options for the API reference (astro.config.mjs):\n${problems.map((p) => `  ${p}`).join('\n')}`);
    this.problems = problems;
  }
}

/**
 * Checks the options and fills in the defaults.
 * @throws {ReferenceOptionsError} naming every option that is wrong and why (`sidebar.threshold:
 *   expected an integer above 0, got -1`)
 */
export function parseReferenceOptions(input: unknown): ReferenceOptions {
  const result = referenceOptionsSchema.safeParse(input ?? {});
  if (result.success) return result.data;
  throw new ReferenceOptionsError(
    result.error.issues.flatMap((issue) => {
      const path = issue.path.map(String).join('.');
      if (issue.code === 'unrecognized_keys') {
        return issue.keys.map((k) => `${path ? `${path}.` : ''}${k}: unknown option`);
      }
      return [`${path || '(options)'}: ${issue.message}`];
    }),
  );
}
