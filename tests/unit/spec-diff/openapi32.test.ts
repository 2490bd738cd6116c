// OpenAPI 3.2 operations in spec-diff: a `query` operation and `additionalOperations` (any method name) are
// operations like `get` and `post`: added, removed under the sunset rule, deprecated under the notice period,
// their inner changes classified and placed on their lines, and recorded in the changelog.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { parse } from 'yaml';
import { listAllOperations } from '../../../descriptions/operations.ts';
import { initialRelease, releaseFromReport } from '../../../tools/spec-diff/changelog/release.ts';
import { codes, diff, edited, lineOf } from './fixtures.ts';

const BASE32 = `openapi: 3.2.0
info:
  title: Library
  version: 1.0.0
paths:
  /books:
    parameters:
      - name: lang
        in: header
        schema:
          type: string
    get:
      operationId: listBooks
      summary: List books
      responses:
        "200":
          description: The books.
    query:
      operationId: searchBooks
      summary: Search books
      parameters:
        - name: limit
          in: query
          schema:
            type: integer
      requestBody:
        content:
          application/json:
            schema:
              $ref: "#/components/schemas/Search"
      responses:
        "200":
          description: The books found.
          content:
            application/json:
              schema:
                type: array
                items:
                  $ref: "#/components/schemas/Book"
    additionalOperations:
      COPY:
        operationId: copyBooks
        summary: Copy the collection
        responses:
          "201":
            description: Copied.
      PURGE:
        operationId: purgeBooks
        summary: Purge the cache
        deprecated: true
        x-deprecated-sunset: "2027-06-30"
        responses:
          "204":
            description: Purged.
components:
  schemas:
    Search:
      type: object
      properties:
        text:
          type: string
    Book:
      type: object
      properties:
        title:
          type: string
        format:
          type: string
          enum: [paper, ebook, audio]
`;

const on = (head: string, opts: { buildDate?: string } = {}) => diff(head, { base: BASE32, ...opts });
const set = (path: unknown[], value: unknown) => edited((d) => d.setIn(path, value), BASE32);
const del = (path: unknown[]) => edited((d) => d.deleteIn(path), BASE32);

describe('OpenAPI 3.2 operations', () => {
  test('the shared listing names them with the method as sent and where they are', () => {
    assert.deepEqual(
      listAllOperations(parse(BASE32)).map((o) => `${o.method} ${o.path} /${o.at.join('/')}`),
      [
        'GET /books /get',
        'QUERY /books /query',
        'COPY /books /additionalOperations/COPY',
        'PURGE /books /additionalOperations/PURGE',
      ],
    );
  });

  test('no change: nothing reported', async () => {
    const r = await on(BASE32);
    assert.deepEqual(r.changes, []);
    assert.equal(r.ok, true);
  });

  test('removing a query operation that was never deprecated fails, at its path item', async () => {
    const head = del(['paths', '/books', 'query']);
    const r = await on(head);
    assert.deepEqual(codes(r), ['operation-removed:fail']);
    assert.deepEqual(r.changes[0]?.operations, [{ method: 'QUERY', path: '/books', operationId: 'searchBooks' }]);
    assert.equal(r.changes[0]?.location?.line, lineOf(head, '/books:'));
  });

  test('removing an additional operation: before its sunset fails, after it is allowed', async () => {
    const head = del(['paths', '/books', 'additionalOperations', 'PURGE']);
    const before = await on(head, { buildDate: '2027-06-30' });
    assert.deepEqual(codes(before), ['operation-removed-before-sunset:fail']);
    assert.deepEqual(before.changes[0]?.operations, [{ method: 'PURGE', path: '/books', operationId: 'purgeBooks' }]);
    const after = await on(head, { buildDate: '2027-07-01' });
    assert.deepEqual(codes(after), ['operation-removed-after-sunset:allowed']);
    assert.equal(after.ok, true);
  });

  test('removing every additional operation at once reports each of them', async () => {
    const r = await on(del(['paths', '/books', 'additionalOperations']), { buildDate: '2030-01-01' });
    assert.deepEqual(codes(r).sort(), ['operation-removed-after-sunset:allowed', 'operation-removed:fail']);
    assert.deepEqual(r.changes.map((c) => c.operations[0]?.method).sort(), ['COPY', 'PURGE']);
  });

  test('adding a query or an additional operation is non-breaking, at its own line', async () => {
    const head = edited((d) => {
      d.setIn(['paths', '/books', 'additionalOperations', 'LOCK'], {
        operationId: 'lockBooks',
        responses: { 204: { description: 'Locked.' } },
      });
      d.setIn(['paths', '/authors'], {
        query: { operationId: 'searchAuthors', responses: { 200: { description: 'Found.' } } },
      });
    }, BASE32);
    const r = await on(head);
    assert.deepEqual(codes(r), ['operation-added:pass', 'operation-added:pass']);
    const by = Object.fromEntries(r.changes.map((c) => [c.operations[0]?.method, c]));
    assert.equal(by.LOCK?.pointer, '/paths/~1books/additionalOperations/LOCK');
    assert.equal(by.LOCK?.location?.line, lineOf(head, 'LOCK:'));
    assert.equal(by.QUERY?.operations[0]?.path, '/authors');
  });

  test('deprecating an additional operation without a sunset date fails; with one far enough it passes', async () => {
    const bare = await on(set(['paths', '/books', 'additionalOperations', 'COPY', 'deprecated'], true));
    assert.deepEqual(codes(bare), ['deprecation-without-sunset:fail']);
    assert.equal(bare.changes[0]?.operations[0]?.method, 'COPY');
    const dated = await on(
      edited((d) => {
        d.setIn(['paths', '/books', 'query', 'deprecated'], true);
        d.setIn(['paths', '/books', 'query', 'x-deprecated-sunset'], '2027-12-31');
      }, BASE32),
    );
    assert.deepEqual(codes(dated), ['operation-deprecated:pass']);
    assert.equal(dated.changes[0]?.operations[0]?.method, 'QUERY');
  });

  test("a query operation's new required parameter is breaking and names the operation and line", async () => {
    const head = set(['paths', '/books', 'query', 'parameters', 0, 'required'], true);
    const r = await on(head);
    assert.deepEqual(codes(r), ['breaking-change:fail']);
    assert.deepEqual(r.changes[0]?.operations, [{ method: 'QUERY', path: '/books', operationId: 'searchBooks' }]);
    assert.match(r.changes[0]?.pointer ?? '', /^\/paths\/~1books\/query\/parameters\/0/);
    assert.equal(r.changes[0]?.location?.line, lineOf(head, 'required: true'));
    assert.doesNotMatch(JSON.stringify(r), /\uE000/);
  });

  test('a narrower enum in a schema an additional operation and a query share is one change naming both', async () => {
    const base = edited((d) => {
      d.setIn(['paths', '/books', 'additionalOperations', 'COPY', 'responses', '201', 'content'], {
        'application/json': { schema: { $ref: '#/components/schemas/Book' } },
      });
    }, BASE32);
    const head = edited(
      (d) => d.setIn(['components', 'schemas', 'Book', 'properties', 'format', 'enum'], ['paper']),
      base,
    );
    const r = await diff(head, { base });
    const enumChange = r.changes.find((c) => c.schema === 'Book');
    assert.ok(enumChange, JSON.stringify(codes(r)));
    assert.deepEqual(enumChange.operations.map((o) => o.method).sort(), ['COPY', 'QUERY']);
  });

  test('a changed summary of an additional operation is documentation', async () => {
    const r = await on(set(['paths', '/books', 'additionalOperations', 'COPY', 'summary'], 'Duplicate it'));
    assert.deepEqual(codes(r), ['documentation-change:pass']);
    assert.equal(r.changes[0]?.operations[0]?.method, 'COPY');
  });
});

describe('OpenAPI 3.2 operations in the changelog', () => {
  test('the first release lists them with their method as sent', () => {
    const r = initialRelease(parse(BASE32), '1.0.0', '2026-11-25');
    assert.deepEqual(
      r.operations.map((o) => `${o.method} ${o.operationId}${o.sunset ? ` ${o.sunset}` : ''}`),
      ['GET listBooks', 'QUERY searchBooks', 'COPY copyBooks', 'PURGE purgeBooks 2027-06-30'],
    );
  });

  test('a release: removed and changed 3.2 operations with their summaries', async () => {
    const head = edited((d) => {
      d.deleteIn(['paths', '/books', 'additionalOperations', 'PURGE']);
      d.setIn(['paths', '/books', 'query', 'summary'], 'Search the books');
    }, BASE32);
    const report = await on(head, { buildDate: '2027-07-01' });
    const rel = releaseFromReport(report, parse(head), parse(BASE32), '1.1.0', '2027-07-01');
    assert.deepEqual(
      rel.operations.map((o) => `${o.change} ${o.method} ${o.summary}`),
      ['removed PURGE Purge the cache', 'changed QUERY Search the books'],
    );
  });
});
