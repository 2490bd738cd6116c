// Benchmark of the Open Graph cards' drawing (prints figures; never run by the tests): N cards of the
// site's design (site/og/card.ts `ogImageOptions`, operation cards with their method's edge) drawn in one
// process by site/og/draw.ts `drawCard`, beside the anchor measured in the same run: the same cards
// drawn by astro-og-canvas's `generateOpenGraphImage`, whose bytes drawCard reproduces. Each side runs in
// a fresh Node process of its own, one after the other, RUNS times alternated; printed: the medians of
// the wall time and CPU time (user + system) per card past the first (the first card loads CanvasKit and
// the fonts), the process's whole CPU time and its peak RSS, and whether both drew the same bytes.
//
// Run:  node bench/og-cards.ts [--cards N] [--runs N]   (defaults 200 and 3)
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { median } from './stats.ts';

const SELF = fileURLToPath(import.meta.url);

/** The cards both sides draw: operation cards, the method's colour changing from one to the next. */
async function cards(n: number) {
  const { ogImageOptions } = await import('../site/og/card.ts');
  const methods = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];
  return Array.from({ length: n }, (_, i) => {
    const method = methods[i % methods.length] ?? 'GET';
    return ogImageOptions({
      title: `Operation ${i + 1}: list the pets of a category`,
      lines: ['Petstore API', `${method} /categories/{categoryId}/pets/${i + 1}`],
      method,
    });
  });
}

/** One side, in this process (the child): draws the cards, prints its figures as JSON. */
async function side(which: string, n: number): Promise<void> {
  const options = await cards(n);
  const draw =
    which === 'ours'
      ? (await import('../site/og/draw.ts')).drawCard
      : async (o: (typeof options)[number]) => {
          const { generateOpenGraphImage } = await import('astro-og-canvas');
          return Buffer.from((await generateOpenGraphImage({ ...o, cacheDir: false })) as Uint8Array);
        };
  const digest = createHash('sha256');
  const startCpu = process.cpuUsage();
  let afterFirst = 0;
  let afterFirstCpu = { user: 0, system: 0 };
  for (const [i, o] of options.entries()) {
    digest.update(await draw(o));
    if (i === 0) {
      afterFirst = performance.now();
      afterFirstCpu = process.cpuUsage(startCpu);
    }
  }
  const cpu = process.cpuUsage(startCpu);
  const rest = Math.max(1, n - 1);
  process.stdout.write(
    `${JSON.stringify({
      msPerCard: (performance.now() - afterFirst) / rest,
      cpuMsPerCard: (cpu.user + cpu.system - afterFirstCpu.user - afterFirstCpu.system) / 1000 / rest,
      cpuS: (cpu.user + cpu.system) / 1e6,
      rssMB: process.resourceUsage().maxRSS / 1024,
      digest: digest.digest('hex'),
    })}\n`,
  );
}

interface Figures {
  msPerCard: number;
  cpuMsPerCard: number;
  cpuS: number;
  rssMB: number;
  digest: string;
}

if (process.argv[2] === '--side') {
  await side(process.argv[3] ?? 'ours', Number(process.argv[4]));
} else {
  const { values } = parseArgs({
    options: { cards: { type: 'string', default: '200' }, runs: { type: 'string', default: '3' } },
  });
  const n = Number(values.cards);
  const runs = Number(values.runs);
  if (!Number.isInteger(n) || n < 2 || !Number.isInteger(runs) || runs < 1) {
    process.stderr.write('usage: node bench/og-cards.ts [--cards N (at least 2)] [--runs N]\n');
    process.exit(2);
  }
  // Imported here, not in the measured children: their CPU time counts the modules they load.
  const { CHILD_NODE_FLAGS } = await import('../site/og/integration.ts');
  const results: Record<string, Figures[]> = { ours: [], 'astro-og-canvas': [] };
  for (let run = 1; run <= runs; run++) {
    for (const which of Object.keys(results)) {
      process.stderr.write(`run ${run}/${runs}: ${which}, ${n} cards…\n`);
      // Ours with the Node flags the build gives its drawing children; the anchor with Node's defaults.
      const flags = which === 'ours' ? CHILD_NODE_FLAGS : [];
      const child = spawnSync(process.execPath, [...flags, SELF, '--side', which, String(n)], {
        cwd: resolve(SELF, '..', '..'),
        encoding: 'utf8',
      });
      const last = child.stdout.trim().split('\n').at(-1) ?? '';
      if (child.status !== 0 || !last.startsWith('{')) {
        process.stderr.write(`${which} failed (exit ${child.status}):\n${child.stderr}\n`);
        process.exit(1);
      }
      results[which]?.push(JSON.parse(last) as Figures);
    }
  }
  const row = (which: string, label = which) => {
    const r = results[which] ?? [];
    const m = (pick: (f: Figures) => number) => median(r.map(pick));
    return `| ${label} | ${m((f) => f.msPerCard).toFixed(1)} ms | ${m((f) => f.cpuMsPerCard).toFixed(1)} ms | ${m((f) => f.cpuS).toFixed(2)} s | ${m((f) => f.rssMB).toFixed(0)} MB |`;
  };
  const ours = results.ours?.[0]?.digest;
  const same = Object.values(results).every((r) => r.every((f) => f.digest === ours));
  process.stdout.write(
    [
      `${n} Open Graph cards in one process, medians of ${runs} alternated runs`,
      '| drawn by | wall per card | CPU per card | process CPU | peak RSS |',
      '|---|---|---|---|---|',
      row('ours', 'ours (site/og/draw.ts)'),
      row('astro-og-canvas', 'astro-og-canvas (anchor)'),
      `same bytes: ${same ? 'yes' : 'NO'}`,
      '',
    ].join('\n'),
  );
  if (!same) process.exit(1);
}
