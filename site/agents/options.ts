/**
 * The options of what the site tells crawlers and agents (`agents` in astro.config.mjs): checked at
 * start (zod; a wrong option stops the build naming it), then part of the site's configuration
 * (site/build-context.ts `SiteConfig`), which the routes that read them (`/robots.txt`) import.
 */
import { z } from 'zod';
import { type ContentSignals, DEFAULT_CONTENT_SIGNALS } from './discovery.ts';

const signal = z.boolean().optional();

export const agentsOptionsSchema = z
  .object({
    /**
     * The Content Signals `/robots.txt` states (contentsignals.org): `search`, `ai-input`, `ai-train`,
     * each `true` (yes), `false` (no) or left out (no preference). `false`: no `Content-Signal` line.
     * Default: search and AI input yes, AI training no.
     */
    contentSignals: z
      .preprocess(
        (v) => (v === false ? {} : v),
        z.object({ search: signal, 'ai-input': signal, 'ai-train': signal }).strict(),
      )
      .default({ ...DEFAULT_CONTENT_SIGNALS }),
  })
  .strict();

/** The options as written in astro.config.mjs. */
export type AgentsUserOptions = z.input<typeof agentsOptionsSchema>;
/** The options with their defaults, `contentSignals: false` as an empty set of signals. */
export interface AgentsOptions {
  contentSignals: ContentSignals;
}

/**
 * Checks the options and fills in the defaults.
 * @throws {Error} naming each wrong option (`contentSignals.ai-train: Invalid input: expected boolean`)
 */
export function parseAgentsOptions(input: unknown): AgentsOptions {
  const result = agentsOptionsSchema.safeParse(input ?? {});
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.map(String).join('.') || '(options)'}: ${i.message}`);
    throw new Error(`Invalid options for agents (astro.config.mjs):\n${lines.join('\n')}`);
  }
  return { contentSignals: result.data.contentSignals };
}
