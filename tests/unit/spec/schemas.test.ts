// components.schemas against the shapes the source document gives (spec/lint/sourceShapes.js; spec/README.md,
// "Given by the source document"), field by field: names, types, int64 and date-time formats, required lists and descriptions word for
// word, with allOf resolved the way a renderer shows the schema.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { writtenSpec } from '../../support/spec.ts';

type Schema = Record<string, unknown>;
const doc = writtenSpec() as unknown as { components: { schemas: Record<string, Schema> } };
const schemas = doc.components.schemas;

/** Follows a local `$ref`. */
function deref(s: Schema): Schema {
  const ref = s.$ref as string | undefined;
  if (!ref) return s;
  const name = ref.replace('#/components/schemas/', '');
  const target = schemas[name];
  assert.ok(target, `unresolved ${ref}`);
  return target;
}

/** Merges `allOf` into one object schema: properties, required and the outermost description. */
function flatten(input: Schema): {
  type?: unknown;
  description?: unknown;
  properties: Record<string, Schema>;
  required: string[];
} {
  const s = deref(input);
  const out = {
    type: s.type,
    description: s.description,
    properties: {} as Record<string, Schema>,
    required: [] as string[],
  };
  for (const part of (s.allOf as Schema[] | undefined) ?? []) {
    const f = flatten(part);
    out.type ??= f.type;
    Object.assign(out.properties, f.properties);
    out.required.push(...f.required);
  }
  Object.assign(out.properties, (s.properties as Record<string, Schema> | undefined) ?? {});
  out.required.push(...((s.required as string[] | undefined) ?? []));
  return out;
}

/** [type, format or PetStatus, required, description] per field, as the source document's tables give them. */
type Field = [string, string | undefined, boolean, string];
const SOURCE: Record<string, Record<string, Field>> = {
  NewPet: {
    name: ['string', undefined, true, "The animal's name."],
    categoryId: ['integer', 'int64', true, 'ID of the category the animal belongs to.'],
    status: ['PetStatus', undefined, false, 'Status of the pet.'],
  },
  NewCategory: {
    name: ['string', undefined, true, 'The category name.'],
    description: ['string', undefined, false, 'A short description of the category.'],
  },
  Order: {
    id: ['integer', 'int64', false, 'Unique order identifier.'],
    petId: ['integer', 'int64', false, 'ID of the animal in this order.'],
    quantity: ['integer', undefined, false, 'Number of units ordered.'],
    shipDate: ['string', 'date-time', false, 'Expected or actual ship date, ISO 8601.'],
    complete: ['boolean', undefined, false, 'Whether the order has been fulfilled.'],
  },
  InventoryItem: {
    petId: ['integer', 'int64', true, 'ID of the animal this entry tracks.'],
    quantity: ['integer', undefined, true, 'Current stock count.'],
    status: ['PetStatus', undefined, true, 'Status of the tracked pet.'],
  },
  InventoryUpdate: {
    quantity: ['integer', undefined, true, 'The new stock count.'],
  },
  Error: {
    code: ['string', undefined, true, 'Machine-readable error code.'],
    message: ['string', undefined, true, 'Human-readable description of the error.'],
    status: ['integer', undefined, true, 'The HTTP status code.'],
  },
};
const ID: Field = ['integer', 'int64', true, 'Unique identifier assigned on creation.'];
SOURCE.Pet = { ...SOURCE.NewPet, id: ID };
SOURCE.Category = { ...SOURCE.NewCategory, id: ID };

function describeField(p: Schema): [string, string | undefined] {
  const refs = [p, ...((p.allOf as Schema[] | undefined) ?? [])].map((x) => x.$ref).filter(Boolean);
  if (refs.includes('#/components/schemas/PetStatus')) return ['PetStatus', undefined];
  return [p.type as string, p.format as string | undefined];
}

describe('components.schemas match the source document', () => {
  test('exactly the shapes of section 2', () => {
    assert.deepEqual(Object.keys(schemas).sort(), [...Object.keys(SOURCE), 'PetStatus', 'Pets'].sort());
  });

  test('PetStatus is the string enum available | pending | sold', () => {
    assert.equal(schemas.PetStatus?.type, 'string');
    assert.deepEqual(schemas.PetStatus?.enum, ['available', 'pending', 'sold']);
  });

  test('Pets is an array of Pet', () => {
    assert.equal(schemas.Pets?.type, 'array');
    assert.deepEqual(schemas.Pets?.items, { $ref: '#/components/schemas/Pet' });
  });

  for (const [name, fields] of Object.entries(SOURCE)) {
    test(`${name}: fields, types, formats, required and descriptions`, () => {
      const s = schemas[name];
      assert.ok(s, name);
      const flat = flatten(s);
      assert.equal(flat.type, 'object');
      assert.deepEqual(Object.keys(flat.properties).sort(), Object.keys(fields).sort(), `${name} fields`);
      for (const [field, [type, format, , description]] of Object.entries(fields)) {
        const p = flat.properties[field] as Schema;
        assert.deepEqual(describeField(p), [type, format], `${name}.${field} type/format`);
        assert.equal(p.description, description, `${name}.${field} description`);
      }
      const required = Object.entries(fields)
        .filter(([, f]) => f[2])
        .map(([k]) => k)
        .sort();
      assert.deepEqual([...new Set(flat.required)].sort(), required, `${name} required`);
    });
  }

  test('Pet and Category do not present themselves as the creation payload', () => {
    // Renderers merge allOf: without a description of their own, Pet and Category showed
    // "The payload for creating a pet/category." (NewPet's and NewCategory's) on every response.
    for (const name of ['Pet', 'Category']) {
      const description = schemas[name]?.description;
      assert.equal(typeof description, 'string', `${name} has its own description`);
      assert.doesNotMatch(description as string, /payload for creating/i, name);
    }
  });
});
