// Build time only (Node): bundles a host of the core (worker.ts for the reader's browser, edge.ts
// for edge runtimes) with the table of APIs it serves (`virtual:petstore-mock/apis`, the module
// definition.d.ts declares), every version's definition compiled into plain modules by
// request/precompile.ts, so the bundle compiles no code at run time; and the event mock's worker
// (events-worker.ts) with its event APIs (`virtual:petstore-mock/events`): each model as the build parsed
// it, its messages' validators compiled by events/precompile.ts.
import type { EventModel } from '../../../descriptions/asyncapi/types.ts';
import { HAND_WRITTEN } from '../behaviours.ts';
import { eventValidatorsModule } from '../events/precompile.ts';
import { internalForm, type MockDescription, type OlderVersion } from '../index.ts';
import { type DefinitionModules, definitionModules } from '../request/precompile.ts';
import { MOCK_BASE } from '../route/mount.ts';
import { type BundleModulesOptions, bundleModules, definitionPlugin } from './bundle-modules.ts';

export type { OlderVersion };
export { bundleModules, definitionPlugin };

/** The module a bundled host imports its table of APIs from (resolved by {@link definitionPlugin}). */
export const APIS_MODULE = 'virtual:petstore-mock/apis';

/** The module the event mock's worker imports its event APIs from (resolved by {@link definitionPlugin}). */
export const EVENTS_MODULE = 'virtual:petstore-mock/events';

/** The prefix of every generated module. */
const PREFIX = 'virtual:petstore-mock/';

/** One API a bundle serves: where, its current description and its older released versions. */
export interface BundledApi {
  /** Its mount path (default {@link MOCK_BASE}); older versions at `<mount>/@<version>`. */
  mount?: string;
  /** The current version's name, as `version_not_found` lists it (default `current`). */
  version?: string;
  description: MockDescription;
  older?: readonly OlderVersion[];
}

/**
 * The modules of {@link APIS_MODULE} for the APIs a bundle serves, each at its mount: the current
 * description's definition (its hand-written behaviour when one applies) and each older released
 * version's (answered from its description only).
 * @param onWarn told about each request schema left unchecked, named by version for the older ones
 *   (and by mount, with several APIs)
 * @throws {DescriptionError} when the loader refuses a description given as a parsed document
 */
export async function apiModules(
  apis: readonly BundledApi[],
  onWarn: (message: string) => void = () => {},
): Promise<DefinitionModules> {
  const modules: DefinitionModules = {};
  const imports: string[] = [];
  const table: string[] = [];
  let n = 0;
  for (const api of apis) {
    const mount = api.mount ?? MOCK_BASE;
    const where = apis.length > 1 ? `${mount}: ` : '';
    const versions = [{ version: api.version ?? 'current', description: api.description }, ...(api.older ?? [])];
    const entries: string[] = [];
    for (const [i, v] of versions.entries()) {
      const module = `${PREFIX}definition/${n}`;
      Object.assign(
        modules,
        definitionModules(await internalForm(v.description), {
          module,
          handWritten: i === 0 ? HAND_WRITTEN : [],
          onWarn: i === 0 ? (m) => onWarn(`${where}${m}`) : (m) => onWarn(`${where}${v.version}: ${m}`),
        }),
      );
      imports.push(`import { definition as d${n} } from '${module}';`);
      entries.push(`[${JSON.stringify(v.version)}, d${n}]`);
      n++;
    }
    table.push(`{ base: ${JSON.stringify(mount)}, versions: [${entries.join(', ')}] }`);
  }
  modules[APIS_MODULE] = [...imports, `export const apis = [${table.join(', ')}];`].join('\n');
  return modules;
}

/** One event API a bundle serves: its mount and its model as the build parsed it (descriptions/asyncapi). */
export interface BundledEventApi {
  readonly mount: string;
  readonly model: EventModel;
}

/**
 * The modules of {@link EVENTS_MODULE} for the event APIs a bundle serves: each model as JSON (the
 * browser runs no AsyncAPI parser) and its messages' validators as standalone code.
 * @param onWarn told about each message left unchecked (named by mount, with several APIs)
 */
export function eventApiModules(
  apis: readonly BundledEventApi[],
  onWarn: (message: string) => void = () => {},
): DefinitionModules {
  const modules: DefinitionModules = {};
  const imports: string[] = [];
  const table: string[] = [];
  apis.forEach((api, n) => {
    const module = `${EVENTS_MODULE}/${n}`;
    const where = apis.length > 1 ? `${api.mount}: ` : '';
    modules[module] = eventValidatorsModule(api.model, (m) => onWarn(`${where}${m}`));
    imports.push(`import { byMessage as v${n} } from '${module}';`);
    table.push(`{ mount: ${JSON.stringify(api.mount)}, model: ${JSON.stringify(api.model)}, validators: v${n} }`);
  });
  modules[EVENTS_MODULE] = [...imports, `export const apis = [${table.join(', ')}];`].join('\n');
  return modules;
}

/** What {@link bundleMock} writes. */
export interface BundleOptions extends BundleModulesOptions {
  /** Told about request schemas left unchecked (see request/precompile.ts `definitionModules`). */
  onWarn?: (message: string) => void;
  /** The older released versions the bundle answers under `/api/mock/@<version>/` (default none; one description only). */
  older?: readonly OlderVersion[];
}

/**
 * Bundles a host of the mock core with the precompiled definitions of a description and its older
 * versions, or of several APIs each at its mount (esbuild, browser platform, ES2022).
 * @param apis the APIs ({@link BundledApi}), or one description (as the loader loaded it, or a parsed
 *   document) mounted at {@link MOCK_BASE} with `options.older`
 * @returns the bundle's size in bytes
 * @throws {DescriptionError} when the loader refuses a description given as a parsed document
 * @throws {Error} when the bundle fails
 */
export async function bundleMock(
  apis: readonly BundledApi[] | MockDescription,
  options: BundleOptions,
): Promise<number> {
  const list = Array.isArray(apis)
    ? (apis as readonly BundledApi[])
    : [{ description: apis as MockDescription, older: options.older ?? [] }];
  return bundleModules(await apiModules(list, options.onWarn), options);
}
