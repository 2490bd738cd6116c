// The Petstore's hand-written behaviour as the general mock takes it (pipeline/definition.ts
// `HandWritten`): it applies to a description that has the Petstore's operations, keeps a store in
// each sandbox, answers those operations with its handlers, and words every refusal in its error
// catalogue (errors.ts). site/mock/behaviours.ts plugs it in.
import type { HandWritten } from '../pipeline/definition.ts';
import { isPetstoreOperation, petstoreApplies, petstoreBehaviours } from './behaviour.ts';
import { catalogueRefusal } from './errors.ts';
import { storeState } from './state.ts';

/** The Petstore's hand-written behaviour. */
export const petstore: HandWritten = {
  name: 'petstore',
  applies: petstoreApplies,
  owns: isPetstoreOperation,
  refusal: catalogueRefusal,
  state: (caps) => storeState(caps),
  behaviours: petstoreBehaviours,
};
