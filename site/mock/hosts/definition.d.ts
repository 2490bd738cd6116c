// The definition that site/mock/hosts/precompile.ts generates at build time for the bundled hosts
// (worker.ts, edge.ts); it exists only inside their bundles.
declare module 'virtual:petstore-mock/definition' {
  export const definition: import('../core.ts').MockDefinition;
}
