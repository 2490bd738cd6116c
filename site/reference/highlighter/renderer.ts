/**
 * Expressive Code's renderer as Starlight's `<Code>` component makes it, outside Vite: the same options
 * file (ec.config.mjs), Starlight's own preprocessing of them (themes, style overrides, the frames'
 * words in each language) and the same call per block. Starlight's component reads these through
 * virtual modules that exist only inside the build's bundle; here they are given as data
 * ({@link HighlighterConfig}), so a worker thread can highlight the code samples while the build renders
 * pages. A block rendered here is the HTML the component writes for any block but a page's first (which
 * also carries the page's stylesheet and script); the build checks that before using one
 * (reference/sample-blocks.ts).
 */
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createAstroRenderer, mergeEcConfigOptions } from 'astro-expressive-code';
import { toHtml } from 'astro-expressive-code/hast';

/** What the renderer is made from: plain data, so it crosses to a worker thread. */
export interface HighlighterConfig {
  /** The project root (where ec.config.mjs and node_modules are), a file path. */
  root: string;
  /** Starlight's default locale's language (BCP-47), Expressive Code's default locale. */
  defaultLang: string;
  /** Starlight's locales, each key (`root` for the root locale) with its language: empty on a one-language site. */
  locales: Record<string, string>;
  /**
   * Per language, the frames' words Starlight translates (`copyButtonCopied`, `copyButtonTooltip`,
   * `terminalWindowFallbackTitle`, Expressive Code's ids), as Starlight's `useTranslations` gives them.
   */
  texts: Record<string, Record<string, string>>;
}

/** One block to highlight. */
export interface BlockInput {
  /** The code, as the page gives it to `<Code code>`. */
  code: string;
  /** Its language (`<Code lang>`). */
  lang: string;
  /** The page's language (BCP-47): the copy button's words. */
  locale: string;
}

/** The keys of Starlight's UI strings that Expressive Code's frames show, by their Expressive Code id. */
export const FRAME_TEXT_KEYS = {
  copyButtonCopied: 'expressiveCode.copyButtonCopied',
  copyButtonTooltip: 'expressiveCode.copyButtonTooltip',
  terminalWindowFallbackTitle: 'expressiveCode.terminalWindowFallbackTitle',
} as const;

/** Starlight's key of one of the frames' words. */
export type FrameTextKey = (typeof FRAME_TEXT_KEYS)[keyof typeof FRAME_TEXT_KEYS];

type Preprocessor = (options: {
  docsPath: string;
  starlightConfig: unknown;
  useTranslations: (lang: string) => ((key: string) => string) & { exists(key: string): boolean };
}) => (input: { ecConfig: unknown; astroConfig: unknown }) => unknown;

/**
 * Starlight's Expressive Code preprocessor (`getStarlightEcConfigPreprocessor`), which Starlight's package
 * exports only through its virtual-module entry: loaded from its file in the installed package.
 * @throws when the installed Starlight has no such file or function (another layout than 0.42's)
 */
async function starlightPreprocessor(): Promise<Preprocessor> {
  // The package exports `./expressive-code` (dist/expressive-code.js); the preprocessor is beside it.
  const entry = fileURLToPath(import.meta.resolve('@astrojs/starlight/expressive-code'));
  const file = join(dirname(entry), 'integrations', 'expressive-code', 'preprocessor.js');
  const mod = (await import(pathToFileURL(file).href)) as { getStarlightEcConfigPreprocessor?: Preprocessor };
  if (typeof mod.getStarlightEcConfigPreprocessor !== 'function') {
    throw new Error(`${file} has no getStarlightEcConfigPreprocessor`);
  }
  return mod.getStarlightEcConfigPreprocessor;
}

/**
 * Makes a renderer of code blocks that writes what Starlight's `<Code code lang>` writes for a page's
 * second or later block (Expressive Code adds the page's assets to the first group of a page only).
 * @returns a function of a block to its HTML
 * @throws when ec.config.mjs cannot be loaded or Starlight's preprocessor cannot be found
 */
export async function createBlockRenderer(config: HighlighterConfig): Promise<(block: BlockInput) => Promise<string>> {
  const ecFile = join(config.root, 'ec.config.mjs');
  let fileOptions: object = {};
  try {
    fileOptions = ((await import(pathToFileURL(ecFile).href)) as { default: object }).default;
  } catch (error) {
    if ((error as { code?: string }).code !== 'ERR_MODULE_NOT_FOUND') throw error;
  }
  const locales = Object.fromEntries(Object.entries(config.locales).map(([key, lang]) => [key, { lang }]));
  const starlightConfig = {
    defaultLocale: { lang: config.defaultLang },
    locales: Object.keys(locales).length > 0 ? locales : undefined,
    isMultilingual: Object.keys(locales).length > 1,
  };
  const useTranslations = (lang: string) => {
    const byKey = Object.fromEntries(
      Object.entries(config.texts[lang] ?? {}).map(([id, text]) => [
        FRAME_TEXT_KEYS[id as keyof typeof FRAME_TEXT_KEYS] ?? id,
        text,
      ]),
    );
    return Object.assign((key: string) => byKey[key] ?? '', { exists: (key: string) => key in byKey });
  };
  // As the component: Starlight's integration options (none set here) merged with the file's, then Starlight's preprocessing.
  const merged = mergeEcConfigOptions({}, fileOptions as never);
  const preprocess = (await starlightPreprocessor())({ docsPath: '', starlightConfig, useTranslations });
  const ecConfig = preprocess({ ecConfig: merged, astroConfig: {} });
  const renderer = await createAstroRenderer({ astroConfig: { base: '/' } as never, ecConfig: ecConfig as never });
  const tabWidth = (ecConfig as { tabWidth?: number }).tabWidth ?? 2;
  return async ({ code, lang, locale }) => {
    const source = tabWidth > 0 ? code.replace(/\t/g, ' '.repeat(tabWidth)) : code;
    const { renderedGroupAst, styles } = await renderer.ec.render({
      code: source,
      language: lang,
      meta: '',
      locale,
      // Any group but a page's first: no stylesheet or script of the page.
      parentDocument: { positionInDocument: { groupIndex: 1 } },
      props: {},
    });
    if (styles.size > 0) {
      const first = renderedGroupAst.children[0];
      const at = first?.type === 'element' && ['style', 'link'].includes(first.tagName) ? 1 : 0;
      renderedGroupAst.children.splice(at, 0, {
        type: 'element',
        tagName: 'style',
        properties: {},
        children: [{ type: 'text', value: [...styles].join('') }],
      });
    }
    return toHtml(renderedGroupAst);
  };
}
