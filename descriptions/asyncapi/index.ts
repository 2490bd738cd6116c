/**
 * AsyncAPI descriptions: detect (`isAsyncApi`, `isAsyncApiFile`), load, validate and upgrade
 * (`loadEventDescription`: `@asyncapi/parser`, `@asyncapi/converter`), the files a description is made of
 * (`eventDescriptionFiles`), and the normalized model every
 * part reads (`EventModel`, types.ts), plus the pure helpers the pages and the mock share (channels.ts).
 */
export * from './channels.ts';
export { eventDescriptionFiles } from './files.ts';
export {
  isAsyncApi,
  isAsyncApiFile,
  isAsyncApiFileSync,
  type LoadedEventDescription,
  loadEventDescription,
} from './load.ts';
export { eventModel, parseMessageExpression, plainValue } from './model.ts';
export type * from './types.ts';
