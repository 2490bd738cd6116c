// @ts-check
// Expressive Code's options for every code block of the site (Starlight reads this file; its options
// hold a function, which astro.config.mjs cannot pass to the <Code> component at render time).
import { defineEcConfig } from '@astrojs/starlight/expressive-code';

/**
 * Lines at least this long (UTF-16 code units) are shown without syntax colours. Shiki otherwise
 * stops tokenizing a line after 500 ms of wall time, so a long line (a base64 example in a code
 * sample) came out coloured differently from one build to the next with the machine's load, and a
 * page that differs defeats every build cache keyed by the pages' bytes (Pagefind's, compression's).
 */
export const TOKENIZE_MAX_LINE_LENGTH = 1000;

export default defineEcConfig({
  // Code wraps instead of scrolling sideways: a scrolling block is only reachable by keyboard once
  // Expressive Code's script has made it focusable, and samples are read more than edited.
  defaultProps: { wrap: true },
  shiki: {
    transformers: [
      {
        name: 'petstore:deterministic-tokens',
        // Highlighting depends on the code only: no time limit, and a length beyond which a line is
        // left plain (which also bounds the work a long line costs).
        preprocess(_code, options) {
          options.tokenizeTimeLimit = 0;
          options.tokenizeMaxLineLength = TOKENIZE_MAX_LINE_LENGTH;
        },
      },
    ],
  },
});
