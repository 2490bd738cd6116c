// Every rule of the Spectral ruleset (.spectral.yaml) fires on a deliberately broken copy of the real
// document and stays silent on the real one, so "no findings" cannot pass vacuously.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { writtenSpec } from '../../support/spec.ts';
import { enabledRules, type Finding, lint } from '../../support/spectral.ts';

const original = writtenSpec();

// biome-ignore lint/suspicious/noExplicitAny: broken copies are edited as free-form data
type Any = any;

/** Applies `edit` to a copy of the document and returns what `rule` alone finds in it. */
async function broken(rule: string, edit: (doc: Any) => void): Promise<Finding[]> {
  const copy = structuredClone(original) as Any;
  edit(copy);
  return lint(copy, rule);
}

/** Asserts the rule reports a finding whose message matches `message` (and whose path contains `path`). */
async function catches(rule: string, edit: (doc: Any) => void, message: RegExp, path?: string): Promise<void> {
  const findings = await broken(rule, edit);
  const hit = findings.find((p) => message.test(p.message) && (path === undefined || p.path.includes(path)));
  assert.ok(
    hit,
    `${rule} did not report ${message}${path ? ` at ${path}` : ''}; got ${JSON.stringify(findings, null, 1)}`,
  );
  assert.equal(hit.code, rule);
}

const op = (doc: Any, path: string, method: string): Any => doc.paths[path][method];
const sample = (doc: Any, path: string, method: string, lang: string): Any =>
  op(doc, path, method)['x-codeSamples'].find((s: Any) => s.lang === lang);

/** Every rule this file makes fire; the ruleset must have no other. */
const TESTED = new Set<string>();
const fires = (rule: string, edit: (doc: Any) => void, message: RegExp, path?: string) => {
  TESTED.add(rule);
  return catches(rule, edit, message, path);
};

describe('.spectral.yaml', () => {
  test('finds nothing in the real document', async () => {
    assert.deepEqual(await lint(original), []);
  });

  describe('petstore-document-basics', () => {
    test('openapi version', () => fires('petstore-document-basics', (d) => (d.openapi = '3.1.0'), /3\.0\.3/));
    test('title', () => fires('petstore-document-basics', (d) => (d.info.title = 'Pet Store'), /Petstore API/));
    test('server default', () =>
      fires('petstore-document-basics', (d) => delete d.servers[0].variables.base_url.default, /default/));
  });

  describe('operationIds (Spectral: operation-operationId, operation-operationId-unique)', () => {
    test('duplicate', () =>
      fires(
        'operation-operationId-unique',
        (d) => (op(d, '/pets', 'post').operationId = 'listPets'),
        /unique "operationId"/,
        '/paths/~1pets/post/operationId',
      ));
    test('missing', () =>
      fires(
        'operation-operationId',
        (d) => delete op(d, '/store/inventory', 'get').operationId,
        /must have "operationId"/,
        '/paths/~1store~1inventory/get',
      ));
  });

  describe('operation docs', () => {
    test('summary missing', () =>
      fires('petstore-operation-summary', (d) => delete op(d, '/pets', 'get').summary, /no summary/));
    test('summary blank', () =>
      fires('petstore-operation-summary', (d) => (op(d, '/pets', 'get').summary = '  '), /no summary/));
    test('description blank', () =>
      fires(
        'petstore-operation-description',
        (d) => (op(d, '/categories', 'get').description = ' '),
        /no description/,
      ));
    test('success response (Spectral: operation-success-response)', () =>
      fires(
        'operation-success-response',
        (d) => delete op(d, '/pets/{petId}', 'delete').responses['204'],
        /"2xx" or "3xx" response/,
        '/paths/~1pets~1{petId}/delete',
      ));
  });

  describe('petstore-tag-hierarchy', () => {
    test('operation on a group tag', () =>
      fires('petstore-tag-hierarchy', (d) => (op(d, '/pets', 'get').tags = ['Pets']), /uses group tag Pets directly/));
    test('two tags', () =>
      fires(
        'petstore-tag-hierarchy',
        (d) => (op(d, '/pets', 'get').tags = ['Animals', 'Categories']),
        /exactly one tag/,
      ));
    test('no tag', () =>
      fires('petstore-tag-hierarchy', (d) => delete op(d, '/pets', 'get').tags, /exactly one tag, has 0/));
    test('undeclared tag', () =>
      fires(
        'petstore-tag-hierarchy',
        (d) => (op(d, '/store/orders', 'get').tags = ['Checkout']),
        /undeclared tag Checkout/,
      ));
    test('child tag without x-parent', () =>
      fires(
        'petstore-tag-hierarchy',
        (d) => delete d.tags.find((t: Any) => t.name === 'Orders')['x-parent'],
        /Orders needs x-parent/,
      ));
    test('group tag with a parent', () =>
      fires(
        'petstore-tag-hierarchy',
        (d) => (d.tags.find((t: Any) => t.name === 'Store')['x-parent'] = 'Pets'),
        /must not have x-parent/,
      ));
    test('x-parent and x-tagGroups disagree', () =>
      fires(
        'petstore-tag-hierarchy',
        (d) => {
          d['x-tagGroups'][0].tags.push('Orders');
          d['x-tagGroups'][1].tags = ['Inventory'];
        },
        /Orders is in group Pets but its x-parent is Store/,
      ));
    test('child tag in no group', () =>
      fires(
        'petstore-tag-hierarchy',
        (d) => (d['x-tagGroups'][1].tags = ['Orders']),
        /Inventory \(x-parent Store\) is in no x-tagGroups group/,
      ));
    test('group missing from x-tagGroups', () =>
      fires('petstore-tag-hierarchy', (d) => d['x-tagGroups'].pop(), /x-tagGroups has no group Store/));
  });

  describe('petstore-code-samples', () => {
    test('a language missing', () =>
      fires('petstore-code-samples', (d) => op(d, '/pets', 'get')['x-codeSamples'].pop(), /exactly 3 samples/));
    test('a fourth sample', () =>
      fires(
        'petstore-code-samples',
        (d) => op(d, '/pets', 'get')['x-codeSamples'].push({ lang: 'go', label: 'Go', source: 'package main' }),
        /exactly 3 samples/,
      ));
    test('empty source', () =>
      fires('petstore-code-samples', (d) => (sample(d, '/pets', 'post', 'python').source = ''), /sample is empty/));
    test('wrong label', () =>
      fires('petstore-code-samples', (d) => (sample(d, '/pets', 'post', 'curl').label = 'Shell'), /labelled cURL/));
    test('calls another path', () =>
      fires(
        'petstore-code-samples',
        (d) => {
          const s = sample(d, '/pets/{petId}', 'get', 'javascript');
          s.source = s.source.replace('/v1/pets/1', '/v1/categories/1');
        },
        /javascript sample does not call .*\/pets\/\{petId\}/,
      ));
    test('curl without --fail-with-body', () =>
      fires(
        'petstore-code-samples',
        (d) => {
          const s = sample(d, '/categories', 'get', 'curl');
          s.source = s.source.replace('--fail-with-body ', '');
        },
        /--fail-with-body/,
      ));
    test('curl without -X for a DELETE', () =>
      fires(
        'petstore-code-samples',
        (d) => {
          const s = sample(d, '/store/orders/{orderId}', 'delete', 'curl');
          s.source = s.source.replace('-X DELETE ', '');
        },
        /needs -X DELETE/,
      ));
    test('JavaScript that ignores errors', () =>
      fires(
        'petstore-code-samples',
        (d) => {
          const s = sample(d, '/store/inventory', 'get', 'javascript');
          s.source = s.source.replace(/^if \(!res\.ok\).*$/m, '');
        },
        /throw on a non-2xx/,
      ));
    test('Python with the wrong method', () =>
      fires(
        'petstore-code-samples',
        (d) => {
          const s = sample(d, '/pets/{petId}', 'put', 'python');
          s.source = s.source.replace('requests.put(', 'requests.post(');
        },
        /requests\.put/,
      ));
    test('Python without the token variable', () =>
      fires(
        'petstore-code-samples',
        (d) => {
          const s = sample(d, '/pets', 'get', 'python');
          s.source = s.source.replace('os.environ["PETSTORE_TOKEN"]', '"secret"');
        },
        /PETSTORE_TOKEN/,
      ));
    test('a cURL body that breaks the request schema', () =>
      fires(
        'petstore-code-samples',
        (d) => {
          const s = sample(d, '/store/orders', 'post', 'curl');
          s.source = s.source.replace('"quantity": 1', '"quantity": 0');
        },
        /does not match the request schema: \/quantity must be >= 1/,
      ));
    test('a cURL body that is not JSON', () =>
      fires(
        'petstore-code-samples',
        (d) => {
          const s = sample(d, '/categories', 'post', 'curl');
          s.source = s.source.replace('"Fish",', '"Fish"');
        },
        /not JSON/,
      ));
    test('a cURL sample without a body for a body operation', () =>
      fires(
        'petstore-code-samples',
        (d) => {
          const s = sample(d, '/store/inventory/{petId}', 'put', 'curl');
          s.source = s.source.replace(/ \\\n\s+-d '.*'/, '');
        },
        /needs -H "Content-Type: application\/json" and -d/,
      ));
  });

  describe('examples (Spectral: oas3-valid-media-example, oas3-valid-schema-example)', () => {
    test('response example with a bad enum value', () =>
      fires(
        'oas3-valid-media-example',
        (d) => (op(d, '/pets/{petId}', 'get').responses['200'].content['application/json'].example.status = 'lost'),
        /must be equal to one of the allowed values/,
        '/paths/~1pets~1{petId}/get/responses/200',
      ));
    test('named response example with a bad date-time', () =>
      fires(
        'oas3-valid-media-example',
        (d) =>
          (op(d, '/store/orders', 'get').responses['200'].content['application/json'].example[0].shipDate =
            'next Tuesday'),
        /must match format "date-time"/,
      ));
    test('request example missing a required field', () =>
      fires(
        'oas3-valid-media-example',
        (d) => delete op(d, '/pets', 'post').requestBody.content['application/json'].example.categoryId,
        /must have required property .categoryId./,
      ));
    test('request example of the order allOf below the minimum', () =>
      fires(
        'oas3-valid-media-example',
        (d) => (op(d, '/store/orders', 'post').requestBody.content['application/json'].example.quantity = 0),
        /must be >= 1/,
      ));
    test('a $ref example object', () =>
      fires(
        'oas3-valid-media-example',
        (d) => (d.components.examples.RateLimited.value.status = '429'),
        /must be integer/,
        '/components/examples/RateLimited',
      ));
    test('parameter example', () =>
      fires(
        'oas3-valid-media-example',
        (d) => (d.components.parameters.limit.example = 500),
        /must be <= 100/,
        '/components/parameters/limit',
      ));
    test('header example', () =>
      fires(
        'oas3-valid-media-example',
        (d) => (d.components.headers.Deprecation.example = 'true'),
        /must match pattern/,
        '/components/headers/Deprecation',
      ));
    test('schema-level example', () =>
      fires(
        'petstore-composed-schema-examples',
        (d) => (d.components.schemas.Pet.example.id = 0),
        /example does not match its schema: \/id must be >= 1/,
        '/components/schemas/Pet/example',
      ));
    test('schema-level example of a plain schema (Spectral)', () =>
      fires(
        'oas3-valid-schema-example',
        (d) => (d.components.schemas.Order.example.quantity = 'two'),
        /must be integer/,
        '/components/schemas/Order/example',
      ));
    test('int64 identifiers', () =>
      fires(
        'petstore-composed-schema-examples',
        (d) => (d.components.schemas.Category.example.id = 1.5),
        /must be integer|must match format "int64"/,
      ));
  });

  describe('petstore-stability', () => {
    test('unknown value', () =>
      fires(
        'petstore-stability',
        (d) => (op(d, '/store/inventory', 'get')['x-stability'] = 'alpha'),
        /x-stability alpha is not one of experimental, beta/,
      ));
  });

  describe('petstore-deprecation', () => {
    const getPet = (d: Any) => op(d, '/pets/{petId}', 'get');
    test('no sunset', () =>
      fires('petstore-deprecation', (d) => delete getPet(d)['x-deprecated-sunset'], /not an ISO date/));
    test('not a calendar date', () =>
      fires(
        'petstore-deprecation',
        (d) => (getPet(d)['x-deprecated-sunset'] = '2027-02-30'),
        /"2027-02-30" is not an ISO date/,
      ));
    test('not ISO', () =>
      fires('petstore-deprecation', (d) => (getPet(d)['x-deprecated-sunset'] = '30 June 2027'), /not an ISO date/));
    test('since after sunset', () =>
      fires('petstore-deprecation', (d) => (getPet(d)['x-deprecated-since'] = '2028-01-01'), /before the sunset/));
    test('description without the date', () =>
      fires(
        'petstore-deprecation',
        (d) => (getPet(d).description = 'Deprecated: use listPets.'),
        /name the sunset date/,
      ));
    test('description without a successor', () =>
      fires(
        'petstore-deprecation',
        (d) => (getPet(d).description = 'Deprecated; sunset on 30 June 2027.'),
        /operation that replaces it/,
      ));
    test('no Deprecation header', () =>
      fires(
        'petstore-deprecation',
        (d) => delete getPet(d).responses['200'].headers.Deprecation,
        /needs a Deprecation header/,
      ));
    test('no Sunset header', () =>
      fires('petstore-deprecation', (d) => delete getPet(d).responses['200'].headers.Sunset, /needs a Sunset header/));
    test('no Link header', () =>
      fires('petstore-deprecation', (d) => delete getPet(d).responses['200'].headers.Link, /needs a Link header/));
    test('Sunset example on another day', () =>
      fires(
        'petstore-deprecation',
        (d) => (d.components.headers.Sunset.example = 'Thu, 01 Jul 2027 00:00:00 GMT'),
        /not on 2027-06-30/,
      ));
    test('Deprecation example not the since date', () =>
      fires(
        'petstore-deprecation',
        (d) => (d.components.headers.Deprecation.example = '@1700000000'),
        /Deprecation example/,
      ));
    test('x-successor naming no live operation', () =>
      fires(
        'petstore-deprecation',
        (d) => (getPet(d)['x-successor'].operationId = 'getPet'),
        /x-successor.operationId "getPet"/,
      ));
    test('sunset on an operation that is not deprecated', () =>
      fires(
        'petstore-deprecation',
        (d) => (op(d, '/pets', 'get')['x-deprecated-sunset'] = '2027-06-30'),
        /not deprecated: true/,
      ));
  });

  describe('petstore-error-responses', () => {
    test('an error without the Error schema', () =>
      fires(
        'petstore-error-responses',
        (d) => {
          op(d, '/pets', 'post').responses['409'].content['application/json'].schema = { type: 'object' };
        },
        /must be application\/json with \$ref #\/components\/schemas\/Error/,
      ));
    test('a shared error response without the Error schema', () =>
      fires(
        'petstore-error-responses',
        (d) => (d.components.responses.InternalError.content = { 'text/plain': { schema: { type: 'string' } } }),
        /500: the body must be application\/json/,
        '/components/responses/InternalError',
      ));
    test('an example whose status is not the response status', () =>
      fires(
        'petstore-error-responses',
        (d) => (d.components.examples.PetNotFound.value.status = 400),
        /example's status is 400/,
      ));
    test('a code outside the catalogue', () =>
      fires(
        'petstore-error-responses',
        (d) => (d.components.examples.DuplicateCategory.value.code = 'conflict'),
        /code conflict is not a catalogue code for 409/,
      ));
    test('a catalogue code under the wrong status', () =>
      fires(
        'petstore-error-responses',
        (d) => {
          const v = d.components.examples.PetReferenceNotFound.value;
          v.code = 'not_found';
        },
        /code not_found is not a catalogue code for 422/,
      ));
    test('429 missing', () =>
      fires('petstore-error-responses', (d) => delete op(d, '/categories', 'get').responses['429'], /can answer 429/));
    test('404 missing on an id path', () =>
      fires(
        'petstore-error-responses',
        (d) => delete op(d, '/store/orders/{orderId}', 'get').responses['404'],
        /can answer 404/,
      ));
    test('415 missing on a body operation', () =>
      fires(
        'petstore-error-responses',
        (d) => delete op(d, '/store/inventory/{petId}', 'put').responses['415'],
        /can answer 415/,
      ));
    test('catalogue code not documented', () =>
      fires(
        'petstore-error-responses',
        (d) => (d.info.description = d.info.description.replaceAll('`capacity_reached`', 'capacity')),
        /capacity_reached/,
      ));
  });

  describe('petstore-component-schemas', () => {
    const s = (d: Any, name: string) => d.components.schemas[name];
    test('an optional field made required', () =>
      fires(
        'petstore-component-schemas',
        (d) => (s(d, 'Order').required = ['id']),
        /Order required must be \[\], is \[id\]/,
      ));
    test('a required field made optional', () =>
      fires(
        'petstore-component-schemas',
        (d) => (s(d, 'Pet').allOf[1].required = []),
        /Pet required must be \[name, categoryId, id\]/,
      ));
    test('format lost', () =>
      fires(
        'petstore-component-schemas',
        (d) => delete s(d, 'NewPet').properties.categoryId.format,
        /NewPet.categoryId format must be int64/,
      ));
    test('date-time lost', () =>
      fires(
        'petstore-component-schemas',
        (d) => (s(d, 'Order').properties.shipDate.format = 'date'),
        /Order.shipDate format must be date-time/,
      ));
    test('wrong type', () =>
      fires(
        'petstore-component-schemas',
        (d) => (s(d, 'Error').properties.status.type = 'string'),
        /Error.status must be type integer/,
      ));
    test('description changed', () =>
      fires(
        'petstore-component-schemas',
        (d) => (s(d, 'InventoryUpdate').properties.quantity.description = 'Stock.'),
        /description must be "The new stock count."/,
      ));
    test('field added', () =>
      fires(
        'petstore-component-schemas',
        (d) => (s(d, 'NewCategory').properties.slug = { type: 'string' }),
        /NewCategory fields must be/,
      ));
    test('field renamed', () =>
      fires(
        'petstore-component-schemas',
        (d) => {
          const p = s(d, 'InventoryItem').properties;
          p.stock = p.quantity;
          delete p.quantity;
        },
        /InventoryItem fields must be/,
      ));
    test('status no longer a PetStatus', () =>
      fires(
        'petstore-component-schemas',
        (d) =>
          (s(d, 'InventoryItem').properties.status = { type: 'string', description: 'Status of the tracked pet.' }),
        /must refer to PetStatus/,
      ));
    test('enum changed', () =>
      fires(
        'petstore-component-schemas',
        (d) => s(d, 'PetStatus').enum.push('adopted'),
        /PetStatus must be a string enum/,
      ));
    test('Pets not an array of Pet', () =>
      fires(
        'petstore-component-schemas',
        (d) => (s(d, 'Pets').items = { $ref: '#/components/schemas/NewPet' }),
        /array of Pet/,
      ));
    test('Category not built on NewCategory', () =>
      fires(
        'petstore-component-schemas',
        (d) => (s(d, 'Category').allOf[0] = s(d, 'NewCategory')),
        /allOf \[NewCategory, \{id\}\]/,
      ));
    test('an extra schema', () =>
      fires(
        'petstore-component-schemas',
        (d) => (d.components.schemas.Dummy = { type: 'object' }),
        /not a shape of the source/,
      ));
    test('a missing schema', () =>
      fires(
        'petstore-component-schemas',
        (d) => delete d.components.schemas.InventoryUpdate,
        /InventoryUpdate is missing/,
      ));
  });

  describe('petstore-named-operations', () => {
    test('x-hideTryItPanel removed from GET /store/orders', () =>
      fires(
        'petstore-named-operations',
        (d) => delete op(d, '/store/orders', 'get')['x-hideTryItPanel'],
        /needs x-hideTryItPanel: true/,
      ));
    test('x-hideTryItPanel elsewhere', () =>
      fires(
        'petstore-named-operations',
        (d) => (op(d, '/store/orders', 'post')['x-hideTryItPanel'] = true),
        /POST \/store\/orders must not set/,
      ));
    test('GET /store/orders outside the Store group', () =>
      fires('petstore-named-operations', (d) => (op(d, '/store/orders', 'get').tags = ['Animals']), /Store group/));
    test('GET /pets/{petId} not deprecated', () =>
      fires(
        'petstore-named-operations',
        (d) => (op(d, '/pets/{petId}', 'get').deprecated = false),
        /must be deprecated/,
      ));
    test('GET /pets/{petId} missing', () =>
      fires('petstore-named-operations', (d) => delete d.paths['/pets/{petId}'].get, /is missing/));
  });

  test('oas3-schema (Spectral): a document that is not OpenAPI 3.0 fails', () =>
    fires('oas3-schema', (d) => (op(d, '/pets', 'get').responses = 'none'), /responses/, '/paths/~1pets/get'));

  test('every rule of the ruleset has a test above that makes it fire', async () => {
    assert.deepEqual((await enabledRules()).filter((rule) => !TESTED.has(rule)).sort(), []);
  });
});
