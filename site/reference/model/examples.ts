/**
 * The examples an operation's page shows for a media type, from the one example source
 * (descriptions/examples.ts): the description's own, else the body the mock answers, as text for the page
 * (JSON pretty-printed, long strings and long examples shortened by long-values.ts). Pure.
 */
import {
  type BodyExample,
  bodyText,
  type Direction,
  describedBody,
  describedExamples,
  generatedBody,
} from '../../../descriptions/examples.ts';
import type { JsonObject as Json } from '../../../descriptions/json.ts';
import { isJsonMediaType } from '../../../descriptions/media.ts';
import { boundExample } from './long-values.ts';
import type { ExampleView } from './views.ts';

export function prettyJson(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value, null, 2);
}

/**
 * An example as a page shows it: the body's text, JSON pretty-printed (a string under a JSON media
 * type quoted, as the mock sends it), its long strings shortened (long-values.ts).
 */
function exampleView(name: string, summary: string | undefined, mediaType: string, body: BodyExample): ExampleView {
  const json = body.text === undefined && isJsonMediaType(mediaType);
  const { text, shortened, cutFrom } = boundExample(body.text ?? body.value, (value) =>
    json ? JSON.stringify(value ?? null, null, 2) : prettyJson(value),
  );
  const view: ExampleView = { name, value: text, generated: body.generated };
  if (summary !== undefined) view.summary = summary;
  if (shortened > 0) view.shortened = shortened;
  if (cutFrom !== undefined) view.cutFrom = cutFrom;
  return view;
}

/**
 * The examples of a media type: each one the description gives, else the one generated from its
 * schema (descriptions/examples.ts, the body the mock answers). Request bodies get a generated example
 * under JSON media types only (what the code samples send); responses under every media type
 * whose generated body is not empty (a binary string has nothing to show).
 */
export function examplesOf(doc: Json, mediaType: string, media: Json, direction: Direction): ExampleView[] {
  const described = describedExamples(doc, media);
  if (described.length > 0) {
    return described.map((ex) => exampleView(ex.name, ex.summary, mediaType, describedBody(doc, mediaType, media, ex)));
  }
  if (direction === 'request' && !/json/i.test(mediaType)) return [];
  const generated = generatedBody(doc, mediaType, media, { direction });
  if (!generated || bodyText(mediaType, generated) === '') return [];
  return [exampleView('Example', undefined, mediaType, generated)];
}
