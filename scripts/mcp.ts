// `npm run mcp`: the docs' MCP server over stdio (site/mcp/), for MCP clients that start a local
// process. Reads the guides and the site's API (site/apis/: the reference's options in
// astro.config.mjs, with the environment's overrides) from the sources, so no build is needed;
// `call_mock` talks to an in-process mock (site/mock/) with the same sandbox and rate limit as the
// server's, kept where PETSTORE_MOCK_STORE says (memory by default; a Redis URL shares the sandboxes with
// the site's server). Logs go to stderr: stdout carries the protocol.
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { buildLocales } from '../site/i18n/locales.ts';
import { siteCorpus, siteServerFactory } from '../site/mcp/index.ts';
import { createSiteMock, siteMockTable } from '../site/mock/hosts/load.ts';
import { configuredStore, StoreUrlError } from '../site/mock/hosts/redis-store.ts';
import { DEFAULT_RATE_POLICY } from '../site/mock/index.ts';
import { configuredApis } from './configured-apis.ts';

if (process.argv.includes('--help') || process.argv.includes('-h')) {
  process.stdout.write(`Usage: npm run mcp

Runs the docs' MCP server over stdio (tools: search_docs, get_page, list_operations, call_mock) for
the APIs astro.config.mjs configures; with several, every tool takes the API's id ("api").
Environment: PETSTORE_SPEC=path builds it from another OpenAPI description; PETSTORE_APIS=file from a
YAML list of APIs (README, "Several APIs in one site"); PETSTORE_CHANGELOG=path
names its release record (the older versions the tools' "version" argument reads and calls);
PETSTORE_VERSIONS=all|before-sunset|last:N chooses which older versions are published;
PETSTORE_LOCALES=fr,ar (or all) adds locales: get_page's "locale" argument reads a page in one;
PETSTORE_MOCK_STORE=redis://host:port/db keeps call_mock's sandboxes and rate windows in Redis, shared
with the site's server (PETSTORE_MOCK_STORE_PREFIX: its key prefix, default petstore-mock:).

Example client configuration (Claude Desktop, Cursor, VS Code…):
  { "mcpServers": { "petstore-docs": { "command": "npm", "args": ["run", "--silent", "mcp"], "cwd": "${process.cwd()}" } } }
`);
  process.exit(0);
}

let store: ReturnType<typeof configuredStore>;
try {
  store = configuredStore(process.env.PETSTORE_MOCK_STORE, {
    ...(process.env.PETSTORE_MOCK_STORE_PREFIX ? { prefix: process.env.PETSTORE_MOCK_STORE_PREFIX } : {}),
  });
} catch (err) {
  if (!(err instanceof StoreUrlError)) throw err;
  process.stderr.write(`mcp: PETSTORE_MOCK_STORE: ${err.message}\n`);
  process.exit(2);
}

try {
  const site = await configuredApis();
  // Every API and published version, as the site publishes them.
  const mockApis = await siteMockTable(site.apis);
  const mock = await createSiteMock(mockApis, { rateLimit: DEFAULT_RATE_POLICY, ...(store ? { store } : {}) });
  const older = new Map(site.apis.map((api, i) => [api.id, (mockApis[i]?.older ?? []).map((o) => o.version)]));
  const server = (await siteServerFactory(site, mock, older, buildLocales()))();
  await server.connect(new StdioServerTransport());
  const described = [];
  for (const api of site.apis) {
    const corpus = await siteCorpus(api);
    const versions = older.get(api.id) ?? [];
    described.push(
      `${site.catalog ? `${api.id}: ` : ''}${corpus.pages.length} pages, ${corpus.operations.length} operations${versions.length ? `; older versions ${versions.join(', ')}` : ''}`,
    );
  }
  process.stderr.write(`petstore-docs MCP server on stdio: ${described.join('; ')}\n`);
} catch (err) {
  process.stderr.write(`mcp: ${(err as Error).message}\n`);
  process.exit(1);
}
