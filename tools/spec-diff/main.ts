// Runs spec-diff as `node tools/spec-diff/main.ts [diff|release] ...`: the same as the launcher the npm scripts
// use (tools/bin/spec-diff.mjs), which runs the precompiled bundle while it is fresh and these sources otherwise.
import '../bin/spec-diff.mjs';
