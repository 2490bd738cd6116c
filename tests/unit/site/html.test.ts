// The one HTML escaper (site/html.ts): what the banner, plain-text descriptions and the changelog feed write.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { escapeHtml } from '../../../site/html.ts';

describe('escapeHtml', () => {
  test('turns the four characters that end text or a double-quoted attribute into character references', () => {
    assert.equal(
      escapeHtml(`<a href="x" title='y'>Tom & Jerry</a>`),
      "&lt;a href=&quot;x&quot; title='y'&gt;Tom &amp; Jerry&lt;/a&gt;",
    );
  });

  test('a value cannot leave a double-quoted attribute', () => {
    const value = `x" onfocus="alert(2)`;
    assert.doesNotMatch(escapeHtml(value), /"/);
    assert.equal(`<a title="${escapeHtml(value)}">`, '<a title="x&quot; onfocus=&quot;alert(2)">');
  });

  test('escapes a reference already there again (the text is text, not HTML)', () => {
    assert.equal(escapeHtml('&amp; &#39;'), '&amp;amp; &amp;#39;');
  });

  test("leaves every other character as it is, the apostrophe of a pet's name too", () => {
    assert.equal(escapeHtml("Pets · 1.0.0 — ünïcode / 100% · the pet's"), "Pets · 1.0.0 — ünïcode / 100% · the pet's");
  });
});
