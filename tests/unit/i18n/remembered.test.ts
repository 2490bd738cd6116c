import assert from 'node:assert/strict';
import { test } from 'node:test';
import { type MessageValues, remembered, type Translate, translator } from '../../../site/i18n/catalogue.ts';

/** A `t` that says which call made each message. */
function counting(): { t: Translate; calls: () => number } {
  let calls = 0;
  const t: Translate = (key, values?: MessageValues) => {
    calls += 1;
    return `${key} ${JSON.stringify(values ?? null)} #${calls}`;
  };
  return { t, calls: () => calls };
}

test('a message asked again with the same key and values is the one made the first time', () => {
  const { t, calls } = counting();
  const r = remembered('test:same', t);
  const first = r('ref.constraint.exactly.items', { count: 2 });
  assert.equal(r('ref.constraint.exactly.items', { count: 2 }), first);
  assert.equal(calls(), 1);
  // Another `t` of the same source shares what was made.
  assert.equal(remembered('test:same', counting().t)('ref.constraint.exactly.items', { count: 2 }), first);
});

test('other values, another key or another source make their own message', () => {
  const { t, calls } = counting();
  const r = remembered('test:other', t);
  const two = r('ref.constraint.exactly.items', { count: 2 });
  assert.notEqual(r('ref.constraint.exactly.items', { count: 3 }), two);
  assert.notEqual(r('ref.constraint.exactly.items'), two);
  assert.notEqual(r('ref.samples.generated', { count: 2 }), two);
  assert.equal(calls(), 4);
  const { t: t2, calls: calls2 } = counting();
  remembered('test:another', t2)('ref.constraint.exactly.items', { count: 2 });
  assert.equal(calls2(), 1);
});

test('the catalogue translator answers as i18next does, with values put in as they are', () => {
  const fr = translator('fr');
  const once = fr('ref.samples.generated', { label: 'C# <HttpClient>' });
  assert.equal(fr('ref.samples.generated', { label: 'C# <HttpClient>' }), once);
  assert.match(once, /C# <HttpClient>/);
  assert.notEqual(translator('en')('ref.samples.generated', { label: 'C# <HttpClient>' }), once);
});

test('plural forms stay apart: each count is its own message', () => {
  const en = translator('en');
  assert.equal(en('ref.constraint.exactly.items', { count: 1 }), 'exactly 1 item');
  assert.equal(en('ref.constraint.exactly.items', { count: 2 }), 'exactly 2 items');
  assert.equal(en('ref.constraint.exactly.items', { count: 1 }), 'exactly 1 item');
});
