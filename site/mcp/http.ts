/**
 * `/mcp` over Streamable HTTP (MCP 2025-06-18 "Transports"): one endpoint for POST (JSON-RPC
 * messages), GET (the server's event stream) and DELETE (end of session), with a session per
 * `initialize` (`Mcp-Session-Id`, a random UUID), each bound to its own server from `createServer`.
 *
 * Limits: at most `maxSessions` sessions at once (the oldest idle one is closed to make room);
 * a session idle for `idleMs` is closed. A request whose `Origin` names another host than its `Host`
 * gets 403 (the transport specification's defence against DNS rebinding: a web page elsewhere cannot
 * drive a local server through the reader's browser).
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { requestOrigin } from '../agents/origin.ts';

export interface McpHttpOptions {
  /** A server for a new session; `origin` is this server's own, as the initialize request reached it. */
  createServer(context?: { origin?: string }): McpServer;
  /** Sessions held at once (default 1,000). */
  maxSessions?: number;
  /** A session unused this long (ms) is closed (default 30 minutes). */
  idleMs?: number;
  now?: () => number;
}

interface Session {
  transport: StreamableHTTPServerTransport;
  server: McpServer;
  last: number;
}

function jsonRpcError(res: ServerResponse, status: number, message: string): void {
  res.statusCode = status;
  res.setHeader('Content-Type', 'application/json');
  res.end(JSON.stringify({ jsonrpc: '2.0', error: { code: -32000, message }, id: null }));
}

/** Whether an `Origin` header is absent or names the request's own host (RFC 6454 origin vs `Host`). */
export function sameOrigin(origin: string | undefined, host: string | undefined): boolean {
  if (!origin) return true;
  try {
    return new URL(origin).host === host;
  } catch {
    return false;
  }
}

/** The `/mcp` handler and a `close` that ends every session. */
export function mcpHttpHandler(options: McpHttpOptions): {
  handle(req: IncomingMessage, res: ServerResponse): Promise<void>;
  sessions(): number;
  close(): Promise<void>;
} {
  const sessions = new Map<string, Session>();
  const max = options.maxSessions ?? 1000;
  const idle = options.idleMs ?? 30 * 60_000;
  const now = options.now ?? Date.now;
  const drop = (id: string): void => {
    const s = sessions.get(id);
    if (!s) return;
    sessions.delete(id);
    void s.transport.close().catch(() => {});
    void s.server.close().catch(() => {});
  };
  const sweep = (): void => {
    const t = now();
    for (const [id, s] of sessions) if (t - s.last > idle) drop(id);
    while (sessions.size >= max) {
      const oldest = [...sessions].sort((a, b) => a[1].last - b[1].last)[0];
      if (!oldest) break;
      drop(oldest[0]);
    }
  };
  return {
    async handle(req, res) {
      res.setHeader('Cache-Control', 'no-store');
      if (!sameOrigin(req.headers.origin, req.headers.host)) {
        jsonRpcError(res, 403, 'Forbidden: the Origin header names another host');
        return;
      }
      const id = req.headers['mcp-session-id'];
      if (typeof id === 'string') {
        const s = sessions.get(id);
        if (!s) {
          jsonRpcError(res, 404, 'Session not found: start a new session with initialize');
          return;
        }
        s.last = now();
        await s.transport.handleRequest(req, res);
        return;
      }
      if (req.method !== 'POST') {
        res.setHeader('Allow', 'POST');
        jsonRpcError(
          res,
          req.method === 'GET' || req.method === 'DELETE' ? 400 : 405,
          'Bad request: no Mcp-Session-Id; send initialize by POST first',
        );
        return;
      }
      sweep();
      const server = options.createServer({ origin: requestOrigin(req.headers.host) });
      const transport: StreamableHTTPServerTransport = new StreamableHTTPServerTransport({
        sessionIdGenerator: () => randomUUID(),
        enableJsonResponse: true,
        onsessioninitialized: (sid) => {
          sessions.set(sid, { transport, server, last: now() });
        },
        onsessionclosed: (sid) => {
          drop(sid);
        },
      });
      await server.connect(transport);
      await transport.handleRequest(req, res);
      // Anything but an accepted initialize leaves no session: free the server now.
      if (!transport.sessionId || !sessions.has(transport.sessionId)) {
        void transport.close().catch(() => {});
        void server.close().catch(() => {});
      }
    },
    sessions: () => sessions.size,
    async close() {
      for (const id of [...sessions.keys()]) drop(id);
    },
  };
}
