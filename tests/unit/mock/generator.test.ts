// The generator alone (site/mock/answer/generate.ts): the body and headers of a negotiated response,
// from its examples or generated from its schema.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { generatedValue, pruneCycles } from '../../../descriptions/examples.ts';
import { generate } from '../../../site/mock/answer/generate.ts';
import type { Negotiation } from '../../../site/mock/answer/negotiate.ts';

const doc = {
  openapi: '3.2.0',
  components: {
    examples: { Rex: { value: { id: 1, name: 'Rex' } } },
    schemas: {
      Pet: {
        type: 'object',
        required: ['id', 'name'],
        properties: {
          id: { type: 'integer', format: 'int64', readOnly: true },
          name: { type: 'string' },
          password: { type: 'string', writeOnly: true },
          status: { enum: ['available', 'sold'] },
          born: { type: 'string', format: 'date' },
          nickname: { type: ['string', 'null'] },
        },
      },
      Node: {
        type: 'object',
        required: ['name'],
        properties: {
          name: { type: 'string' },
          parent: { $ref: '#/components/schemas/Node' },
          children: { type: 'array', items: { $ref: '#/components/schemas/Node' } },
        },
      },
    },
  },
};

const json = (media: Record<string, unknown>, extra: Partial<Negotiation> = {}): Negotiation => ({
  status: 200,
  response: { description: 'ok' },
  mediaType: 'application/json',
  media,
  ...extra,
});

describe('examples first', () => {
  test('the named example, through its $ref', () => {
    const out = generate(
      json(
        { examples: { tom: { value: { name: 'Tom' } }, rex: { $ref: '#/components/examples/Rex' } } },
        { example: 'rex' },
      ),
      doc,
    );
    assert.deepEqual(JSON.parse(out.body ?? ''), { id: 1, name: 'Rex' });
    assert.equal(out.headers['Content-Type'], 'application/json');
  });

  test('`example`, then the first of `examples`, then 3.2 `dataValue` and `serializedValue`', () => {
    assert.equal(generate(json({ example: [1], examples: { a: { value: [2] } } }), doc).body, '[1]');
    assert.equal(generate(json({ examples: { a: { summary: 'none' }, b: { value: [2] } } }), doc).body, '[2]');
    assert.equal(generate(json({ examples: { a: { dataValue: { v: 3 } } } }), doc).body, '{"v":3}');
    assert.equal(generate(json({ examples: { a: { serializedValue: '{"v": 4}' } } }), doc).body, '{"v": 4}');
  });
});

describe('from the schema', () => {
  test('formats, enums, type arrays; writeOnly left out of responses, readOnly kept', () => {
    const body = JSON.parse(generate(json({ schema: { $ref: '#/components/schemas/Pet' } }), doc).body ?? '');
    assert.equal(typeof body.id, 'number');
    assert.equal(body.status, 'available');
    assert.match(body.born, /^\d{4}-\d{2}-\d{2}$/);
    assert.equal('password' in body, false);
    assert.ok(body.nickname === null || typeof body.nickname === 'string');
  });

  test('requests leave readOnly out and keep writeOnly', () => {
    const body = generatedValue({ $ref: '#/components/schemas/Pet' }, doc, 'request') as Record<string, unknown>;
    assert.equal('id' in body, false);
    assert.equal(typeof body.password, 'string');
  });

  test('a circular schema gives a finite value without empty stubs', () => {
    const body = JSON.parse(generate(json({ schema: { $ref: '#/components/schemas/Node' } }), doc).body ?? '');
    const walk = (n: Record<string, unknown>, depth: number): void => {
      assert.equal(typeof n.name, 'string', `a node at depth ${depth} has its required name`);
      if (n.parent) walk(n.parent as Record<string, unknown>, depth + 1);
      for (const c of (n.children as Record<string, unknown>[] | undefined) ?? []) walk(c, depth + 1);
    };
    walk(body, 0);
  });

  test('pruneCycles: an empty stub for a schema with required properties goes when optional', () => {
    assert.deepEqual(
      pruneCycles(doc, { name: 'a', parent: {}, children: [{}] }, { $ref: '#/components/schemas/Node' }),
      { name: 'a', children: [] },
    );
  });

  test('pruneCycles: a property required by `then` without a schema gets a value', () => {
    // JSON, not an object literal: a `then` key would make the literal a thenable.
    const schema = JSON.parse('{"if": {"properties": {"m": {"const": "card"}}}, "then": {"required": ["last4"]}}');
    assert.deepEqual(pruneCycles(doc, { m: 'card' }, schema), { m: 'card', last4: 'string' });
  });

  test('XML from the schema for an XML media type', () => {
    const out = generate(json({ schema: { $ref: '#/components/schemas/Pet' } }, { mediaType: 'application/xml' }), doc);
    assert.match(out.body ?? '', /^<\w+>[\s\S]*<name>string<\/name>/);
  });

  test('an example written as an object under an XML media type is sent as XML', () => {
    // openSUSE's build service describes `<directory count="2"><entry name="x86_64"/>…` this way.
    const schema = {
      type: 'object',
      xml: { name: 'directory' },
      properties: {
        count: { type: 'integer', xml: { attribute: true } },
        entry: {
          type: 'array',
          items: { type: 'object', properties: { name: { type: 'string', xml: { attribute: true } } } },
        },
      },
    };
    const example = { count: '2', entry: [{ name: 'aarch64' }, { name: 'x86_64' }] };
    const out = generate(json({ schema, example }, { mediaType: 'application/xml; charset=utf-8' }), doc);
    // The sampler writes the example's fields as elements (its `xml.attribute` hints apply to generated
    // values only): a well-formed document named as the schema says, holding the example's values.
    assert.match(out.body ?? '', /^<directory>[\s\S]*<\/directory>\s*$/);
    assert.match(out.body ?? '', /aarch64[\s\S]*x86_64/);
    assert.doesNotMatch(out.body ?? '', /[{}]/);
  });

  test('no schema and no example: {} for JSON, nothing for other types', () => {
    assert.equal(generate(json({}), doc).body, '{}');
    assert.equal(generate(json({}, { mediaType: 'application/octet-stream' }), doc).body, '');
  });
});

describe('sequential media types and status', () => {
  test('JSON Lines: three items of itemSchema, one per line', () => {
    const out = generate(
      json({ itemSchema: { type: 'object', properties: { v: { const: 1 } } } }, { mediaType: 'application/jsonl' }),
      doc,
    );
    assert.equal(out.body, '{"v":1}\n{"v":1}\n{"v":1}\n');
  });

  test('server-sent events: event fields and JSON data from contentSchema', () => {
    const itemSchema = {
      type: 'object',
      properties: {
        event: { const: 'tick' },
        data: {
          contentMediaType: 'application/json',
          contentSchema: { type: 'object', properties: { n: { const: 7 } } },
        },
      },
    };
    const out = generate(json({ itemSchema }, { mediaType: 'text/event-stream' }), doc, { items: 2 });
    assert.equal(out.body, 'event: tick\ndata: {"n":7}\n\nevent: tick\ndata: {"n":7}\n\n');
  });

  test('204 has no body and no Content-Type; declared headers get their example or a value', () => {
    const out = generate(
      {
        status: 204,
        response: {
          headers: { 'X-Request-Id': { schema: { type: 'string', format: 'uuid' } }, 'X-Count': { example: 3 } },
        },
        mediaType: 'application/json',
        media: { schema: { type: 'object' } },
      },
      doc,
    );
    assert.equal(out.body, null);
    assert.equal(out.headers['Content-Type'], undefined);
    assert.equal(out.headers['X-Count'], '3');
    assert.match(out.headers['X-Request-Id'] ?? '', /^[0-9a-f-]{36}$/);
  });
});
