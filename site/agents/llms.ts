/**
 * `/llms.txt` and `/llms-full.txt` (llmstxt.org): an H1 with the API's name, a blockquote summary,
 * then H2 sections of `- [title](url): description` links to every page's Markdown twin: the guides,
 * then the reference by tag group and tag, then the schemas under "Optional" (the format's name for
 * links an agent may skip). Links are absolute on the primary domain (`https://…/reference/list-pets.md`):
 * an agent that keeps the text without the URL it came from still has working links (links.ts).
 * Pure: pages in, text out.
 */

import { metaDescription } from '../reference/model/reference.ts';
import type { ReferenceModel } from '../reference/model/views.ts';
import { markdownTwin } from './directive.ts';
import { absoluteLinks } from './links.ts';
import type { AgentPage } from './pages.ts';
import { markdownPath } from './paths.ts';

/** A published version of the API as llms.txt lists it. */
export interface LlmsVersion {
  version: string;
  /** The working description's version (its pages are the unprefixed reference). */
  current: boolean;
  /** Its reference index (an HTML page path, `/reference/1.0.0/`). */
  indexUrl: string;
}

/**
 * Past this many operations `/llms-full.txt` lists the operations as links (the reference index)
 * instead of inlining each one's Markdown: up to this bound the file stays a size a model's context
 * still takes; GitHub's description inlined would be megabytes.
 * The same bound as the sidebar's (site/reference/model/sidebar.ts).
 */
export const LLMS_FULL_MAX_OPERATIONS = 150;

function link(p: AgentPage): string {
  const title = p.title.replace(/[[\]]/g, '\\$&');
  const desc = p.description.replace(/\s+/g, ' ').trim();
  return `- [${title}](${p.mdUrl})${desc ? `: ${desc}` : ''}`;
}

/** The blockquote summary: the description's first sentences, or a sentence of our own. */
export function summaryOf(model: ReferenceModel): string {
  const intro = model.description ? metaDescription(model.description.split(/\n\s*\n/)[0] ?? '', 300) : '';
  return intro || `Guides and the API reference of the ${model.title}.`;
}

/** One locale of the site for llms.txt: its name in its language, BCP-47 tag and reference pages. */
export interface LlmsLocale {
  label: string;
  lang: string;
  pages: readonly AgentPage[];
}

/**
 * `/llms.txt`. With more than one published version, a "Versions" section links each version's reference
 * index (its twin, then its HTML page), the current one marked; the other sections list the current
 * version's pages.
 * @param site the primary origin with a trailing slash (`https://docs.example.com/`); every link is absolute on it
 * @param versions the published versions, current first (site/reference/versions.ts)
 */
export function llmsTxt(
  model: ReferenceModel,
  pages: readonly AgentPage[],
  site: string,
  versions: readonly LlmsVersion[] = [],
  locales: readonly LlmsLocale[] = [],
  /** The site's Agent Skills (skill.ts): a section links each `SKILL.md`. */
  skills: ReadonlyArray<{ name: string; url: string; description: string }> = [],
): string {
  const out = [`# ${model.title}`, `> ${summaryOf(model)}`];
  out.push(
    [
      `Every page of these docs is also Markdown at the same address with \`.md\` instead of the trailing slash (\`${model.base}/<operation>.md\`); ${pages.some((p) => p.kind === 'operation') ? 'operations list their parameters, request and response schemas with examples, and code samples.' : ''}`,
      // The description's files are named, not linked: they are data, not pages, and the JSON alone is past the
      // 100,000 characters the Agent-Friendly Documentation Spec allows a page an agent converts.
      `The OpenAPI description: \`${new URL('/openapi.yaml', site).href}\` or \`${new URL('/openapi.json', site).href}\` (also in the RFC 9727 catalog, \`${new URL('/.well-known/api-catalog', site).href}\`). All of it in one file: [llms-full.txt](/llms-full.txt).`,
      `Served by \`npm start\`, the site also answers \`Accept: text/markdown\` on any page URL and runs an MCP server at \`/mcp\` (tools search_docs, get_page, list_operations, call_mock).`,
    ].join(' '),
  );
  const guides = pages.filter((p) => p.kind === 'guide');
  if (guides.length > 0) out.push(`## Guides\n\n${guides.map(link).join('\n')}`);
  const index = pages.find((p) => p.kind === 'reference');
  if (index) out.push(`## Reference\n\n${link(index)}`);
  if (versions.length > 1) {
    const items = versions.map(
      (v) =>
        `- [${model.title} ${v.version}${v.current ? ' (current)' : ''}](${markdownPath(v.indexUrl)}): ${v.current ? 'the version the other sections list' : `every page of ${v.version} below \`${v.indexUrl}\` (\`.md\` twins too)`}; [HTML page](${v.indexUrl})`,
    );
    out.push(`## Versions\n\n${items.join('\n')}`);
  }
  if (skills.length > 0) {
    const items = skills.map(
      (k) => `- [${k.name}](${k.url}): the Agent Skill (agentskills.io) of the API, for coding agents`,
    );
    out.push(`## Agent Skills\n\n${items.join('\n')}`);
  }
  const changelog = pages.find((p) => p.kind === 'changelog');
  if (changelog) out.push(`## Changelog\n\n${link(changelog)}`);
  const byUrl = new Map(pages.map((p) => [p.url, p]));
  for (const group of model.groups) {
    for (const tag of group.tags) {
      const items = [byUrl.get(tag.url), ...tag.operations.map((o) => byUrl.get(o.url))].filter(
        (p): p is AgentPage => p !== undefined,
      );
      const name = group.name === tag.name ? tag.name : `${group.name}: ${tag.name}`;
      out.push(`## ${name}\n\n${items.map(link).join('\n')}`);
    }
  }
  out.push(...localeSections(locales));
  const schemas = pages.filter((p) => p.kind === 'schemas' || p.kind === 'schema');
  if (schemas.length > 0) out.push(`## Optional\n\n${schemas.map(link).join('\n')}`);
  return absoluteLinks(`${out.join('\n\n')}\n`, site);
}

/**
 * A section per locale: its reference pages below `/<locale>/` (the catalog first on a site of several
 * APIs), their words and the description's translated text in that language; the guides are English
 * only, and the schemas are left to the root locale's "Optional" section.
 */
function localeSections(locales: readonly LlmsLocale[]): string[] {
  return locales.flatMap((l) => {
    const own = l.pages.filter((p) => p.kind !== 'schema' && p.kind !== 'schemas');
    return own.length > 0 ? [`## ${l.label} (${l.lang})\n\n${own.map(link).join('\n')}`] : [];
  });
}

/**
 * `/llms-full.txt`: the guides and the whole reference as one Markdown file, pages separated by a
 * rule and a `Source:` line (absolute, like every link), each page with the directive its twin carries. Past {@link LLMS_FULL_MAX_OPERATIONS} operations only the guides and the
 * reference index (every operation as a link) are inlined, with a note saying so. The reference is the
 * current version's only; with older versions published, the header says so and points at llms.txt.
 * @param olderVersions the older published versions' names, newest first
 */
export function llmsFullTxt(
  model: ReferenceModel,
  pages: readonly AgentPage[],
  site: string,
  olderVersions: readonly string[] = [],
): string {
  const operations = pages.filter((p) => p.kind === 'operation').length;
  const inline = operations <= LLMS_FULL_MAX_OPERATIONS;
  const chosen = inline ? pages : pages.filter((p) => p.kind === 'guide' || p.kind === 'reference');
  const head = [`# ${model.title}: the full documentation`, `> ${summaryOf(model)}`];
  if (olderVersions.length > 0) {
    head.push(
      `The reference here is version ${model.version}, the current one. The older versions (${olderVersions.join(', ')}) are listed in [llms.txt](/llms.txt) under "Versions".`,
    );
  }
  if (!inline) {
    head.push(
      `This description has ${operations} operations, more than the ${LLMS_FULL_MAX_OPERATIONS} this file inlines: the reference part lists them with links to each operation's Markdown. The list of every page: [llms.txt](/llms.txt).`,
    );
  }
  // Each page as its twin is served: the directive under its title, so a page cut out of this file
  // still says where the index and its own Markdown are.
  const parts = chosen.map(
    (p) => `Source: ${new URL(p.mdUrl, site).href}\n\n${markdownTwin(p.markdown(), p.mdUrl, site).trim()}`,
  );
  return absoluteLinks(`${head.join('\n\n')}\n\n---\n\n${parts.join('\n\n---\n\n')}\n`, site);
}

/** One API of a site of several, as llms.txt lists it. */
export interface LlmsApi {
  /** Its name (configured title, else `info.title`). */
  title: string;
  model: ReferenceModel;
  /** Its current version's pages (reference index, changelog, tags, operations, schemas). */
  pages: readonly AgentPage[];
  /** Its published versions, current first (empty or one: no "Versions" line). */
  versions: readonly LlmsVersion[];
  /** Where its own llms-full.txt is (`/reference/<id>/llms-full.txt`). */
  fullUrl: string;
  /** Its description's downloads. */
  downloads: { yaml: string; json: string };
  /** Its Agent Skill (skill.ts), when the site publishes one. */
  skill?: { name: string; url: string };
}

/** "A, B and C". */
function listOf(names: readonly string[]): string {
  return names.length < 2 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

/**
 * `/llms.txt` of a site of several APIs: the guides, the catalog and each API's index, then a section per
 * API and tag (`## Petstore API: Pets`), each API's versions, and every API's schemas under "Optional".
 * @param site the primary origin with a trailing slash; every link is absolute on it
 */
export function llmsTxtOfApis(
  guides: readonly AgentPage[],
  catalog: AgentPage,
  apis: readonly LlmsApi[],
  site: string,
  locales: readonly LlmsLocale[] = [],
): string {
  const names = apis.map((a) => a.title);
  const out = [`# ${listOf(names)}`, `> Guides and the reference of ${apis.length} APIs: ${listOf(names)}.`];
  out.push(
    [
      `Every page of these docs is also Markdown at the same address with \`.md\` instead of the trailing slash; each API's reference is below its own path (${apis.map((a) => `\`${a.model.base}/\``).join(', ')}), and operations list their parameters, request and response schemas with examples, and code samples.`,
      `Each API's OpenAPI description is named in its section and in the RFC 9727 catalog, \`${new URL('/.well-known/api-catalog', site).href}\`.`,
      `Served by \`npm start\`, the site also answers \`Accept: text/markdown\` on any page URL and runs an MCP server at \`/mcp\` (tools search_docs, get_page, list_operations, call_mock, each taking the API's id).`,
    ].join(' '),
  );
  if (guides.length > 0) out.push(`## Guides\n\n${guides.map(link).join('\n')}`);
  const index = (a: LlmsApi) => a.pages.find((p) => p.kind === 'reference');
  out.push(
    `## APIs\n\n${[
      link(catalog),
      ...apis.map((a) => {
        const ref = index(a);
        const desc = summaryOf(a.model).replace(/\s+/g, ' ');
        return `- [${a.title}${a.model.version ? ` ${a.model.version}` : ''}](${ref?.mdUrl ?? `${a.model.base}.md`}): ${desc} All of it in one file: [llms-full.txt](${a.fullUrl}).`;
      }),
    ].join('\n')}`,
  );
  for (const a of apis) {
    const byUrl = new Map(a.pages.map((p) => [p.url, p]));
    const lines = [
      `The OpenAPI description: \`${new URL(a.downloads.yaml, site).href}\` or \`${new URL(a.downloads.json, site).href}\`.`,
    ];
    const changelog = a.pages.find((p) => p.kind === 'changelog');
    const items = [
      ...(index(a) ? [link(index(a) as AgentPage)] : []),
      ...(changelog ? [link(changelog)] : []),
      ...(a.skill
        ? [`- [Agent Skill ${a.skill.name}](${a.skill.url}): the API for coding agents (agentskills.io)`]
        : []),
    ];
    if (a.versions.length > 1) {
      items.push(
        ...a.versions.map(
          (v) =>
            `- [${a.title} ${v.version}${v.current ? ' (current)' : ''}](${markdownPath(v.indexUrl)}): ${v.current ? 'the version the sections below list' : `every page of ${v.version} below \`${v.indexUrl}\``}; [HTML page](${v.indexUrl})`,
        ),
      );
    }
    out.push(`## ${a.title}\n\n${lines.join(' ')}\n\n${items.join('\n')}`);
    for (const group of a.model.groups) {
      for (const tag of group.tags) {
        const tagItems = [byUrl.get(tag.url), ...tag.operations.map((o) => byUrl.get(o.url))].filter(
          (p): p is AgentPage => p !== undefined,
        );
        // Tags outside any declared group are in an implicit one, whose name says nothing.
        const name = group.implicit || group.name === tag.name ? tag.name : `${group.name}: ${tag.name}`;
        out.push(`## ${a.title}: ${name}\n\n${tagItems.map(link).join('\n')}`);
      }
    }
  }
  const schemas = apis.flatMap((a) =>
    a.pages
      .filter((p) => p.kind === 'schemas' || p.kind === 'schema')
      .map((p) => link({ ...p, title: `${a.title}: ${p.title}` })),
  );
  out.push(...localeSections(locales));
  if (schemas.length > 0) out.push(`## Optional\n\n${schemas.join('\n')}`);
  return absoluteLinks(`${out.join('\n\n')}\n`, site);
}

/**
 * `/llms-full.txt` of a site of several APIs: the guides and the catalog in full, then where each API's
 * own full file is (each API's reference inlined there, by {@link llmsFullTxt}).
 */
export function llmsFullTxtOfApis(
  guides: readonly AgentPage[],
  catalog: AgentPage,
  apis: ReadonlyArray<Pick<LlmsApi, 'title' | 'fullUrl'>>,
  site: string,
): string {
  const names = apis.map((a) => a.title);
  const head = [
    `# ${listOf(names)}: the full documentation`,
    `> The guides and the catalog of ${apis.length} APIs. Each API's reference is in a file of its own: ${apis.map((a) => `[${a.title}](${a.fullUrl})`).join(', ')}. The list of every page: [llms.txt](/llms.txt).`,
  ];
  const parts = [...guides, catalog].map((p) => `Source: ${new URL(p.mdUrl, site).href}\n\n${p.markdown().trim()}`);
  return absoluteLinks(`${head.join('\n\n')}\n\n---\n\n${parts.join('\n\n---\n\n')}\n`, site);
}
