// Environment every build of the site runs with (scripts/with-node.mjs gives it to each npm script;
// bench/site.ts to the builds it times). Plain JavaScript: with-node.mjs runs on old Node versions.
//
// Rolldown, Vite's bundler, allocates with mimalloc, which by default commits the memory of its
// arenas eagerly: a quarter of a Petstore build's peak RSS was committed and never used (the peak is
// lower with eager commit off, at the same wall time). A value already set in the environment wins.
/** @type {Readonly<Record<string, string>>} */
export const BUILD_ENV = { MIMALLOC_ARENA_EAGER_COMMIT: '0' };

/**
 * `env` with {@link BUILD_ENV} under it.
 * @param {NodeJS.ProcessEnv} env
 * @returns {NodeJS.ProcessEnv}
 */
export function withBuildEnv(env) {
  return { ...BUILD_ENV, ...env };
}
