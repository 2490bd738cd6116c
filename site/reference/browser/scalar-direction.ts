/**
 * Scalar's try-it client and explorer on a right-to-left page (Arabic): the page stays right to left,
 * while what is code reads left to right (CSS in styles/reference.css: bodies, URLs, headers, parameter
 * values) and text left in English (a description the overlay did not translate, a word Scalar's
 * catalogue lacks) is marked as English, left to right, so that its punctuation stays at its end and a
 * screen reader speaks it in English. The decision is pure ({@link leftInEnglish}); the watcher marks
 * the elements as Scalar renders them.
 */

/** Letters of right-to-left scripts (Hebrew, Arabic, Syriac, Thaana, N'Ko and their presentation forms). */
const RTL_LETTER = /[\u0590-\u08FF\uFB1D-\uFDFF\uFE70-\uFEFF]/;
/** A Latin word. */
const LATIN_WORD = /[A-Za-z]{2,}/;

/**
 * Whether text on a right-to-left page was left in English: it has Latin words and no letter of a
 * right-to-left script (the site's descriptions are written in English; numbers, punctuation and
 * identifiers alone are not text).
 */
export function leftInEnglish(text: string): boolean {
  return LATIN_WORD.test(text) && !RTL_LETTER.test(text);
}

/** Where text is code, whose direction the CSS sets (left to right) and whose language is none. */
const CODE = '.cm-editor, .scalar-code-block, pre, code, input, textarea, select, [contenteditable]';
/** Elements that hold text of their own. */
const TEXT = 'p, li, span, div, label, button, a, h1, h2, h3, h4, h5, h6, td, th, summary, strong, em, dt, dd';
/** The attribute marking an element this module set `lang`/`dir` on. */
const MARK = 'data-ltr-english';

/** The text of an element's own text nodes (not its children's). */
function ownText(el: Element): string {
  let text = '';
  for (const node of el.childNodes) if (node.nodeType === Node.TEXT_NODE) text += node.textContent ?? '';
  return text;
}

/** Marks (or unmarks) the English text under `root` once. */
function mark(root: ParentNode): void {
  for (const el of root.querySelectorAll<HTMLElement>(TEXT)) {
    if (el.closest(CODE)) continue;
    const english = leftInEnglish(ownText(el));
    if (english && !el.hasAttribute(MARK) && !el.hasAttribute('lang')) {
      el.setAttribute(MARK, '');
      el.lang = 'en';
      el.dir = 'ltr';
    } else if (!english && el.hasAttribute(MARK)) {
      el.removeAttribute(MARK);
      el.removeAttribute('lang');
      el.removeAttribute('dir');
    }
  }
}

/**
 * On a right-to-left page, marks text left in English under `root` as it renders (a mutation observer,
 * batched per animation frame); does nothing on a left-to-right page.
 */
export function watchScalarDirection(root: Element = document.body): void {
  if (document.documentElement.dir !== 'rtl') return;
  let scheduled = false;
  const run = () => {
    scheduled = false;
    mark(root);
  };
  new MutationObserver(() => {
    if (scheduled) return;
    scheduled = true;
    requestAnimationFrame(run);
  }).observe(root, { childList: true, subtree: true, characterData: true });
  run();
}
