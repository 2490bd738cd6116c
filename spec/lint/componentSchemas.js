// Spectral function of rule petstore-component-schemas (.spectral.yaml): `components.schemas` holds
// exactly the ten shapes of the source document (section 2, sourceShapes.js), field for field: names,
// types, formats, required lists, descriptions, `allOf` bases and references.
import { createRulesetFunction } from '@stoplight/spectral-core';
import { arr, isObj, obj, resolve, str } from './document.js';
import { SOURCE_SHAPES } from './sourceShapes.js';

/** @typedef {import('./document.js').Finding} Finding */
/** @typedef {import('./document.js').Obj} Obj */

/**
 * Merges an object schema with its `allOf` parts: all properties and required names.
 * @param {unknown} doc
 * @param {unknown} schema
 * @returns {{ properties: Obj, required: Set<string>, type?: string }}
 */
function flatten(doc, schema) {
  const s = obj(resolve(doc, schema, []).node);
  /** @type {Obj} */
  const properties = { ...obj(s.properties) };
  const required = new Set(arr(s.required).map(String));
  let type = str(s.type);
  for (const part of arr(s.allOf)) {
    const f = flatten(doc, part);
    Object.assign(properties, f.properties);
    for (const r of f.required) required.add(r);
    type ??= f.type;
  }
  return { properties, required, ...(type ? { type } : {}) };
}

/**
 * The schema a property refers to, through `$ref` or a one-element `allOf: [$ref]`.
 * @param {Obj} prop
 * @returns {string | undefined}
 */
function refTarget(prop) {
  if (typeof prop.$ref === 'string') return prop.$ref;
  const parts = arr(prop.allOf);
  if (parts.length === 1) return str(obj(parts[0]).$ref);
  return undefined;
}

export default createRulesetFunction(
  { input: { type: 'object' }, options: null },
  /** @param {Record<string, unknown>} doc */
  function componentSchemas(doc) {
    /** @type {Finding[]} */
    const out = [];
    const report = (path, message) => out.push({ message, path });
    const schemas = obj(obj(doc.components).schemas);
    for (const name of Object.keys(schemas)) {
      if (!(name in SOURCE_SHAPES))
        report(['components', 'schemas', name], `${name} is not a shape of the source document`);
    }
    for (const [name, shape] of Object.entries(SOURCE_SHAPES)) {
      const at = ['components', 'schemas', name];
      const schema = schemas[name];
      if (!isObj(schema)) {
        report(['components', 'schemas'], `${name} is missing`);
        continue;
      }
      if (shape.kind === 'enum') {
        if (schema.type !== 'string' || JSON.stringify(schema.enum) !== JSON.stringify(shape.values)) {
          report(at, `${name} must be a string enum of ${shape.values.join(', ')}`);
        }
        continue;
      }
      if (shape.kind === 'array') {
        if (schema.type !== 'array' || obj(schema.items).$ref !== `#/components/schemas/${shape.items}`) {
          report(at, `${name} must be an array of ${shape.items}`);
        }
        if (shape.description !== undefined && schema.description !== shape.description) {
          report([...at, 'description'], `${name} description must be "${shape.description}"`);
        }
        continue;
      }
      if (shape.extends !== undefined && obj(arr(schema.allOf)[0]).$ref !== `#/components/schemas/${shape.extends}`) {
        report(at, `${name} must be allOf [${shape.extends}, {id}]`);
      }
      const flat = flatten(doc, schema);
      if (flat.type !== 'object') report(at, `${name} must be type: object`);
      const want = Object.keys(shape.fields).sort();
      const have = Object.keys(flat.properties).sort();
      if (JSON.stringify(want) !== JSON.stringify(have)) {
        report(at, `${name} fields must be [${want.join(', ')}], are [${have.join(', ')}]`);
      }
      const required = [...flat.required].sort();
      if (JSON.stringify(required) !== JSON.stringify([...shape.required].sort())) {
        report(at, `${name} required must be [${shape.required.join(', ')}], is [${required.join(', ')}]`);
      }
      for (const [field, expect] of Object.entries(shape.fields)) {
        const prop = flat.properties[field];
        if (!isObj(prop)) continue;
        if (prop.description !== expect.description) {
          report(
            at,
            `${name}.${field} description must be "${expect.description}", is ${JSON.stringify(prop.description)}`,
          );
        }
        if ('ref' in expect) {
          if (refTarget(prop) !== `#/components/schemas/${expect.ref}`) {
            report(at, `${name}.${field} must refer to ${expect.ref}`);
          }
          continue;
        }
        if (prop.type !== expect.type) {
          report(at, `${name}.${field} must be type ${expect.type}, is ${JSON.stringify(prop.type)}`);
        }
        if (prop.format !== expect.format) {
          report(at, `${name}.${field} format must be ${expect.format ?? '(none)'}, is ${JSON.stringify(prop.format)}`);
        }
      }
    }
    return out;
  },
);
