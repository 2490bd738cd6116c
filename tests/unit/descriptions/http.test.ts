// HTTP's token (descriptions/http.ts), the one pattern of method names, field names and authentication schemes.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { isToken, TOKEN } from '../../../descriptions/http.ts';

test('a token is one or more tchar (RFC 9110 section 5.6.2)', () => {
  for (const t of ['GET', 'QUERY', 'COPY', 'X-Request-Id', 'Bearer', "!#$%&'*+-.^_`|~09AZaz"]) assert.ok(isToken(t), t);
  for (const t of ['', 'a b', 'a:b', 'a/b', '(x)', 'a,b', 'a"b', 'é', 'GET\n', ' GET'])
    assert.equal(isToken(t), false, t);
});

test('builds larger patterns: a credentials header is a scheme token, spaces, then the credentials', () => {
  const m = new RegExp(`^(${TOKEN}) +(\\S.*?)\\s*$`).exec('Bearer  abc.def ');
  assert.deepEqual(m?.slice(1), ['Bearer', 'abc.def']);
});
