/**
 * The MCP server of this site, assembled: the corpus from the site's pages (site/agents/site.ts: the
 * guides' sources and the reference model of PETSTORE_SPEC or spec/openapi.yaml), the sandbox token
 * per session, and a server per session. scripts/serve.ts mounts it at `/mcp`; scripts/mcp.ts runs it
 * over stdio (`npm run mcp`). Neither needs a build: the pages are rendered from the sources.
 */
import { createHmac, randomBytes } from 'node:crypto';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { sitePages } from '../agents/site.ts';
import { referenceModel } from '../reference/loaded-description.ts';
import { buildCorpus, type DocsCorpus } from './corpus.ts';
import { createDocsServer, type MockHandler } from './server.ts';

export { mcpHttpHandler } from './http.ts';

let corpus: DocsCorpus | undefined;

/** The corpus of this site (built on first use, then shared). */
export async function siteCorpus(): Promise<DocsCorpus> {
  corpus ??= buildCorpus(await sitePages(), await referenceModel());
  return corpus;
}

/**
 * Sandbox tokens: `mcp-` and an HMAC-SHA-256 of the session id under a key drawn at start, so each
 * session gets its own mock sandbox, a client cannot pick another's, and the token says where it
 * came from in the mock's logs. Without a session (stdio: one client per process) one random token.
 */
export function sandboxTokens(key: Buffer = randomBytes(32)): (sessionId: string | undefined) => string {
  const stdio = `mcp-${randomBytes(16).toString('base64url')}`;
  return (sessionId) =>
    sessionId === undefined
      ? stdio
      : `mcp-${createHmac('sha256', key).update(sessionId).digest('base64url').slice(0, 32)}`;
}

/** A factory of this site's MCP servers over a running mock (the corpus is built before it returns). */
export async function siteServerFactory(mock: MockHandler, mockBase: string): Promise<() => McpServer> {
  const tokens = sandboxTokens();
  const corpus = await siteCorpus();
  return () => createDocsServer({ corpus, mock, mockBase, sandboxToken: tokens });
}
