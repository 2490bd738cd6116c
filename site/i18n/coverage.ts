/**
 * Whether a page in a locale still shows the description's English text somewhere: the texts it shows
 * (an operation's summary and description, its parameters', request body's and responses' descriptions;
 * a tag's or the API's description) compared with the same page built from the untranslated description.
 * A text the overlay did not translate is the English one, byte for byte. Pure.
 */

/** The description's texts an operation page shows, in page order. */
interface OperationTexts {
  summary?: string;
  description?: string;
  parameters: ReadonlyArray<{ description?: string }>;
  requestBody?: { description?: string } | null;
  responses: ReadonlyArray<{ description?: string }>;
}

const texts = (v: OperationTexts): Array<string | undefined> => [
  v.summary,
  v.description,
  ...v.parameters.map((p) => p.description),
  v.requestBody?.description,
  ...v.responses.map((r) => r.description),
];

/** How many of the texts a localized page shows are the English ones (0: the page is translated). */
export function untranslatedTexts(localized: OperationTexts, english: OperationTexts): number {
  const en = texts(english);
  return texts(localized).filter((text, i) => Boolean(text?.trim()) && text === en[i]).length;
}

/** Whether one text is shown untranslated: present and equal to the English. */
export function isUntranslated(localized: string | undefined, english: string | undefined): boolean {
  return Boolean(localized?.trim()) && localized === english;
}
