// Long strings in examples (a photo as base64) are shortened on the pages, their Markdown twins and the
// generated samples, with their length; the description and the try-it document keep them whole.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { operationMarkdown } from '../../../site/agents/reference-markdown.ts';
import type { OpenApiDocument } from '../../../site/reference/model/document.ts';
import {
  boundExample,
  boundLongStrings,
  LONG_EXAMPLE_CHARS,
  LONG_STRING_CHARS,
  SAMPLE_BODY_CHARS,
  sampleBody,
  shortenedNote,
  shortenedString,
} from '../../../site/reference/model/long-values.ts';
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
      /A value over 2,048 characters is shortened; the full example is in the description \(\[openapi\.json\]\(\/openapi\.json\)\)/,
    );
  });

  test('the try-it document keeps the whole value, so a request sent from the page carries it', () => {
    const tryIt = JSON.stringify(tryItDocument(doc, op.method, op.path, [{ url: '/api/mock' }]));
    assert.ok(tryIt.includes(photo));
  });
});

describe('an example of hundreds of KB made of short strings (a news API)', () => {
  const article = (i: number) => ({
    id: `a-${i}`,
    title: `Markets move ${i}`,
    links: [{ href: `https://example.com/${i}` }],
  });
  const news = { entries: Array.from({ length: 2000 }, (_, i) => article(i)), feed: { title: 'News' } };
  const pretty = (v: unknown) => (typeof v === 'string' ? v : JSON.stringify(v, null, 2));

  test('is shown by its first items, still JSON, with the length of the whole', () => {
    const whole = pretty(news).length;
    assert.ok(whole > 200_000);
    const shown = boundExample(news, pretty);
    assert.ok(shown.text.length <= LONG_EXAMPLE_CHARS, `${shown.text.length} characters`);
    assert.equal(shown.cutFrom, whole);
    assert.deepEqual(JSON.parse(shown.text), {
      entries: [article(0), article(1), '… 1,998 more items'],
      feed: { title: 'News' },
    });
    assert.equal(
      shortenedNote(shown, 'openapi.json'),
      `Shown in part: the whole example has ${whole.toLocaleString('en-US')} characters; the full example is in the description (openapi.json).`,
    );
  });

  test('an example long without lists (an object of 3,000 keys) is cut at a line end', () => {
    const wide = Object.fromEntries(Array.from({ length: 3000 }, (_, i) => [`key${i}`, `value ${i}`]));
    const shown = boundExample(wide, pretty);
    assert.ok(shown.text.length <= LONG_EXAMPLE_CHARS + 2);
    assert.match(shown.text, /"key\d+": "value \d+",\n…$/);
    assert.equal(shown.cutFrom, pretty(wide).length);
  });

  test('an example that fits is shown whole, with no note', () => {
    const shown = boundExample({ a: [1, 2, 3] }, pretty);
    assert.deepEqual(shown, { text: pretty({ a: [1, 2, 3] }), shortened: 0 });
    assert.equal(shortenedNote(shown, 'openapi.json'), undefined);
  });
});

describe('the body a generated code sample sends', () => {
  test('a body the page shows whole but over 2 KB is cut to its first items in every sample, still JSON', () => {
    const body = JSON.stringify(
      { panels: Array.from({ length: 200 }, (_, i) => ({ id: i, title: `Panel ${i}` })) },
      null,
      2,
    );
    assert.ok(body.length > SAMPLE_BODY_CHARS && body.length < LONG_EXAMPLE_CHARS);
    const sent = sampleBody(body);
    assert.ok(sent.length <= SAMPLE_BODY_CHARS, `${sent.length} characters`);
    assert.deepEqual(JSON.parse(sent), {
      panels: [{ id: 0, title: 'Panel 0' }, { id: 1, title: 'Panel 1' }, '… 198 more items'],
    });
    assert.equal(sampleBody('{"a": 1}'), '{"a": 1}');
  });
});
