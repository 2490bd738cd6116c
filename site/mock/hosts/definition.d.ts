// The table of APIs that site/mock/hosts/bundle.ts generates at build time for the bundled hosts
// (worker.ts, edge.ts), their definitions compiled by request/precompile.ts; it exists only inside
// their bundles.
declare module 'virtual:petstore-mock/apis' {
  /** Each API's mount path and its versions' definitions, the current version first (core.ts `mountedMock`). */
  export const apis: readonly import('../core.ts').ApiDefinitions[];
}
