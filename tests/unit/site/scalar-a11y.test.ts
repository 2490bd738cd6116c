// The repairs that bring Scalar's explorer and request client to WCAG 2.2 AA
// (site/reference/browser/scalar-a11y.ts): which attribute an element Scalar renders gets, and the
// theme colours' contrast on every background of Scalar's default theme, in light and dark.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { attributeRepairs, SCALAR_A11Y_CSS, scrollRepairs } from '../../../site/reference/browser/scalar-a11y.ts';

describe('attribute repairs of Scalar elements', () => {
  test('an icon-only copy button gets a name; one already named keeps its own', () => {
    assert.deepEqual(attributeRepairs({ tag: 'button', attrs: { class: 'group/copy-button z-0 flex' } }), [
      { name: 'aria-label', value: 'Copy' },
    ]);
    assert.deepEqual(
      attributeRepairs({ tag: 'button', attrs: { class: 'group/copy-button', 'aria-label': 'Copy the sample' } }),
      [],
    );
    assert.deepEqual(attributeRepairs({ tag: 'button', attrs: { class: 'text-c-3 underline' } }), [], 'other buttons');
  });
  test('a named button marked presentational keeps its button role', () => {
    assert.deepEqual(attributeRepairs({ tag: 'button', attrs: { role: 'none', 'aria-label': 'More Information' } }), [
      { name: 'role', value: null },
    ]);
    assert.deepEqual(attributeRepairs({ tag: 'div', attrs: { role: 'none' } }), [], 'not a button: left alone');
  });
  test('a combobox that never says whether it is expanded becomes a textbox', () => {
    assert.deepEqual(
      attributeRepairs({ tag: 'div', attrs: { role: 'combobox', 'aria-autocomplete': 'list', 'aria-label': 'Key' } }),
      [{ name: 'role', value: 'textbox' }],
    );
    assert.deepEqual(attributeRepairs({ tag: 'input', attrs: { role: 'combobox', 'aria-expanded': 'false' } }), []);
  });
  test("an editor without a name is named by its box's label, a code editor by what it is", () => {
    const field = { class: 'code-input-lite__editor', role: 'textbox', contenteditable: 'true' };
    assert.deepEqual(attributeRepairs({ tag: 'div', attrs: field, labelId: 'l1' }), [
      { name: 'aria-labelledby', value: 'l1' },
    ]);
    assert.deepEqual(attributeRepairs({ tag: 'div', attrs: { ...field, 'aria-label': 'Token' }, labelId: 'l1' }), []);
    assert.deepEqual(attributeRepairs({ tag: 'div', attrs: field }), [], 'no label: left alone');
    assert.deepEqual(
      attributeRepairs({ tag: 'div', attrs: { class: 'cm-content', role: 'textbox', contenteditable: 'false' } }),
      [{ name: 'aria-label', value: 'Code, read only' }],
    );
    assert.deepEqual(
      attributeRepairs({ tag: 'div', attrs: { class: 'cm-content', role: 'textbox', contenteditable: 'true' } }),
      [{ name: 'aria-label', value: 'Code editor' }],
    );
  });
  test('aria-controls naming an element that is not there is dropped', () => {
    const copy = { class: 'group/copy-button', 'aria-label': 'Copy', 'aria-controls': 'x-68' };
    assert.deepEqual(attributeRepairs({ tag: 'button', attrs: copy, controlsFound: false }), [
      { name: 'aria-controls', value: null },
    ]);
    assert.deepEqual(attributeRepairs({ tag: 'button', attrs: copy, controlsFound: true }), []);
  });
});

/** WCAG 2.x contrast ratio of two #rrggbb colours. */
function contrast(a: string, b: string): number {
  const lum = (hex: string) => {
    const [r, g, bl] = [1, 3, 5].map((i) => {
      const v = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
      return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * (r ?? 0) + 0.7152 * (g ?? 0) + 0.0722 * (bl ?? 0);
  };
  const [hi, lo] = [lum(a), lum(b)].sort((x, y) => y - x);
  return ((hi ?? 0) + 0.05) / ((lo ?? 0) + 0.05);
}

describe('theme colours', () => {
  // Scalar's default theme (@scalar/themes): --scalar-background-1 to -3 and the sidebar search field.
  const backgrounds = { light: ['#ffffff', '#f6f6f6', '#e7e7e7', '#fbfbfb'], dark: ['#0f0f0f', '#1a1a1a', '#272727'] };
  for (const mode of ['light', 'dark'] as const) {
    test(`every text colour set for ${mode} mode reads at 4.5:1 or more on every background`, () => {
      const block = SCALAR_A11Y_CSS.match(new RegExp(`body\\.${mode}-mode, body \\.${mode}-mode \\{([^}]*)\\}`))?.[1];
      assert.ok(block, `a ${mode} block`);
      const colours = [...block.matchAll(/(--scalar-color-[\w-]+): (#[0-9a-f]{6});/g)];
      assert.ok(colours.length >= 3, 'colours set');
      for (const [, name, value] of colours)
        for (const bg of backgrounds[mode]) {
          const ratio = contrast(value ?? '', bg);
          assert.ok(ratio >= 4.5, `${name} ${value} on ${bg}: ${ratio.toFixed(2)}`);
        }
    });
  }
  test('a table that scrolls sideways is reachable with Tab; one that fits again leaves the tab order', () => {
    assert.deepEqual(scrollRepairs({ scrolls: true, tabindex: null, repaired: false }), [
      { name: 'tabindex', value: '0' },
      { name: 'data-a11y-scroll', value: '' },
    ]);
    assert.deepEqual(scrollRepairs({ scrolls: true, tabindex: '0', repaired: true }), [], 'already repaired');
    assert.deepEqual(scrollRepairs({ scrolls: true, tabindex: '-1', repaired: false }), [], 'its own tabindex');
    assert.deepEqual(scrollRepairs({ scrolls: false, tabindex: '0', repaired: true }), [
      { name: 'tabindex', value: null },
      { name: 'data-a11y-scroll', value: null },
    ]);
    assert.deepEqual(scrollRepairs({ scrolls: false, tabindex: null, repaired: false }), []);
  });
});
