// The mock suites that run against the server's mock (contract, error catalogue, regressions) run
// again here against the bundled mock of the in-browser and edge builds: site/mock/hosts/edge.ts bundled
// with the definition precompiled from the spec (tests/support/mock.ts `bundledMock`). Same core,
// validators written out as code at build time: every status, header and error body must agree.
export {};

process.env.MOCK_CORE = 'bundled';
await import('../../unit/mock/contract.test.ts');
await import('../../unit/mock/errors.test.ts');
await import('../../unit/mock/regressions.test.ts');
