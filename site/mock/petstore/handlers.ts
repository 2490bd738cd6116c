// One handler per operationId of spec/openapi.yaml. Each gets decoded, validated input and the
// caller's store, and returns status, body and headers; rule violations throw MockError from the store.

import { paginationLink } from './http.ts';
import type { NewCategory, NewPet, OrderInput, Page, PageResult, PetStatus, Store } from './store.ts';

/** What a handler receives: input already checked against the spec. */
export interface HandlerInput {
  /** Path and query values by parameter name (schema defaults applied). */
  params: Record<string, unknown>;
  /** Raw text of integer parameters, for messages (exact above 2^53). */
  raw: Record<string, string>;
  /** The validated JSON body (undefined for operations without one). */
  body: unknown;
  /** Body int64 fields beyond 2^53 - 1: key → exact literal, for messages. */
  inexact: ReadonlyMap<string, string>;
  /** The request URL as the client sent it (mount path included), for `Location` and `Link`. */
  url: URL;
  /** The caller's store: the Petstore's state in the token's sandbox (state.ts). */
  store: Store;
}

/** A handler's answer; the core serialises it and adds CORS headers. */
export interface HandlerResult {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}

export type Handler = (input: HandlerInput) => HandlerResult;

function page(params: Record<string, unknown>): Page {
  return { limit: params.limit as number, offset: params.offset as number };
}

function listed<T>(input: HandlerInput, result: PageResult<T>): HandlerResult {
  const p = page(input.params);
  const headers: Record<string, string> = { 'X-Total-Count': String(result.total) };
  // The exact offset: above 2^53 the decoded number is rounded (request/params.ts keeps the raw digits).
  const offset = input.raw.offset === undefined ? p.offset : BigInt(input.raw.offset);
  const link = paginationLink(input.url, p.limit, offset, result.total);
  if (link) headers.Link = link;
  return { status: 200, body: result.items, headers };
}

function created(input: HandlerInput, record: { id: number }): HandlerResult {
  const location = `${input.url.origin}${input.url.pathname.replace(/\/+$/, '')}/${record.id}`;
  return { status: 201, body: record, headers: { Location: location } };
}

function label(input: HandlerInput, name: string): string {
  return input.raw[name] ?? String(input.params[name]);
}

function bodyLabel(input: HandlerInput, key: string, value: number): string {
  return input.inexact.get(key) ?? String(value);
}

/**
 * The operations the handlers are written for: operationId → `METHOD /path` in spec/openapi.yaml.
 * The handlers apply to a description that has every one of them (the Petstore's, or a draft of
 * it); in any other description an operation with one of these names (the classic Swagger
 * samples have a `placeOrder` and a `deletePet` of their own) answers from its description.
 */
export const HANDLED_ROUTES: Readonly<Record<string, string>> = {
  listPets: 'GET /pets',
  createPet: 'POST /pets',
  getPet: 'GET /pets/{petId}',
  replacePet: 'PUT /pets/{petId}',
  deletePet: 'DELETE /pets/{petId}',
  listCategories: 'GET /categories',
  createCategory: 'POST /categories',
  getCategory: 'GET /categories/{categoryId}',
  replaceCategory: 'PUT /categories/{categoryId}',
  deleteCategory: 'DELETE /categories/{categoryId}',
  listOrders: 'GET /store/orders',
  placeOrder: 'POST /store/orders',
  getOrder: 'GET /store/orders/{orderId}',
  replaceOrder: 'PUT /store/orders/{orderId}',
  cancelOrder: 'DELETE /store/orders/{orderId}',
  listInventory: 'GET /store/inventory',
  getInventoryItem: 'GET /store/inventory/{petId}',
  updateInventory: 'PUT /store/inventory/{petId}',
};

/**
 * Whether the hand-written handlers apply to a description's operations: it has every operation
 * of {@link HANDLED_ROUTES} under its name, method and path.
 * @param operations the description's operations (`operationId` as written, method, path)
 */
export function handlersApply(
  operations: ReadonlyArray<{ operationId?: string; method: string; path: string }>,
): boolean {
  const found = new Set(operations.map((o) => `${o.operationId ?? ''} ${o.method.toUpperCase()} ${o.path}`));
  return Object.entries(HANDLED_ROUTES).every(([id, route]) => found.has(`${id} ${route}`));
}

/**
 * The handlers of every operation in spec/openapi.yaml, keyed by operationId.
 * @param extraHeaders per operationId, headers added to its successful responses (deprecation)
 */
export function createHandlers(
  extraHeaders: Readonly<Record<string, Record<string, string>>> = {},
): Record<string, Handler> {
  const handlers: Record<string, Handler> = {
    // ---- pets ----
    listPets: (i) =>
      listed(
        i,
        i.store.listPets(
          {
            status: i.params.status as PetStatus | undefined,
            categoryId: i.params.categoryId as number | undefined,
            name: i.params.name as string | undefined,
            ids: i.params.ids as number[] | undefined,
          },
          page(i.params),
        ),
      ),
    createPet: (i) => {
      const body = i.body as NewPet;
      return created(i, i.store.createPet(body, bodyLabel(i, 'categoryId', body.categoryId)));
    },
    getPet: (i) => ({ status: 200, body: i.store.getPet(i.params.petId as number, label(i, 'petId')) }),
    replacePet: (i) => {
      const body = i.body as NewPet;
      return {
        status: 200,
        body: i.store.replacePet(
          i.params.petId as number,
          body,
          label(i, 'petId'),
          bodyLabel(i, 'categoryId', body.categoryId),
        ),
      };
    },
    deletePet: (i) => {
      i.store.deletePet(i.params.petId as number, label(i, 'petId'));
      return { status: 204 };
    },

    // ---- categories ----
    listCategories: (i) =>
      listed(i, i.store.listCategories({ name: i.params.name as string | undefined }, page(i.params))),
    createCategory: (i) => created(i, i.store.createCategory(i.body as NewCategory)),
    getCategory: (i) => ({
      status: 200,
      body: i.store.getCategory(i.params.categoryId as number, label(i, 'categoryId')),
    }),
    replaceCategory: (i) => ({
      status: 200,
      body: i.store.replaceCategory(i.params.categoryId as number, i.body as NewCategory, label(i, 'categoryId')),
    }),
    deleteCategory: (i) => {
      i.store.deleteCategory(i.params.categoryId as number, label(i, 'categoryId'));
      return { status: 204 };
    },

    // ---- orders ----
    listOrders: (i) =>
      listed(
        i,
        i.store.listOrders(
          { petId: i.params.petId as number | undefined, complete: i.params.complete as boolean | undefined },
          page(i.params),
        ),
      ),
    placeOrder: (i) => {
      const body = i.body as OrderInput;
      return created(i, i.store.placeOrder(body, bodyLabel(i, 'petId', body.petId)));
    },
    getOrder: (i) => ({ status: 200, body: i.store.getOrder(i.params.orderId as number, label(i, 'orderId')) }),
    replaceOrder: (i) => {
      const body = i.body as OrderInput;
      return {
        status: 200,
        body: i.store.replaceOrder(
          i.params.orderId as number,
          body,
          label(i, 'orderId'),
          bodyLabel(i, 'petId', body.petId),
        ),
      };
    },
    cancelOrder: (i) => {
      i.store.cancelOrder(i.params.orderId as number, label(i, 'orderId'));
      return { status: 204 };
    },

    // ---- inventory ----
    listInventory: (i) =>
      listed(i, i.store.listInventory({ status: i.params.status as PetStatus | undefined }, page(i.params))),
    getInventoryItem: (i) => ({
      status: 200,
      body: i.store.getInventoryItem(i.params.petId as number, label(i, 'petId')),
    }),
    updateInventory: (i) => ({
      status: 200,
      body: i.store.updateInventory(
        i.params.petId as number,
        (i.body as { quantity: number }).quantity,
        label(i, 'petId'),
      ),
    }),
  };
  for (const [operationId, headers] of Object.entries(extraHeaders)) {
    const inner = handlers[operationId];
    if (!inner) continue;
    handlers[operationId] = (i) => {
      const r = inner(i);
      return { ...r, headers: { ...headers, ...r.headers } };
    };
  }
  return handlers;
}
