// JSON Pointer (RFC 6901): escaping, both written forms, and resolution against a document.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  escapePointerToken,
  formatPointer,
  parsePointer,
  resolvePointer,
  unescapePointerToken,
} from '../../../descriptions/pointer.ts';

// The example document of RFC 6901 §5.
const rfc = {
  foo: ['bar', 'baz'],
  '': 0,
  'a/b': 1,
  'c%d': 2,
  'e^f': 3,
  'g|h': 4,
  'i\\j': 5,
  'k"l': 6,
  ' ': 7,
  'm~n': 8,
};

describe('JSON pointer tokens', () => {
  test('~ and / are escaped as ~0 and ~1, and unescaped back', () => {
    assert.equal(escapePointerToken('/pets/{petId}'), '~1pets~1{petId}');
    assert.equal(escapePointerToken('m~n'), 'm~0n');
    assert.equal(unescapePointerToken('~1pets~1{petId}'), '/pets/{petId}');
  });

  test('~01 unescapes to ~1, not to / (RFC 6901 §4 order)', () => {
    assert.equal(unescapePointerToken('~01'), '~1');
    assert.equal(escapePointerToken('~1'), '~01');
  });
});

describe('parsePointer and formatPointer', () => {
  test('the JSON string form and the URI fragment form', () => {
    assert.deepEqual(parsePointer(''), []);
    assert.deepEqual(parsePointer('/paths/~1pets/get'), ['paths', '/pets', 'get']);
    assert.deepEqual(parsePointer('#/paths/~1pets~1%7BpetId%7D'), ['paths', '/pets/{petId}']);
    assert.deepEqual(parsePointer('#'), []);
    assert.deepEqual(parsePointer('/'), ['']);
  });

  test('a pointer that does not start with / is refused, naming it', () => {
    assert.throws(() => parsePointer('paths'), /invalid JSON pointer "paths"/);
    assert.throws(() => parsePointer('#%E0'), /bad percent-encoding/);
  });

  test('formatPointer escapes each token; fragment form adds #', () => {
    assert.equal(formatPointer(['paths', '/pets', 'get']), '/paths/~1pets/get');
    assert.equal(formatPointer(['components', 'schemas', 'Error'], { fragment: true }), '#/components/schemas/Error');
    assert.equal(formatPointer(['items', 0]), '/items/0');
    assert.equal(formatPointer([]), '');
  });

  test('format then parse gives the tokens back', () => {
    const tokens = ['a/b', 'm~n', '', '~1', 'x y'];
    assert.deepEqual(parsePointer(formatPointer(tokens)), tokens);
  });
});

describe('resolvePointer', () => {
  test('the examples of RFC 6901 §5', () => {
    assert.equal(resolvePointer(rfc, ''), rfc);
    assert.deepEqual(resolvePointer(rfc, '/foo'), ['bar', 'baz']);
    assert.equal(resolvePointer(rfc, '/foo/0'), 'bar');
    assert.equal(resolvePointer(rfc, '/'), 0);
    assert.equal(resolvePointer(rfc, '/a~1b'), 1);
    assert.equal(resolvePointer(rfc, '/c%d'), 2);
    assert.equal(resolvePointer(rfc, '/i\\j'), 5);
    assert.equal(resolvePointer(rfc, '/ '), 7);
    assert.equal(resolvePointer(rfc, '/m~0n'), 8);
    // The URI fragment forms of §6.
    assert.equal(resolvePointer(rfc, '#/c%25d'), 2);
    assert.equal(resolvePointer(rfc, '#/%20'), 7);
  });

  test('points nowhere: undefined, never an inherited property or a loose index', () => {
    assert.equal(resolvePointer(rfc, '/nope'), undefined);
    assert.equal(resolvePointer(rfc, '/foo/2'), undefined);
    assert.equal(resolvePointer(rfc, '/foo/01'), undefined);
    assert.equal(resolvePointer(rfc, '/foo/-'), undefined);
    assert.equal(resolvePointer(rfc, '/foo/0/x'), undefined);
    assert.equal(resolvePointer(rfc, '/constructor'), undefined);
    assert.equal(resolvePointer({ a: null }, '/a/b'), undefined);
  });

  test('takes tokens already parsed', () => {
    assert.equal(resolvePointer(rfc, ['a/b']), 1);
  });
});
