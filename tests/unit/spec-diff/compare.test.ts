// The diff machinery: pruning identical parts gives the library's own result, and pointers are found on their line
// in YAML and JSON text, through $refs.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, test } from 'node:test';
import { apiCompare } from 'api-smart-diff';
import { parse, parseDocument } from 'yaml';
import { compareDocuments, pruneIdentical } from '../../../tools/spec-diff/core/compare.ts';
import { jsonLocator, yamlLocator } from '../../../tools/spec-diff/core/locate.ts';
import { lineOf } from './fixtures.ts';

const PETSTORE = readFileSync(new URL('../../../spec/openapi.yaml', import.meta.url), 'utf8');

/** The Petstore with a few edits in shared schemas, one operation and the metadata. */
function editedPetstore(): string {
  const doc = parseDocument(PETSTORE);
  doc.setIn(['components', 'schemas', 'PetStatus', 'enum'], ['available', 'pending']);
  doc.deleteIn(['paths', '/categories', 'post']);
  doc.setIn(['info', 'version'], '1.1.0');
  return doc.toString();
}

describe('pruneIdentical', () => {
  test('the library finds the same differences with and without the unchanged parts', () => {
    const base = parse(PETSTORE);
    const head = parse(editedPetstore());
    const key = (d: { path: unknown[]; type: string; action: string }) => `${d.type} ${d.action} ${d.path.join('/')}`;
    const full = apiCompare(base, head).diffs.map(key).sort();
    const [b, h] = pruneIdentical(base, head);
    const pruned = apiCompare(b, h).diffs.map(key).sort();
    assert.ok(full.length > 5);
    assert.deepEqual(pruned, full);
    // Something was actually set aside: /categories/{categoryId} does not use PetStatus.
    assert.ok(!('/categories/{categoryId}' in (b.paths as object)));
  });

  test('does not modify its inputs', () => {
    const base = parse(PETSTORE);
    const snapshot = JSON.stringify(base);
    pruneIdentical(base, parse(editedPetstore()));
    compareDocuments(base, parse(editedPetstore()));
    assert.equal(JSON.stringify(base), snapshot);
  });
});

describe('locators', () => {
  test('a YAML pointer is found on its key, following $refs into components', () => {
    const loc = yamlLocator(PETSTORE);
    const op = loc('/paths/~1pets~1{petId}/get');
    assert.equal(op.exact, true);
    assert.equal(op.line, lineOf(PETSTORE, 'operationId: getPet') - 1);
    // parameters[0] of GET /pets is a $ref to components/parameters/status, whose schema refers to PetStatus.
    const inRef = loc('/paths/~1pets/get/parameters/0/schema/enum');
    assert.equal(inRef.pointer, '/components/schemas/PetStatus/enum');
    assert.equal(inRef.line, lineOf(PETSTORE, 'enum:', lineOf(PETSTORE, '    PetStatus:') - 1));
  });

  test('a missing pointer gives its deepest existing ancestor and the rest', () => {
    const f = yamlLocator(PETSTORE)('/paths/~1pets/nothing/here');
    assert.equal(f.exact, false);
    assert.deepEqual(f.rest, ['nothing', 'here']);
    assert.equal(f.pointer, '/paths/~1pets');
  });

  test('JSON text gives the same lines as the same text read as YAML', () => {
    const json = JSON.stringify(parse(PETSTORE), null, 2);
    const j = jsonLocator(json);
    const y = yamlLocator(json);
    for (const p of ['/paths/~1pets~1{petId}/get', '/paths/~1pets/get/parameters/0/schema/enum/1', '/info/version']) {
      const a = j(p);
      const b = y(p);
      assert.deepEqual([a.line, a.column, a.pointer, a.exact], [b.line, b.column, b.pointer, b.exact], p);
    }
  });
});
