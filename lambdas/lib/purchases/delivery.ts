import { type ContactColumnKey, contactKindOf } from '../../../shared/cart/export';
import { UNKNOWN_INVESTOR_NAME, undeliveredCreditLine } from '../../../shared/credits/undelivered-credit';
import { formatCheckRange } from '../../../shared/format/money';
import { CONTACT_KINDS, type ContactKind, contactValue } from '../../../shared/investors/provenance';
import { BRAND } from '../../../shared/messages';
import { sendEmail } from '../email';
import { buildExportCsv, type ExportContactRow } from '../export/export-csv';
import { logger } from '../observability/logger';
import { getExport, putExport } from '../storage';
import type { CartRecord, PurchasedContact } from '../table/models';
import { getCart } from '../table/repositories/carts';
import { contactSheetsOf } from '../table/repositories/contacts';
import { grantUndeliveredCredit } from '../table/repositories/credits';
import { getCartDelivery, markDeliveryEmailSent, recordCartDelivery } from '../table/repositories/deliveries';
import { getSearchableInvestors } from '../table/repositories/investors';
import { addPurchasedContacts, getUserProfile } from '../table/repositories/users';

export const exportObjectKey = (cartId: string) => `exports/${cartId}.csv`;

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
      confirmedAt,
      changedAt,
    });
  }
  return contacts;
}

/**
 * Gives the buyer one credit per investor of the cart that `contacts` lacks (no longer in the
 * directory, or without a contact sheet), once per cart and investor whatever retries or races: the
 * founder paid for that contact (or spent a credit on it) and gets a credit instead. The history names
 * the investor by their card if it is still there, else by the name the cart saved. Returns how many
 * of the cart's investors are undelivered (credited now or by an earlier attempt).
 */
export async function creditUndeliveredContacts(
  cart: CartRecord,
  contacts: BoughtContact[],
): Promise<number> {
  const delivered = new Set(contacts.map((c) => c.searchableInvestorId));
  const undelivered = [...new Set(cart.searchableInvestorEntryIds)].filter((id) => !delivered.has(id));
  if (undelivered.length === 0) return 0;
  const cards = await getSearchableInvestors(undelivered);
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
  return undelivered.length;
}

/**
 * Step 1: builds the CSV of the chosen columns, in the chosen order, and stores it (overwriting is
 * harmless); credits the buyer for each investor the CSV cannot hold (see
 * {@link creditUndeliveredContacts}), before recording the step, so a crash in between is made good
 * by the retry.
 */
export async function buildCartExport(
  cartId: string,
): Promise<{ rowCount: number; undeliveredCredited: number }> {
  const cart = await purchasedCart(cartId);
  const contacts = await contactsOf(cart);
  const csv = buildExportCsv(contacts, cart.columnOrder);
  await putExport(exportObjectKey(cartId), csv);
  const undeliveredCredited = await creditUndeliveredContacts(cart, contacts);
  await recordCartDelivery(cartId, {
    csvKey: exportObjectKey(cartId),
    rowCount: contacts.length,
    undeliveredCredited,
  });
  return { rowCount: contacts.length, undeliveredCredited };
}

/**
 * Step 3 (after the library, which needs no email): emails the CSV to the address recorded when the
 * buyer opened the payment page (their verified address then), or their account's address for a cart
 * paid without that step, unless a previous attempt already sent it.
 */
export async function emailCartExport(cartId: string): Promise<{ sent: boolean }> {
  const delivery = await getCartDelivery(cartId);
  if (delivery?.emailSentAt) return { sent: false };
  const cart = await purchasedCart(cartId);
  const recipient = cart.recipientEmail ?? (await getUserProfile(cart.creatorUserId))?.email;
  if (!recipient) throw new Error(`The buyer of cart ${cartId} has no email address`);
  const csv = await getExport(exportObjectKey(cartId));
  const count = delivery?.rowCount ?? cart.searchableInvestorEntryIds.length;
  const credited = undeliveredCreditLine(delivery?.undeliveredCredited ?? 0, cart.paidWithCredit);
  await sendEmail({
    to: recipient,
    subject: cart.paidWithCredit
      ? `Your ${BRAND} contact, bought with a credit`
      : `Your ${BRAND} contact list (${count} contacts)`,
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
  await recordCartDelivery(cartId, { recipient });
  const first = await markDeliveryEmailSent(cartId, new Date().toISOString());
  if (!first) logger.warn('the export email was sent by two attempts at once', { cartId });
  return { sent: true };
}

/**
 * Step 2: adds the contacts to the buyer's library with the values they paid for (a column not chosen
 * stays empty) and, per value, when it became what it is (so a later change is found per field). Merged with what the buyer bought before: a field once bought stays, the first
 * purchase date is kept and every cart that included the contact is listed; adding twice changes
 * nothing.
 */
export async function addCartToLibrary(cartId: string): Promise<{ added: number }> {
  const cart = await purchasedCart(cartId);
  const contacts = await contactsOf(cart);
  const purchasedAt = cart.purchasedAt ?? new Date().toISOString();
  const bought = (column: ContactColumnKey) => cart.columnOrder.includes(column);
  const library: PurchasedContact[] = contacts.map((c) => {
    const value = (column: ContactColumnKey, v: string | null | undefined) =>
      bought(column) ? (v ?? null) : null;
    const changed = (column: ContactColumnKey) =>
      bought(column) ? (c.changedAt[contactKindOf(column)] ?? null) : null;
    return {
      userId: cart.creatorUserId,
      searchableInvestorId: c.searchableInvestorId,
      importedInvestorId: c.importedInvestorId,
      name: c.name,
      email: value('email', c.email),
      linkedinUrl: value('linkedinUrl', c.linkedinUrl),
      phone: value('phone', c.phone),
      twitterUrl: value('twitterUrl', c.twitterUrl),
      crunchbaseUrl: value('crunchbaseUrl', c.crunchbaseUrl),
      emailChangedAt: changed('email'),
      linkedinChangedAt: changed('linkedinUrl'),
      phoneChangedAt: changed('phone'),
      twitterChangedAt: changed('twitterUrl'),
      crunchbaseChangedAt: changed('crunchbaseUrl'),
      cartId,
      purchasedAt,
      cartIds: [cartId],
    };
  });
  await addPurchasedContacts(library);
  await recordCartDelivery(cartId, { libraryAddedAt: new Date().toISOString() });
  return { added: library.length };
}

export async function completeCartDelivery(cartId: string): Promise<void> {
  await recordCartDelivery(cartId, {
    deliveredAt: new Date().toISOString(),
    failedAt: null,
    failureReason: null,
  });
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
