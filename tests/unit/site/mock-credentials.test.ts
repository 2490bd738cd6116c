// The credentials try-it fills in for the mock (site/reference/browser/mock-credentials.ts): the reader's
// sandbox token in the form each kind of security scheme asks for, as Scalar's auth store holds it.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  mockCredentialsNote,
  mockSecrets,
  SANDBOX_USER,
  stillMockFilled,
} from '../../../site/reference/browser/mock-credentials.ts';

const T = 'reader-1';

describe('mock credentials', () => {
  test('every kind of scheme but mutual TLS carries the token', () => {
    assert.deepEqual(mockSecrets({ type: 'http', scheme: 'bearer' }, T), { type: 'http', 'x-scalar-secret-token': T });
    assert.deepEqual(mockSecrets({ type: 'http', scheme: 'Basic' }, T), {
      type: 'http',
      'x-scalar-secret-username': SANDBOX_USER,
      'x-scalar-secret-password': T,
    });
    for (const where of ['header', 'query', 'cookie']) {
      assert.deepEqual(mockSecrets({ type: 'apiKey', in: where, name: 'k' }, T), {
        type: 'apiKey',
        'x-scalar-secret-token': T,
      });
    }
    assert.equal(mockSecrets({ type: 'apiKey', in: 'body', name: 'k' }, T), undefined);
    assert.deepEqual(
      mockSecrets(
        { type: 'oauth2', flows: { authorizationCode: {}, clientCredentials: {}, implicit: {}, password: {} } },
        T,
      ),
      {
        type: 'oauth2',
        implicit: { 'x-scalar-secret-token': T },
        password: { 'x-scalar-secret-token': T },
        clientCredentials: { 'x-scalar-secret-token': T },
        authorizationCode: { 'x-scalar-secret-token': T },
      },
      'every declared flow holds the token as its access token',
    );
    const oidc = mockSecrets({ type: 'openIdConnect' }, T) as Record<string, Record<string, unknown>>;
    assert.equal(oidc.type, 'openIdConnect');
    assert.equal(oidc.authorizationCode?.['x-scalar-secret-token'], T);
    assert.equal(mockSecrets({ type: 'mutualTLS' }, T), undefined);
    assert.equal(mockSecrets(undefined, T), undefined);
  });

  test('filled values are told apart from what the reader typed', () => {
    const filled = mockSecrets({ type: 'oauth2', flows: { implicit: {} } }, T);
    assert.ok(filled);
    assert.equal(stillMockFilled(filled, filled), true);
    // Scalar's store adds empty fields of its own: still ours.
    assert.equal(
      stillMockFilled(
        { type: 'oauth2', implicit: { 'x-scalar-secret-token': T, 'x-scalar-secret-client-id': '' } },
        filled,
      ),
      true,
    );
    assert.equal(stillMockFilled({ type: 'oauth2', implicit: { 'x-scalar-secret-token': 'mine' } }, filled), false);
    assert.equal(
      stillMockFilled(
        { type: 'oauth2', implicit: { 'x-scalar-secret-token': T, 'x-scalar-secret-redirect-uri': 'http://x/page/' } },
        filled,
      ),
      true,
      "the redirect URI Scalar fills in with the page is not the reader's",
    );
    assert.equal(
      stillMockFilled(
        { type: 'oauth2', implicit: { 'x-scalar-secret-token': T, 'x-scalar-secret-client-id': 'app' } },
        filled,
      ),
      false,
      'a client id the reader typed is theirs',
    );
    assert.equal(stillMockFilled({ type: 'oauth2' }, filled), false, 'nothing held');
  });

  test('the one line over the client says what the mock takes in place of a flow, and that mTLS is not simulated', () => {
    assert.equal(
      mockCredentialsNote([
        { type: 'http', scheme: 'bearer' },
        { type: 'apiKey', in: 'query' },
      ]),
      undefined,
    );
    assert.match(
      mockCredentialsNote([{ type: 'oauth2' }]) ?? '',
      /sandbox token as the access token in place of the OAuth 2\.0 flow/,
    );
    assert.match(mockCredentialsNote([{ type: 'openIdConnect' }]) ?? '', /OpenID Connect flow/);
    assert.match(mockCredentialsNote([{ type: 'http', scheme: 'basic' }]) ?? '', /user name "sandbox"/);
    assert.match(mockCredentialsNote([{ type: 'mutualTLS' }]) ?? '', /Mutual TLS is not simulated/);
  });
});
