// The two virtual modules of Starlight that its Search component reads (our copy: Search.astro). Starlight
// declares them for its own files only; these are the shapes its vite-virtual-modules.js exports.
declare module 'virtual:starlight/project-context' {
  const project: { trailingSlash: 'always' | 'never' | 'ignore'; build: { format: 'file' | 'directory' | 'preserve' } };
  export default project;
}
declare module 'virtual:starlight/pagefind-config' {
  /** Starlight's `pagefind` option (ranking, merged indexes…), `{}` when not set. */
  export const pagefindUserConfig: Record<string, unknown>;
}
