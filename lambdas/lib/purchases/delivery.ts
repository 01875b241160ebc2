import { randomUUID } from 'node:crypto';
import { UNKNOWN_INVESTOR_NAME, undeliveredCreditLine } from '../../../shared/credits/undelivered-credit';
import { formatCheckRange } from '../../../shared/format/money';
import { groupDigits } from '../../../shared/format/numbers';
import { CONTACT_KINDS, type ContactKind, contactValue } from '../../../shared/investors/provenance';
import type { LibraryPurchase } from '../../../shared/library/purchases';
import { LIBRARY_VALUE_FIELDS, type LibraryValueField } from '../../../shared/library/updates';
import { BRAND } from '../../../shared/messages';
import { sendEmail } from '../email';
import { buildExportCsv, type ExportContactRow } from '../export/export-csv';
import { logger } from '../observability/logger';
import { getExport, putExport } from '../storage';
import type { CartDelivery, CartRecord } from '../table/models';
import { getCart } from '../table/repositories/carts';
import { contactSheetsOf } from '../table/repositories/contacts';
import { grantUndeliveredCredit } from '../table/repositories/credits';
import {
  claimDeliveryEmail,
  completeDelivery,
  fixCartDelivery,
  getCartDelivery,
  markDeliveryEmailSent,
  recordCartDelivery,
  releaseDeliveryEmail,
} from '../table/repositories/deliveries';
import { getSearchableInvestors } from '../table/repositories/investors';
import { addPurchasesToLibrary, getUserProfile } from '../table/repositories/users';

/** Where a build of a cart's CSV is kept, and the rows it holds (JSON): named by the build. */
export const exportObjectKey = (cartId: string, build: string) => `exports/${cartId}-${build}.csv`;
export const exportRowsKey = (cartId: string, build: string) => `exports/${cartId}-${build}.rows.json`;

async function purchasedCart(cartId: string): Promise<CartRecord> {
  const cart = await getCart(cartId);
  if (!cart) throw new Error(`Cart ${cartId} does not exist`);
  if (cart.status !== 'purchased') throw new Error(`Cart ${cartId} is not purchased`);
  return cart;
}

export interface BoughtContact extends ExportContactRow {
  searchableInvestorId: string;
  importedInvestorId: string;
  /** When each value bought became what it is: a later change is then found per field. */
  changedAt: Partial<Record<ContactKind, string>>;
}

/**
 * The contacts behind a cart, in the cart's order (delivery, and the refreshed CSV): the contact values from their contact sheets (or
 * their linked records, for investors without one), the public facts from their cards.
 */
export async function contactsOf(cart: CartRecord): Promise<BoughtContact[]> {
  const searchable = await getSearchableInvestors(cart.searchableInvestorEntryIds);
  const { sheets, linked } = await contactSheetsOf([...searchable.values()]);
  const contacts: BoughtContact[] = [];
  for (const id of cart.searchableInvestorEntryIds) {
    const investor = searchable.get(id);
    const sheet = sheets.get(id);
    if (!investor || !sheet) continue;
    const record = linked.get(investor.importedInvestorId);
    const confirmedAt: Partial<Record<ContactKind, string>> = {};
    const changedAt: Partial<Record<ContactKind, string>> = {};
    for (const kind of CONTACT_KINDS) {
      const field = sheet.fields[kind];
      if (field?.value) {
        confirmedAt[kind] = field.confirmedAt;
        changedAt[kind] = field.changedAt;
      }
    }
    contacts.push({
      searchableInvestorId: id,
      importedInvestorId: investor.importedInvestorId,
      name: investor.name,
      email: contactValue(sheet, 'email'),
      linkedinUrl: contactValue(sheet, 'linkedin'),
      phone: contactValue(sheet, 'phone'),
      twitterUrl: contactValue(sheet, 'twitter'),
      crunchbaseUrl: contactValue(sheet, 'crunchbase'),
      firm: investor.firmName,
      title: investor.title,
      location: [...investor.cities, ...investor.countries].join(', ') || null,
      chequeSize:
        formatCheckRange(investor.checkMin, investor.checkMax) ?? (record?.checkSize?.bucket?.trim() || null),
      chequeMin: investor.checkMin,
      chequeMax: investor.checkMax,
      typicalCheque: investor.typicalCheque ?? null,
      confirmedAt,
      changedAt,
    });
  }
  return contacts;
}

/**
 * Gives the buyer one credit per investor of the cart the delivery could not deliver (no longer in the
 * directory, or without a contact sheet, when the CSV was first built), once per cart and investor
 * whatever retries or races: the founder paid for that contact (or spent a credit on it) and gets a
 * credit instead. The history names the investor by their card if it is still there, else by the name
 * the cart saved.
 */
export async function creditUndeliveredContacts(
  cart: CartRecord,
  undelivered: readonly string[],
): Promise<void> {
  if (undelivered.length === 0) return;
  const cards = await getSearchableInvestors([...undelivered]);
  const at = new Date().toISOString();
  for (const investorId of undelivered) {
    const investorName =
      cards.get(investorId)?.name || cart.investorNames[investorId] || UNKNOWN_INVESTOR_NAME;
    const granted = await grantUndeliveredCredit({
      userId: cart.creatorUserId,
      kind: 'undelivered',
      at,
      investorId,
      investorName,
      reportId: null,
      cartId: cart.id,
    });
    if (granted)
      logger.info('credited a contact the cart could not deliver', { cartId: cart.id, investorId });
  }
}

/**
 * Fixes what the cart delivers, the first time only (docs/decisions.md, "Deliveries happen once"):
 * the CSV of the chosen columns, in the chosen order, and its rows as the library keeps them, stored
 * under keys of this build, and recorded on the delivery with the investors it cannot deliver,
 * conditional on no build having done so. A build that loses that race leaves its files unused.
 */
async function fixDelivery(cart: CartRecord): Promise<void> {
  const contacts = await contactsOf(cart);
  const build = `${Date.now()}-${randomUUID().slice(0, 8)}`;
  const csvKey = exportObjectKey(cart.id, build);
  const rowsKey = exportRowsKey(cart.id, build);
  await putExport(csvKey, buildExportCsv(contacts, cart.columnOrder));
  await putExport(rowsKey, JSON.stringify(contacts), 'application/json');
  const delivered = new Set(contacts.map((c) => c.searchableInvestorId));
  const fixed = await fixCartDelivery(cart.id, {
    csvKey,
    rowsKey,
    rowCount: contacts.length,
    undeliveredInvestorIds: [...new Set(cart.searchableInvestorEntryIds)].filter((id) => !delivered.has(id)),
    builtAt: new Date().toISOString(),
  });
  if (!fixed)
    logger.info('another attempt fixed this delivery first: its file is the one delivered', {
      cartId: cart.id,
    });
}

/**
 * Step 1: fixes what the cart delivers on its first run (see {@link fixDelivery}); every later run (a
 * retry, a redelivery) keeps that file, whatever changed in the directory since. Then credits the
 * buyer for each investor the fixed file could not hold (see {@link creditUndeliveredContacts}), and
 * only then records the count, so a crash in between is made good by the retry.
 */
export async function buildCartExport(
  cartId: string,
): Promise<{ rowCount: number; undeliveredCredited: number }> {
  const cart = await purchasedCart(cartId);
  let delivery = await getCartDelivery(cartId);
  if (!delivery?.csvKey) {
    await fixDelivery(cart);
    delivery = await getCartDelivery(cartId);
  }
  if (!delivery?.csvKey) throw new Error(`The delivery of cart ${cartId} has no CSV after its build`);
  // A delivery fixed before builds were recorded credited its undelivered investors then.
  if (!delivery.builtAt)
    return { rowCount: delivery.rowCount, undeliveredCredited: delivery.undeliveredCredited };
  await creditUndeliveredContacts(cart, delivery.undeliveredInvestorIds);
  const undeliveredCredited = delivery.undeliveredInvestorIds.length;
  if (delivery.undeliveredCredited !== undeliveredCredited)
    await recordCartDelivery(cartId, { undeliveredCredited });
  return { rowCount: delivery.rowCount, undeliveredCredited };
}

/** The delivery of a cart whose CSV is built (step 1 ran), or an error for the step to retry. */
async function builtDelivery(cartId: string): Promise<CartDelivery & { csvKey: string }> {
  const delivery = await getCartDelivery(cartId);
  if (!delivery?.csvKey) throw new Error(`The CSV of cart ${cartId} is not built yet`);
  return { ...delivery, csvKey: delivery.csvKey };
}

/** The subject of the email carrying a purchase's CSV (or a contact bought with a credit). */
export function cartExportSubject(paidWithCredit: boolean, count: number): string {
  return paidWithCredit
    ? `Your ${BRAND} contact, bought with a credit`
    : `Your ${BRAND} contact list (${groupDigits(count)} ${count === 1 ? 'contact' : 'contacts'})`;
}

/** How long an attempt holds the export email's claim: past any send, within the step's retries (75 s). */
export const EMAIL_CLAIM_LEASE_MS = 45_000;

/** Another attempt is sending the export email now: the step retries and then finds it sent. */
export class EmailBeingSentError extends Error {
  override readonly name = 'EmailBeingSentError';
}

/**
 * Step 3 (after the library, which needs no email): emails the CSV fixed by the first build to the
 * address recorded when the buyer opened the payment page (their verified address then), or their
 * account's address for a cart paid without that step, unless a previous attempt already sent it.
 */
export async function emailCartExport(cartId: string): Promise<{ sent: boolean }> {
  const delivery = await builtDelivery(cartId);
  if (delivery.emailSentAt) return { sent: false };
  const cart = await purchasedCart(cartId);
  const recipient = cart.recipientEmail ?? (await getUserProfile(cart.creatorUserId))?.email;
  if (!recipient) throw new Error(`The buyer of cart ${cartId} has no email address`);
  const csv = await getExport(delivery.csvKey);
  const count = delivery.rowCount;
  const credited = undeliveredCreditLine(delivery.undeliveredCredited, cart.paidWithCredit);
  // Claimed before it is sent (issue 48): a Redeliver overlapping a retry sends it once. While
  // another attempt holds the claim this one fails, and the step's retry finds it sent (or the
  // lease lapsed, and sends it).
  const claimant = randomUUID();
  const claim = await claimDeliveryEmail(cartId, claimant, new Date(), EMAIL_CLAIM_LEASE_MS);
  if (claim === 'sent') return { sent: false };
  if (claim === 'held') throw new EmailBeingSentError(`The export email of cart ${cartId} is being sent`);
  try {
    await sendEmail({
      to: recipient,
      subject: cartExportSubject(cart.paidWithCredit, count),
      text: [
        cart.paidWithCredit ? 'You used one credit for this contact.' : 'Thank you for your purchase.',
        '',
        `Your contact list of ${count} investors is attached as a CSV file (cart ${cartId}).`,
        ...(credited ? [credited] : []),
        'The contacts are also in the Contact Library of your account settings, where you can download this CSV again.',
        '',
        `— ${BRAND}`,
      ].join('\n'),
      attachment: { fileName: `contacts-${cartId}.csv`, contentType: 'text/csv', content: csv },
    });
  } catch (error) {
    await releaseDeliveryEmail(cartId, claimant);
    throw error;
  }
  await recordCartDelivery(cartId, { recipient });
  const first = await markDeliveryEmailSent(cartId, new Date().toISOString());
  if (!first) logger.warn('the export email was sent by two attempts at once', { cartId });
  return { sent: true };
}

/**
 * What the library keeps of one delivered row: each value of a chosen column the investor had, and
 * when it became that value.
 */
function libraryPurchaseOf(cart: CartRecord, contact: BoughtContact, purchasedAt: string): LibraryPurchase {
  const values: Partial<Record<LibraryValueField, { value: string; changedAt: string }>> = {};
  for (const { field, kind } of LIBRARY_VALUE_FIELDS) {
    const value = contact[field];
    if (!cart.columnOrder.includes(field) || !value) continue;
    values[field] = { value, changedAt: contact.changedAt[kind] ?? purchasedAt };
  }
  return {
    userId: cart.creatorUserId,
    searchableInvestorId: contact.searchableInvestorId,
    importedInvestorId: contact.importedInvestorId,
    name: contact.name,
    firmName: contact.firm ?? null,
    cartId: cart.id,
    purchasedAt,
    values,
  };
}

/**
 * Step 2: adds the delivered rows to the buyer's library: the rows the first build fixed, with the
 * values paid for (a column not chosen stays empty) and, per value, when it became what it is (so a
 * later change is found per field). Merged with what the buyer bought before
 * (shared/library/purchases.ts): a row that already lists this cart is left as it is, so a re-run
 * never refreshes the library's values.
 */
export async function addCartToLibrary(cartId: string): Promise<{ added: number }> {
  const cart = await purchasedCart(cartId);
  const delivery = await builtDelivery(cartId);
  const contacts: BoughtContact[] = delivery.rowsKey
    ? JSON.parse(await getExport(delivery.rowsKey))
    : // A delivery built before its rows were kept: today's values, for rows not yet in the library.
      await contactsOf(cart);
  const purchasedAt = cart.purchasedAt ?? delivery.purchasedAt ?? new Date().toISOString();
  const added = await addPurchasesToLibrary(contacts.map((c) => libraryPurchaseOf(cart, c, purchasedAt)));
  await recordCartDelivery(cartId, { libraryAddedAt: new Date().toISOString() });
  return { added };
}

export async function completeCartDelivery(cartId: string): Promise<void> {
  await completeDelivery(cartId, new Date().toISOString());
}

/**
 * A step failed after its retries: records it on the delivery, so the purchase page says the delivery
 * is delayed and the admin carts page shows it with a Redeliver action.
 */
export async function recordDeliveryFailure(
  cartId: string,
  error: { Error?: string | undefined; Cause?: string | undefined } | undefined,
): Promise<void> {
  const reason = `${error?.Error ?? 'Error'}: ${(error?.Cause ?? 'no details').slice(0, 500)}`;
  logger.error('delivery failed', { cartId, reason });
  await recordCartDelivery(cartId, { failedAt: new Date().toISOString(), failureReason: reason });
}
