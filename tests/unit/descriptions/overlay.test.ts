import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { applyOverlay, OverlayError, parseOverlay } from '../../../descriptions/overlay/index.ts';

// biome-ignore lint/suspicious/noExplicitAny: the tests read deep into the result
type Obj = Record<string, any>;

const description = (): Obj => ({
  openapi: '3.0.3',
  info: { title: 'Petstore API', version: '1.0.0' },
  tags: [{ name: 'Animals', description: 'Pets and what they are.' }],
  paths: {
    '/pets': {
      get: {
        operationId: 'listPets',
        summary: 'List pets',
        description: 'Every pet, paged.',
        parameters: [{ name: 'limit', in: 'query', description: 'Page size.', schema: { type: 'integer' } }],
        responses: { '200': { description: 'The pets.' } },
      },
    },
  },
  components: { schemas: { Pet: { type: 'object', properties: { description: { type: 'string' } } } } },
});

const FILE = '/work/spec/i18n/fr.overlay.yaml';
const overlay = (actions: string) =>
  parseOverlay(`overlay: 1.0.0\ninfo:\n  title: Français\n  version: 1.0.0\nactions:\n${actions}`, FILE);

function refusal(fn: () => unknown): OverlayError {
  try {
    fn();
  } catch (error) {
    assert.ok(error instanceof OverlayError, String(error));
    return error;
  }
  assert.fail('the overlay was applied');
}

describe('applyOverlay: translations by RFC 9535 JSONPath', () => {
  test('updates summaries, descriptions, tag and parameter texts; the input is not changed', () => {
    const input = description();
    const { document, warnings, changed } = applyOverlay(
      input,
      overlay(
        [
          "  - target: $.paths['/pets'].get",
          '    update:',
          '      summary: Lister les animaux',
          '      responses:',
          "        '200':",
          '          description: Les animaux.',
          "  - target: $.tags[?@.name == 'Animals']",
          '    update:',
          '      description: Les animaux et leur espèce.',
          "  - target: $.paths['/pets'].get.parameters[?@.name == 'limit']",
          '    update: { description: Taille de la page. }',
        ].join('\n'),
      ),
    );
    assert.deepEqual(warnings, []);
    assert.equal(changed, 4);
    const op = (document as Obj).paths['/pets'].get;
    assert.equal(op.summary, 'Lister les animaux');
    assert.equal(op.description, 'Every pet, paged.');
    assert.equal(op.responses['200'].description, 'Les animaux.');
    assert.equal(op.parameters[0].description, 'Taille de la page.');
    assert.equal(op.operationId, 'listPets');
    assert.equal((document as Obj).tags[0].description, 'Les animaux et leur espèce.');
    assert.equal(input.paths['/pets'].get.summary, 'List pets');
  });

  test('a target that selects nothing is a warning with the overlay file and the line of its target', () => {
    const { warnings } = applyOverlay(
      description(),
      overlay(
        [
          "  - target: $.paths['/pets'].get",
          '    update: { summary: Lister }',
          "  - target: $.paths['/gone'].get",
          '    update: { summary: Parti }',
        ].join('\n'),
      ),
    );
    assert.equal(warnings.length, 1);
    assert.equal(warnings[0]?.code, 'target-unmatched');
    assert.equal(warnings[0]?.file, FILE);
    assert.equal(warnings[0]?.line, 8);
    assert.match(warnings[0]?.detail ?? '', /selects nothing/);
  });

  test('an action changing a schema, a path or a status is refused with its line; nothing is applied', () => {
    const schema = refusal(() =>
      applyOverlay(description(), overlay('  - target: $.components.schemas.Pet\n    update:\n      type: array\n')),
    );
    assert.equal(schema.code, 'not-text');
    assert.equal(schema.problems[0]?.line, 6);
    assert.equal(schema.problems[0]?.pointer, '/components/schemas/Pet/type');
    assert.match(schema.message, /fr\.overlay\.yaml:6:13: .*not human-readable text/);

    const path = refusal(() =>
      applyOverlay(description(), overlay('  - target: $.paths\n    update:\n      /cats: { get: {} }\n')),
    );
    assert.equal(path.problems[0]?.pointer, '/paths/~1cats');

    const status = refusal(() =>
      applyOverlay(description(), overlay("  - target: $.paths['/pets'].get.responses\n    remove: true\n")),
    );
    assert.equal(status.code, 'not-text');
  });

  test('a property named like a text field is a name, not text', () => {
    const error = refusal(() =>
      applyOverlay(
        description(),
        overlay('  - target: $.components.schemas.Pet.properties\n    update:\n      description: Une description\n'),
      ),
    );
    assert.equal(error.problems[0]?.pointer, '/components/schemas/Pet/properties/description');
  });

  test('a list entry cannot be added, and copy is refused when the overlay is read', () => {
    const add = refusal(() =>
      applyOverlay(description(), overlay('  - target: $.tags\n    update: { name: Chats }\n')),
    );
    assert.match(add.message, /list/);
    const copy = refusal(() => overlay('  - target: $.info\n    copy: $.tags[0]\n'));
    assert.equal(copy.code, 'not-text');
  });

  test('a target that is not JSONPath and a malformed overlay name their line', () => {
    const bad = refusal(() => applyOverlay(description(), overlay('  - target: $.paths[\n    update: {}\n')));
    assert.equal(bad.code, 'target-invalid');
    assert.equal(bad.problems[0]?.line, 6);
    const malformed = refusal(() => parseOverlay('overlay: 2.0.0\ninfo: {}\nactions: []\n', FILE));
    assert.equal(malformed.code, 'structure');
    assert.equal(malformed.problems.length, 2);
  });
});
