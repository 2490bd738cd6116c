/**
 * A build's shared state, in one place: what the integrations (Astro's config module instance) and the
 * pages (its prerender bundle, a second module instance of the same files in the same process) share,
 * for the lifetime of one build, and the site's configuration as the pages read it.
 *
 * - **The configuration** ({@link SiteConfig}: the APIs, the locales, the agents' options) is made once at
 *   the configuration edge (astro.config.mjs) and reaches the pages through one Vite virtual module,
 *   `virtual:petstore/config` ({@link configModule}; site/config.ts is what pages import), the way
 *   Starlight hands its configuration to its routes. Code that runs outside Astro (`npm start`, `npm run
 *   mcp`, the tests) takes the same values as arguments.
 * - **The state** (the loaded descriptions and every view computed from them, the pages' cache keys, the
 *   sample blocks' counts) is a {@link BuildContext}: {@link beginBuild} makes a new one when a build (or
 *   dev server, or `astro check`) sets up, and the previous one is let go, so two builds in one process
 *   share nothing. Each module declares the part it keeps as a {@link BuildSlot} (a name and how to make
 *   it) and reads it with `currentBuild().state(slot)`; the slot is found by its name, because the two
 *   module instances each declare their own slot object.
 *
 * This module and the highlighter's pool (site/reference/highlighter/pool.ts, which owns a worker
 * thread) are the only ones that keep anything on `globalThis`: the one place both module instances
 * can reach.
 */
import type { AgentsOptions } from './agents/options.ts';
import type { SiteApis } from './apis/api.ts';
import type { SiteLocale } from './i18n/locales.ts';

/** The site's configuration: what every page of a build reads and never changes. JSON-ready. */
export interface SiteConfig {
  /** The APIs the site documents and where its reference starts (site/apis/). */
  readonly site: SiteApis;
  /** The locales beside the root English one (site/i18n/locales.ts `buildLocales`), in the configured order. */
  readonly locales: readonly SiteLocale[];
  /** What the site tells crawlers and agents (site/agents/options.ts). */
  readonly agents: AgentsOptions;
}

/** A part of a build's state: its name (unique in the site) and how to make it when a build first asks. */
export interface BuildSlot<T> {
  readonly name: string;
  readonly create: () => T;
}

/**
 * Declares a part of a build's state. Pure.
 * @param name unique among the slots (`reference.data`); the same in every module instance of a file
 * @param create makes the part's empty state, once per build on first use
 */
export function buildSlot<T>(name: string, create: () => T): BuildSlot<T> {
  return { name, create };
}

/** One build's shared state. */
export interface BuildContext {
  /** Increases with every build of the process (1 for the first): tells two builds apart in logs and tests. */
  readonly id: number;
  /** The configuration the build was begun with; undefined outside a build (tests, `npm start`, `npm run mcp`). */
  readonly config: SiteConfig | undefined;
  /** The part of the state `slot` names, made on first use in this build. */
  state<T>(slot: BuildSlot<T>): T;
}

/** Where the current context lives: the one place both module instances reach. */
const CURRENT = Symbol.for('petstore-docs.build-context');
type Global = { [CURRENT]?: { context: BuildContext; builds: number } };

function makeContext(id: number, config: SiteConfig | undefined): BuildContext {
  const parts = new Map<string, unknown>();
  return {
    id,
    config,
    state<T>(slot: BuildSlot<T>): T {
      if (!parts.has(slot.name)) parts.set(slot.name, slot.create());
      return parts.get(slot.name) as T;
    },
  };
}

/**
 * Starts a build's state: every slot starts empty, whatever an earlier build of the process kept.
 * @param config the site's configuration (astro.config.mjs)
 * @returns the new context, now {@link currentBuild}'s answer
 */
export function beginBuild(config?: SiteConfig): BuildContext {
  const g = globalThis as Global;
  const builds = (g[CURRENT]?.builds ?? 0) + 1;
  const context = makeContext(builds, config);
  g[CURRENT] = { context, builds };
  return context;
}

/**
 * The current build's context; outside a build (a test, `npm start`, `npm run mcp`) one for the process,
 * made on first use and kept until a build begins.
 */
export function currentBuild(): BuildContext {
  const g = globalThis as Global;
  g[CURRENT] ??= { context: makeContext(0, undefined), builds: 0 };
  return g[CURRENT].context;
}

/** The configuration's module name, as site/config.ts imports it (declared in config-module.d.ts). */
export const CONFIG_MODULE = 'virtual:petstore/config';

/** Escapes a string for a regular expression that matches it as it is. */
const literal = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A Vite plugin serving {@link CONFIG_MODULE}: `site`, `apis`, `locales` and `agents` of the given
 * configuration. Its hooks carry filters on the module id, so the bundler (Rolldown) calls them for that
 * module only, not for every module the site's build resolves and loads.
 */
export function configModule(config: SiteConfig): {
  name: string;
  resolveId: { filter: { id: RegExp }; handler(id: string): string | undefined };
  load: { filter: { id: RegExp }; handler(id: string): string | undefined };
} {
  const resolved = `\0${CONFIG_MODULE}`;
  return {
    name: 'petstore:config',
    resolveId: {
      filter: { id: new RegExp(`^${literal(CONFIG_MODULE)}$`) },
      handler: (id) => (id === CONFIG_MODULE ? resolved : undefined),
    },
    load: {
      filter: { id: new RegExp(`^${literal(resolved)}$`) },
      handler: (id) =>
        id === resolved
          ? [
              `export const site = ${JSON.stringify(config.site)};`,
              'export const apis = site.apis;',
              `export const locales = ${JSON.stringify(config.locales)};`,
              `export const agents = ${JSON.stringify(config.agents)};`,
              '',
            ].join('\n')
          : undefined,
    },
  };
}
