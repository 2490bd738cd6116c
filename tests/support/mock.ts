// Helpers shared by the mock tests: the spec, a mock instance, requests, and ajv validation of
// responses against the spec (dereferenced with swagger-parser).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import SwaggerParser from '@apidevtools/swagger-parser';
import { Ajv, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { OpenAPIV3 } from 'openapi-types';
import { listOperations } from '../../descriptions/operations.ts';
import { bundleMock } from '../../site/mock/hosts/bundle.ts';
import { MOCK_BASE } from '../../site/mock/hosts/mount.ts';
import { createMock, type Mock, type MockOptions } from '../../site/mock/index.ts';
import { SPEC_PATH, writtenSpec } from './spec.ts';

/** The spec under test (`MOCK_SPEC` overrides the path, for trying a draft). */
export function testSpec(): OpenAPIV3.Document {
  return writtenSpec(process.env.MOCK_SPEC ?? SPEC_PATH);
}

/** A token the mock accepts (any non-empty bearer token). */
export const AUTH = { authorization: 'Bearer test-token' };

/**
 * The mock mounted like the site mounts it, without the rate limit (these tests send thousands of
 * requests with one token; the rate limit has its own tests in tests/unit/mock/).
 */
export async function mountedMock(options: MockOptions = {}): Promise<Mock> {
  const all: MockOptions = { basePath: MOCK_BASE, onError: () => {}, rateLimit: false, ...options };
  if (process.env.MOCK_CORE === 'bundled') return (await bundledMock())(all);
  return createMock(testSpec(), all);
}

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

let bundled: Promise<(options: MockOptions) => Mock> | undefined;

/**
 * The mock as the in-browser and edge builds run it: site/mock/hosts/edge.ts bundled by esbuild with the
 * definition precompiled from the spec (Ajv standalone validators, no schema compiler), written to
 * a temporary folder and imported once per process. `MOCK_CORE=bundled` makes {@link mountedMock}
 * use it.
 */
export function bundledMock(): Promise<(options: MockOptions) => Mock> {
  bundled ??= (async () => {
    const dir = mkdtempSync(join(tmpdir(), 'petstore-mock-'));
    const outfile = join(dir, 'edge.mjs');
    await bundleMock(testSpec(), {
      entry: join(ROOT, 'site/mock/hosts/edge.ts'),
      outfile,
      format: 'esm',
      minify: false,
    });
    const mod = (await import(pathToFileURL(outfile).href)) as { createEdgeMock: (options: MockOptions) => Mock };
    rmSync(dir, { recursive: true, force: true });
    return mod.createEdgeMock;
  })();
  return bundled;
}

/** A request to the mock core: `path` below {@link MOCK_BASE}, JSON body with content type unless given. */
export function req(
  method: string,
  path: string,
  init: { body?: string | ReadableStream<Uint8Array>; headers?: Record<string, string>; auth?: boolean } = {},
): Request {
  const headers: Record<string, string> = { ...(init.auth === false ? {} : AUTH), ...init.headers };
  if (typeof init.body === 'string' && !Object.keys(headers).some((h) => h.toLowerCase() === 'content-type')) {
    headers['content-type'] = 'application/json';
  }
  return new Request(`http://127.0.0.1${MOCK_BASE}${path}`, {
    method,
    headers,
    body: init.body,
    ...(init.body instanceof ReadableStream ? { duplex: 'half' } : {}),
  } as RequestInit);
}

/** An operation of the spec with its method and path. */
export interface SpecOperation {
  method: string;
  path: string;
  op: OpenAPIV3.OperationObject;
}

/** Every operation of a dereferenced document, with the path-level parameters merged in. */
export function operationsOf(doc: OpenAPIV3.Document): SpecOperation[] {
  return listOperations(doc).map(({ method, path, operation, pathItem }) => {
    const op = operation as OpenAPIV3.OperationObject;
    // Path-level parameters apply to every operation of the path (OpenAPI 3.0, Path Item Object).
    const parameters = [...((pathItem as OpenAPIV3.PathItemObject).parameters ?? []), ...(op.parameters ?? [])];
    return { method: method.toUpperCase(), path, op: { ...op, parameters } };
  });
}

/** Validates responses against a dereferenced spec with ajv. */
export class ResponseChecker {
  readonly doc: OpenAPIV3.Document;
  private ajv: Ajv;
  private cache = new Map<object, ValidateFunction>();

  private constructor(doc: OpenAPIV3.Document) {
    this.doc = doc;
    this.ajv = new Ajv({ strict: false, allErrors: true });
    addFormats(this.ajv);
    this.ajv.addFormat('int64', { type: 'number', validate: (v: number) => Number.isInteger(v) });
    this.ajv.addFormat('int32', {
      type: 'number',
      validate: (v: number) => Number.isInteger(v) && Math.abs(v) < 2 ** 31,
    });
  }

  /** Loads and dereferences the spec under test. */
  static async create(): Promise<ResponseChecker> {
    const doc = (await SwaggerParser.dereference(structuredClone(testSpec()) as never)) as OpenAPIV3.Document;
    return new ResponseChecker(doc);
  }

  private validator(schema: object): ValidateFunction {
    let v = this.cache.get(schema);
    if (!v) {
      v = this.ajv.compile(schema);
      this.cache.set(schema, v);
    }
    return v;
  }

  /** Validates a value against a (dereferenced) schema; returns ajv's messages, empty when valid. */
  validate(schema: object, value: unknown): string[] {
    const v = this.validator(schema);
    return v(value) ? [] : [this.ajv.errorsText(v.errors)];
  }

  /**
   * Checks a response of `op` against its documented response: status documented, every
   * documented header present and valid (except Retry-After, 429 only), JSON body valid.
   * @returns problems (empty when the response conforms)
   */
  async check(op: OpenAPIV3.OperationObject, res: Response): Promise<{ problems: string[]; body: unknown }> {
    const problems: string[] = [];
    const text = await res.text();
    let body: unknown;
    const doc = op.responses[String(res.status)] as OpenAPIV3.ResponseObject | undefined;
    if (!doc) return { problems: [`status ${res.status} is not documented (body ${text.slice(0, 200)})`], body };
    for (const [name, h] of Object.entries(doc.headers ?? {})) {
      const header = h as OpenAPIV3.HeaderObject;
      const value = res.headers.get(name);
      if (value === null) {
        problems.push(`header ${name} missing`);
        continue;
      }
      const schema = header.schema as OpenAPIV3.SchemaObject | undefined;
      if (schema) {
        const typed = schema.type === 'integer' ? Number(value) : value;
        const v = this.validator(schema);
        if (!v(typed)) problems.push(`header ${name}: ${this.ajv.errorsText(v.errors)}`);
      }
    }
    const media = doc.content?.['application/json'];
    if (media) {
      if (!/^application\/json\b/.test(res.headers.get('content-type') ?? ''))
        problems.push('content-type is not JSON');
      try {
        body = JSON.parse(text);
      } catch {
        problems.push(`body is not JSON: ${text.slice(0, 200)}`);
      }
      if (media.schema && body !== undefined) {
        const v = this.validator(media.schema);
        if (!v(body)) problems.push(`body: ${this.ajv.errorsText(v.errors)} in ${text.slice(0, 200)}`);
      }
      if (
        res.status >= 400 &&
        body &&
        typeof body === 'object' &&
        (body as { status?: unknown }).status !== res.status
      ) {
        problems.push(`Error.status ${(body as { status?: unknown }).status} differs from HTTP ${res.status}`);
      }
    } else if (text !== '') {
      problems.push(`undocumented body: ${text.slice(0, 200)}`);
    }
    if (res.headers.get('access-control-allow-origin') !== '*') problems.push('CORS header missing');
    return { problems, body };
  }
}
