import assert from 'node:assert/strict';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import {
  DescriptionError,
  formatDescriptionError,
  loadDescription,
  readDescription,
} from '../../../descriptions/loader/index.ts';
import { SPEC_PATH } from '../../../spec/path.ts';

const FIXTURES = join(import.meta.dirname, '../../fixtures/descriptions');
const fixture = (name: string) => join(FIXTURES, name);

/** The DescriptionError a load throws (fails the test when it loads). */
async function loadError(path: string): Promise<DescriptionError> {
  try {
    await readDescription(path);
  } catch (error) {
    assert.ok(error instanceof DescriptionError, `expected a DescriptionError, got ${error}`);
    return error;
  }
  assert.fail(`${path} loaded`);
}

// biome-ignore lint/suspicious/noExplicitAny: the tests read deep into parsed descriptions
type Obj = Record<string, any>;

describe('loadDescription: every version to one internal form', () => {
  test('our Petstore (3.0.3) is upgraded to 3.2: nullable becomes a type array, schema example an examples array', async () => {
    const d = await readDescription(SPEC_PATH);
    assert.equal(d.sourceVersion, '3.0.3');
    assert.equal(d.document.openapi, '3.2.0');
    assert.equal(d.source.openapi, '3.0.3', 'source keeps its own version');
    const text = JSON.stringify(d.document);
    assert.ok(!text.includes('"nullable"'));
    assert.deepEqual(d.files, [SPEC_PATH]);
    assert.deepEqual(d.warnings, []);
  });

  test('Swagger 2.0: body and formData become request bodies, definitions become components', async () => {
    const d = await readDescription(fixture('swagger-2.0.yaml'));
    assert.equal(d.sourceVersion, '2.0');
    const doc = d.document as Obj;
    assert.ok(doc.components.schemas.Pet);
    assert.ok(doc.paths['/pet'].post.requestBody.content['application/json']);
    assert.ok(doc.paths['/pet/{petId}/uploadImage'].post.requestBody.content['multipart/form-data']);
    assert.equal(doc.servers[0].url, 'https://petstore.example.org/v2');
    assert.equal(doc.components.securitySchemes.api_key.in, 'header');
  });

  test('3.1 with webhooks and 3.2 with query and additionalOperations load as written', async () => {
    const hooks = (await readDescription(fixture('openapi-3.1-webhooks-only.yaml'))).document as Obj;
    assert.ok(hooks.webhooks.newPet.post);
    assert.equal(hooks.paths, undefined);
    const v32 = (await readDescription(fixture('openapi-3.2.yaml'))).document as Obj;
    assert.ok(v32.paths['/products'].query);
    assert.ok(v32.paths['/products'].additionalOperations.LINK);
  });

  test('a description split over files is bundled: schemas keep their component names, cycles stay references', async () => {
    const d = await readDescription(fixture('split/openapi.yaml'));
    assert.equal(d.files.length, 5);
    const doc = d.document as Obj;
    assert.equal(doc.paths['/pets'].get.operationId, 'listPets');
    assert.equal(
      doc.paths['/pets'].get.responses['200'].content['application/json'].schema.items.$ref,
      '#/components/schemas/Pet',
    );
    assert.equal(doc.components.schemas.Pet.properties.owner.$ref, '#/components/schemas/Owner');
    assert.equal(doc.components.schemas.Owner.properties.pets.items.$ref, '#/components/schemas/Pet');
    assert.doesNotThrow(() => JSON.stringify(doc), 'no object cycles');
  });

  test('path item $refs are resolved in place; a cycle leaves an empty path item and a warning', async () => {
    const d = await readDescription(fixture('circular-paths.yaml'));
    const doc = d.document as Obj;
    assert.equal(doc.paths['/a'].get.operationId, 'getB');
    assert.deepEqual(doc.paths['/loop1'], {});
    assert.equal(d.warnings.length, 1);
    assert.match(d.warnings[0]?.detail ?? '', /circular/);
  });

  test('loads once per process: the same promise for every caller', async () => {
    const a = loadDescription(fixture('openapi-3.2.yaml'));
    const b = loadDescription(fixture('openapi-3.2.yaml'));
    assert.equal(a, b);
    assert.equal(await a, await b);
  });
});

describe('loadDescription: broken descriptions fail with what and where', () => {
  test('YAML syntax error: file, line and column, no parser stack', async () => {
    const e = await loadError(fixture('invalid/invalid-yaml.yaml'));
    assert.equal(e.code, 'syntax');
    assert.match(e.message, /invalid-yaml\.yaml:10:7: YAML syntax error/);
    assert.ok(!e.message.includes('\n'), 'one line');
  });

  test('JSON syntax error: file, line and column', async () => {
    const e = await loadError(fixture('invalid/invalid-json.json'));
    assert.equal(e.code, 'syntax');
    assert.match(e.message, /invalid-json\.json:6:3: JSON syntax error/);
  });

  test('a $ref to nothing names the file, the line, the reference and where it is used', async () => {
    const e = await loadError(fixture('invalid/dangling-ref.yaml'));
    const [p] = e.problems;
    assert.equal(p?.code, 'dangling-ref');
    assert.equal(p?.ref, '#/components/schemas/Nope');
    assert.equal(p?.pointer, '/paths/~1pets/get/responses/200/content/application~1json/schema');
    assert.equal(p?.line, 14);
    assert.match(e.message, /dangling-ref\.yaml:14:23: \$ref "#\/components\/schemas\/Nope" points to nothing/);
  });

  test('a $ref to a missing file in a referenced file names that file', async () => {
    const e = await loadError(fixture('invalid/dangling-split/openapi.yaml'));
    assert.equal(e.code, 'dangling-ref');
    assert.match(e.problems[0]?.file ?? '', /dangling-split\/pets\.yaml$/);
    assert.match(e.message, /missing\.yaml/);
  });

  test('wrong shapes name the pointer; not OpenAPI and unknown versions are refused', async () => {
    const shape = await loadError(fixture('invalid/bad-structure.yaml'));
    assert.equal(shape.code, 'structure');
    assert.equal(shape.problems[0]?.pointer, '/paths/~1pets/get/responses');
    assert.equal((await loadError(fixture('invalid/not-openapi.yaml'))).code, 'not-openapi');
    const old = await loadError(fixture('invalid/unsupported-version.yaml'));
    assert.equal(old.code, 'unsupported-version');
    assert.match(old.message, /swagger: "1\.2"/);
  });

  test('a missing entry file is named', async () => {
    const e = await loadError(fixture('does-not-exist.yaml'));
    assert.equal(e.code, 'file-unreadable');
    assert.match(formatDescriptionError(e), /^Invalid API description:\n {2}.*does-not-exist\.yaml: cannot read/);
  });
});
