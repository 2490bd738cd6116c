// What try-it remembers and where (site/reference/browser/remember.ts): keys per API and scheme, the
// storage each `persistAuth` mode uses, a cleared field forgetting, "Forget credentials" keeping the
// server choice and other APIs' entries, and a remembered server applied only where the document lists it.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { parseReferenceOptions } from '../../../site/apis/options.ts';
import {
  authKey,
  authStorage,
  forgetCredentials,
  type KeyValueStorage,
  loadSecrets,
  loadServer,
  saveSecrets,
  saveServer,
  serverChoice,
  serverKey,
  serverStorage,
} from '../../../site/reference/browser/remember.ts';

/** Web Storage over a Map. */
function memory(): KeyValueStorage & { map: Map<string, string> } {
  const map = new Map<string, string>();
  return {
    map,
    get length() {
      return map.size;
    },
    key: (i) => [...map.keys()][i] ?? null,
    getItem: (k) => map.get(k) ?? null,
    setItem: (k, v) => void map.set(k, v),
    removeItem: (k) => void map.delete(k),
  };
}

describe('try-it memory', () => {
  test('keys name the API and the scheme, never the secret', () => {
    assert.equal(authKey('petstore', 'bearerAuth'), 'petstore-docs.tryit.petstore.auth.bearerAuth');
    assert.equal(authKey('a.b', 'my scheme'), 'petstore-docs.tryit.a.b.auth.my%20scheme');
    assert.equal(serverKey('petstore'), 'petstore-docs.tryit.petstore.server');
  });

  test("each mode picks its storage: 'session', 'local', none", () => {
    const session = memory();
    const local = memory();
    assert.equal(authStorage('session', { session, local }), session);
    assert.equal(authStorage('local', { session, local }), local);
    assert.equal(authStorage(false, { session, local }), undefined);
    assert.equal(serverStorage(false, { session, local }), session, 'a server is no secret: kept for the tab');
    assert.equal(serverStorage('local', { session, local }), local);
  });

  test('secrets are kept per API and scheme, a cleared field is forgotten, another type is ignored', () => {
    const s = memory();
    const secret = { type: 'http', 'x-scalar-secret-token': 't1', 'x-scalar-secret-username': '' };
    assert.equal(saveSecrets(s, 'a', 'bearerAuth', secret), true);
    assert.equal(saveSecrets(s, 'b', 'bearerAuth', { type: 'http', 'x-scalar-secret-token': 't2' }), true);
    assert.deepEqual(loadSecrets(s, 'a', 'bearerAuth', 'http'), secret);
    assert.equal(loadSecrets(s, 'a', 'bearerAuth', 'apiKey'), undefined, 'the scheme changed type');
    assert.equal(loadSecrets(s, 'a', 'other'), undefined);
    const oauth = {
      type: 'oauth2',
      clientCredentials: { 'x-scalar-secret-token': 'at', 'x-scalar-secret-client-id': '' },
    };
    assert.equal(saveSecrets(s, 'a', 'oauth', oauth), true, 'an OAuth 2.0 flow token');
    assert.equal(saveSecrets(s, 'a', 'bearerAuth', { type: 'http', 'x-scalar-secret-token': '' }), false);
    assert.equal(loadSecrets(s, 'a', 'bearerAuth'), undefined, 'cleared');
    assert.equal(saveSecrets(undefined, 'a', 'bearerAuth', secret), false, 'persistAuth: false keeps nothing');
    s.setItem(authKey('a', 'broken'), '{not json');
    assert.equal(loadSecrets(s, 'a', 'broken'), undefined);
  });

  test('"Forget credentials" clears both storages for one API and keeps its server choice', () => {
    const session = memory();
    const local = memory();
    saveSecrets(session, 'a', 'bearerAuth', { type: 'http', 'x-scalar-secret-token': 's' });
    saveSecrets(local, 'a', 'apiKey', { type: 'apiKey', 'x-scalar-secret-token': 'k' });
    saveSecrets(local, 'b', 'apiKey', { type: 'apiKey', 'x-scalar-secret-token': 'other api' });
    saveServer(session, 'a', { url: '{base_url}' });
    assert.equal(forgetCredentials({ session, local }, 'a'), 2);
    assert.deepEqual([...session.map.keys()], [serverKey('a')]);
    assert.deepEqual([...local.map.keys()], [authKey('b', 'apiKey')]);
  });

  test('a remembered server applies where the document lists it, with the variable values its enum allows', () => {
    const s = memory();
    saveServer(s, 'a', { url: 'https://{region}.example.com', variables: { region: 'eu', other: 'x' } });
    const saved = loadServer(s, 'a');
    const servers = [
      { url: '/api/mock' },
      { url: 'https://{region}.example.com', variables: { region: { default: 'us', enum: ['us', 'eu'] } } },
    ];
    assert.deepEqual(serverChoice(servers, saved, 'http://x'), {
      index: 1,
      url: 'https://{region}.example.com',
      variables: { region: 'eu' },
    });
    assert.deepEqual(
      serverChoice(servers, { url: 'https://{region}.example.com', variables: { region: 'mars' } }, 'http://x')
        ?.variables,
      {},
      'a value outside the enum is dropped',
    );
    assert.deepEqual(serverChoice(servers, { url: 'http://x/api/mock' }, 'http://x'), {
      index: 0,
      url: 'http://x/api/mock',
      variables: {},
    });
    assert.equal(serverChoice([{ url: '/api/mock' }], saved, 'http://x'), undefined, 'not in this document');
  });

  test("the option tryIt.persistAuth: 'session' by default, 'local' or false, nothing else", () => {
    assert.equal(parseReferenceOptions({}).tryIt.persistAuth, 'session');
    assert.equal(parseReferenceOptions({ tryIt: { persistAuth: 'local' } }).tryIt.persistAuth, 'local');
    assert.equal(parseReferenceOptions({ tryIt: { persistAuth: false } }).tryIt.persistAuth, false);
    assert.throws(() => parseReferenceOptions({ tryIt: { persistAuth: true } }), /tryIt\.persistAuth/);
  });
});
