// @ts-check
// Expressive Code's options for every code block of the site (Starlight reads this file; its options
// hold a function, which astro.config.mjs cannot pass to the <Code> component at render time).
import { defineEcConfig } from '@astrojs/starlight/expressive-code';
import { bundledLanguages } from 'shiki/langs';

/**
 * Lines at least this long (UTF-16 code units) are shown without syntax colours. Shiki otherwise
 * stops tokenizing a line after 500 ms of wall time, so a long line (a base64 example in a code
 * sample) came out coloured differently from one build to the next with the machine's load, and a
 * page that differs defeats every build cache keyed by the pages' bytes (Pagefind's, compression's).
 */
export const TOKENIZE_MAX_LINE_LENGTH = 1000;

/**
 * A grammar without the languages it references lazily (Shiki's `embeddedLangsLazy`: loaded only when
 * their own blocks ask for them).
 * @template {{ embeddedLangsLazy?: string[] }} G
 * @param {G} grammar
 * @returns {Omit<G, 'embeddedLangsLazy'>}
 */
function withoutLazyLanguages({ embeddedLangsLazy: _, ...grammar }) {
  return grammar;
}

export default defineEcConfig({
  // Code wraps instead of scrolling sideways: a scrolling block is only reachable by keyboard once
  // Expressive Code's script has made it focusable, and samples are read more than edited.
  defaultProps: { wrap: true },
  shiki: {
    // Ruby as Shiki itself loads it: its grammar and the grammars it embeds (HTML, SQL, shell… in
    // heredocs). Expressive Code also loads the languages those reference lazily, and HAML's (one of
    // Ruby's) bring in Markdown's: about seventy grammars, 15 MB of them, for any page with a Ruby block,
    // as every reference page has. That was most of the build's first Ruby block, and memory held to the
    // end. Given here, Ruby's grammars are loaded first, whichever block comes first (so the pages do not
    // depend on the order), and only HAML has lazy references among them: Sass, CoffeeScript and
    // Markdown inside a HAML filter stay uncoloured. A function, not the grammars: Expressive Code hashes
    // its options for every block: a function is hashed as a word, a grammar by every one of its rules.
    langs: [async () => ({ default: (await bundledLanguages.ruby()).default.map(withoutLazyLanguages) })],
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
