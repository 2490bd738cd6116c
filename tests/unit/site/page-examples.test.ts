// The reference pages and the mock share one example source (descriptions/examples.ts): for every fixture
// description and the Petstore, the example a page shows for an operation's answer is the body the
// mock sends for the request the page documents (its parameters' examples, its request body example,
// a credential), without `Prefer`; and every 2xx response with a schema shows an example.
import assert from 'node:assert/strict';
import { relative } from 'node:path';
import { describe, test } from 'node:test';
import { exampleObjectValue, generatedValue } from '../../../descriptions/examples.ts';
import type { Description } from '../../../descriptions/json.ts';
import { loadDescription } from '../../../descriptions/loader/index.ts';
import { isJsonMediaType } from '../../../descriptions/media.ts';
import { deref } from '../../../descriptions/refs.ts';
import { createMock } from '../../../site/mock/index.ts';
import { type MockOperation, mockOperations } from '../../../site/mock/pipeline/operations.ts';
import type { OpenApiDocument } from '../../../site/reference/model/document.ts';
import { boundLongStrings } from '../../../site/reference/model/long-values.ts';
import { buildReferenceModel } from '../../../site/reference/model/reference.ts';
import { tryItDocument } from '../../../site/reference/model/tryit-document.ts';
import type { OperationView } from '../../../site/reference/model/views.ts';
import { SPEC_PATH } from '../../../spec/path.ts';
import { credentials, FIXTURES, fixtureDescriptions } from '../../support/descriptions.ts';

/**
 * Operations whose page examples each illustrate another request, named in their summary: the
 * Petstore's `GET /pets` shows `?status=available` and `?ids=1,2`; its stateful handler answers the
 * plain request with every seeded pet.
 */
const ILLUSTRATIVE: Record<string, Set<string>> = { 'spec/openapi.yaml': new Set(['GET /pets']) };

/** A parameter's value as the page documents it: its example, else the generated one. */
function parameterText(doc: Description, view: OperationView, op: MockOperation, name: string, where: string): string {
  const shown = view.parameters.find((p) => p.name === name && p.in === where)?.example;
  let value: unknown = shown === undefined ? undefined : JSON.parse(shown);
  if (value === undefined) {
    const p = op.parameters.find((x) => x.name === name && x.in === where);
    value = generatedValue(p?.schema, doc, 'request');
  }
  if (Array.isArray(value)) return value.map(String).join(',');
  return typeof value === 'string' ? value : JSON.stringify(value ?? '1');
}

/** The request the page documents: path and required query parameters, the first body example, a credential. */
function pageRequest(doc: Description, view: OperationView, op: MockOperation): Request {
  const path = op.path.replace(/\{([^}]+)\}/g, (_, name: string) =>
    encodeURIComponent(parameterText(doc, view, op, name, 'path')),
  );
  const { headers, query } = credentials(doc, op);
  const search = new URLSearchParams(query.slice(1));
  for (const p of view.parameters) {
    if (!p.required) continue;
    if (p.in === 'query') search.set(p.name, parameterText(doc, view, op, p.name, 'query'));
    if (p.in === 'header') headers[p.name.toLowerCase()] ??= parameterText(doc, view, op, p.name, 'header');
  }
  headers.authorization ??= 'Bearer page-examples';
  const body = view.requestBody?.contents.find((c) => isJsonMediaType(c.mediaType) && c.examples.length > 0);
  if (body) headers['content-type'] = body.mediaType;
  const q = search.toString();
  return new Request(`http://mock${path}${q ? `?${q}` : ''}`, {
    method: op.method.toUpperCase(),
    headers,
    body: body?.examples[0]?.value,
  });
}

/** A body as a page shows it: long strings shortened, JSON compared as values. */
function shown(mediaType: string, text: string): unknown {
  if (!isJsonMediaType(mediaType)) return boundLongStrings(text).value;
  return boundLongStrings(JSON.parse(text)).value;
}

const specs = [...fixtureDescriptions(), SPEC_PATH];

for (const spec of specs) {
  const name = spec === SPEC_PATH ? 'spec/openapi.yaml' : relative(FIXTURES, spec);
  describe(`page examples of ${name}`, () => {
    test('each is the body the mock answers the request the page documents', async () => {
      const { document } = await loadDescription(spec);
      const doc = document as Description;
      const model = buildReferenceModel(document as OpenApiDocument, { buildDate: '2026-06-01' });
      const mock = await createMock(document, { onError: () => {}, rateLimit: false });
      const ops = mockOperations(doc);
      const problems: string[] = [];
      let compared = 0;
      for (const summary of model.operations) {
        if (summary.kind !== 'operation') continue;
        const label = `${summary.method} ${summary.path}`;
        if (ILLUSTRATIVE[name]?.has(label)) continue;
        const op = ops.find((o) => o.method.toUpperCase() === summary.method && o.path === summary.path);
        assert.ok(op, `the mock routes ${label}`);
        const view = model.operationView(summary);
        mock.reset();
        const res = await mock.handle(pageRequest(doc, view, op));
        const text = await res.text();
        // A state the seed data holds (a category in use: 409) is an answer; a request refused is not.
        if (res.status === 400 || res.status === 415)
          problems.push(`${label}: the page's request is answered ${res.status} ${text}`);
        const mediaType = res.headers.get('content-type');
        if (!res.ok || !mediaType || text === '') continue;
        const media = view.responses
          .find((r) => r.status === String(res.status))
          ?.contents.find((c) => c.mediaType === mediaType);
        const example = media?.examples[0];
        if (!example) {
          problems.push(`${label}: ${res.status} ${mediaType} shows no example; the mock answers ${text.slice(0, 80)}`);
          continue;
        }
        const page = isJsonMediaType(mediaType) ? JSON.parse(example.value) : example.value;
        compared++;
        try {
          assert.deepEqual(page, shown(mediaType, text));
        } catch {
          problems.push(
            `${label}: the page shows ${example.value.slice(0, 200)}\n  the mock answers ${text.slice(0, 200)}`,
          );
        }
      }
      assert.deepEqual(problems, []);
      if (model.operations.some((o) => o.kind === 'operation'))
        assert.ok(compared > 0, 'no operation answered with a body');
    });

    test("the try-it client's request body is the page's request example", async () => {
      const { document } = await loadDescription(spec);
      const model = buildReferenceModel(document as OpenApiDocument, { buildDate: '2026-06-01' });
      const problems: string[] = [];
      for (const summary of model.operations) {
        if (!summary.tryIt) continue;
        const view = model.operationView(summary);
        for (const media of view.requestBody?.contents ?? []) {
          const example = media.examples[0];
          if (!isJsonMediaType(media.mediaType) || !example || example.shortened) continue;
          const t = tryItDocument(document as OpenApiDocument, summary.method, summary.path, [{ url: '/api/mock' }]);
          const paths = t.paths as Record<string, Record<string, { requestBody?: unknown }>>;
          const body = deref(t, paths[summary.path]?.[summary.method.toLowerCase()]?.requestBody);
          const tryMedia = deref(t, (body?.content as Record<string, unknown> | undefined)?.[media.mediaType]);
          const sent =
            tryMedia?.example ?? exampleObjectValue(t, Object.values((tryMedia?.examples as object) ?? {})[0])?.value;
          if (JSON.stringify(sent) !== JSON.stringify(JSON.parse(example.value))) {
            problems.push(
              `${summary.method} ${summary.path} ${media.mediaType}: try-it sends ${JSON.stringify(sent)?.slice(0, 120)}`,
            );
          }
        }
      }
      assert.deepEqual(problems, []);
    });

    test('every 2xx response with a schema shows an example (bytes aside: a binary string, or any content under a non-JSON type)', async () => {
      const { document } = await loadDescription(spec);
      const model = buildReferenceModel(document as OpenApiDocument, { buildDate: '2026-06-01' });
      const missing: string[] = [];
      for (const summary of model.operations) {
        for (const response of model.operationView(summary).responses) {
          if (!/^2/.test(response.status)) continue;
          for (const media of response.contents) {
            if (!media.schema && !media.itemSchema) continue;
            if (media.examples.length > 0) continue;
            const bytes =
              media.schema?.format === 'binary' || (media.schema?.type === 'any' && !/json/.test(media.mediaType));
            if (bytes) continue;
            missing.push(`${summary.method} ${summary.path} ${response.status} ${media.mediaType}`);
          }
        }
      }
      assert.deepEqual(missing, []);
    });
  });
}
