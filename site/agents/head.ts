/**
 * The page head entries that point agents and link previews at a page's twins: the Markdown
 * alternate (`<link rel="alternate" type="text/markdown">`) and the Open Graph / Twitter card image
 * with its size, as absolute URLs on the site's primary domain. Starlight already writes `og:title`,
 * `og:description`, `og:url` (the canonical URL) and `twitter:card` (`summary_large_image`). Pure.
 */
import { translator } from '../i18n/catalogue.ts';
import { localeOf } from '../i18n/locales.ts';
import { OG_ENCODING, OG_SIZE } from '../og/card.ts';
import type { AgentPage } from './pages.ts';
import { ogImagePath } from './paths.ts';

/** One entry of Starlight's `head` (tag, attributes). */
export interface HeadEntry {
  tag: 'link' | 'meta';
  attrs: Record<string, string>;
}

/**
 * @param page the page
 * @param site the primary origin with a trailing slash (`https://docs.example.com/`)
 * @param description the page's meta description (Starlight's), for `twitter:description`
 * @param card the page whose card the image shows (its alt text): the page itself, or an operation
 *   page's tag page when its API shows tag cards (site/og/card.ts `cardPage`)
 */
export function agentHead(
  page: AgentPage,
  site: string,
  description: string = page.description,
  card: AgentPage = page,
): HeadEntry[] {
  const image = new URL(ogImagePath(page.url), site).href;
  const alt = card.operation ? `${card.title}: ${card.operation.method} ${card.operation.path}` : card.title;
  const t = translator(page.locale ? localeOf(page.locale).lang : 'en');
  return [
    {
      tag: 'link',
      attrs: { rel: 'alternate', type: 'text/markdown', href: page.mdUrl, title: t('agents.markdownTitle') },
    },
    { tag: 'meta', attrs: { property: 'og:image', content: image } },
    { tag: 'meta', attrs: { property: 'og:image:type', content: OG_ENCODING.mediaType } },
    { tag: 'meta', attrs: { property: 'og:image:width', content: String(OG_SIZE.width) } },
    { tag: 'meta', attrs: { property: 'og:image:height', content: String(OG_SIZE.height) } },
    { tag: 'meta', attrs: { property: 'og:image:alt', content: alt } },
    { tag: 'meta', attrs: { name: 'twitter:title', content: page.title } },
    { tag: 'meta', attrs: { name: 'twitter:description', content: description } },
    { tag: 'meta', attrs: { name: 'twitter:image', content: image } },
  ];
}
