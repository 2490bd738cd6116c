// Generated code samples read the credential from an environment variable in each language's own way
// (site/reference/model/samples.ts `credentialFromEnv`), never a literal `$TOKEN`; the variable is named
// after the API (`PETSTORE_TOKEN`, what the hand-written samples read).
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { buildReferenceModel } from '../../../site/reference/model/reference.ts';
import {
  availableSampleTargets,
  CREDENTIAL_PLACEHOLDER,
  codeSamples,
  credentialFromEnv,
  credentialVariable,
  csharp7,
  type SampleTargetId,
} from '../../../site/reference/model/samples.ts';
import { SPEC_PATH, writtenSpec } from '../../support/spec.ts';

const request = {
  method: 'POST',
  url: 'https://api.example.com/v1/pets',
  headers: [
    { name: 'Authorization', value: `Bearer ${CREDENTIAL_PLACEHOLDER}` },
    { name: 'Content-Type', value: 'application/json' },
  ],
  body: '{"name": "Rex"}',
};

/** What each language reads the variable with. */
const IDIOM: Record<string, RegExp> = {
  'shell/curl': /--header "Authorization: Bearer \$\{PETSTORE_TOKEN\}"/,
  'js/fetch': /Authorization: 'Bearer ' \+ process\.env\.PETSTORE_TOKEN/,
  'python/requests': /^import os\nimport requests\n[\s\S]*"Bearer " \+ os\.environ\["PETSTORE_TOKEN"\]/,
  'go/native': /import \(\n\t"os"[\s\S]*"Bearer " \+ os\.Getenv\("PETSTORE_TOKEN"\)/,
  'java/okhttp': /"Bearer " \+ System\.getenv\("PETSTORE_TOKEN"\)/,
  'csharp/httpclient':
    /new AuthenticationHeaderValue\("Bearer", Environment\.GetEnvironmentVariable\("PETSTORE_TOKEN"\)\)/,
  'php/guzzle': /'Bearer ' \. getenv\('PETSTORE_TOKEN'\)/,
  'ruby/native': /'Bearer ' \+ ENV\.fetch\('PETSTORE_TOKEN'\)/,
  'rust/reqwest': /&format!\("Bearer \{\}", std::env::var\("PETSTORE_TOKEN"\)/,
  'kotlin/okhttp': /System\.getenv\("PETSTORE_TOKEN"\)/,
  'swift/nsurlsession': /"Bearer \\\(ProcessInfo\.processInfo\.environment\["PETSTORE_TOKEN"\] \?\? ""\)"/,
};

describe('generated samples read the credential from the environment', () => {
  test('the variable is named after the API', () => {
    assert.equal(credentialVariable('Petstore API'), 'PETSTORE_TOKEN');
    assert.equal(credentialVariable('Acme Payments API'), 'ACME_PAYMENTS_TOKEN');
    assert.equal(credentialVariable('Café'), 'CAFE_TOKEN');
    assert.equal(credentialVariable('3D prints'), '_3D_PRINTS_TOKEN');
    assert.equal(credentialVariable(''), 'API_TOKEN');
  });

  test('each language in its own idiom', () => {
    const ids = Object.keys(IDIOM) as SampleTargetId[];
    const samples = codeSamples({}, request, ids, 'PETSTORE_TOKEN');
    assert.equal(samples.length, ids.length);
    ids.forEach((id, i) => {
      const source = samples[i]?.source ?? '';
      assert.match(source, IDIOM[id] as RegExp, `${id}:\n${source}`);
      assert.doesNotMatch(source, new RegExp(`${CREDENTIAL_PLACEHOLDER}|\\$TOKEN`), id);
    });
  });

  test('no generator snippetz offers leaves the placeholder; those without an idiom name the variable', () => {
    for (const t of availableSampleTargets()) {
      const [s] = codeSamples({}, request, [t.id], 'PETSTORE_TOKEN');
      if (!s) continue;
      assert.doesNotMatch(s.source, new RegExp(CREDENTIAL_PLACEHOLDER), t.id);
      assert.match(s.source, /PETSTORE_TOKEN/, t.id);
    }
  });

  test('a literal with text after the credential, and shell text that double quotes would expand', () => {
    assert.equal(
      credentialFromEnv(`x = "a ${CREDENTIAL_PLACEHOLDER} b"`, 'java', 'T'),
      'x = "a " + System.getenv("T") + " b"',
    );
    assert.equal(
      credentialFromEnv(`--header 'X: $a ${CREDENTIAL_PLACEHOLDER}'`, 'shell', 'T'),
      `--header 'X: $a '"\${T}"''`,
    );
    assert.equal(credentialFromEnv('no credential here', 'go', 'T'), 'no credential here');
  });

  test("the Petstore's generated samples (Go, Java, C#, PHP, Ruby) read PETSTORE_TOKEN", () => {
    const model = buildReferenceModel(writtenSpec(SPEC_PATH) as never, { buildDate: '2026-01-01' });
    const op = model.operations.find((o) => o.operationId === 'createPet');
    assert.ok(op);
    const generated = model.operationView(op).samples.filter((s) => s.generated);
    assert.deepEqual(
      generated.map((s) => s.label),
      ['Go', 'Java', 'C#', 'PHP', 'Ruby'],
    );
    for (const s of generated) assert.match(s.source, /PETSTORE_TOKEN/, s.label);
  });
});

describe("the generated C# is the C# 7 Debian's compiler (Mono's mcs) reads", () => {
  test('a raw string literal becomes a verbatim string with the same characters; using declarations plain ones', () => {
    const raw =
      'using var client = new HttpClient();\nx = new StringContent(\n"""\n{\n  "name": "Rex \\"the\\" dog"\n}\n""",\nEncoding.UTF8);\n  using var r = """a "b" c""";';
    assert.equal(
      csharp7(raw),
      'var client = new HttpClient();\nx = new StringContent(\n@"{\n  ""name"": ""Rex \\""the\\"" dog""\n}",\nEncoding.UTF8);\n  var r = @"a ""b"" c";',
    );
  });
  test("the Petstore's C# samples carry no C# 8+ syntax: raw strings, using declarations", () => {
    const model = buildReferenceModel(writtenSpec(SPEC_PATH) as never, { buildDate: '2026-01-01' });
    const sources = model.operations.flatMap((s) =>
      model
        .operationView(s)
        .samples.filter((x) => x.label === 'C#')
        .map((x) => x.source),
    );
    assert.ok(sources.length >= 18, `${sources.length} C# samples`);
    assert.ok(
      sources.some((src) => src.includes('new StringContent(\n@"{')),
      'a JSON body as a verbatim string',
    );
    for (const src of sources) assert.doesNotMatch(src, /"""|^\s*using var /m, src);
  });
});
