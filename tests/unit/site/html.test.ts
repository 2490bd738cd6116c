// The one HTML escaper (site/html.ts): what the banner, plain-text descriptions and the changelog feed write.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { escapeHtml } from '../../../site/html.ts';

describe('escapeHtml', () => {
  test('turns the five characters that end text or a quoted attribute into character references', () => {
    assert.equal(
      escapeHtml(`<a href="x" title='y'>Tom & Jerry</a>`),
      '&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;Tom &amp; Jerry&lt;/a&gt;',
    );
  });

  test('a value cannot leave an attribute, whichever quote it is written in', () => {
    const value = `x' onmouseover='alert(1)" onfocus="alert(2)`;
    assert.doesNotMatch(escapeHtml(value), /['"]/);
  });

  test('escapes a reference already there again (the text is text, not HTML)', () => {
    assert.equal(escapeHtml('&amp; &#39;'), '&amp;amp; &amp;#39;');
  });

  test('leaves every other character as it is', () => {
    assert.equal(escapeHtml('Pets · 1.0.0 — ünïcode / 100%'), 'Pets · 1.0.0 — ünïcode / 100%');
  });
});
