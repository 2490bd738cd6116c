// The table of APIs that site/mock/hosts/bundle.ts generates at build time for the bundled hosts
// (worker.ts, edge.ts), their definitions compiled by request/precompile.ts; it exists only inside
// their bundles.
declare module 'virtual:petstore-mock/apis' {
  /** Each API's mount path and its versions' definitions, the current version first (core.ts `mountedMock`). */
  export const apis: readonly import('../core.ts').ApiDefinitions[];
}

// The event APIs that hosts/bundle.ts `eventApiModules` generates for events-worker.ts: each one's model as
// the build parsed it and its messages' validators compiled by events/precompile.ts.
declare module 'virtual:petstore-mock/events' {
  export const apis: readonly {
    readonly mount: string;
    readonly model: import('../../../descriptions/asyncapi/types.ts').EventModel;
    readonly validators: Readonly<Record<string, import('../events/validate.ts').CompiledValidator>>;
  }[];
}
