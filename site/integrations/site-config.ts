/**
 * The site's configuration and each build's shared state, as an Astro integration: `siteConfig(...)`,
 * first in astro.config.mjs's integrations, checks the agents' options (a wrong one stops the build
 * naming it), begins a new build context when the build (or dev server) sets up, before any other
 * integration reads a description, and hands the configuration to the pages as the
 * `virtual:petstore/config` module (site/build-context.ts).
 */
import type { AstroIntegration } from 'astro';
import { type AgentsUserOptions, parseAgentsOptions } from '../agents/options.ts';
import type { SiteApis } from '../apis/api.ts';
import { beginBuild, configModule, type SiteConfig } from '../build-context.ts';
import type { SiteLocale } from '../i18n/locales.ts';

/** What astro.config.mjs gives: the reference's APIs, the locales and the agents' options as written. */
export interface SiteConfigInput {
  site: SiteApis;
  locales: readonly SiteLocale[];
  agents?: AgentsUserOptions;
}

/**
 * @param input see {@link SiteConfigInput}; ends the process with exit code 1 and the problems when an
 *   agents' option is wrong
 */
export default function siteConfig(input: SiteConfigInput): AstroIntegration & { config: SiteConfig } {
  let config: SiteConfig;
  try {
    config = { site: input.site, locales: input.locales, agents: parseAgentsOptions(input.agents) };
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
  return {
    name: 'petstore:site-config',
    config,
    hooks: {
      'astro:config:setup': ({ updateConfig }) => {
        beginBuild(config);
        updateConfig({ vite: { plugins: [configModule(config)] } });
      },
    },
  };
}
