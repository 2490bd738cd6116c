// Entry of `npm run spec:diff` and `npm run spec:release` (Node runs the TypeScript directly).
import module from 'node:module';

// Cache compiled (type-stripped) modules on disk: later runs start faster.
module.enableCompileCache?.();
const { run } = await import('./cli.ts');
await run();
