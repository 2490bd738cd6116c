// The mock's state: an in-memory, bounded store of categories, pets, orders and inventory with the
// rules of spec/README.md ("Pet status transitions", "Stock", "Limits", "Seed data"). Pure data and
// decisions: no I/O, no HTTP. Every rule violation throws a MockError with a catalogue code.

import { catalogueError } from './errors.ts';

export type PetStatus = 'available' | 'pending' | 'sold';

export interface Category {
  id: number;
  name: string;
  description?: string;
}
export interface NewCategory {
  name: string;
  description?: string;
}
export interface Pet {
  id: number;
  name: string;
  categoryId: number;
  status: PetStatus;
}
export interface NewPet {
  name: string;
  categoryId: number;
  status?: PetStatus;
}
export interface Order {
  id: number;
  petId: number;
  quantity: number;
  shipDate?: string;
  complete?: boolean;
}
/** The request shape of placeOrder/replaceOrder after validation (`id` is ignored). */
export interface OrderInput {
  petId: number;
  quantity: number;
  shipDate?: string;
  complete?: boolean;
}
export interface InventoryItem {
  petId: number;
  quantity: number;
  status: PetStatus;
}

/**
 * Bounds of the store. Records per collection come from spec/README.md ("Limits"); inventory
 * follows pets. `textChars` is the mock's own bound: the spec sets no maximum string length, so
 * without it 10,000 pets with 64 KB names would hold 640 MB.
 */
export interface Caps {
  pets: number;
  categories: number;
  orders: number;
  /** Characters of text (names, descriptions, ship dates) per collection. */
  textChars: number;
}

/** 10,000 pets, 1,000 categories, 10,000 orders (spec/README.md), 2,000,000 characters of text per collection. */
export const DEFAULT_CAPS: Caps = { pets: 10_000, categories: 1_000, orders: 10_000, textChars: 2_000_000 };

type Collection = 'pets' | 'categories' | 'orders';

/** Allowed pet status changes (spec/README.md, "Pet status transitions"); staying put is always allowed. */
const TRANSITIONS: Record<PetStatus, readonly PetStatus[]> = {
  available: ['pending', 'sold'],
  pending: ['available', 'sold'],
  sold: [],
};

/**
 * Whether a pet may go from one status to another.
 * @returns true for an unchanged status and for the transitions of spec/README.md
 */
export function canTransition(from: PetStatus, to: PetStatus): boolean {
  return from === to || TRANSITIONS[from].includes(to);
}

/** A filter and page of a list operation (spec/README.md, "Lists and pagination"). */
export interface Page {
  limit: number;
  offset: number;
}
/** One page of records and the number of matches before paging (`X-Total-Count`). */
export interface PageResult<T> {
  items: T[];
  total: number;
}

function paginate<T>(all: Iterable<T>, match: (item: T) => boolean, page: Page): PageResult<T> {
  const items: T[] = [];
  let total = 0;
  for (const item of all) {
    if (!match(item)) continue;
    if (total >= page.offset && items.length < page.limit) items.push(item);
    total++;
  }
  return { items, total };
}

/**
 * The id for a new record: the next after the highest in use (spec/README.md, "Seed data").
 * `hint` caches the highest id; it is recomputed (one pass) only when that record is gone, so a
 * deleted highest id is given out again, as the rule says, unless another record still names it:
 * `referenced` lists such ids (a deleted pet's complete orders keep its `petId`, and a new pet
 * with that id would silently inherit them).
 */
function nextId(map: Map<number, unknown>, hint: { max: number }, referenced?: () => Iterable<number>): number {
  if (!map.has(hint.max)) {
    hint.max = 0;
    for (const id of map.keys()) if (id > hint.max) hint.max = id;
    if (referenced) for (const id of referenced()) if (id > hint.max) hint.max = id;
  }
  hint.max += 1;
  return hint.max;
}

/** A store's records as plain data ({@link Store.snapshot}): a pet carries its inventory quantity as `stock`. */
export interface StoreSnapshot {
  categories: Category[];
  pets: Array<Pet & { stock: number }>;
  orders: Order[];
}

/** The seed tables of spec/README.md ("Seed data"). */
const SEED = {
  categories: [
    { id: 1, name: 'Dogs', description: 'Loyal companions of every size.' },
    { id: 2, name: 'Cats', description: 'Independent, curious and affectionate.' },
    { id: 3, name: 'Birds', description: 'Songbirds and talkers.' },
    { id: 4, name: 'Reptiles', description: 'Cold-blooded and low-maintenance.' },
  ] satisfies Category[],
  pets: [
    { id: 1, name: 'Rex', categoryId: 1, status: 'available', stock: 3 },
    { id: 2, name: 'Bella', categoryId: 1, status: 'pending', stock: 1 },
    { id: 3, name: 'Whiskers', categoryId: 2, status: 'sold', stock: 0 },
    { id: 4, name: 'Tweety', categoryId: 3, status: 'available', stock: 12 },
    { id: 5, name: 'Luna', categoryId: 2, status: 'available', stock: 2 },
    { id: 6, name: 'Max', categoryId: 1, status: 'sold', stock: 0 },
  ] satisfies (Pet & { stock: number })[],
  orders: [
    { id: 1, petId: 2, quantity: 1, shipDate: '2026-12-01T10:00:00Z', complete: false },
    { id: 2, petId: 3, quantity: 1, shipDate: '2026-10-15T09:30:00Z', complete: true },
  ] satisfies Order[],
};

/**
 * The in-memory state. Records are kept in id order (Maps keep insertion order and ids only grow),
 * so lists are ordered by id. Returned records are copies: callers cannot change the state.
 */
export class Store {
  readonly caps: Caps;
  private categories = new Map<number, Category>();
  private pets = new Map<number, Pet>();
  private orders = new Map<number, Order>();
  /** Inventory quantity per pet id; one entry per pet, created and removed with it. */
  private stock = new Map<number, number>();
  /** Characters of text held per collection (bounded by `caps.textChars`). */
  private text = { pets: 0, categories: 0, orders: 0 };
  /** Highest id in use per collection (recomputed when that record was deleted). */
  private top = { pets: { max: 0 }, categories: { max: 0 }, orders: { max: 0 } };

  /** @param caps records per collection; defaults to {@link DEFAULT_CAPS} */
  constructor(caps: Caps = DEFAULT_CAPS) {
    this.caps = caps;
    this.reset();
  }

  /** Drops all changes and loads the seed tables of spec/README.md again. */
  reset(): void {
    this.categories = new Map(SEED.categories.map((c) => [c.id, { ...c }]));
    this.pets = new Map(
      SEED.pets.map(({ id, name, categoryId, status }) => [id, { id, name, categoryId, status: status as PetStatus }]),
    );
    this.stock = new Map(SEED.pets.map((p) => [p.id, p.stock]));
    this.orders = new Map(SEED.orders.map((o) => [o.id, { ...o }]));
    this.top = { pets: { max: -1 }, categories: { max: -1 }, orders: { max: -1 } };
    this.text = {
      pets: sum(this.pets.values(), petChars),
      categories: sum(this.categories.values(), categoryChars),
      orders: sum(this.orders.values(), orderChars),
    };
  }

  /**
   * The records as plain data (structured-cloneable, JSON-safe), for a host that keeps a sandbox
   * across restarts (the in-browser mock keeps it in IndexedDB). {@link Store.restore} reads it back.
   */
  snapshot(): StoreSnapshot {
    return {
      categories: [...this.categories.values()].map((c) => ({ ...c })),
      pets: [...this.pets.values()].map((p) => ({ ...p, stock: this.stock.get(p.id) ?? 0 })),
      orders: [...this.orders.values()].map((o) => ({ ...o })),
    };
  }

  /**
   * Replaces the records with a {@link Store.snapshot}; text totals and next ids are recomputed
   * from them, so the caps and the id rule hold as before the snapshot was taken.
   */
  restore(snapshot: StoreSnapshot): void {
    const byId = <T extends { id: number }>(items: readonly T[]): T[] => [...items].sort((a, b) => a.id - b.id);
    this.categories = new Map(byId(snapshot.categories).map((c) => [c.id, { ...c }]));
    this.pets = new Map(
      byId(snapshot.pets).map(({ id, name, categoryId, status }) => [id, { id, name, categoryId, status }]),
    );
    this.stock = new Map(byId(snapshot.pets).map((p) => [p.id, p.stock]));
    this.orders = new Map(byId(snapshot.orders).map((o) => [o.id, { ...o }]));
    this.top = { pets: { max: -1 }, categories: { max: -1 }, orders: { max: -1 } };
    this.text = {
      pets: sum(this.pets.values(), petChars),
      categories: sum(this.categories.values(), categoryChars),
      orders: sum(this.orders.values(), orderChars),
    };
  }

  /**
   * Accounts for text replacing `before` characters by `after` in a collection.
   * @throws {MockError} 409 `capacity_reached` when the collection would pass `caps.textChars`
   */
  private charge(collection: Collection, before: number, after: number): void {
    const next = this.text[collection] - before + after;
    if (after > before && next > this.caps.textChars) {
      throw catalogueError(
        'capacity_reached',
        `${collection}: the mock holds at most ${this.caps.textChars} characters of text per collection; reset the mock or delete records`,
      );
    }
    this.text[collection] = next;
  }

  /** Number of records per collection. */
  counts(): { pets: number; categories: number; orders: number } {
    return { pets: this.pets.size, categories: this.categories.size, orders: this.orders.size };
  }

  /**
   * What the store holds, for memory accounting (site/mock/access/sandboxes.ts): records of every
   * collection (a pet counts twice: its record and its inventory entry) and characters of text.
   */
  footprint(): { records: number; textChars: number } {
    return {
      records: this.categories.size + this.pets.size * 2 + this.orders.size,
      textChars: this.text.pets + this.text.categories + this.text.orders,
    };
  }

  // ---- categories ----

  /** Categories whose name contains `name` (case-insensitive), paged. */
  listCategories(filter: { name?: string }, page: Page): PageResult<Category> {
    const needle = filter.name?.toLowerCase();
    const r = paginate(
      this.categories.values(),
      (c) => needle === undefined || c.name.toLowerCase().includes(needle),
      page,
    );
    return { items: r.items.map((c) => ({ ...c })), total: r.total };
  }

  /** @throws {MockError} 404 `not_found` */
  getCategory(id: number, label: string = String(id)): Category {
    return { ...this.mustCategory(id, label) };
  }

  /** @throws {MockError} 409 `capacity_reached`, 409 `duplicate` (case-insensitive name) */
  createCategory(input: NewCategory): Category {
    if (this.categories.size >= this.caps.categories) {
      throw catalogueError(
        'capacity_reached',
        `categories: the store holds at most ${this.caps.categories} categories`,
      );
    }
    this.checkUniqueName(input.name, undefined);
    this.charge('categories', 0, categoryChars(input));
    const category: Category = { id: nextId(this.categories, this.top.categories), ...pickCategory(input) };
    this.categories.set(category.id, category);
    return { ...category };
  }

  /** @throws {MockError} 404 `not_found`, 409 `duplicate` */
  replaceCategory(id: number, input: NewCategory, label: string = String(id)): Category {
    const current = this.mustCategory(id, label);
    this.checkUniqueName(input.name, id);
    this.charge('categories', categoryChars(current), categoryChars(input));
    const category: Category = { id, ...pickCategory(input) };
    this.categories.set(id, category);
    return { ...category };
  }

  /** @throws {MockError} 404 `not_found`, 409 `resource_in_use` when a pet is in the category */
  deleteCategory(id: number, label: string = String(id)): void {
    this.mustCategory(id, label);
    let users = 0;
    for (const p of this.pets.values()) if (p.categoryId === id) users++;
    if (users > 0) {
      throw catalogueError(
        'resource_in_use',
        `categoryId: category ${id} is used by ${users} pet${users === 1 ? '' : 's'}; move or delete them first`,
      );
    }
    this.charge('categories', categoryChars(this.mustCategory(id, label)), 0);
    this.categories.delete(id);
  }

  private mustCategory(id: number, label: string): Category {
    const c = this.categories.get(id);
    if (!c) throw catalogueError('not_found', `categoryId: no category with id ${label}`);
    return c;
  }

  private checkUniqueName(name: string, self: number | undefined): void {
    const lower = name.toLowerCase();
    for (const c of this.categories.values()) {
      if (c.id !== self && c.name.toLowerCase() === lower) {
        throw catalogueError('duplicate', `body.name: a category named '${c.name}' exists (id ${c.id})`);
      }
    }
  }

  // ---- pets ----

  /** Pets matching every given filter (`name` case-insensitive substring), paged. */
  listPets(
    filter: { status?: PetStatus; categoryId?: number; name?: string; ids?: readonly number[] },
    page: Page,
  ): PageResult<Pet> {
    const needle = filter.name?.toLowerCase();
    const ids = filter.ids ? new Set(filter.ids) : undefined;
    const r = paginate(
      this.pets.values(),
      (p) =>
        (filter.status === undefined || p.status === filter.status) &&
        (filter.categoryId === undefined || p.categoryId === filter.categoryId) &&
        (needle === undefined || p.name.toLowerCase().includes(needle)) &&
        (ids === undefined || ids.has(p.id)),
      page,
    );
    return { items: r.items.map((p) => ({ ...p })), total: r.total };
  }

  /** @throws {MockError} 404 `not_found` */
  getPet(id: number, label: string = String(id)): Pet {
    return { ...this.mustPet(id, label) };
  }

  /**
   * Creates a pet (status defaults to `available`) and its inventory entry with quantity 0.
   * @throws {MockError} 409 `capacity_reached`, 422 `reference_not_found` for `categoryId`
   */
  createPet(input: NewPet, categoryLabel: string = String(input.categoryId)): Pet {
    if (this.pets.size >= this.caps.pets) {
      throw catalogueError('capacity_reached', `pets: the store holds at most ${this.caps.pets} pets`);
    }
    this.mustReferenceCategory(input.categoryId, categoryLabel);
    this.charge('pets', 0, petChars(input));
    const pet: Pet = {
      id: nextId(this.pets, this.top.pets, () => this.orderedPetIds()),
      name: input.name,
      categoryId: input.categoryId,
      status: input.status ?? 'available',
    };
    this.pets.set(pet.id, pet);
    this.stock.set(pet.id, 0);
    return { ...pet };
  }

  /**
   * Replaces a pet with a NewPet (an omitted status means `available`, as on creation).
   * @throws {MockError} 404 `not_found`, 422 `reference_not_found`, 409 `invalid_transition`
   */
  replacePet(id: number, input: NewPet, label: string = String(id), categoryLabel?: string): Pet {
    const current = this.mustPet(id, label);
    this.mustReferenceCategory(input.categoryId, categoryLabel ?? String(input.categoryId));
    const status = input.status ?? 'available';
    if (!canTransition(current.status, status)) {
      throw catalogueError(
        'invalid_transition',
        `body.status: pet ${id} cannot go from '${current.status}' to '${status}'${
          input.status === undefined ? ' (an omitted status means available)' : ''
        }; allowed: ${allowedFrom(current.status)}`,
      );
    }
    this.charge('pets', petChars(current), petChars(input));
    const pet: Pet = { id, name: input.name, categoryId: input.categoryId, status };
    this.pets.set(id, pet);
    return { ...pet };
  }

  /**
   * Deletes a pet and its inventory entry. Complete orders keep their `petId`.
   * @throws {MockError} 404 `not_found`, 409 `resource_in_use` when an open order names the pet
   */
  deletePet(id: number, label: string = String(id)): void {
    const pet = this.mustPet(id, label);
    const open = [...this.orders.values()].filter((o) => o.petId === id && !o.complete).map((o) => o.id);
    if (open.length > 0) {
      throw catalogueError(
        'resource_in_use',
        `petId: pet ${id} has open order${open.length === 1 ? '' : 's'} ${open.join(', ')}; cancel or complete them first`,
      );
    }
    this.charge('pets', petChars(pet), 0);
    this.pets.delete(id);
    this.stock.delete(id);
  }

  /** Pet ids that orders name (complete orders of a deleted pet keep its id in use). */
  private *orderedPetIds(): Iterable<number> {
    for (const o of this.orders.values()) yield o.petId;
  }

  private mustPet(id: number, label: string): Pet {
    const p = this.pets.get(id);
    if (!p) throw catalogueError('not_found', `petId: no pet with id ${label}`);
    return p;
  }

  private mustReferenceCategory(id: number, label: string): void {
    if (!this.categories.has(id)) {
      throw catalogueError('reference_not_found', `body.categoryId: no category with id ${label}`);
    }
  }

  // ---- orders ----

  /** Orders matching the filters, paged. */
  listOrders(filter: { petId?: number; complete?: boolean }, page: Page): PageResult<Order> {
    const r = paginate(
      this.orders.values(),
      (o) =>
        (filter.petId === undefined || o.petId === filter.petId) &&
        (filter.complete === undefined || o.complete === filter.complete),
      page,
    );
    return { items: r.items.map((o) => ({ ...o })), total: r.total };
  }

  /** @throws {MockError} 404 `not_found` */
  getOrder(id: number, label: string = String(id)): Order {
    return { ...this.mustOrder(id, label) };
  }

  /**
   * Places an order and reserves its quantity from the pet's inventory.
   * @throws {MockError} 409 `capacity_reached`, 422 `reference_not_found` (petId),
   *   409 `insufficient_stock` (sold pet, or quantity over the inventory)
   */
  placeOrder(input: OrderInput, petLabel: string = String(input.petId)): Order {
    if (this.orders.size >= this.caps.orders) {
      throw catalogueError('capacity_reached', `orders: the store holds at most ${this.caps.orders} orders`);
    }
    this.charge('orders', 0, orderChars(input));
    try {
      this.reserve(input.petId, input.quantity, petLabel);
    } catch (err) {
      this.charge('orders', orderChars(input), 0);
      throw err;
    }
    const order = makeOrder(nextId(this.orders, this.top.orders), input);
    this.orders.set(order.id, order);
    return { ...order };
  }

  /**
   * Replaces an open order; the inventory gets the difference (the old pet gets its quantity back,
   * the new pet gives the new quantity).
   * @throws {MockError} 404 `not_found`, 409 `invalid_transition` (order complete),
   *   422 `reference_not_found`, 409 `insufficient_stock`
   */
  replaceOrder(id: number, input: OrderInput, label: string = String(id), petLabel?: string): Order {
    const current = this.mustOrder(id, label);
    if (current.complete) {
      throw catalogueError('invalid_transition', `orderId: order ${id} is complete and cannot be changed`);
    }
    const pLabel = petLabel ?? String(input.petId);
    if (!this.pets.has(input.petId))
      throw catalogueError('reference_not_found', `body.petId: no pet with id ${pLabel}`);
    this.charge('orders', orderChars(current), orderChars(input));
    // Give the old reservation back first, then take the new one; undo on failure.
    const oldStock = this.stock.get(current.petId);
    if (oldStock !== undefined) this.stock.set(current.petId, oldStock + current.quantity);
    try {
      if (input.petId === current.petId && input.quantity <= current.quantity) {
        // Keeping or lowering the quantity on the same pet never needs new stock (even when sold).
        this.stock.set(input.petId, (this.stock.get(input.petId) ?? 0) - input.quantity);
      } else {
        this.reserve(input.petId, input.quantity, pLabel);
      }
    } catch (err) {
      if (oldStock !== undefined) this.stock.set(current.petId, oldStock);
      this.charge('orders', orderChars(input), orderChars(current));
      throw err;
    }
    const order = makeOrder(id, input);
    this.orders.set(id, order);
    return { ...order };
  }

  /**
   * Cancels (deletes) an open order and returns its quantity to the inventory.
   * @throws {MockError} 404 `not_found`, 409 `invalid_transition` (order complete)
   */
  cancelOrder(id: number, label: string = String(id)): void {
    const order = this.mustOrder(id, label);
    if (order.complete)
      throw catalogueError('invalid_transition', `orderId: order ${id} is complete and cannot be cancelled`);
    const stock = this.stock.get(order.petId);
    if (stock !== undefined) this.stock.set(order.petId, stock + order.quantity);
    this.charge('orders', orderChars(order), 0);
    this.orders.delete(id);
  }

  private reserve(petId: number, quantity: number, petLabel: string): void {
    const pet = this.pets.get(petId);
    if (!pet) throw catalogueError('reference_not_found', `body.petId: no pet with id ${petLabel}`);
    if (pet.status === 'sold') throw catalogueError('insufficient_stock', `body.petId: pet ${petId} is sold`);
    const have = this.stock.get(petId) ?? 0;
    if (quantity > have) {
      throw catalogueError(
        'insufficient_stock',
        `body.quantity: ${quantity} requested, ${have} in stock for pet ${petId}`,
      );
    }
    this.stock.set(petId, have - quantity);
  }

  private mustOrder(id: number, label: string): Order {
    const o = this.orders.get(id);
    if (!o) throw catalogueError('not_found', `orderId: no order with id ${label}`);
    return o;
  }

  // ---- inventory ----

  /** Inventory entries (one per pet) whose pet has `status`, paged. */
  listInventory(filter: { status?: PetStatus }, page: Page): PageResult<InventoryItem> {
    const r = paginate(this.pets.values(), (p) => filter.status === undefined || p.status === filter.status, page);
    return { items: r.items.map((p) => this.item(p)), total: r.total };
  }

  /** @throws {MockError} 404 `not_found` when the pet does not exist */
  getInventoryItem(petId: number, label: string = String(petId)): InventoryItem {
    return this.item(this.mustPet(petId, label));
  }

  /** Sets the stock count of a pet. @throws {MockError} 404 `not_found` */
  updateInventory(petId: number, quantity: number, label: string = String(petId)): InventoryItem {
    const pet = this.mustPet(petId, label);
    this.stock.set(petId, quantity);
    return this.item(pet);
  }

  private item(p: Pet): InventoryItem {
    return { petId: p.id, quantity: this.stock.get(p.id) ?? 0, status: p.status };
  }
}

function allowedFrom(status: PetStatus): string {
  const to = TRANSITIONS[status];
  return to.length === 0 ? 'none (sold is final)' : to.map((s) => `'${s}'`).join(', ');
}

function pickCategory(input: NewCategory): NewCategory {
  return input.description === undefined ? { name: input.name } : { name: input.name, description: input.description };
}

function makeOrder(id: number, input: OrderInput): Order {
  const order: Order = { id, petId: input.petId, quantity: input.quantity };
  if (input.shipDate !== undefined) order.shipDate = input.shipDate;
  order.complete = input.complete ?? false;
  return order;
}

function sum<T>(items: Iterable<T>, size: (item: T) => number): number {
  let n = 0;
  for (const item of items) n += size(item);
  return n;
}
function petChars(p: { name: string }): number {
  return p.name.length;
}
function categoryChars(c: NewCategory): number {
  return c.name.length + (c.description?.length ?? 0);
}
function orderChars(o: { shipDate?: string }): number {
  return o.shipDate?.length ?? 0;
}
