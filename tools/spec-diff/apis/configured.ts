// The site's APIs as the build makes them, in a process of their own: apis/read.ts runs this file with Node
// (`node configured.ts [<config file>]`, fd 3 a pipe) and reads one JSON object from fd 3: `{apis: [{id,
// title?, description, changelog?}]}`, or `{error: {code, message}}` for a configuration the site's edge
// refuses with an error it names.
//
// With a config file (astro.config.mjs): the file is imported and its `apiReference` export (the reference
// integration, as `npm run mcp` reads it through scripts/configured-apis.ts) gives the APIs, the environment's
// PETSTORE_APIS, PETSTORE_SPEC and PETSTORE_CHANGELOG applied by the integration itself. Evaluating the
// configuration loads Astro and every description (the sidebar is computed at import), and the integration
// ends the process with exit code 1 after printing what is wrong (a bad option, a broken description):
// hence a process of its own, whose stderr the parent shows.
// Without one (a repository that is not the site, PETSTORE_APIS or PETSTORE_SPEC set): the site's
// configuration edge (site/apis/config.ts) with the reference's default options, so the variables mean what
// they mean to a build.
//
// Not part of the spec-diff bundle: it runs from its TypeScript source, importing the configuration at run
// time (type stripping: Node >= 22.18, or the flag the parent adds).
import { writeSync } from 'node:fs';
import { enableCompileCache } from 'node:module';
import { pathToFileURL } from 'node:url';
import type { Api } from '../../../site/apis/api.ts';
import type { ConfigurationAnswer, ConfiguredApi } from './read.ts';

// Astro and Starlight are hundreds of modules: compiled once, then read from Node's cache on later runs.
enableCompileCache?.();

const [configFile] = process.argv.slice(2);

const picked = (api: Api): ConfiguredApi => ({
  id: api.id,
  ...(api.title ? { title: api.title } : {}),
  description: api.description,
  ...(api.changelog ? { changelog: api.changelog } : {}),
});

async function answer(): Promise<ConfigurationAnswer> {
  if (configFile) {
    const config = (await import(pathToFileURL(configFile).href)) as {
      apiReference?: { apis?: readonly Api[]; site?: { events?: readonly Api[] } };
    };
    const apis = config.apiReference?.apis;
    if (!Array.isArray(apis) || apis.length === 0)
      return {
        error: {
          code: 'config_invalid',
          message: `${configFile} exports no \`apiReference\` with APIs: spec-diff reads the site's APIs from the reference integration the configuration exports (export const apiReference = reference({...}))`,
        },
      };
    // Event APIs (AsyncAPI) have versions and a changelog too: they come after the OpenAPI ones, as in the list.
    return { apis: [...apis, ...(config.apiReference?.site?.events ?? [])].map(picked) };
  }
  const { ApiConfigError, siteApis } = await import('../../../site/apis/config.ts');
  const { ApiListError } = await import('../../../site/apis/list-file.ts');
  const { DEFAULT_OPTIONS } = await import('../../../site/apis/options.ts');
  try {
    const site = siteApis(DEFAULT_OPTIONS);
    return { apis: [...site.apis, ...(site.events ?? [])].map(picked) };
  } catch (err) {
    if (err instanceof ApiConfigError || err instanceof ApiListError)
      return { error: { code: 'config_invalid', message: err.message } };
    throw err;
  }
}

writeSync(3, JSON.stringify(await answer()));
