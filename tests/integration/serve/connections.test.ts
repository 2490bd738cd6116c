// Connection hygiene of the built server: an upload the server did not read never leaves a
// keep-alive connection that is then reset; a client that sends its headers slowly is cut off;
// past MAX_CONNECTIONS new connections are refused.
import assert from 'node:assert/strict';
import { Agent, request as httpRequest } from 'node:http';
import { connect, type Socket } from 'node:net';
import { after, before, describe, test } from 'node:test';
import { type RunningSite, startSite } from '../../support/server.ts';

let site: RunningSite;
let port: number;
before(async () => {
  site = await startSite({ HEADERS_TIMEOUT_MS: '2000' });
  port = Number(new URL(site.url).port);
});
after(() => site?.stop());

const BIG = Buffer.alloc(3 * 1024 * 1024, 0x61);

function send(
  agent: Agent | undefined,
  method: string,
  path: string,
  body?: Buffer,
  extra: Record<string, string> = {},
): Promise<{ status: number; connection: string | undefined }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port,
        method,
        path,
        agent,
        headers: {
          authorization: 'Bearer conn',
          ...(body ? { 'content-type': 'application/json', 'content-length': String(body.length) } : {}),
          ...extra,
        },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode ?? 0, connection: res.headers.connection }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

describe('after a 413', () => {
  test('the next request succeeds, on the same keep-alive connection and on a fresh one (50 times)', async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      for (let i = 0; i < 50; i++) {
        const big = await send(agent, 'POST', '/api/mock/pets', BIG);
        assert.equal(big.status, 413, `round ${i}`);
        const next = await send(agent, 'GET', '/api/mock/pets/1');
        assert.equal(next.status, 200, `round ${i}: same agent`);
        const fresh = await send(undefined, 'GET', '/api/mock/pets/1');
        assert.equal(fresh.status, 200, `round ${i}: fresh connection`);
      }
    } finally {
      agent.destroy();
    }
  });

  test('an early 4xx with an unread 3 MB upload (unknown path, no token, a page) leaves the connection usable', async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      for (let i = 0; i < 5; i++) {
        for (const path of ['/api/mock/nope', '/api/mock/_reset', '/_astro/missing.js', '/no-such-page']) {
          const refused = await send(agent, 'POST', path, BIG, { authorization: '' });
          assert.ok(refused.status >= 400 && refused.status < 500, `${path}: ${refused.status}`);
          assert.equal((await send(agent, 'GET', '/api/mock/pets/1')).status, 200, `after ${path}`);
        }
      }
    } finally {
      agent.destroy();
    }
  });

  test('an upload past the drain bound is answered 413 with Connection: close, and the connection is closed', async () => {
    // A raw socket, so what the server answers is read even while the upload is still being sent:
    // the headers, then the body in chunks until the answer arrives (6 MB, past the 64 KB limit and
    // the 4 MB the server drains before answering).
    const socket = await openSocket();
    const total = 6 * 1024 * 1024;
    socket.write(
      `POST /api/mock/pets HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer conn\r\nContent-Type: application/json\r\nContent-Length: ${total}\r\n\r\n`,
    );
    let answer = '';
    let closed = false;
    socket.on('data', (d) => {
      answer += d;
    });
    const ended = new Promise<void>((resolve) => {
      socket.on('close', () => {
        closed = true;
        resolve();
      });
      socket.on('error', () => resolve());
    });
    const chunk = Buffer.alloc(64 * 1024, 0x61);
    for (let sent = 0; sent < total && answer === '' && !closed; sent += chunk.length) {
      if (!socket.write(chunk)) await new Promise((r) => socket.once('drain', r).once('close', r));
    }
    await Promise.race([ended, new Promise((r) => setTimeout(r, 10_000))]);
    assert.match(answer, /^HTTP\/1\.1 413 /);
    assert.match(answer, /\r\nconnection: close\r\n/i);
    assert.ok(closed, 'the server closed the connection');
    socket.destroy();
    assert.equal((await send(undefined, 'GET', '/api/mock/pets/1')).status, 200);
  });
});

function openSocket(): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const s = connect(port, '127.0.0.1', () => resolve(s));
    s.on('error', reject);
  });
}

/** Sends one request on an open socket and resolves with the status line of its answer ('' when the socket closed). */
function exchange(socket: Socket, text: string): Promise<string> {
  return new Promise((resolve) => {
    let data = '';
    const onData = (d: Buffer) => {
      data += d;
      if (data.includes('\r\n\r\n')) done(data.slice(0, data.indexOf('\r\n')));
    };
    const done = (line: string) => {
      socket.off('data', onData);
      socket.off('close', onClose);
      resolve(line);
    };
    const onClose = () => done('');
    socket.on('data', onData);
    socket.on('close', onClose);
    socket.write(text);
  });
}

describe('timeouts', () => {
  test('an idle keep-alive connection is still open past the Keep-Alive timeout it announces (the client closes first)', async () => {
    const socket = await openSocket();
    try {
      const head = 'HEAD /guides/api-changes.md HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n';
      assert.equal(await exchange(socket, head), 'HTTP/1.1 200 OK');
      // A crawler busy parsing for longer than the announced 5 s reuses the connection late.
      await new Promise((r) => setTimeout(r, 7000));
      assert.equal(socket.destroyed, false, 'still open after 7 s idle');
      assert.equal(await exchange(socket, head), 'HTTP/1.1 200 OK', 'the late request is answered');
    } finally {
      socket.destroy();
    }
  });

  test('a client sending its headers one byte a second is cut off within a few seconds', async () => {
    const socket = await openSocket();
    const text = 'GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa\r\n\r\n';
    const t0 = Date.now();
    let i = 0;
    const timer = setInterval(() => {
      if (!socket.destroyed && i < text.length) socket.write(text[i++] as string);
    }, 1000);
    let answer = '';
    socket.on('data', (d) => {
      answer += d;
    });
    await new Promise<void>((resolve) => {
      socket.on('close', () => resolve());
      socket.on('error', () => resolve());
    });
    clearInterval(timer);
    const seconds = (Date.now() - t0) / 1000;
    assert.ok(seconds < 6, `cut off after ${seconds.toFixed(1)} s`);
    assert.ok(i < text.length, 'before the headers were complete');
    if (answer) assert.match(answer, /^HTTP\/1\.1 408/);
  });
});

describe('maximum connections', () => {
  test('past MAX_CONNECTIONS a new connection is closed at once; the open ones still work', async () => {
    const small = await startSite({ MAX_CONNECTIONS: '2' });
    const p = Number(new URL(small.url).port);
    const sockets: Socket[] = [];
    try {
      // startSite's readiness probe may hold a keep-alive connection for up to 5 s; wait it out.
      await new Promise((r) => setTimeout(r, 5500));
      for (let i = 0; i < 2; i++) {
        sockets.push(
          await new Promise<Socket>((resolve, reject) => {
            const s = connect(p, '127.0.0.1', () => resolve(s));
            s.on('error', reject);
          }),
        );
      }
      const third = connect(p, '127.0.0.1');
      const closed = await new Promise<boolean>((resolve) => {
        third.on('close', () => resolve(true));
        third.on('error', () => resolve(true));
        setTimeout(() => resolve(false), 2000);
      });
      assert.ok(closed, 'the third connection is closed');
      const first = sockets[0] as Socket;
      const answer = await new Promise<string>((resolve) => {
        let data = '';
        first.on('data', (d) => {
          data += d;
          if (data.includes('\r\n\r\n')) resolve(data);
        });
        first.write('HEAD / HTTP/1.1\r\nHost: x\r\n\r\n');
      });
      assert.match(answer, /^HTTP\/1\.1 200/);
    } finally {
      for (const s of sockets) s.destroy();
      await small.stop();
    }
  });
});
