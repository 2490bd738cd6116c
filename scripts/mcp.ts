// `npm run mcp`: the docs' MCP server over stdio (site/mcp/), for MCP clients that start a local
// process. Reads the guides and the description (PETSTORE_SPEC or spec/openapi.yaml) from the
// sources, so no build is needed; `call_mock` talks to an in-process mock (site/mock/) with the same
// sandbox and rate limit as the server's. Logs go to stderr: stdout carries the protocol.
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { siteCorpus, siteServerFactory } from '../site/mcp/index.ts';
import { loadMockDescription } from '../site/mock/hosts/load.ts';
import { MOCK_BASE } from '../site/mock/hosts/mount.ts';
import { createMock, DEFAULT_RATE_POLICY } from '../site/mock/index.ts';

if (process.argv.includes('--help') || process.argv.includes('-h')) {
  process.stdout.write(`Usage: npm run mcp

Runs the docs' MCP server over stdio (tools: search_docs, get_page, list_operations, call_mock).
Environment: PETSTORE_SPEC=path builds it from another OpenAPI description.

Example client configuration (Claude Desktop, Cursor, VS Code…):
  { "mcpServers": { "petstore-docs": { "command": "npm", "args": ["run", "--silent", "mcp"], "cwd": "${process.cwd()}" } } }
`);
  process.exit(0);
}

try {
  const mock = await createMock(await loadMockDescription(), { basePath: MOCK_BASE, rateLimit: DEFAULT_RATE_POLICY });
  const corpus = await siteCorpus();
  const server = (await siteServerFactory(mock, MOCK_BASE))();
  await server.connect(new StdioServerTransport());
  process.stderr.write(
    `petstore-docs MCP server on stdio: ${corpus.pages.length} pages, ${corpus.operations.length} operations\n`,
  );
} catch (err) {
  process.stderr.write(`mcp: ${(err as Error).message}\n`);
  process.exit(1);
}
