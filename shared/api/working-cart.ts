import * as z from 'zod/mini';
import { CART_ID_PATTERN } from '../cart/cart';
import { cartInvestorSchema } from '../cart/cart-investor';
import { columnOrderSchema, EXPORT_COLUMN_KEYS } from '../cart/export';
import { MAX_CART_ITEMS } from '../cart/pricing';
import { CART_TOO_LARGE } from '../cart/saved-cart';
import { investorIdParams } from './params';
import { singleLine } from './text';

/**
 * The API contract of the working cart (issue 32): the signed-in founder's export cart before it is
 * saved, kept on the server (`GET`/`PUT /me/cart`, `POST /me/cart/merge`). Only the caller's own: no
 * route names a user.
 */

const investorIds = z
  .array(investorIdParams.shape.investorId)
  .check(z.maxLength(MAX_CART_ITEMS, { error: CART_TOO_LARGE }));

const cartId = z.string().check(singleLine(), z.regex(CART_ID_PATTERN, 'Not a cart id'));

/**
 * PUT /me/cart: replaces the cart, only if it is still at `expectedVersion` (0 when the founder has
 * none yet); otherwise 409 and nothing changes. `cartId` is the saved cart this one was saved as
 * (re-saving it keeps its id), or the id it will be saved under.
 */
export const putWorkingCartBody = z.strictObject({
  expectedVersion: z.int().check(z.nonnegative()),
  investorIds,
  columnOrder: columnOrderSchema,
  cartId: z.nullable(cartId),
});
export type PutWorkingCartBody = z.input<typeof putWorkingCartBody>;

/**
 * POST /me/cart/merge: adds investors to the cart, each once, up to 2,500 (what the cart holds is
 * never dropped): the cart of a browser used while signed out, or an add made while signed out,
 * applied at sign-in. `cartId` is used only when the founder has no cart yet.
 */
export const mergeWorkingCartBody = z.strictObject({
  investorIds,
  cartId: z.optional(z.nullable(cartId)),
});
export type MergeWorkingCartBody = z.input<typeof mergeWorkingCartBody>;

/** The cart as kept: investor ids in the order added, the export columns, the version. */
export const workingCartSchema = z.object({
  /** 0 before the founder's first write. */
  version: z.int(),
  investorIds: z.array(z.string()),
  columnOrder: z.array(z.enum(EXPORT_COLUMN_KEYS)),
  cartId: z.nullable(z.string()),
  updatedAt: z.nullable(z.string()),
});
export type WorkingCart = z.infer<typeof workingCartSchema>;

/** PUT /me/cart: the cart as written (no cards: the writer has them). */
export const putWorkingCartResponse = workingCartSchema;

/**
 * GET /me/cart: the cart with the public card of each investor still in the directory (null otherwise),
 * in order, and whether the founder has saved a cart under `cartId` (in any browser): only then is
 * there a saved cart to ask about (`GET /carts/{cartId}`: bought, at checkout), so the web app never
 * asks for one that was never saved.
 */
export const workingCartResponse = z.object({
  ...workingCartSchema.shape,
  saved: z.boolean(),
  items: z.array(z.object({ id: z.string(), card: z.nullable(cartInvestorSchema) })),
});
export type WorkingCartResponse = z.infer<typeof workingCartResponse>;

/** POST /me/cart/merge: the cart after the merge, and what happened to the investors given. */
export const mergeWorkingCartResponse = z.object({
  cart: workingCartResponse,
  added: z.int(),
  alreadyInCart: z.int(),
  leftOut: z.int(),
  /** Says what was left out and why; null when everything given is in the cart. */
  message: z.nullable(z.string()),
});
export type MergeWorkingCartResponse = z.infer<typeof mergeWorkingCartResponse>;
