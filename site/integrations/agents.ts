/**
 * The options of what the site tells crawlers and agents, as an Astro integration: `agents(options)` in
 * astro.config.mjs checks them at start (zod; a wrong option stops the build naming it) and makes them
 * the options of the routes that read them (`/robots.txt`). Kept on `globalThis`, because Astro's
 * config and its prerender bundle are separate module instances of this file.
 */
import type { AstroIntegration } from 'astro';
import { z } from 'zod';
import { type ContentSignals, DEFAULT_CONTENT_SIGNALS } from '../agents/discovery.ts';

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

const KEY = Symbol.for('petstore-docs.agents.options');

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

/** The options the integration set, or the defaults (tests, `astro dev` before the config ran). */
export function agentsOptions(): AgentsOptions {
  return (globalThis as { [KEY]?: AgentsOptions })[KEY] ?? { contentSignals: { ...DEFAULT_CONTENT_SIGNALS } };
}

/** @param userOptions `{ contentSignals }`; ends the process with exit code 1 and the problems when wrong */
export default function agents(userOptions?: AgentsUserOptions): AstroIntegration {
  let options: AgentsOptions;
  try {
    options = parseAgentsOptions(userOptions);
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
  (globalThis as { [KEY]?: AgentsOptions })[KEY] = options;
  return { name: 'petstore:agents', hooks: {} };
}
