// The mock of every published version behind one mount (the mount step, site/mock/route/mount.ts
// and route/stages.ts): an older release under /api/mock/@<version>/ answered from its description,
// the current version at /api/mock/, an unknown version a 404 naming the versions, preflights
// answered, and one sandbox table (rate window) across versions.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { MOCK_BASE } from '../../../site/mock/hosts/mount.ts';
import { createMock, type Mock, type MockOptions } from '../../../site/mock/index.ts';
import { versionOf } from '../../../site/mock/route/mount.ts';
import { AUTH, testSpec } from '../../support/mock.ts';

/** The Petstore's description with getPet (GET /pets/{petId}) removed, as a 2.0.0 would have it. */
function withoutGetPet(): object {
  const doc = structuredClone(testSpec()) as unknown as {
    info: { version: string };
    paths: Record<string, Record<string, unknown>>;
  };
  doc.info.version = '2.0.0';
  delete doc.paths['/pets/{petId}']?.get;
  return doc;
}

async function versioned(options: MockOptions = {}): Promise<Mock> {
  return createMock(withoutGetPet(), {
    onError: () => {},
    rateLimit: false,
    ...options,
    basePath: MOCK_BASE,
    version: '2.0.0',
    older: [{ version: '1.0.0', description: testSpec() }],
  });
}

const get = (mock: Mock, path: string, headers: Record<string, string> = AUTH) =>
  mock.handle(new Request(`http://localhost${path}`, { headers }));

describe('versionOf', () => {
  const older = new Set(['1.0.0', '1.1.0+build']);
  test('paths without an @ segment right below the mount are the current version', () => {
    for (const path of [
      '/api/mock',
      '/api/mock/',
      '/api/mock/pets',
      '/api/mock/pets/@1.0.0',
      '/api/mock@1.0.0',
      '/other',
    ]) {
      assert.deepEqual(versionOf(path, older), { kind: 'current' }, path);
    }
  });
  test('an @ segment names an older version, percent-decoded, or an unknown one', () => {
    assert.deepEqual(versionOf('/api/mock/@1.0.0/pets', older), { kind: 'older', version: '1.0.0' });
    assert.deepEqual(versionOf('/api/mock/@1.0.0', older), { kind: 'older', version: '1.0.0' });
    assert.deepEqual(versionOf('/api/mock/@1.1.0%2Bbuild/pets', older), { kind: 'older', version: '1.1.0+build' });
    assert.deepEqual(versionOf('/api/mock/@9.9.9/pets', older), { kind: 'unknown', version: '9.9.9' });
    assert.deepEqual(versionOf('/api/mock/@%E0%A4/pets', older), { kind: 'unknown', version: '%E0%A4' });
  });
});

describe('the mock of every published version', async () => {
  const mock = await versioned();

  test("an older version's operation answers from its description under /api/mock/@<version>", async () => {
    const res = await get(mock, '/api/mock/@1.0.0/pets/1');
    assert.equal(res.status, 200);
    const body = (await res.json()) as { id: unknown; name: unknown };
    assert.equal(typeof body.name, 'string');
    // From examples and schemas, not the Petstore's store: an id the store never had still answers 200.
    assert.equal((await get(mock, '/api/mock/@1.0.0/pets/987654')).status, 200);
  });

  test('the current version does not have the removed operation: 405 with the methods the path keeps', async () => {
    const res = await get(mock, '/api/mock/pets/1');
    assert.equal(res.status, 405);
    assert.equal(((await res.json()) as { code: string }).code, 'method_not_allowed');
    assert.doesNotMatch(res.headers.get('allow') ?? '', /\bGET\b/);
    assert.equal((await get(mock, '/api/mock/pets')).status, 200);
  });

  test('an unknown version is a 404 version_not_found naming the versions, with CORS headers', async () => {
    const res = await get(mock, '/api/mock/@9.9.9/pets');
    assert.equal(res.status, 404);
    assert.equal(res.headers.get('access-control-allow-origin'), '*');
    const body = (await res.json()) as { code: string; status: number; versions: string[]; message: string };
    assert.equal(body.code, 'version_not_found');
    assert.equal(body.status, 404);
    assert.deepEqual(body.versions, ['2.0.0', '1.0.0']);
    assert.match(body.message, /"9\.9\.9"/);
  });

  test('preflights are answered for an older version and for an unknown one', async () => {
    const preflight = (path: string) =>
      mock.handle(
        new Request(`http://localhost${path}`, {
          method: 'OPTIONS',
          headers: { origin: 'https://elsewhere.example', 'access-control-request-method': 'GET' },
        }),
      );
    const older = await preflight('/api/mock/@1.0.0/pets/1');
    assert.equal(older.status, 204);
    assert.match(older.headers.get('allow') ?? '', /\bGET\b/);
    const unknown = await preflight('/api/mock/@9.9.9/pets/1');
    assert.equal(unknown.status, 204);
    assert.equal(unknown.headers.get('access-control-allow-origin'), '*');
    assert.match(unknown.headers.get('access-control-allow-methods') ?? '', /\bGET\b/);
  });

  test("one token's rate window is shared across versions", async () => {
    const limited = await versioned({ rateLimit: { limit: 2, windowS: 60 } });
    assert.equal((await get(limited, '/api/mock/pets')).status, 200);
    assert.equal((await get(limited, '/api/mock/@1.0.0/pets')).status, 200);
    assert.equal((await get(limited, '/api/mock/@1.0.0/pets')).status, 429);
    assert.equal((await get(limited, '/api/mock/pets')).status, 429);
  });
});
