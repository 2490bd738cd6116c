/**
 * What the MCP server reads: every page's Markdown (rendered once), the search index over it, and
 * the operations with what `call_mock` needs (method, path, parameters, body). Built once per
 * process and shared by every MCP session. Pure apart from the time it takes.
 */
import type { AgentPage } from '../agents/pages.ts';
import { canonicalPagePath, pagePathOfMarkdown } from '../agents/paths.ts';
import type { Credential, OperationSummary, ReferenceModel } from '../reference/model/views.ts';
import { buildSearchIndex, type SearchIndex } from './search.ts';

/** A page as the tools return it. */
export interface CorpusPage {
  kind: AgentPage['kind'];
  title: string;
  /** URL path of the HTML page. */
  url: string;
  /** URL path of the Markdown twin. */
  markdownUrl: string;
  description: string;
  markdown: string;
  operationId?: string;
}

/** A parameter `call_mock` may fill. */
export interface CallParameter {
  name: string;
  in: string;
  required: boolean;
}

/** An operation as `call_mock` and `list_operations` see it. */
export interface CorpusOperation extends OperationSummary {
  parameters: CallParameter[];
  /**
   * Where the operation's first security requirement puts each credential (every scheme of that
   * requirement); empty without authentication or when none can be placed.
   */
  credentials: Credential[];
  /** The request body's media types (empty: the operation takes no body). */
  bodyTypes: string[];
  bodyRequired: boolean;
}

export interface DocsCorpus {
  apiTitle: string;
  version: string;
  pages: CorpusPage[];
  operations: CorpusOperation[];
  index: SearchIndex;
  /** A page by its URL (absolute or a path; HTML or `.md`) or by operationId; undefined when none. */
  find(ref: { url?: string; operationId?: string }): CorpusPage | undefined;
  operation(operationId: string): CorpusOperation | undefined;
}

/** The URL path of an absolute or relative URL, or null when it is not a URL. */
function pathOf(url: string): string | null {
  try {
    return new URL(url, 'http://x').pathname;
  } catch {
    return null;
  }
}

/**
 * Ranking weights per page kind: a reader searching "inventory" wants the operations and the guide
 * sections first, the schemas and indexes that merely list them after.
 */
const KIND_BOOST: Record<CorpusPage['kind'], number> = {
  operation: 1.3,
  guide: 1.2,
  tag: 1,
  schema: 0.8,
  reference: 0.6,
  changelog: 0.6,
  schemas: 0.5,
  absent: 0.4,
  catalog: 0.6,
};

/**
 * Builds the corpus from the site's pages and the reference model.
 * @param version the version name the corpus answers for; default the model's (`info.version`)
 */
export function buildCorpus(pages: readonly AgentPage[], model: ReferenceModel, version?: string): DocsCorpus {
  const corpusPages: CorpusPage[] = pages.map((p) => ({
    kind: p.kind,
    title: p.title,
    url: p.url,
    markdownUrl: p.mdUrl,
    description: p.description,
    markdown: p.markdown(),
    operationId: p.operation?.operationId,
  }));
  const byUrl = new Map(corpusPages.map((p) => [p.url, p]));
  const byOp = new Map(corpusPages.filter((p) => p.operationId).map((p) => [p.operationId as string, p]));
  const operations: CorpusOperation[] = model.operations.map((op) => {
    const view = model.operationView(op);
    return {
      ...op,
      parameters: view.parameters.map((p) => ({ name: p.name, in: p.in, required: p.required })),
      bodyTypes: view.requestBody?.contents.map((c) => c.mediaType) ?? [],
      bodyRequired: view.requestBody?.required ?? false,
      credentials: (view.security[0] ?? []).flatMap((s) => (s.credential ? [s.credential] : [])),
    };
  });
  const opById = new Map(operations.map((o) => [o.operationId, o]));
  const index = buildSearchIndex(
    corpusPages.map((p) => {
      const op = p.operationId ? opById.get(p.operationId) : undefined;
      return {
        id: p.url,
        title: p.title,
        keywords: op ? `${op.operationId} ${op.method} ${op.path} ${op.tag}` : p.kind,
        text: p.markdown,
        boost: KIND_BOOST[p.kind],
      };
    }),
  );
  return {
    apiTitle: model.title,
    version: version ?? model.version,
    pages: corpusPages,
    operations,
    index,
    find({ url, operationId }) {
      if (operationId !== undefined) return byOp.get(operationId);
      if (url === undefined) return undefined;
      const path = pathOf(url.trim());
      if (!path) return undefined;
      const decoded = path.endsWith('.md') ? pagePathOfMarkdown(path) : canonicalPagePath(path);
      return decoded ? byUrl.get(decoded) : undefined;
    },
    operation: (id) => opById.get(id),
  };
}
