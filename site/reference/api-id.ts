/**
 * The id of the API a reference documents: what try-it keys the credentials and the server a reader
 * chose by (`petstore-docs.tryit.<id>.…`, browser/remember.ts), and what the Agent Skill of the API is
 * filed under. The site documents one API today, so its id is this constant; a site of several APIs
 * gives each its own id here, and every consumer follows. URL-safe: letters, digits, `-`, `_`.
 */
export const DEFAULT_API_ID = 'default';

/** The id of the API whose reference is being built (the one API of this site). */
export function referenceApiId(): string {
  return DEFAULT_API_ID;
}
