// The Petstore's state in each sandbox: its store (store.ts), as the sandbox table creates,
// measures and saves it (pipeline/definition.ts `StateKind`).
import type { StateKind } from '../pipeline/definition.ts';
import { type Caps, DEFAULT_CAPS, Store, type StoreSnapshot } from './store.ts';

/**
 * Bytes per record and per character of text, rounded up from heap measurements (site/mock/README.md,
 * "Caps"); a pet with its inventory entry is two records, text is counted at two bytes a character
 * (V8 stores non-Latin-1 strings that way).
 */
const BYTES_PER_RECORD = 100;
const BYTES_PER_CHAR = 2;
/** A store's own maps and seed records. */
const STORE_BYTES = 2_000;

/** Estimated heap bytes of a store: the unit of the sandbox table's `maxStoreBytes`. */
export function estimateBytes(store: Store): number {
  const f = store.footprint();
  return STORE_BYTES + f.records * BYTES_PER_RECORD + f.textChars * BYTES_PER_CHAR;
}

/**
 * The store as a sandbox's state: seeded from spec/README.md ("Seed data"), bounded by `caps`.
 * @param caps records per collection and text per collection; the spec's limits for those not given
 */
export function storeState(caps: Partial<Caps> = {}): StateKind<Store> {
  const bounds: Caps = { ...DEFAULT_CAPS, ...caps };
  return {
    seed: () => new Store(bounds),
    bytes: estimateBytes,
    snapshot: (store) => store.snapshot(),
    restore: (data) => {
      const store = new Store(bounds);
      store.restore(data as StoreSnapshot);
      return store;
    },
  };
}
