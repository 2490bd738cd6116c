// The definition that site/mock/hosts/precompile.ts generates at build time for the bundled hosts
// (worker.ts, edge.ts); it exists only inside their bundles.
declare module 'virtual:petstore-mock/definition' {
  export const definition: import('../core.ts').MockDefinition;
}
declare module 'virtual:petstore-mock/versions' {
  /** The older released versions' definitions, newest first: `[version, definition]`. */
  export const versions: ReadonlyArray<readonly [string, import('../core.ts').MockDefinition]>;
}
