/**
 * What Scalar's explorer and request client need to meet WCAG 2.2 AA, the level of the rest of the
 * site (axe-core's wcag2a/2aa/21a/21aa/22aa rules, in light and dark): shared by
 * reference/browser/explorer.ts and reference/browser/tryit.ts.
 *
 * - {@link SCALAR_A11Y_CSS}: Scalar's theme variables (its `default` theme, `@scalar/themes`) with
 *   text colours of at least 4.5:1 on every background the theme uses (`--scalar-background-1` to
 *   `-3`), sidebar toggles of 24 × 24 px (WCAG 2.5.8), and code that wraps instead of scrolling in a
 *   box the keyboard cannot reach (WCAG 2.1.1).
 * - {@link attributeRepairs}: pure; the attribute changes one element of Scalar's needs (a copy button
 *   without a name, a named button made presentational, a combobox without `aria-expanded`).
 * - {@link scrollRepairs}: pure; a table of the description's Markdown that scrolls sideways in its
 *   column (the explorer sizes them by their content) is made reachable with Tab, so a keyboard can
 *   scroll it (WCAG 2.1.1, axe `scrollable-region-focusable`); one that fits is left out of the tab order.
 * - {@link watchScalarA11y}: the DOM edge; applies the repairs to what Scalar renders, now and later.
 */

/**
 * Scalar's colour variables, one set per theme, and the few layout rules. The selectors outrank the
 * theme's `.light-mode` / `.dark-mode` (and its display-p3 variants) by one element, so the order in
 * which the styles load does not matter.
 */
export const SCALAR_A11Y_CSS = `
body.light-mode, body .light-mode {
  --scalar-color-2: #5e5e5e;
  --scalar-color-3: #666666;
  --scalar-color-accent: #0068b0;
  --scalar-color-green: #03704c;
  --scalar-color-red: #c8000a;
  --scalar-color-yellow: #7a5c00;
  --scalar-color-blue: #0067a6;
  --scalar-color-orange: #b83f00;
  --scalar-color-purple: #5203d1;
  --scalar-color-query: #006569;
}
body.dark-mode, body .dark-mode {
  --scalar-color-2: #a4a4a4;
  --scalar-color-3: #8f8f8f;
  --scalar-color-red: #ff6461;
}
body li[data-sidebar-id] button[aria-expanded] {
  min-width: 24px;
  min-height: 24px;
}
body .scalar-app .markdown table[data-a11y-scroll]:focus-visible {
  outline: 2px solid var(--scalar-color-accent);
  outline-offset: 2px;
}
body .scalar-app pre > code.custom-scroll,
body .scalar-app pre > code.custom-scroll * {
  white-space: pre-wrap;
  overflow-wrap: anywhere;
}
`;

/** One element as {@link attributeRepairs} reads it. */
export interface ElementFacts {
  /** Lower-case tag name. */
  tag: string;
  /**
   * The attributes that matter: `role`, `class`, `aria-label`, `aria-labelledby`, `title`, `aria-expanded`,
   * `contenteditable`, `aria-controls`.
   */
  attrs: Readonly<Record<string, string | null | undefined>>;
  /** The id of the `<label>` Scalar wrote for the editor's input box (`for` its wrapper), if any. */
  labelId?: string;
  /** Whether the element `aria-controls` names is in the document. */
  controlsFound?: boolean;
}

/** An attribute to set (`value` a string) or remove (`value` null). */
export interface AttributeRepair {
  name: string;
  value: string | null;
}

/** Named by an attribute. Scalar's copy button also holds text, but hidden (`display: none`) until hovered. */
const labelled = (e: ElementFacts): boolean =>
  Boolean(e.attrs['aria-label']?.trim() || e.attrs['aria-labelledby']?.trim() || e.attrs.title?.trim());

/**
 * The attribute changes an element Scalar (1.72, api-client 3.21) renders needs, or none:
 * - its copy button (`group/copy-button`, an icon only) gets the name `Copy` (WCAG 4.1.2, axe
 *   `button-name`);
 * - a button marked `role="none"` keeps its button role (its `aria-label` was refused: axe
 *   `aria-prohibited-attr`; browsers ignore the role on a focusable element anyway);
 * - a `role="combobox"` editor without `aria-expanded` (Scalar never links or announces its
 *   suggestions) becomes a `textbox`, which keeps `aria-autocomplete` (axe `aria-required-attr`).
 */
export function attributeRepairs(e: ElementFacts): AttributeRepair[] {
  const out: AttributeRepair[] = [];
  const classes = (e.attrs.class ?? '').split(/\s+/);
  const role = e.attrs.role ?? null;
  if (e.tag === 'button' && (role === 'none' || role === 'presentation')) out.push({ name: 'role', value: null });
  if (e.tag === 'button' && classes.includes('group/copy-button') && !labelled(e))
    out.push({ name: 'aria-label', value: 'Copy' });
  if (role === 'combobox' && e.attrs['aria-expanded'] == null) out.push({ name: 'role', value: 'textbox' });
  // An editor without a name (axe `aria-input-field-name`): a field's, by the label Scalar wrote for its
  // box; a code editor's (CodeMirror: bodies, snippets) by what it is.
  if ((role === 'textbox' || role === 'combobox') && !labelled(e)) {
    if (e.labelId) out.push({ name: 'aria-labelledby', value: e.labelId });
    else if (classes.includes('cm-content'))
      out.push({ name: 'aria-label', value: e.attrs.contenteditable === 'false' ? 'Code, read only' : 'Code editor' });
  }
  // A copy button controlling a code block that is not rendered (axe `aria-valid-attr-value`).
  if (e.attrs['aria-controls'] && e.controlsFound === false) out.push({ name: 'aria-controls', value: null });
  return out;
}

/** What {@link scrollRepairs} reads of a box that may scroll. */
export interface ScrollFacts {
  /** Its content is wider than its box and it scrolls (`overflow-x` auto or scroll). */
  scrolls: boolean;
  /** Its `tabindex` attribute, or null. */
  tabindex: string | null;
  /** Whether an earlier repair made it focusable (`data-a11y-scroll`). */
  repaired: boolean;
}

/**
 * The attribute changes a box that may scroll needs: focusable (`tabindex="0"`, marked
 * `data-a11y-scroll`) while it scrolls and has no tabindex of its own; back out of the tab order
 * when a repaired box no longer scrolls (a wider window). A box with its own tabindex is left alone.
 */
export function scrollRepairs(e: ScrollFacts): AttributeRepair[] {
  if (e.scrolls && e.tabindex === null) {
    return [
      { name: 'tabindex', value: '0' },
      { name: 'data-a11y-scroll', value: '' },
    ];
  }
  if (!e.scrolls && e.repaired) {
    return [
      { name: 'tabindex', value: null },
      { name: 'data-a11y-scroll', value: null },
    ];
  }
  return [];
}

/** Boxes of Scalar's rendered Markdown that may scroll sideways. */
const SCROLL_CANDIDATES = '.markdown table';

function repairScroll(el: Element): void {
  const style = getComputedStyle(el);
  const scrolls = /auto|scroll/.test(style.overflowX) && el.scrollWidth > el.clientWidth + 1;
  const facts = { scrolls, tabindex: el.getAttribute('tabindex'), repaired: el.hasAttribute('data-a11y-scroll') };
  for (const r of scrollRepairs(facts)) {
    if (r.value === null) el.removeAttribute(r.name);
    else el.setAttribute(r.name, r.value);
  }
}

/** The elements {@link attributeRepairs} may change. */
const CANDIDATES = 'button[role], button[class*="copy-button"], [role="combobox"]';
/** And in the request client: its editors and copy buttons, named or pointing nowhere. */
const CLIENT_CANDIDATES = `${CANDIDATES}, .code-input-lite__editor, .cm-content, button[aria-controls]`;

const ATTRS = [
  'role',
  'class',
  'aria-label',
  'aria-labelledby',
  'title',
  'aria-expanded',
  'contenteditable',
  'aria-controls',
] as const;

let labelIds = 0;

/** The id of the `<label for>` naming an editor's box (one is given to the label when it has none). */
function boxLabelId(el: Element): string | undefined {
  const box = el.parentElement?.id;
  if (!box) return undefined;
  const label = document.querySelector(`label[for="${CSS.escape(box)}"]`);
  if (!label?.textContent?.trim()) return undefined;
  if (!label.id) label.id = `scalar-a11y-label-${++labelIds}`;
  return label.id;
}

function repair(el: Element): void {
  const attrs: Record<string, string | null> = {};
  for (const a of ATTRS) attrs[a] = el.getAttribute(a);
  const controls = attrs['aria-controls'];
  const facts: ElementFacts = {
    tag: el.tagName.toLowerCase(),
    attrs,
    ...(controls ? { controlsFound: controls.split(/\s+/).every((id) => document.getElementById(id)) } : {}),
  };
  if (el.classList.contains('code-input-lite__editor') && !attrs['aria-label'] && !attrs['aria-labelledby']) {
    const labelId = boxLabelId(el);
    if (labelId) facts.labelId = labelId;
  }
  for (const r of attributeRepairs(facts)) {
    if (r.value === null) el.removeAttribute(r.name);
    else el.setAttribute(r.name, r.value);
  }
}

/**
 * Adds {@link SCALAR_A11Y_CSS} to the document once, repairs what Scalar has rendered below `root`,
 * and keeps repairing what it renders later (batched to one pass per animation frame).
 * @param client the try-it client (`true`): its editors and copy buttons are repaired too
 */
export function watchScalarA11y(root: Element = document.body, client = false): void {
  const candidates = client ? CLIENT_CANDIDATES : CANDIDATES;
  if (!document.getElementById('scalar-a11y')) {
    const style = document.createElement('style');
    style.id = 'scalar-a11y';
    style.textContent = SCALAR_A11Y_CSS;
    document.head.append(style);
  }
  let scheduled = false;
  const pass = () => {
    scheduled = false;
    for (const el of root.querySelectorAll(candidates)) repair(el);
    for (const el of root.querySelectorAll(SCROLL_CANDIDATES)) repairScroll(el);
  };
  const schedule = () => {
    if (scheduled) return;
    scheduled = true;
    requestAnimationFrame(pass);
  };
  pass();
  new MutationObserver(schedule).observe(root, {
    childList: true,
    subtree: true,
    attributes: true,
    attributeFilter: ['role', 'aria-expanded'],
  });
  // Whether a table scrolls depends on the width of its column.
  window.addEventListener('resize', schedule);
}
