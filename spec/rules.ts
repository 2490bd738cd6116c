// Our own rules for spec/openapi.yaml, beyond what OpenAPI validation checks: the requirements of
// ../shared/reference/petstore-api-spec.md (the "source document") and the design of spec/README.md.
// Pure: every rule takes the parsed document (with its `$ref`s unresolved) and returns problems;
// no I/O. `swagger-parser` validation is async and lives in the tests.

import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import { ERROR_STATUS } from './catalogue.ts';
import { formatDay, isCalendarDate } from './dates.ts';
import { listOperations } from './operations.ts';
import { escapePointerToken as esc, formatPointer, resolvePointer } from './pointer.ts';

export { isCalendarDate };

/** One rule violation: `path` is a JSON pointer into the document (`#/paths/~1pets/get`). */
export interface Problem {
  /** Name of the rule that found it (a key of {@link RULES}). */
  rule: string;
  /** JSON pointer of the offending node, e.g. `#/paths/~1pets~1{petId}/get/responses/200`. */
  path: string;
  message: string;
}

/** A rule: reads the document, returns what is wrong with it (empty when nothing is). */
export type Rule = (doc: Doc) => Problem[];

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type Obj = { [key: string]: Json };
/** The parsed OpenAPI document as plain data. */
export type Doc = Obj;

/** The navigation-group tags of the source document (section 1): no operation uses them. */
export const GROUP_TAGS: readonly string[] = ['Pets', 'Store'];
/** Allowed `x-stability` values (source document, sections 1 and 9). */
export const STABILITY_VALUES: readonly string[] = ['experimental', 'beta'];
/** The base URL the code samples use literally (spec/README.md, "Servers and authentication"). */
export const SAMPLE_BASE_URL = 'https://petstore.example.com/v1';
/** The three code samples every operation carries: lang → label. */
export const SAMPLE_LANGS: Readonly<Record<string, string>> = {
  curl: 'cURL',
  javascript: 'JavaScript',
  python: 'Python',
};

/** The error catalogue: code → HTTP status (spec/catalogue.ts). */
export const ERROR_CATALOGUE: Readonly<Record<string, number>> = ERROR_STATUS;

/** A field of a source shape: a primitive type (with format) or a reference to another schema. */
export type SourceField =
  | { type: 'string' | 'integer' | 'boolean'; format?: 'int64' | 'date-time'; description: string }
  | { ref: string; description: string };

/** A schema of the source document, section 2. */
export type SourceShape =
  | { kind: 'enum'; values: string[] }
  | { kind: 'array'; items: string; description?: string }
  | { kind: 'object'; extends?: string; required: string[]; fields: Record<string, SourceField> };

const ID = (description: string): SourceField => ({ type: 'integer', format: 'int64', description });
const NEW_PET_FIELDS: Record<string, SourceField> = {
  name: { type: 'string', description: "The animal's name." },
  categoryId: ID('ID of the category the animal belongs to.'),
  status: { ref: 'PetStatus', description: 'Status of the pet.' },
};
const NEW_CATEGORY_FIELDS: Record<string, SourceField> = {
  name: { type: 'string', description: 'The category name.' },
  description: { type: 'string', description: 'A short description of the category.' },
};

/**
 * The ten shapes of the source document (petstore-api-spec.md section 2), transcribed: names,
 * fields, types, formats, required lists and descriptions. `components.schemas` must match them.
 */
export const SOURCE_SHAPES: Readonly<Record<string, SourceShape>> = {
  PetStatus: { kind: 'enum', values: ['available', 'pending', 'sold'] },
  NewPet: { kind: 'object', required: ['name', 'categoryId'], fields: NEW_PET_FIELDS },
  Pet: {
    kind: 'object',
    extends: 'NewPet',
    required: ['name', 'categoryId', 'id'],
    fields: { ...NEW_PET_FIELDS, id: ID('Unique identifier assigned on creation.') },
  },
  Pets: { kind: 'array', items: 'Pet', description: 'An array of Pet objects.' },
  NewCategory: { kind: 'object', required: ['name'], fields: NEW_CATEGORY_FIELDS },
  Category: {
    kind: 'object',
    extends: 'NewCategory',
    required: ['name', 'id'],
    fields: { ...NEW_CATEGORY_FIELDS, id: ID('Unique identifier assigned on creation.') },
  },
  Order: {
    kind: 'object',
    required: [],
    fields: {
      id: ID('Unique order identifier.'),
      petId: ID('ID of the animal in this order.'),
      quantity: { type: 'integer', description: 'Number of units ordered.' },
      shipDate: { type: 'string', format: 'date-time', description: 'Expected or actual ship date, ISO 8601.' },
      complete: { type: 'boolean', description: 'Whether the order has been fulfilled.' },
    },
  },
  InventoryItem: {
    kind: 'object',
    required: ['petId', 'quantity', 'status'],
    fields: {
      petId: ID('ID of the animal this entry tracks.'),
      quantity: { type: 'integer', description: 'Current stock count.' },
      status: { ref: 'PetStatus', description: 'Status of the tracked pet.' },
    },
  },
  InventoryUpdate: {
    kind: 'object',
    required: ['quantity'],
    fields: { quantity: { type: 'integer', description: 'The new stock count.' } },
  },
  Error: {
    kind: 'object',
    required: ['code', 'message', 'status'],
    fields: {
      code: { type: 'string', description: 'Machine-readable error code.' },
      message: { type: 'string', description: 'Human-readable description of the error.' },
      status: { type: 'integer', description: 'The HTTP status code.' },
    },
  },
};

const ERROR_REF = '#/components/schemas/Error';

// ---------------------------------------------------------------------------------------------
// Helpers

function isObj(v: unknown): v is Obj {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
function obj(v: unknown): Obj {
  return isObj(v) ? v : {};
}
function arr(v: unknown): Json[] {
  return Array.isArray(v) ? v : [];
}
function str(v: unknown): string | undefined {
  return typeof v === 'string' ? v : undefined;
}
function ptr(...tokens: (string | number)[]): string {
  return formatPointer(tokens, { fragment: true });
}

/** Follows a local `$ref` (`#/...`); undefined when it points nowhere. */
function deref(doc: Doc, ref: string): Json | undefined {
  if (!ref.startsWith('#/')) return undefined;
  try {
    return resolvePointer(doc, ref) as Json | undefined;
  } catch {
    return undefined; // not valid percent-encoding: points nowhere
  }
}

/** A node with its `$ref` chain followed, and the pointer it now lives at. */
function resolve(doc: Doc, node: Json | undefined, at: string): { node: Json | undefined; at: string } {
  let current = node;
  let where = at;
  for (let hops = 0; hops < 20 && isObj(current) && typeof current.$ref === 'string'; hops++) {
    where = current.$ref;
    current = deref(doc, current.$ref);
  }
  return { node: current, at: where };
}

/** One operation of the document. */
export interface Operation {
  path: string;
  method: string;
  /** JSON pointer of the operation object. */
  at: string;
  op: Obj;
  /** Path-level and operation-level parameters, `$ref`s resolved. */
  parameters: Obj[];
}

/** Lists the operations of the document in document order. */
export function operations(doc: Doc): Operation[] {
  return listOperations(doc).map(({ path, method, operation, pathItem }) => ({
    path,
    method,
    at: ptr('paths', path, method),
    op: operation as Obj,
    parameters: [...arr(pathItem.parameters), ...arr(operation.parameters)]
      .map((p) => resolve(doc, p, '').node)
      .filter(isObj),
  }));
}

function problem(rule: string, path: string, message: string): Problem {
  return { rule, path, message };
}
function label(o: Operation): string {
  return `${o.method.toUpperCase()} ${o.path}`;
}

// ---------------------------------------------------------------------------------------------
// Rules

/** openapi 3.0.3, title, version, and a `{base_url}` server with a default (source sections 1, 9). */
export const documentBasics: Rule = (doc) => {
  const out: Problem[] = [];
  const rule = 'documentBasics';
  if (doc.openapi !== '3.0.3') out.push(problem(rule, '#/openapi', `must be 3.0.3, is ${JSON.stringify(doc.openapi)}`));
  const info = obj(doc.info);
  if (info.title !== 'Petstore API') out.push(problem(rule, '#/info/title', 'must be "Petstore API"'));
  if (info.version !== '1.0.0') out.push(problem(rule, '#/info/version', 'must be "1.0.0"'));
  if (!str(info.description)?.trim()) out.push(problem(rule, '#/info/description', 'the API needs a description'));
  const server = obj(arr(doc.servers)[0]);
  if (server.url !== '{base_url}') out.push(problem(rule, '#/servers/0/url', 'must be "{base_url}"'));
  const base = obj(obj(server.variables).base_url);
  if (!str(base.default)) out.push(problem(rule, '#/servers/0/variables/base_url', 'needs a default'));
  else if (base.default !== SAMPLE_BASE_URL) {
    out.push(
      problem(rule, '#/servers/0/variables/base_url/default', `must be ${SAMPLE_BASE_URL} (the samples use it)`),
    );
  }
  return out;
};

/** Every operation has an operationId, and no two share one. */
export const uniqueOperationIds: Rule = (doc) => {
  const out: Problem[] = [];
  const seen = new Map<string, string>();
  for (const o of operations(doc)) {
    const id = str(o.op.operationId);
    if (!id) {
      out.push(problem('uniqueOperationIds', o.at, `${label(o)} has no operationId`));
      continue;
    }
    const first = seen.get(id);
    if (first)
      out.push(problem('uniqueOperationIds', `${o.at}/operationId`, `operationId ${id} is also used by ${first}`));
    else seen.set(id, label(o));
  }
  return out;
};

/** Every operation has a non-empty summary and description, and at least one 2xx response. */
export const operationDocs: Rule = (doc) => {
  const out: Problem[] = [];
  for (const o of operations(doc)) {
    for (const key of ['summary', 'description']) {
      if (!str(o.op[key])?.trim()) out.push(problem('operationDocs', `${o.at}/${key}`, `${label(o)} has no ${key}`));
    }
    if (!Object.keys(obj(o.op.responses)).some((s) => /^2\d\d$/.test(s))) {
      out.push(problem('operationDocs', `${o.at}/responses`, `${label(o)} has no success (2xx) response`));
    }
  }
  return out;
};

/**
 * The tag hierarchy (source section 1): `Pets` and `Store` are groups without a parent and without
 * operations; every other tag names one of them in `x-parent`, sits in exactly that group of
 * `x-tagGroups`, and every operation has exactly one such child tag.
 */
export const tagHierarchy: Rule = (doc) => {
  const out: Problem[] = [];
  const rule = 'tagHierarchy';
  const parents = new Map<string, string | undefined>();
  arr(doc.tags).forEach((t, i) => {
    const tag = obj(t);
    const name = str(tag.name);
    if (!name) return;
    if (!str(tag.description)?.trim()) out.push(problem(rule, ptr('tags', i), `tag ${name} has no description`));
    const parent = str(tag['x-parent']);
    parents.set(name, parent);
    if (GROUP_TAGS.includes(name)) {
      if (parent !== undefined)
        out.push(problem(rule, ptr('tags', i, 'x-parent'), `group tag ${name} must not have x-parent`));
    } else if (!parent || !GROUP_TAGS.includes(parent)) {
      out.push(problem(rule, ptr('tags', i), `tag ${name} needs x-parent, one of ${GROUP_TAGS.join(', ')}`));
    }
  });
  for (const group of GROUP_TAGS) {
    if (!parents.has(group)) out.push(problem(rule, '#/tags', `group tag ${group} is not declared`));
  }

  const groupOf = new Map<string, string>();
  const groupNames: string[] = [];
  arr(doc['x-tagGroups']).forEach((g, i) => {
    const group = obj(g);
    const name = str(group.name) ?? '';
    groupNames.push(name);
    if (!GROUP_TAGS.includes(name)) {
      out.push(problem(rule, ptr('x-tagGroups', i, 'name'), `x-tagGroups has ${name}, not a group tag`));
    }
    arr(group.tags).forEach((t, j) => {
      const tag = str(t) ?? '';
      const at = ptr('x-tagGroups', i, 'tags', j);
      if (groupOf.has(tag)) out.push(problem(rule, at, `tag ${tag} is in two groups`));
      groupOf.set(tag, name);
      if (!parents.has(tag)) out.push(problem(rule, at, `x-tagGroups lists ${tag}, which is not declared in tags`));
      else if (parents.get(tag) !== name) {
        out.push(problem(rule, at, `tag ${tag} is in group ${name} but its x-parent is ${parents.get(tag)}`));
      }
    });
  });
  for (const group of GROUP_TAGS) {
    if (!groupNames.includes(group)) out.push(problem(rule, '#/x-tagGroups', `x-tagGroups has no group ${group}`));
  }
  for (const [tag, parent] of parents) {
    if (parent !== undefined && !groupOf.has(tag)) {
      out.push(problem(rule, '#/x-tagGroups', `tag ${tag} (x-parent ${parent}) is in no x-tagGroups group`));
    }
  }

  for (const o of operations(doc)) {
    const tags = arr(o.op.tags).map((t) => str(t) ?? '');
    if (tags.length !== 1) {
      out.push(problem(rule, `${o.at}/tags`, `${label(o)} must have exactly one tag, has ${tags.length}`));
    }
    tags.forEach((tag, i) => {
      const at = ptr('paths', o.path, o.method, 'tags', i);
      if (GROUP_TAGS.includes(tag)) out.push(problem(rule, at, `${label(o)} uses group tag ${tag} directly`));
      else if (!parents.has(tag)) out.push(problem(rule, at, `${label(o)} uses undeclared tag ${tag}`));
    });
  }
  return out;
};

/** Every operation has exactly the three samples cURL, JavaScript, Python, each calling that operation. */
export const codeSamples: Rule = (doc) => {
  const out: Problem[] = [];
  const rule = 'codeSamples';
  let validate: ExampleValidator | undefined;
  for (const o of operations(doc)) {
    const samples = arr(o.op['x-codeSamples']);
    const at = `${o.at}/x-codeSamples`;
    const langs = samples.map((s) => str(obj(s).lang) ?? '');
    const expected = Object.keys(SAMPLE_LANGS);
    if (samples.length !== 3 || expected.some((l) => !langs.includes(l))) {
      out.push(
        problem(rule, at, `${label(o)} needs exactly 3 samples (${expected.join(', ')}), has [${langs.join(', ')}]`),
      );
    }
    // `/pets/{petId}` → `https://petstore.example.com/v1/pets/<digits>` then the end, `?`, a quote or space.
    const urlPattern = new RegExp(
      `${escapeRegExp(SAMPLE_BASE_URL + o.path).replace(/\\\{[^}]+\\\}/g, '[0-9]+')}(?=[?"'\\s\`]|$)`,
    );
    const method = o.method.toUpperCase();
    samples.forEach((s, i) => {
      const sample = obj(s);
      const lang = str(sample.lang) ?? '';
      const source = str(sample.source) ?? '';
      const where = `${at}/${i}`;
      if (SAMPLE_LANGS[lang] === undefined) return;
      if (sample.label !== SAMPLE_LANGS[lang]) {
        out.push(problem(rule, `${where}/label`, `${lang} sample must be labelled ${SAMPLE_LANGS[lang]}`));
      }
      if (!source.trim()) {
        out.push(problem(rule, `${where}/source`, `${label(o)} ${lang} sample is empty`));
        return;
      }
      if (!urlPattern.test(source)) {
        out.push(problem(rule, `${where}/source`, `${lang} sample does not call ${SAMPLE_BASE_URL}${o.path}`));
      }
      const needs: [boolean, string][] = [];
      if (lang === 'curl') {
        needs.push(
          [source.includes('--fail-with-body'), 'curl needs --fail-with-body (non-zero exit on errors)'],
          [source.includes('-H "Authorization: Bearer $PETSTORE_TOKEN"'), 'curl must send the $PETSTORE_TOKEN bearer'],
          [
            method === 'GET' ? !/\s-X\s/.test(source) : source.includes(`-X ${method}`),
            method === 'GET' ? 'a GET sample must not pass -X' : `curl needs -X ${method}`,
          ],
        );
      } else if (lang === 'javascript') {
        needs.push(
          [source.includes('process.env.PETSTORE_TOKEN'), 'JavaScript must read process.env.PETSTORE_TOKEN'],
          [/if \(!res\.ok\) throw/.test(source), 'JavaScript must throw on a non-2xx (if (!res.ok) throw ...)'],
          [
            method === 'GET' ? !/method:/.test(source) : source.includes(`method: '${method}'`),
            method === 'GET' ? 'a GET sample must not set method' : `JavaScript needs method: '${method}'`,
          ],
        );
      } else {
        needs.push(
          [source.includes('os.environ["PETSTORE_TOKEN"]'), 'Python must read os.environ["PETSTORE_TOKEN"]'],
          [source.includes('resp.raise_for_status()'), 'Python must call resp.raise_for_status()'],
          [source.includes(`requests.${o.method}(`), `Python needs requests.${o.method}(...)`],
        );
      }
      for (const [ok, message] of needs) if (!ok) out.push(problem(rule, `${where}/source`, `${label(o)}: ${message}`));
    });
    // The cURL body is JSON we can check against the request schema.
    const curl = str(obj(samples.find((s) => obj(s).lang === 'curl')).source) ?? '';
    const body = /-d '([^']*)'/.exec(curl)?.[1];
    const media = obj(obj(obj(resolve(doc, o.op.requestBody, '').node).content)['application/json']);
    if (isObj(media.schema)) {
      if (!curl.includes('-H "Content-Type: application/json"') || body === undefined) {
        out.push(
          problem(rule, at, `${label(o)}: the cURL sample needs -H "Content-Type: application/json" and -d '{...}'`),
        );
      } else {
        let value: unknown;
        try {
          value = JSON.parse(body);
        } catch {
          out.push(problem(rule, at, `${label(o)}: the cURL body is not JSON: ${body}`));
        }
        if (value !== undefined) {
          const schemaAt = `${resolve(doc, o.op.requestBody, `${o.at}/requestBody`).at}/content/application~1json/schema`;
          validate ??= new ExampleValidator(doc);
          const error = validate.check(schemaAt, value);
          if (error)
            out.push(problem(rule, at, `${label(o)}: the cURL body does not match the request schema: ${error}`));
        }
      }
    } else if (/\s-d\s/.test(curl)) {
      out.push(problem(rule, at, `${label(o)} takes no body, but the cURL sample sends one`));
    }
  }
  return out;
};

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
}

/**
 * Compiles (and caches, per instance) validators for the schemas of one document, addressed by
 * their JSON pointer. Build a new one per rule run: ajv keeps a reference to the document.
 */
class ExampleValidator {
  readonly #ajv: Ajv;
  readonly #cache = new Map<string, ReturnType<Ajv['compile']>>();
  constructor(doc: Doc) {
    // OpenAPI 3.0 schemas are a JSON Schema draft 4/7 dialect: unknown keywords (`example`,
    // `nullable`, `x-*`) are ignored (strict: false). `$ref`s resolve inside the document.
    this.#ajv = new Ajv({ strict: false, allErrors: true, validateSchema: false });
    addFormats(this.#ajv);
    this.#ajv.addSchema(doc as object, 'openapi.json');
  }
  /** Validates `value` against the schema at pointer `at`; returns the errors as text, or undefined. */
  check(at: string, value: unknown): string | undefined {
    let validate = this.#cache.get(at);
    if (!validate) {
      try {
        validate = this.#ajv.compile({ $ref: `openapi.json${at}` });
      } catch (err) {
        return `cannot compile the schema at ${at}: ${(err as Error).message}`;
      }
      this.#cache.set(at, validate);
    }
    if (validate(value)) return undefined;
    return (validate.errors ?? []).map((e) => `${e.instancePath || '(root)'} ${e.message ?? 'is invalid'}`).join('; ');
  }
}

/**
 * Every example is valid against its schema: media-type, parameter and header `example` /
 * `examples` (including `$ref`'d example objects) and schema-level `example`s.
 */
export const examplesValid: Rule = (doc) => {
  const out: Problem[] = [];
  const v = new ExampleValidator(doc);
  const check = (schemaAt: string, exampleAt: string, value: Json | undefined) => {
    const error = v.check(schemaAt, value);
    if (error) out.push(problem('examplesValid', exampleAt, `example does not match its schema: ${error}`));
  };
  // Schemas nest: walk them to find schema-level examples.
  const walkSchema = (node: Json | undefined, at: string) => {
    if (!isObj(node) || typeof node.$ref === 'string') return;
    if ('example' in node) check(at, `${at}/example`, node.example);
    for (const key of ['allOf', 'oneOf', 'anyOf'])
      arr(node[key]).forEach((s, i) => {
        walkSchema(s, `${at}/${key}/${i}`);
      });
    for (const key of ['items', 'not', 'additionalProperties']) walkSchema(node[key], `${at}/${key}`);
    for (const [name, s] of Object.entries(obj(node.properties))) walkSchema(s, `${at}/properties/${esc(name)}`);
  };
  // Everything else: any object with a `schema` (media type, parameter, header).
  const walk = (node: Json | undefined, at: string) => {
    if (Array.isArray(node)) {
      node.forEach((n, i) => {
        walk(n, `${at}/${i}`);
      });
      return;
    }
    if (!isObj(node)) return;
    if ('schema' in node && isObj(node.schema)) {
      const schemaAt = `${at}/schema`;
      if ('example' in node) check(schemaAt, `${at}/example`, node.example);
      for (const [name, ex] of Object.entries(obj(node.examples))) {
        const r = resolve(doc, ex, `${at}/examples/${esc(name)}`);
        const example = obj(r.node);
        if (!('value' in example)) {
          if (!('externalValue' in example)) out.push(problem('examplesValid', r.at, 'example has no value'));
          continue;
        }
        check(schemaAt, r.at, example.value);
      }
      walkSchema(node.schema, schemaAt);
    }
    for (const [key, child] of Object.entries(node)) {
      if (key === 'schema' || key === 'example' || key === 'examples' || key.startsWith('x-')) continue;
      if (at === '#/components' && key === 'schemas') continue;
      walk(child, `${at}/${esc(key)}`);
    }
  };
  walk(doc.paths, '#/paths');
  walk(doc.components, '#/components');
  for (const [name, s] of Object.entries(obj(obj(doc.components).schemas))) {
    walkSchema(s, ptr('components', 'schemas', name));
  }
  return out;
};

/** `x-stability` is `experimental` or `beta` wherever it appears. */
export const stabilityValues: Rule = (doc) => {
  const out: Problem[] = [];
  for (const o of operations(doc)) {
    const value = o.op['x-stability'];
    if (value !== undefined && !STABILITY_VALUES.includes(String(value))) {
      out.push(
        problem(
          'stabilityValues',
          `${o.at}/x-stability`,
          `${label(o)}: x-stability ${JSON.stringify(value)} is not one of ${STABILITY_VALUES.join(', ')}`,
        ),
      );
    }
  }
  return out;
};

/**
 * Deprecated operations (source section 9; RFC 9745, RFC 8594): a real ISO date in
 * `x-deprecated-sunset` (after `x-deprecated-since` when given), a description naming the date
 * and a successor operation, and `Deprecation`, `Sunset` and `Link` headers on the success response whose
 * examples agree with those dates; `x-successor.operationId` (read by the mock), when given, names
 * a live operation. `x-deprecated-*` only on deprecated operations.
 */
export const deprecation: Rule = (doc) => {
  const out: Problem[] = [];
  const rule = 'deprecation';
  const all = operations(doc);
  for (const o of all) {
    const sunset = o.op['x-deprecated-sunset'];
    const since = o.op['x-deprecated-since'];
    if (o.op.deprecated !== true) {
      if (sunset !== undefined || since !== undefined) {
        out.push(problem(rule, o.at, `${label(o)} has x-deprecated-* but is not deprecated: true`));
      }
      continue;
    }
    if (!isCalendarDate(sunset)) {
      out.push(
        problem(
          rule,
          `${o.at}/x-deprecated-sunset`,
          `${label(o)}: x-deprecated-sunset ${JSON.stringify(sunset)} is not an ISO date (YYYY-MM-DD)`,
        ),
      );
      continue;
    }
    if (since !== undefined && (!isCalendarDate(since) || since >= sunset)) {
      out.push(
        problem(
          rule,
          `${o.at}/x-deprecated-since`,
          `${label(o)}: x-deprecated-since must be an ISO date before the sunset`,
        ),
      );
    }
    const description = str(o.op.description) ?? '';
    if (!description.includes(formatDay(sunset)) && !description.includes(sunset)) {
      out.push(
        problem(
          rule,
          `${o.at}/description`,
          `${label(o)}: the description must name the sunset date (${formatDay(sunset)})`,
        ),
      );
    }
    const successors = all.filter((x) => x !== o && x.op.deprecated !== true);
    const named = successors.some(
      (x) =>
        description.includes(str(x.op.operationId) ?? '\u0000') ||
        description.includes(`${x.method.toUpperCase()} ${x.path}`),
    );
    if (!named)
      out.push(
        problem(rule, `${o.at}/description`, `${label(o)}: the description must name the operation that replaces it`),
      );
    const successor = o.op['x-successor'];
    if (successor !== undefined) {
      const id = str(obj(successor).operationId);
      if (!successors.some((x) => x.op.operationId === id)) {
        out.push(
          problem(
            rule,
            `${o.at}/x-successor`,
            `${label(o)}: x-successor.operationId ${JSON.stringify(id)} names no operation that is not deprecated`,
          ),
        );
      }
    }

    const success = Object.entries(obj(o.op.responses)).find(([s]) => /^2\d\d$/.test(s));
    if (!success) continue;
    const headers = obj(obj(resolve(doc, success[1], '').node).headers);
    const header = (name: string) => {
      const key = Object.keys(headers).find((k) => k.toLowerCase() === name.toLowerCase());
      return key === undefined ? undefined : obj(resolve(doc, headers[key], '').node);
    };
    const at = `${o.at}/responses/${success[0]}/headers`;
    const dep = header('Deprecation');
    const sun = header('Sunset');
    if (!dep)
      out.push(problem(rule, at, `${label(o)}: the ${success[0]} response needs a Deprecation header (RFC 9745)`));
    if (!sun) out.push(problem(rule, at, `${label(o)}: the ${success[0]} response needs a Sunset header (RFC 8594)`));
    if (!header('Link')) {
      out.push(
        problem(
          rule,
          at,
          `${label(o)}: the ${success[0]} response needs a Link header (deprecation policy, successor)`,
        ),
      );
    }
    if (sun && typeof sun.example === 'string') {
      const t = Date.parse(sun.example);
      if (Number.isNaN(t) || new Date(t).toISOString().slice(0, 10) !== sunset) {
        out.push(problem(rule, `${at}/Sunset`, `${label(o)}: the Sunset example ${sun.example} is not on ${sunset}`));
      }
    }
    if (dep && typeof dep.example === 'string' && isCalendarDate(since)) {
      if (dep.example !== `@${Date.parse(`${since}T00:00:00Z`) / 1000}`) {
        out.push(
          problem(
            rule,
            `${at}/Deprecation`,
            `${label(o)}: the Deprecation example ${dep.example} is not @<${since} as Unix time>`,
          ),
        );
      }
    }
  }
  return out;
};

/**
 * Error responses (source section 7; spec/README.md "Errors: the catalogue"): every 4xx/5xx uses
 * the `Error` schema as JSON; its examples carry a catalogue code of that status; every operation
 * documents 401, 429 and 500, 400 when it takes parameters or a body, 404 when a path identifies a
 * record, 413 and 415 when it takes a body; the API description lists every code.
 */
export const errorResponses: Rule = (doc) => {
  const out: Problem[] = [];
  const rule = 'errorResponses';
  for (const o of operations(doc)) {
    const responses = obj(o.op.responses);
    for (const [status, raw] of Object.entries(responses)) {
      if (!/^[45]\d\d$/.test(status)) continue;
      const at = `${o.at}/responses/${status}`;
      const r = resolve(doc, raw, at);
      const media = obj(obj(obj(r.node).content)['application/json']);
      const schema = obj(media.schema);
      if (schema.$ref !== ERROR_REF) {
        out.push(
          problem(rule, r.at, `${label(o)} ${status}: the body must be application/json with $ref ${ERROR_REF}`),
        );
        continue;
      }
      const examples: [string, Json | undefined][] = [];
      if ('example' in media) examples.push([`${r.at}/content/application~1json/example`, media.example]);
      for (const [name, ex] of Object.entries(obj(media.examples))) {
        const e = resolve(doc, ex, `${r.at}/content/application~1json/examples/${esc(name)}`);
        examples.push([e.at, obj(e.node).value]);
      }
      if (examples.length === 0) out.push(problem(rule, r.at, `${label(o)} ${status}: add an example`));
      for (const [exAt, value] of examples) {
        const e = obj(value);
        const code = str(e.code) ?? '';
        if (e.status !== Number(status)) {
          out.push(problem(rule, exAt, `${label(o)} ${status}: the example's status is ${JSON.stringify(e.status)}`));
        }
        if (ERROR_CATALOGUE[code] !== Number(status)) {
          out.push(problem(rule, exAt, `${label(o)} ${status}: code ${code} is not a catalogue code for ${status}`));
        }
      }
    }
    const needed = ['401', '429', '500'];
    const hasBody = o.op.requestBody !== undefined;
    if (o.parameters.length > 0 || hasBody) needed.push('400');
    if (o.parameters.some((p) => p.in === 'path')) needed.push('404');
    if (hasBody) needed.push('413', '415');
    for (const status of needed) {
      if (!(status in responses))
        out.push(problem(rule, `${o.at}/responses`, `${label(o)} can answer ${status} but does not document it`));
    }
  }
  const description = str(obj(doc.info).description) ?? '';
  for (const code of Object.keys(ERROR_CATALOGUE)) {
    if (!description.includes(`\`${code}\``)) {
      out.push(problem(rule, '#/info/description', `the API description does not list the error code ${code}`));
    }
  }
  return out;
};

/** Merges an object schema with its `allOf` parts: all properties and required names. */
function flatten(doc: Doc, schema: Json | undefined): { properties: Obj; required: Set<string>; type?: string } {
  const s = obj(resolve(doc, schema, '').node);
  const properties: Obj = { ...obj(s.properties) };
  const required = new Set(arr(s.required).map(String));
  let type = str(s.type);
  for (const part of arr(s.allOf)) {
    const f = flatten(doc, part);
    Object.assign(properties, f.properties);
    for (const r of f.required) required.add(r);
    type ??= f.type;
  }
  return { properties, required, ...(type ? { type } : {}) };
}

/** The schema a property refers to, through `$ref` or a one-element `allOf: [$ref]`. */
function refTarget(prop: Obj): string | undefined {
  if (typeof prop.$ref === 'string') return prop.$ref;
  const parts = arr(prop.allOf);
  if (parts.length === 1) return str(obj(parts[0]).$ref);
  return undefined;
}

/** `components.schemas` holds exactly the ten source shapes, field for field (source section 2). */
export const componentSchemas: Rule = (doc) => {
  const out: Problem[] = [];
  const rule = 'componentSchemas';
  const schemas = obj(obj(doc.components).schemas);
  for (const name of Object.keys(schemas)) {
    if (!(name in SOURCE_SHAPES))
      out.push(problem(rule, ptr('components', 'schemas', name), `${name} is not a shape of the source document`));
  }
  for (const [name, shape] of Object.entries(SOURCE_SHAPES)) {
    const at = ptr('components', 'schemas', name);
    const schema = schemas[name];
    if (!isObj(schema)) {
      out.push(problem(rule, at, `${name} is missing`));
      continue;
    }
    if (shape.kind === 'enum') {
      if (schema.type !== 'string' || JSON.stringify(schema.enum) !== JSON.stringify(shape.values)) {
        out.push(problem(rule, at, `${name} must be a string enum of ${shape.values.join(', ')}`));
      }
      continue;
    }
    if (shape.kind === 'array') {
      if (schema.type !== 'array' || obj(schema.items).$ref !== `#/components/schemas/${shape.items}`) {
        out.push(problem(rule, at, `${name} must be an array of ${shape.items}`));
      }
      if (shape.description !== undefined && schema.description !== shape.description) {
        out.push(problem(rule, `${at}/description`, `${name} description must be "${shape.description}"`));
      }
      continue;
    }
    if (shape.extends !== undefined && obj(arr(schema.allOf)[0]).$ref !== `#/components/schemas/${shape.extends}`) {
      out.push(problem(rule, at, `${name} must be allOf [${shape.extends}, {id}]`));
    }
    const flat = flatten(doc, schema);
    if (flat.type !== 'object') out.push(problem(rule, at, `${name} must be type: object`));
    const want = Object.keys(shape.fields).sort();
    const have = Object.keys(flat.properties).sort();
    if (JSON.stringify(want) !== JSON.stringify(have)) {
      out.push(problem(rule, at, `${name} fields must be [${want.join(', ')}], are [${have.join(', ')}]`));
    }
    const required = [...flat.required].sort();
    if (JSON.stringify(required) !== JSON.stringify([...shape.required].sort())) {
      out.push(
        problem(rule, at, `${name} required must be [${shape.required.join(', ')}], is [${required.join(', ')}]`),
      );
    }
    for (const [field, expect] of Object.entries(shape.fields)) {
      const prop = flat.properties[field];
      if (!isObj(prop)) continue;
      const fat = `${at}/…/properties/${field}`;
      if (prop.description !== expect.description) {
        out.push(
          problem(
            rule,
            fat,
            `${name}.${field} description must be "${expect.description}", is ${JSON.stringify(prop.description)}`,
          ),
        );
      }
      if ('ref' in expect) {
        if (refTarget(prop) !== `#/components/schemas/${expect.ref}`) {
          out.push(problem(rule, fat, `${name}.${field} must refer to ${expect.ref}`));
        }
        continue;
      }
      if (prop.type !== expect.type)
        out.push(problem(rule, fat, `${name}.${field} must be type ${expect.type}, is ${JSON.stringify(prop.type)}`));
      if (prop.format !== expect.format) {
        out.push(
          problem(
            rule,
            fat,
            `${name}.${field} format must be ${expect.format ?? '(none)'}, is ${JSON.stringify(prop.format)}`,
          ),
        );
      }
    }
  }
  return out;
};

/**
 * The two operations the source document names (section 4): `GET /pets/{petId}` exists and is
 * deprecated; `GET /store/orders` exists under a Store tag and has `x-hideTryItPanel: true`,
 * which no other operation has.
 */
export const namedOperations: Rule = (doc) => {
  const out: Problem[] = [];
  const rule = 'namedOperations';
  const all = operations(doc);
  const find = (method: string, path: string) => all.find((o) => o.method === method && o.path === path);
  const getPet = find('get', '/pets/{petId}');
  if (!getPet) out.push(problem(rule, '#/paths', 'GET /pets/{petId} is missing'));
  else if (getPet.op.deprecated !== true)
    out.push(problem(rule, `${getPet.at}/deprecated`, 'GET /pets/{petId} must be deprecated'));
  const orders = find('get', '/store/orders');
  if (!orders) out.push(problem(rule, '#/paths', 'GET /store/orders is missing'));
  else {
    const tag = str(arr(orders.op.tags)[0]);
    const parent = arr(doc.tags)
      .map(obj)
      .find((t) => t.name === tag)?.['x-parent'];
    if (parent !== 'Store')
      out.push(problem(rule, `${orders.at}/tags`, 'GET /store/orders must be tagged into the Store group'));
  }
  for (const o of all) {
    const value = o.op['x-hideTryItPanel'];
    if (o === orders) {
      if (value !== true)
        out.push(problem(rule, `${o.at}/x-hideTryItPanel`, 'GET /store/orders needs x-hideTryItPanel: true'));
    } else if (value !== undefined) {
      out.push(
        problem(
          rule,
          `${o.at}/x-hideTryItPanel`,
          `${label(o)} must not set x-hideTryItPanel (only GET /store/orders does)`,
        ),
      );
    }
  }
  return out;
};

/** All rules by name. */
export const RULES: Readonly<Record<string, Rule>> = {
  documentBasics,
  uniqueOperationIds,
  operationDocs,
  tagHierarchy,
  codeSamples,
  examplesValid,
  stabilityValues,
  deprecation,
  errorResponses,
  componentSchemas,
  namedOperations,
};

/**
 * Runs every rule of {@link RULES} on the parsed document (`$ref`s unresolved; pass a parsed
 * copy, the rules do not modify it).
 * @returns the problems found, empty when the document follows all rules
 */
export function lintSpec(doc: Doc): Problem[] {
  return Object.values(RULES).flatMap((rule) => rule(doc));
}
