// The hand-written behaviours the site's mock knows, by name (pipeline/definition.ts `HandWritten`):
// where code written for one API plugs into the general mock. A description one of them applies to
// gets its behaviour and its state in every sandbox; any other description answers from itself.

import { petstore } from './petstore/index.ts';
import type { HandWritten } from './pipeline/definition.ts';

/** Every hand-written behaviour, tried in this order (the first that applies to a description wins). */
export const HAND_WRITTEN: readonly HandWritten[] = [petstore];
