/**
 * The explorer bundle's stylesheets in a build: their URLs are known once the bundle is built
 * (integrations/browser-bundles.ts names them by their content), which a build whose cache was cleared
 * does in a child process beside the pages. The integration hands them over as a promise in the build's
 * state; the explorer page awaits them when it renders.
 */
import { buildSlot, currentBuild } from '../../build-context.ts';

const STYLES = buildSlot('browser-bundles.explorer-styles', () => ({
  hrefs: undefined as Promise<string[]> | undefined,
}));

/**
 * Gives this build the explorer's stylesheets (integrations/browser-bundles.ts, when the build sets up).
 * @param hrefs their URLs, in the order the explorer's script imports them, once the bundle is built
 */
export function setExplorerStyles(hrefs: Promise<string[]>): void {
  // Marked handled here: a failed bundle fails the build where the integration awaits it.
  hrefs.catch(() => {});
  currentBuild().state(STYLES).hrefs = hrefs;
}

/**
 * The explorer's stylesheets in this build, once its bundle is built.
 * @throws {Error} outside a build or dev server that set them up, or when the bundle failed to build
 */
export async function explorerStyles(): Promise<string[]> {
  const { hrefs } = currentBuild().state(STYLES);
  if (!hrefs)
    throw new Error("the explorer's stylesheets are unknown: its bundle is set up by integrations/browser-bundles.ts");
  return hrefs;
}
