// Long strings in examples (a photo as base64) are shortened on the pages, their Markdown twins and the
// generated samples, with their length; the description and the try-it document keep them whole.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { operationMarkdown } from '../../../site/agents/reference-markdown.ts';
import type { OpenApiDocument } from '../../../site/reference/model/document.ts';
import { boundLongStrings, LONG_STRING_CHARS, shortenedString } from '../../../site/reference/model/long-values.ts';
import { buildReferenceModel } from '../../../site/reference/model/reference.ts';
import { tryItDocument } from '../../../site/reference/model/tryit-document.ts';

const photo = 'iVBORw0KGgoAAAANSUhEUgAA'.repeat(1580); // 37,920 characters of base64
const csv = `id,title\n${'1,Quarterly report\n'.repeat(300)}`;

describe('boundLongStrings', () => {
  test('shortens every string over the limit, keys too, and keeps the rest as it is', () => {
    const short = 'x'.repeat(LONG_STRING_CHARS);
    const value = { image: photo, nested: [{ note: short, csv }], n: 1, ok: true, none: null };
    const { value: out, shortened } = boundLongStrings(value);
    assert.equal(shortened, 2);
    assert.deepEqual(out, {
      image: 'iVBORw0KGgoAAAANSUhEUgAAiVBORw0KGgoAAAANSUhEUgAA… (base64, 37,920 characters)',
      nested: [{ note: short, csv: `${csv.slice(0, 48)}… (${csv.length.toLocaleString('en-US')} characters)` }],
      n: 1,
      ok: true,
      none: null,
    });
    assert.equal(boundLongStrings({ long: { [photo]: 1 } }).shortened, 1, 'a long key');
  });

  test('a value with nothing long is returned as it is', () => {
    const value = { a: ['b', { c: 'd' }] };
    assert.equal(boundLongStrings(value).value, value);
    assert.equal(boundLongStrings('text').value, 'text');
  });

  test('names data URLs and base64; other text only by its length', () => {
    assert.match(shortenedString(`data:image/png;base64,${photo}`), /… \(data URL, 37,942 characters\)$/);
    assert.match(shortenedString('word '.repeat(1000)), /… \(5,000 characters\)$/);
  });
});

describe('an operation whose examples hold a photo', () => {
  const doc = {
    openapi: '3.1.0',
    info: { title: 'Receipts', version: '1' },
    servers: [{ url: 'https://api.example.com' }],
    paths: {
      '/receipts': {
        post: {
          operationId: 'scanReceipt',
          requestBody: {
            content: {
              'application/json': {
                schema: { type: 'object', properties: { image: { type: 'string', example: photo } } },
                example: { image: photo, language: 'en' },
              },
            },
          },
          responses: { '200': { description: 'ok', content: { 'text/csv': { example: csv } } } },
        },
      },
    },
  } as unknown as OpenApiDocument;
  const m = buildReferenceModel(doc, { buildDate: '2026-11-26' });
  const [op] = m.operations;
  assert.ok(op);
  const view = m.operationView(op);

  test('the page shows it shortened, with its length, once per place, and says where the full value is', () => {
    const text = JSON.stringify(view);
    assert.ok(!text.includes(photo.slice(0, LONG_STRING_CHARS + 1)), 'no full photo in the view');
    const example = view.requestBody?.contents[0]?.examples[0];
    assert.equal(example?.shortened, 1);
    assert.match(example?.value ?? '', /"image": "iVBORw0K[^"]*… \(base64, 37,920 characters\)"/);
    assert.match(
      view.responses[0]?.contents[0]?.examples[0]?.value ?? '',
      new RegExp(`… \\(${csv.length.toLocaleString('en-US')} characters\\)$`),
    );
    assert.match(view.requestBody?.contents[0]?.schema?.properties?.[0]?.schema.example ?? '', /base64, 37,920/);
    for (const sample of view.samples.filter((s) => s.generated)) {
      assert.match(sample.source, /base64, 37,920 characters/, sample.label);
      assert.ok(sample.source.length < 2000, `${sample.label}: ${sample.source.length} characters`);
    }
  });

  test('the Markdown twin too, with a link to the description', () => {
    const md = operationMarkdown(view, { apiTitle: m.title });
    assert.ok(md.length < 6000, `${md.length} characters`);
    assert.match(
      md,
      /A value over 2,048 characters is shortened here; the full example is in the description \(\[openapi\.json\]\(\/openapi\.json\)\)/,
    );
  });

  test('the try-it document keeps the whole value, so a request sent from the page carries it', () => {
    const tryIt = JSON.stringify(tryItDocument(doc, op.method, op.path, [{ url: '/api/mock' }]));
    assert.ok(tryIt.includes(photo));
  });
});
