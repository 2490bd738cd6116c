#!/usr/bin/env node
// Launcher of the docs-domains CLI (package.json "bin"): plain JavaScript so that any Node can read it. It
// runs the precompiled bundle (tools/docs-domains/dist/, written by scripts/build-cli.mjs on `npm ci`) while
// it is newer than every file it was built from, otherwise (no bundle, an edited source,
// DOCS_DOMAINS_SOURCE=1) the TypeScript sources; below package.json's engines floor it runs itself again
// under the Node that .nvmrc names (tools/bin/launch.mjs says how).
import { launch } from './launch.mjs';

await launch({
  name: 'docs-domains',
  launcher: import.meta.url,
  dist: new URL('../docs-domains/dist/', import.meta.url),
  sources: new URL('../docs-domains/cli.ts', import.meta.url),
});
