/**
 * What a page's Open Graph image says (1200×630 JPEG, drawn by astro-og-canvas at build time): the
 * page title large, then the API's name, and for an operation its method and path with its stability
 * and deprecation badges; a coloured edge per HTTP method. An API with more operations than its
 * `operationCards` option (site/apis/options.ts) shows each operation page's tag card instead. A locale's page has its card in its language,
 * right to left where the language is (the coloured edge on the right). Pure data; the fonts are files of
 * node_modules (Inter and Noto Sans Arabic, SIL Open Font License), so the build fetches nothing.
 */
import type { OGImageOptions } from 'astro-og-canvas';
import type { AgentPage } from '../agents/pages.ts';
import { ogImagePath } from '../agents/paths.ts';
import { type Translate, translator } from '../i18n/catalogue.ts';
import { localeOf, splitLocale } from '../i18n/locales.ts';

/** Width and height of every card, in pixels (Open Graph's and X's large-image size). */
export const OG_SIZE = { width: 1200, height: 630 } as const;

/**
 * The cards' encoding. JPEG at quality 90: CanvasKit encodes a card in much less time than as PNG (its
 * PNG encoder is most of a PNG card's time; figures in site/README.md) at about the same size, and
 * flat colours with anti-aliased text show no visible artefacts.
 * The file extension is ../agents/paths.ts `OG_IMAGE_EXTENSION`.
 */
export const OG_ENCODING = { format: 'JPEG', quality: 90, mediaType: 'image/jpeg' } as const;

/** Inter: Latin, Greek and Cyrillic. Paths relative to the project root (astro-og-canvas reads them from there). */
const INTER = [
  './node_modules/@expo-google-fonts/inter/400Regular/Inter_400Regular.ttf',
  './node_modules/@expo-google-fonts/inter/700Bold/Inter_700Bold.ttf',
];

/** Noto Sans Arabic, after Inter for a card with Arabic script (an Arabic locale's, or an overlay's text). */
const NOTO_ARABIC = [
  './node_modules/@expo-google-fonts/noto-sans-arabic/400Regular/NotoSansArabic_400Regular.ttf',
  './node_modules/@expo-google-fonts/noto-sans-arabic/700Bold/NotoSansArabic_700Bold.ttf',
];

/** Every font file a card may be drawn with: what the drawing's cache key reads (images.ts `ogDrawingKey`). */
export const OG_FONTS = [...INTER, ...NOTO_ARABIC];

/**
 * Text the cards' fonts draw: Latin, Greek, Cyrillic (Inter), Arabic (Noto Sans Arabic) and the characters
 * common to scripts. Other scripts (Chinese, Japanese, Korean…) have no font here: drawn, they would be
 * boxes, so such a card shows the root locale's text instead ({@link ogImages}).
 */
const DRAWN =
  /^[\p{Script=Latin}\p{Script=Greek}\p{Script=Cyrillic}\p{Script=Arabic}\p{Script=Common}\p{Script=Inherited}]*$/u;

/** The text of one card. */
export interface OgCard {
  title: string;
  /** Lines under the title. */
  lines: string[];
  /** Upper-case HTTP method of an operation (colours the edge). */
  method?: string;
  /** `rtl` for a right-to-left locale's card. */
  dir?: 'rtl';
}

/** Whether the cards' fonts draw every character of a card. */
export function ogDrawable(card: Pick<OgCard, 'title' | 'lines'>): boolean {
  return DRAWN.test([card.title, ...card.lines].join(''));
}

const METHOD_COLOURS: Record<string, [number, number, number]> = {
  GET: [34, 160, 107],
  POST: [56, 120, 220],
  PUT: [214, 132, 30],
  PATCH: [150, 90, 210],
  DELETE: [210, 60, 60],
};

/**
 * A page's card, in the page's language: its title, description and stability label come from the
 * page (the locale's overlay and messages), the deprecation badge from `t`.
 */
export function ogCard(page: AgentPage, apiTitle: string, t: Translate = translator('en')): OgCard {
  const op = page.operation;
  if (op) {
    const badges = [op.stability?.label, op.deprecation ? t('ref.badge.deprecated') : undefined].filter(Boolean);
    return {
      title: page.title,
      lines: [apiTitle, `${op.method} ${op.path}${badges.length ? `   [${badges.join('] [')}]` : ''}`],
      method: op.method,
    };
  }
  const desc =
    page.description.length > 140 ? `${page.description.slice(0, 139).replace(/\s+\S*$/, '')}…` : page.description;
  return { title: page.title, lines: [apiTitle, ...(desc && page.title !== apiTitle ? [desc] : [])] };
}

/** astro-og-canvas options of a card. */
export function ogImageOptions(card: OgCard): OGImageOptions {
  // Inter alone unless the card has Arabic script: a Latin card's options (its cache key) stay as they were.
  const arabic = /\p{Script=Arabic}/u.test([card.title, ...card.lines].join(''));
  const families = arabic ? ['Inter', 'Noto Sans Arabic'] : ['Inter'];
  return {
    title: card.title,
    description: card.lines.join('\n'),
    ...(card.dir ? { dir: card.dir } : {}),
    // One colour: a gradient doubles the time CanvasKit takes per image.
    bgGradient: [[23, 24, 38]],
    border: { color: (card.method && METHOD_COLOURS[card.method]) || [120, 130, 255], width: 24, side: 'inline-start' },
    padding: 72,
    fonts: arabic ? OG_FONTS : INTER,
    font: {
      title: { families, weight: 'Bold', size: 68, lineHeight: 1.15, color: [255, 255, 255] },
      description: { families, weight: 'Normal', size: 36, lineHeight: 1.4, color: [200, 204, 230] },
    },
    format: OG_ENCODING.format,
    quality: OG_ENCODING.quality,
  };
}

/** One image to draw: its file below `/og/` and what astro-og-canvas draws. */
export interface OgImage {
  /** The file below `/og/`, e.g. `reference/list-pets.jpg` (see ../agents/paths.ts `ogImagePath`). */
  file: string;
  options: OGImageOptions;
}

/**
 * The page whose card a page shows: an operation page of an API in `tagCards` (more operations than its
 * `operationCards` option) shows its tag page's card, when that page is listed; any other page its own.
 * @param byUrl the site's pages by URL path
 * @param tagCards the ids of the APIs whose operation pages show their tag's card ({@link tagCardApis})
 */
export function cardPage(
  page: AgentPage,
  byUrl: ReadonlyMap<string, AgentPage>,
  tagCards: ReadonlySet<string>,
): AgentPage {
  const op = page.operation;
  if (!op || !page.api || !tagCards.has(page.api.id)) return page;
  return byUrl.get(op.tagUrl) ?? page;
}

/**
 * The ids of the APIs whose operation pages show their tag's card: those with more operations (in their
 * current version) than their `operationCards` option. Pure.
 * @param apis each API's id, its option and its operation count
 */
export function tagCardApis(
  apis: ReadonlyArray<{ id: string; operationCards: number; operations: number }>,
): Set<string> {
  return new Set(apis.filter((api) => api.operations > api.operationCards).map((api) => api.id));
}

/**
 * The Open Graph image of every page, in the pages' order. A locale's page has its card in its language;
 * where the cards' fonts cannot draw that language ({@link ogDrawable}), the card of the same page in the
 * root locale. An operation page of an API in `tagCards` gets its tag page's card ({@link cardPage}): the
 * same options, so the same drawing under another file name.
 * @param pages the site's pages (../agents/site.ts `allPages`)
 * @param siteTitle the second line of the cards of pages outside every API (guides, the catalog); a
 *   page of an API shows the API's name there
 * @param tagCards the ids of the APIs whose operation pages show their tag's card ({@link tagCardApis})
 */
export function ogImages(
  pages: readonly AgentPage[],
  siteTitle: string,
  tagCards: ReadonlySet<string> = new Set(),
): OgImage[] {
  const keys = [...new Set(pages.flatMap((p) => (p.locale ? [p.locale] : [])))];
  const root = new Map(pages.filter((p) => !p.locale).map((p) => [p.url, p]));
  const byUrl = new Map(pages.map((p) => [p.url, p]));
  const cardOf = (page: AgentPage): OgCard => ogCard(page, page.api?.title ?? siteTitle);
  const localCard = (page: AgentPage): OgCard => {
    if (!page.locale) return cardOf(page);
    const locale = localeOf(page.locale);
    const card = ogCard(page, page.api?.title ?? siteTitle, translator(locale.lang));
    const english = root.get(splitLocale(page.url, keys).path);
    if (!ogDrawable(card) && english) return cardOf(english);
    return locale.dir === 'rtl' ? { ...card, dir: 'rtl' } : card;
  };
  return pages.map((page) => ({
    file: ogImagePath(page.url).slice('/og/'.length),
    options: ogImageOptions(localCard(cardPage(page, byUrl, tagCards))),
  }));
}
