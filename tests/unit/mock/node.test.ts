// The node:http edge of the mock (site/mock/hosts/node.ts, what `npm start` serves /api/mock with):
// requests that node:http accepts but a Fetch `Request` cannot represent must still get a
// catalogue `Error`, never a 500. Raw sockets, because fetch() cannot send a bad Host or TRACE.
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import { connect } from 'node:net';
import { after, before, describe, test } from 'node:test';
import { requestUrl, toNodeListener } from '../../../site/mock/hosts/node.ts';
import { mountedMock } from '../../support/mock.ts';

let server: Server;
let port: number;
before(async () => {
  const mock = await mountedMock();
  server = createServer(toNodeListener(mock));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const addr = server.address();
  port = typeof addr === 'object' && addr ? addr.port : 0;
});
after(() => {
  server.closeAllConnections();
  server.close();
});

/** Sends raw HTTP/1.1 bytes and returns the status code and the body of the answer. */
function raw(text: string): Promise<{ status: number; headers: string; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let data = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      data += chunk;
    });
    socket.on('end', () => {
      const [head = '', body = ''] = data.split('\r\n\r\n');
      resolve({ status: Number(head.split(' ')[1]), headers: head, body });
    });
    socket.on('error', reject);
    socket.write(text.replace(/\n/g, '\r\n'));
  });
}

function json(body: string): { code: string; message: string; status: number } {
  return JSON.parse(body) as { code: string; message: string; status: number };
}

describe('invalid Host header → 400 validation_failed (RFC 9112 section 3.2), not 500', () => {
  for (const host of ['a b', '[::1', 'x:99999', 'h/p', 'h?q', 'h#f', 'user@h']) {
    test(JSON.stringify(host), async () => {
      const r = await raw(`GET /api/mock/pets HTTP/1.1\nHost: ${host}\nAuthorization: Bearer t\nConnection: close\n\n`);
      assert.equal(r.status, 400, r.body);
      assert.deepEqual(json(r.body), {
        code: 'validation_failed',
        message: `header Host: '${host}' is not a valid host[:port]`,
        status: 400,
      });
      assert.match(r.headers, /access-control-allow-origin: \*/i);
    });
  }
  test('a valid Host (name, IPv4, IPv6 literal, with a port) is kept for Location', () => {
    assert.equal(requestUrl('docs.example:8080', '/api/mock/pets').href, 'http://docs.example:8080/api/mock/pets');
    assert.equal(requestUrl('[::1]:4321', '/api/mock/pets?limit=1').href, 'http://[::1]:4321/api/mock/pets?limit=1');
    assert.equal(requestUrl(undefined, '/api/mock/pets').href, 'http://localhost/api/mock/pets');
  });
});

describe('TRACE, which Fetch cannot carry, is answered like any undefined method', () => {
  // (TRACK and CONNECT never reach the listener: node:http refuses or diverts them itself.)
  for (const method of ['TRACE']) {
    test(`${method} on an API path → 405 with Allow`, async () => {
      const r = await raw(`${method} /api/mock/pets HTTP/1.1\nHost: x\nAuthorization: Bearer t\nConnection: close\n\n`);
      assert.equal(r.status, 405, r.body);
      assert.match(r.headers, /\r\nallow: GET, POST\r\n/i);
      assert.deepEqual(json(r.body), {
        code: 'method_not_allowed',
        message: 'method TRACE is not allowed on /pets; allowed: GET, POST',
        status: 405,
      });
    });
    test(`${method} on an unknown path → 404 route_not_found`, async () => {
      const r = await raw(`${method} /api/mock/nope HTTP/1.1\nHost: x\nConnection: close\n\n`);
      assert.equal(r.status, 404, r.body);
      assert.equal(json(r.body).code, 'route_not_found');
    });
  }
});
