// The ten schemas the source document gives (spec/README.md, "Given by the source document"), as data
// for rule petstore-component-schemas (componentSchemas.js).

/**
 * A field of a source shape: a primitive type (with format) or a reference to another schema.
 * @typedef {{ type: 'string' | 'integer' | 'boolean', format?: 'int64' | 'date-time', description: string }
 *   | { ref: string, description: string }} SourceField
 */
/**
 * A schema of the source document, section 2.
 * @typedef {{ kind: 'enum', values: string[] }
 *   | { kind: 'array', items: string, description?: string }
 *   | { kind: 'object', extends?: string, required: string[], fields: Record<string, SourceField> }} SourceShape
 */

/** @param {string} description @returns {SourceField} */
const ID = (description) => ({ type: 'integer', format: 'int64', description });
/** @type {Record<string, SourceField>} */
const NEW_PET_FIELDS = {
  name: { type: 'string', description: "The animal's name." },
  categoryId: ID('ID of the category the animal belongs to.'),
  status: { ref: 'PetStatus', description: 'Status of the pet.' },
};
/** @type {Record<string, SourceField>} */
const NEW_CATEGORY_FIELDS = {
  name: { type: 'string', description: 'The category name.' },
  description: { type: 'string', description: 'A short description of the category.' },
};

/**
 * The ten shapes the source document gives, transcribed: names,
 * fields, types, formats, required lists and descriptions. `components.schemas` must match them.
 * @type {Readonly<Record<string, SourceShape>>}
 */
export const SOURCE_SHAPES = {
  PetStatus: { kind: 'enum', values: ['available', 'pending', 'sold'] },
  NewPet: { kind: 'object', required: ['name', 'categoryId'], fields: NEW_PET_FIELDS },
  Pet: {
    kind: 'object',
    extends: 'NewPet',
    required: ['name', 'categoryId', 'id'],
    fields: { ...NEW_PET_FIELDS, id: ID('Unique identifier assigned on creation.') },
  },
  Pets: { kind: 'array', items: 'Pet', description: 'An array of Pet objects.' },
  NewCategory: { kind: 'object', required: ['name'], fields: NEW_CATEGORY_FIELDS },
  Category: {
    kind: 'object',
    extends: 'NewCategory',
    required: ['name', 'id'],
    fields: { ...NEW_CATEGORY_FIELDS, id: ID('Unique identifier assigned on creation.') },
  },
  Order: {
    kind: 'object',
    required: [],
    fields: {
      id: ID('Unique order identifier.'),
      petId: ID('ID of the animal in this order.'),
      quantity: { type: 'integer', description: 'Number of units ordered.' },
      shipDate: { type: 'string', format: 'date-time', description: 'Expected or actual ship date, ISO 8601.' },
      complete: { type: 'boolean', description: 'Whether the order has been fulfilled.' },
    },
  },
  InventoryItem: {
    kind: 'object',
    required: ['petId', 'quantity', 'status'],
    fields: {
      petId: ID('ID of the animal this entry tracks.'),
      quantity: { type: 'integer', description: 'Current stock count.' },
      status: { ref: 'PetStatus', description: 'Status of the tracked pet.' },
    },
  },
  InventoryUpdate: {
    kind: 'object',
    required: ['quantity'],
    fields: { quantity: { type: 'integer', description: 'The new stock count.' } },
  },
  Error: {
    kind: 'object',
    required: ['code', 'message', 'status'],
    fields: {
      code: { type: 'string', description: 'Machine-readable error code.' },
      message: { type: 'string', description: 'Human-readable description of the error.' },
      status: { type: 'integer', description: 'The HTTP status code.' },
    },
  },
};
