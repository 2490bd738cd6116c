// `npm run mcp`: the docs' MCP server over stdio (site/mcp/), for MCP clients that start a local
// process. Reads the guides and the site's API (site/apis/: the reference's options in
// astro.config.mjs, with the environment's overrides) from the sources, so no build is needed;
// `call_mock` talks to an in-process mock (site/mock/) with the same sandbox and rate limit as the
// server's. Logs go to stderr: stdout carries the protocol.
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { siteCorpus, siteServerFactory } from '../site/mcp/index.ts';
import { createVersionedMockFromFiles, loadMockDescription } from '../site/mock/hosts/load.ts';
import { DEFAULT_RATE_POLICY } from '../site/mock/index.ts';
import { olderReleases, versionSet } from '../site/reference/versions.ts';
import { configuredApis } from './configured-apis.ts';

if (process.argv.includes('--help') || process.argv.includes('-h')) {
  process.stdout.write(`Usage: npm run mcp

Runs the docs' MCP server over stdio (tools: search_docs, get_page, list_operations, call_mock).
Environment: PETSTORE_SPEC=path builds it from another OpenAPI description; PETSTORE_CHANGELOG=path
names its release record (the older versions the tools' "version" argument reads and calls);
PETSTORE_VERSIONS=all|before-sunset|last:N chooses which older versions are published.

Example client configuration (Claude Desktop, Cursor, VS Code…):
  { "mcpServers": { "petstore-docs": { "command": "npm", "args": ["run", "--silent", "mcp"], "cwd": "${process.cwd()}" } } }
`);
  process.exit(0);
}

try {
  const site = await configuredApis();
  const [api] = site.apis;
  // Every published version (site/reference/versions.ts), as the site publishes them.
  const set = await versionSet(api);
  const older = await olderReleases(api);
  const mock = await createVersionedMockFromFiles(
    { version: set.current.version, description: await loadMockDescription(api.description) },
    older,
    { rateLimit: DEFAULT_RATE_POLICY },
  );
  const corpus = await siteCorpus(api);
  const server = (await siteServerFactory(site, mock, new Map([[api.id, older.map((o) => o.version)]])))();
  await server.connect(new StdioServerTransport());
  process.stderr.write(
    `petstore-docs MCP server on stdio: ${corpus.pages.length} pages, ${corpus.operations.length} operations${older.length ? `; older versions ${older.map((o) => o.version).join(', ')}` : ''}\n`,
  );
} catch (err) {
  process.stderr.write(`mcp: ${(err as Error).message}\n`);
  process.exit(1);
}
