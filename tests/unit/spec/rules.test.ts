// Every rule of spec/rules.ts catches a deliberately broken copy of the real document, so the
// "zero problems" test in openapi.test.ts cannot pass vacuously.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { loadSpec } from '../../../spec/load.ts';
import { type Doc, isCalendarDate, lintSpec, type Problem, RULES } from '../../../spec/rules.ts';

const original = loadSpec() as unknown as Doc;

// biome-ignore lint/suspicious/noExplicitAny: broken copies are edited as free-form data
type Any = any;

/** Applies `edit` to a copy of the document and returns the problems `rule` finds in it. */
function broken(rule: string, edit: (doc: Any) => void): Problem[] {
  const copy = structuredClone(original) as Any;
  edit(copy);
  const run = RULES[rule];
  assert.ok(run, `no rule ${rule}`);
  return run(copy);
}

/** Asserts the rule reports a problem whose message matches `message` (and whose path contains `path`). */
function catches(rule: string, edit: (doc: Any) => void, message: RegExp, path?: string): void {
  const problems = broken(rule, edit);
  const hit = problems.find((p) => message.test(p.message) && (path === undefined || p.path.includes(path)));
  assert.ok(
    hit,
    `${rule} did not report ${message}${path ? ` at ${path}` : ''}; got ${JSON.stringify(problems, null, 1)}`,
  );
  assert.equal(hit.rule, rule);
}

const op = (doc: Any, path: string, method: string): Any => doc.paths[path][method];
const sample = (doc: Any, path: string, method: string, lang: string): Any =>
  op(doc, path, method)['x-codeSamples'].find((s: Any) => s.lang === lang);

describe('spec/rules.ts', () => {
  test('each rule finds nothing in the real document', () => {
    for (const [name, rule] of Object.entries(RULES)) assert.deepEqual(rule(original), [], name);
  });

  test('lintSpec runs every rule', () => {
    const problems = lintSpec(
      (() => {
        const copy = structuredClone(original) as Any;
        copy.openapi = '3.1.0';
        op(copy, '/pets', 'post').operationId = 'listPets';
        return copy;
      })(),
    );
    assert.deepEqual([...new Set(problems.map((p) => p.rule))].sort(), ['documentBasics', 'uniqueOperationIds']);
  });

  test('isCalendarDate accepts real dates only', () => {
    assert.equal(isCalendarDate('2027-06-30'), true);
    assert.equal(isCalendarDate('2028-02-29'), true);
    for (const bad of [
      '2027-02-29',
      '2027-06-31',
      '2027-13-01',
      '2027-6-30',
      '30/06/2027',
      '2027-06-30T00:00:00Z',
      20270630,
    ]) {
      assert.equal(isCalendarDate(bad), false, String(bad));
    }
  });

  describe('documentBasics', () => {
    test('openapi version', () => catches('documentBasics', (d) => (d.openapi = '3.1.0'), /must be 3\.0\.3/));
    test('title', () => catches('documentBasics', (d) => (d.info.title = 'Pet Store'), /Petstore API/));
    test('server default', () =>
      catches('documentBasics', (d) => delete d.servers[0].variables.base_url.default, /default/));
  });

  describe('uniqueOperationIds', () => {
    test('duplicate', () =>
      catches(
        'uniqueOperationIds',
        (d) => (op(d, '/pets', 'post').operationId = 'listPets'),
        /listPets is also used by GET \/pets/,
      ));
    test('missing', () =>
      catches('uniqueOperationIds', (d) => delete op(d, '/store/inventory', 'get').operationId, /has no operationId/));
  });

  describe('operationDocs', () => {
    test('summary', () => catches('operationDocs', (d) => delete op(d, '/pets', 'get').summary, /no summary/));
    test('description', () =>
      catches('operationDocs', (d) => (op(d, '/categories', 'get').description = ' '), /no description/));
    test('success response', () =>
      catches('operationDocs', (d) => delete op(d, '/pets/{petId}', 'delete').responses['204'], /no success/));
  });

  describe('tagHierarchy', () => {
    test('operation on a group tag', () =>
      catches('tagHierarchy', (d) => (op(d, '/pets', 'get').tags = ['Pets']), /uses group tag Pets directly/));
    test('two tags', () =>
      catches('tagHierarchy', (d) => (op(d, '/pets', 'get').tags = ['Animals', 'Categories']), /exactly one tag/));
    test('no tag', () => catches('tagHierarchy', (d) => delete op(d, '/pets', 'get').tags, /exactly one tag, has 0/));
    test('undeclared tag', () =>
      catches('tagHierarchy', (d) => (op(d, '/store/orders', 'get').tags = ['Checkout']), /undeclared tag Checkout/));
    test('child tag without x-parent', () =>
      catches(
        'tagHierarchy',
        (d) => delete d.tags.find((t: Any) => t.name === 'Orders')['x-parent'],
        /Orders needs x-parent/,
      ));
    test('group tag with a parent', () =>
      catches(
        'tagHierarchy',
        (d) => (d.tags.find((t: Any) => t.name === 'Store')['x-parent'] = 'Pets'),
        /must not have x-parent/,
      ));
    test('x-parent and x-tagGroups disagree', () =>
      catches(
        'tagHierarchy',
        (d) => {
          d['x-tagGroups'][0].tags.push('Orders');
          d['x-tagGroups'][1].tags = ['Inventory'];
        },
        /Orders is in group Pets but its x-parent is Store/,
      ));
    test('child tag in no group', () =>
      catches(
        'tagHierarchy',
        (d) => (d['x-tagGroups'][1].tags = ['Orders']),
        /Inventory \(x-parent Store\) is in no x-tagGroups group/,
      ));
    test('group missing from x-tagGroups', () =>
      catches('tagHierarchy', (d) => d['x-tagGroups'].pop(), /x-tagGroups has no group Store/));
  });

  describe('codeSamples', () => {
    test('a language missing', () =>
      catches('codeSamples', (d) => op(d, '/pets', 'get')['x-codeSamples'].pop(), /exactly 3 samples/));
    test('a fourth sample', () =>
      catches(
        'codeSamples',
        (d) => op(d, '/pets', 'get')['x-codeSamples'].push({ lang: 'go', label: 'Go', source: 'package main' }),
        /exactly 3 samples/,
      ));
    test('empty source', () =>
      catches('codeSamples', (d) => (sample(d, '/pets', 'post', 'python').source = ''), /sample is empty/));
    test('wrong label', () =>
      catches('codeSamples', (d) => (sample(d, '/pets', 'post', 'curl').label = 'Shell'), /labelled cURL/));
    test('calls another path', () =>
      catches(
        'codeSamples',
        (d) => {
          const s = sample(d, '/pets/{petId}', 'get', 'javascript');
          s.source = s.source.replace('/v1/pets/1', '/v1/categories/1');
        },
        /javascript sample does not call .*\/pets\/\{petId\}/,
      ));
    test('curl without --fail-with-body', () =>
      catches(
        'codeSamples',
        (d) => {
          const s = sample(d, '/categories', 'get', 'curl');
          s.source = s.source.replace('--fail-with-body ', '');
        },
        /--fail-with-body/,
      ));
    test('curl without -X for a DELETE', () =>
      catches(
        'codeSamples',
        (d) => {
          const s = sample(d, '/store/orders/{orderId}', 'delete', 'curl');
          s.source = s.source.replace('-X DELETE ', '');
        },
        /needs -X DELETE/,
      ));
    test('JavaScript that ignores errors', () =>
      catches(
        'codeSamples',
        (d) => {
          const s = sample(d, '/store/inventory', 'get', 'javascript');
          s.source = s.source.replace(/^if \(!res\.ok\).*$/m, '');
        },
        /throw on a non-2xx/,
      ));
    test('Python with the wrong method', () =>
      catches(
        'codeSamples',
        (d) => {
          const s = sample(d, '/pets/{petId}', 'put', 'python');
          s.source = s.source.replace('requests.put(', 'requests.post(');
        },
        /requests\.put/,
      ));
    test('Python without the token variable', () =>
      catches(
        'codeSamples',
        (d) => {
          const s = sample(d, '/pets', 'get', 'python');
          s.source = s.source.replace('os.environ["PETSTORE_TOKEN"]', '"secret"');
        },
        /PETSTORE_TOKEN/,
      ));
    test('a cURL body that breaks the request schema', () =>
      catches(
        'codeSamples',
        (d) => {
          const s = sample(d, '/store/orders', 'post', 'curl');
          s.source = s.source.replace('"quantity": 1', '"quantity": 0');
        },
        /does not match the request schema: \/quantity must be >= 1/,
      ));
    test('a cURL body that is not JSON', () =>
      catches(
        'codeSamples',
        (d) => {
          const s = sample(d, '/categories', 'post', 'curl');
          s.source = s.source.replace('"Fish",', '"Fish"');
        },
        /not JSON/,
      ));
    test('a cURL sample without a body for a body operation', () =>
      catches(
        'codeSamples',
        (d) => {
          const s = sample(d, '/store/inventory/{petId}', 'put', 'curl');
          s.source = s.source.replace(/ \\\n\s+-d '.*'/, '');
        },
        /needs -H "Content-Type: application\/json" and -d/,
      ));
  });

  describe('examplesValid', () => {
    test('response example with a bad enum value', () =>
      catches(
        'examplesValid',
        (d) => (op(d, '/pets/{petId}', 'get').responses['200'].content['application/json'].example.status = 'lost'),
        /must be equal to one of the allowed values/,
        '/paths/~1pets~1{petId}/get/responses/200',
      ));
    test('named response example with a bad date-time', () =>
      catches(
        'examplesValid',
        (d) =>
          (op(d, '/store/orders', 'get').responses['200'].content['application/json'].example[0].shipDate =
            'next Tuesday'),
        /must match format "date-time"/,
      ));
    test('request example missing a required field', () =>
      catches(
        'examplesValid',
        (d) => delete op(d, '/pets', 'post').requestBody.content['application/json'].example.categoryId,
        /must have required property 'categoryId'/,
      ));
    test('request example of the order allOf below the minimum', () =>
      catches(
        'examplesValid',
        (d) => (op(d, '/store/orders', 'post').requestBody.content['application/json'].example.quantity = 0),
        /must be >= 1/,
      ));
    test('a $ref example object', () =>
      catches(
        'examplesValid',
        (d) => (d.components.examples.RateLimited.value.status = '429'),
        /must be integer/,
        '/components/examples/RateLimited',
      ));
    test('parameter example', () =>
      catches(
        'examplesValid',
        (d) => (d.components.parameters.limit.example = 500),
        /must be <= 100/,
        '/components/parameters/limit',
      ));
    test('header example', () =>
      catches(
        'examplesValid',
        (d) => (d.components.headers.Deprecation.example = 'true'),
        /must match pattern/,
        '/components/headers/Deprecation',
      ));
    test('schema-level example', () =>
      catches(
        'examplesValid',
        (d) => (d.components.schemas.Pet.example.id = 0),
        /must be >= 1/,
        '/components/schemas/Pet/example',
      ));
    test('int64 identifiers', () =>
      catches(
        'examplesValid',
        (d) => (d.components.schemas.Category.example.id = 1.5),
        /must be integer|must match format "int64"/,
      ));
  });

  describe('stabilityValues', () => {
    test('unknown value', () =>
      catches(
        'stabilityValues',
        (d) => (op(d, '/store/inventory', 'get')['x-stability'] = 'alpha'),
        /"alpha" is not one of experimental, beta/,
      ));
  });

  describe('deprecation', () => {
    const getPet = (d: Any) => op(d, '/pets/{petId}', 'get');
    test('no sunset', () => catches('deprecation', (d) => delete getPet(d)['x-deprecated-sunset'], /not an ISO date/));
    test('not a calendar date', () =>
      catches(
        'deprecation',
        (d) => (getPet(d)['x-deprecated-sunset'] = '2027-02-30'),
        /"2027-02-30" is not an ISO date/,
      ));
    test('not ISO', () =>
      catches('deprecation', (d) => (getPet(d)['x-deprecated-sunset'] = '30 June 2027'), /not an ISO date/));
    test('since after sunset', () =>
      catches('deprecation', (d) => (getPet(d)['x-deprecated-since'] = '2028-01-01'), /before the sunset/));
    test('description without the date', () =>
      catches('deprecation', (d) => (getPet(d).description = 'Deprecated: use listPets.'), /name the sunset date/));
    test('description without a successor', () =>
      catches(
        'deprecation',
        (d) => (getPet(d).description = 'Deprecated; sunset on 30 June 2027.'),
        /operation that replaces it/,
      ));
    test('no Deprecation header', () =>
      catches(
        'deprecation',
        (d) => delete getPet(d).responses['200'].headers.Deprecation,
        /needs a Deprecation header/,
      ));
    test('no Sunset header', () =>
      catches('deprecation', (d) => delete getPet(d).responses['200'].headers.Sunset, /needs a Sunset header/));
    test('no Link header', () =>
      catches('deprecation', (d) => delete getPet(d).responses['200'].headers.Link, /needs a Link header/));
    test('Sunset example on another day', () =>
      catches(
        'deprecation',
        (d) => (d.components.headers.Sunset.example = 'Thu, 01 Jul 2027 00:00:00 GMT'),
        /not on 2027-06-30/,
      ));
    test('Deprecation example not the since date', () =>
      catches('deprecation', (d) => (d.components.headers.Deprecation.example = '@1700000000'), /Deprecation example/));
    test('x-successor naming no live operation', () =>
      catches(
        'deprecation',
        (d) => (getPet(d)['x-successor'].operationId = 'getPet'),
        /x-successor.operationId "getPet"/,
      ));
    test('sunset on an operation that is not deprecated', () =>
      catches(
        'deprecation',
        (d) => (op(d, '/pets', 'get')['x-deprecated-sunset'] = '2027-06-30'),
        /not deprecated: true/,
      ));
  });

  describe('errorResponses', () => {
    test('an error without the Error schema', () =>
      catches(
        'errorResponses',
        (d) => {
          op(d, '/pets', 'post').responses['409'].content['application/json'].schema = { type: 'object' };
        },
        /must be application\/json with \$ref #\/components\/schemas\/Error/,
      ));
    test('a shared error response without the Error schema', () =>
      catches(
        'errorResponses',
        (d) => (d.components.responses.InternalError.content = { 'text/plain': { schema: { type: 'string' } } }),
        /500: the body must be application\/json/,
        '/components/responses/InternalError',
      ));
    test('an example whose status is not the response status', () =>
      catches(
        'errorResponses',
        (d) => (d.components.examples.PetNotFound.value.status = 400),
        /example's status is 400/,
      ));
    test('a code outside the catalogue', () =>
      catches(
        'errorResponses',
        (d) => (d.components.examples.DuplicateCategory.value.code = 'conflict'),
        /code conflict is not a catalogue code for 409/,
      ));
    test('a catalogue code under the wrong status', () =>
      catches(
        'errorResponses',
        (d) => {
          const v = d.components.examples.PetReferenceNotFound.value;
          v.code = 'not_found';
        },
        /code not_found is not a catalogue code for 422/,
      ));
    test('429 missing', () =>
      catches('errorResponses', (d) => delete op(d, '/categories', 'get').responses['429'], /can answer 429/));
    test('404 missing on an id path', () =>
      catches(
        'errorResponses',
        (d) => delete op(d, '/store/orders/{orderId}', 'get').responses['404'],
        /can answer 404/,
      ));
    test('415 missing on a body operation', () =>
      catches(
        'errorResponses',
        (d) => delete op(d, '/store/inventory/{petId}', 'put').responses['415'],
        /can answer 415/,
      ));
    test('catalogue code not documented', () =>
      catches(
        'errorResponses',
        (d) => (d.info.description = d.info.description.replaceAll('`capacity_reached`', 'capacity')),
        /capacity_reached/,
      ));
  });

  describe('componentSchemas', () => {
    const s = (d: Any, name: string) => d.components.schemas[name];
    test('an optional field made required', () =>
      catches('componentSchemas', (d) => (s(d, 'Order').required = ['id']), /Order required must be \[\], is \[id\]/));
    test('a required field made optional', () =>
      catches(
        'componentSchemas',
        (d) => (s(d, 'Pet').allOf[1].required = []),
        /Pet required must be \[name, categoryId, id\]/,
      ));
    test('format lost', () =>
      catches(
        'componentSchemas',
        (d) => delete s(d, 'NewPet').properties.categoryId.format,
        /NewPet.categoryId format must be int64/,
      ));
    test('date-time lost', () =>
      catches(
        'componentSchemas',
        (d) => (s(d, 'Order').properties.shipDate.format = 'date'),
        /Order.shipDate format must be date-time/,
      ));
    test('wrong type', () =>
      catches(
        'componentSchemas',
        (d) => (s(d, 'Error').properties.status.type = 'string'),
        /Error.status must be type integer/,
      ));
    test('description changed', () =>
      catches(
        'componentSchemas',
        (d) => (s(d, 'InventoryUpdate').properties.quantity.description = 'Stock.'),
        /description must be "The new stock count."/,
      ));
    test('field added', () =>
      catches(
        'componentSchemas',
        (d) => (s(d, 'NewCategory').properties.slug = { type: 'string' }),
        /NewCategory fields must be/,
      ));
    test('field renamed', () =>
      catches(
        'componentSchemas',
        (d) => {
          const p = s(d, 'InventoryItem').properties;
          p.stock = p.quantity;
          delete p.quantity;
        },
        /InventoryItem fields must be/,
      ));
    test('status no longer a PetStatus', () =>
      catches(
        'componentSchemas',
        (d) =>
          (s(d, 'InventoryItem').properties.status = { type: 'string', description: 'Status of the tracked pet.' }),
        /must refer to PetStatus/,
      ));
    test('enum changed', () =>
      catches('componentSchemas', (d) => s(d, 'PetStatus').enum.push('adopted'), /PetStatus must be a string enum/));
    test('Pets not an array of Pet', () =>
      catches(
        'componentSchemas',
        (d) => (s(d, 'Pets').items = { $ref: '#/components/schemas/NewPet' }),
        /array of Pet/,
      ));
    test('Category not built on NewCategory', () =>
      catches(
        'componentSchemas',
        (d) => (s(d, 'Category').allOf[0] = s(d, 'NewCategory')),
        /allOf \[NewCategory, \{id\}\]/,
      ));
    test('an extra schema', () =>
      catches(
        'componentSchemas',
        (d) => (d.components.schemas.Dummy = { type: 'object' }),
        /not a shape of the source/,
      ));
    test('a missing schema', () =>
      catches('componentSchemas', (d) => delete d.components.schemas.InventoryUpdate, /InventoryUpdate is missing/));
  });

  describe('namedOperations', () => {
    test('x-hideTryItPanel removed from GET /store/orders', () =>
      catches(
        'namedOperations',
        (d) => delete op(d, '/store/orders', 'get')['x-hideTryItPanel'],
        /needs x-hideTryItPanel: true/,
      ));
    test('x-hideTryItPanel elsewhere', () =>
      catches(
        'namedOperations',
        (d) => (op(d, '/store/orders', 'post')['x-hideTryItPanel'] = true),
        /POST \/store\/orders must not set/,
      ));
    test('GET /store/orders outside the Store group', () =>
      catches('namedOperations', (d) => (op(d, '/store/orders', 'get').tags = ['Animals']), /Store group/));
    test('GET /pets/{petId} not deprecated', () =>
      catches('namedOperations', (d) => (op(d, '/pets/{petId}', 'get').deprecated = false), /must be deprecated/));
    test('GET /pets/{petId} missing', () =>
      catches('namedOperations', (d) => delete d.paths['/pets/{petId}'].get, /is missing/));
  });
});
