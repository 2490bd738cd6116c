/**
 * The highlighter's worker thread: highlights the blocks it is sent, in the order sent, except that a
 * block the build is waiting for goes first. Messages in (see pool.ts `ToWorker`): `add` blocks,
 * `first` (a key wanted now). Messages out (`FromWorker`): `ready` once the renderer is made, `block`
 * per block highlighted, `failed` when the renderer cannot be made (the build then highlights every block itself).
 */
import { parentPort, workerData } from 'node:worker_threads';
import { rememberScannerSearches } from '../../integrations/highlighting.ts';
import type { FromWorker, QueuedBlock, ToWorker } from './pool.ts';
import { createBlockRenderer, type HighlighterConfig } from './renderer.ts';

if (!parentPort) throw new Error('highlighter/worker.ts runs as a worker thread');
const port = parentPort;

const queue: QueuedBlock[] = [];
/** Queued keys: the index in `queue` is found by search only when a key is wanted first (rare). */
const queued = new Set<string>();
let running = false;

const send = (message: FromWorker) => port.postMessage(message);

async function main(): Promise<void> {
  let render: Awaited<ReturnType<typeof createBlockRenderer>>;
  try {
    await rememberScannerSearches();
    render = await createBlockRenderer(workerData as HighlighterConfig);
  } catch (error) {
    send({ type: 'failed', message: error instanceof Error ? error.message : String(error) });
    return;
  }
  send({ type: 'ready' });
  const drain = async () => {
    if (running) return;
    running = true;
    while (queue.length > 0) {
      const block = queue.shift() as QueuedBlock;
      queued.delete(block.key);
      const started = performance.now();
      let html: string | undefined;
      try {
        html = await render(block);
      } catch {
        // The build highlights it itself, and reports the error there.
      }
      send({ type: 'block', key: block.key, html, ms: performance.now() - started });
      // Lets `first` messages in between blocks.
      await new Promise((resolve) => setImmediate(resolve));
    }
    running = false;
  };
  port.on('message', (message: ToWorker) => {
    if (message.type === 'add') {
      for (const b of message.blocks) {
        if (queued.has(b.key)) continue;
        queued.add(b.key);
        queue.push(b);
      }
    } else if (message.type === 'first' && queued.has(message.key)) {
      const at = queue.findIndex((b) => b.key === message.key);
      if (at > 0) queue.unshift(...queue.splice(at, 1));
    }
    void drain();
  });
  void drain();
}

void main();
