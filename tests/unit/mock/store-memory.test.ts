// The in-memory driver of the mock's sandbox store (site/mock/access/store.ts `memoryStore`) through
// the suite every driver passes (tests/support/store-suite.ts); "both instances" are the one store.
import { memoryStore } from '../../../site/mock/access/store.ts';
import { PETS, petsState, storeSuite } from '../../support/store-suite.ts';

storeSuite('in-memory sandbox store', () => ({
  make: async ({ now, caps }) => {
    const store = memoryStore({}, now);
    store.declare(PETS, petsState(caps));
    return [store, store];
  },
}));
