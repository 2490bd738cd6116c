#!/usr/bin/env node
// Launcher of the spec-diff CLI (`npm run spec:diff`, `npm run spec:release`): plain JavaScript so that any
// Node can read it. It runs the precompiled bundle (tools/spec-diff/dist/, written by scripts/build-cli.mjs
// on `npm ci`) while it is newer than every file it was built from, otherwise (no bundle, an edited source,
// SPEC_DIFF_SOURCE=1) the TypeScript sources; below package.json's engines floor it runs itself again under
// the Node that .nvmrc names (tools/bin/launch.mjs says how).
import { launch } from './launch.mjs';

await launch({
  name: 'spec-diff',
  launcher: import.meta.url,
  dist: new URL('../spec-diff/dist/', import.meta.url),
  sources: new URL('../spec-diff/cli.ts', import.meta.url),
});
