// JSON Pointer (RFC 6901) for TypeScript code. The implementation is plain JavaScript
// (descriptions/shared/pointer.js) so that the Spectral ruleset can import the same one.
export {
  escapePointerToken,
  formatPointer,
  parsePointer,
  resolvePointer,
  unescapePointerToken,
} from './shared/pointer.js';
