/**
 * Messages with links or code inside a sentence ("Download the description as {{yaml}} or {{json}}…"):
 * the catalogue keeps the whole sentence, so a translation can put the links where its grammar wants
 * them, and the page fills the placeholders with HTML. Pure; the message's own text is escaped.
 */
import { escapeHtml } from '../html.ts';
import type { MessageKey, MessageValues, Translate } from './catalogue.ts';

/** A placeholder's value already written as HTML (an element the page built). */
export interface Html {
  html: string;
}

/** A link as HTML (`href` and text escaped). */
export function link(href: string, text: string, attrs = ''): Html {
  return { html: `<a href="${escapeHtml(href)}"${attrs ? ` ${attrs}` : ''}>${escapeHtml(text)}</a>` };
}

/** Code as HTML. */
export function code(text: string): Html {
  return { html: `<code>${escapeHtml(text)}</code>` };
}

/**
 * A message as HTML: plain values escaped with the text, {@link Html} values put in as they are.
 * Placeholders are swapped for private-use markers before translating, so no value can be read as markup.
 */
export function richMessage(t: Translate, key: MessageKey, values: Record<string, string | number | Html>): string {
  const plain: MessageValues = {};
  const html = new Map<string, string>();
  let n = 0;
  for (const [name, value] of Object.entries(values)) {
    if (typeof value === 'object') {
      const marker = `\uE000${n++}\uE001`;
      html.set(marker, value.html);
      plain[name] = marker;
    } else plain[name] = value;
  }
  let out = escapeHtml(t(key, plain));
  for (const [marker, h] of html) out = out.split(marker).join(h);
  return out;
}
