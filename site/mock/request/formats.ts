// The string and number formats the mock's request validators know: ajv-formats' full set (what
// `addFormats` adds, OpenAPI's int32/int64/float/double/byte/binary/password included), with int64
// replaced by the mock's own rule. The runtime compiler (compile.ts) and the validators compiled at
// build time (precompile.ts, which refers to this file by path) read the same definitions.
import type { FormatDefinition } from 'ajv';
import { fullFormats } from 'ajv-formats/dist/formats.js';

/**
 * int64 as a JS number: the exact range is checked on the raw text (ids.ts, body.ts); here only
 * "an integer no larger than 2^63 as a double", so 9223372036854775807 (which rounds to 2^63) passes.
 */
export const INT64_FORMAT: FormatDefinition<number> = {
  type: 'number',
  validate: (v: number) => Number.isInteger(v) && Math.abs(v) <= 2 ** 63,
};

/** Every format by name, as the precompiled validators look them up (`formats['date-time']`). */
export const formats = { ...fullFormats, int64: INT64_FORMAT };
