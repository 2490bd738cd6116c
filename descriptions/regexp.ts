// Regular expressions from literal text, for TypeScript code. The implementation is plain JavaScript
// (descriptions/shared/regexp.js) so that the Spectral ruleset can import the same one.
export { escapeRegExp } from './shared/regexp.js';
