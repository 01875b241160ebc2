import { IdempotencyItemNotFoundError } from '@aws-lambda-powertools/idempotency';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { stripeEventClaims } from '../../lambdas/lib/purchases/stripe-event-claims';
import { getCartDelivery } from '../../lambdas/lib/table/repositories/deliveries';
import { getPurchasedContact } from '../../lambdas/lib/table/repositories/users';
import { call, createUser, localHome } from './support/home';
import { checkoutEvent, delivered, emailsTo, postEvent, savedCart } from './support/purchases';
import { seedInvestors, unique } from './support/seed';

describe('purchase: Stripe webhook and export delivery (connected)', () => {
  it('delivers a good checkout once: the CSV by email with the chosen columns, and the contacts in the library', async () => {
    const buyer = await createUser();
    const u = unique();
    const cart = await savedCart(
      buyer,
      [
        {
          name: `Zoë Ødegaard ${u}`,
          email: `zoe-${u}@example.com`,
          linkedin: `https://www.linkedin.com/in/zoe-${u}`,
        },
        { name: `=HYPERLINK("http://evil.example") ${u}`, email: `formula-${u}@example.com` },
        { name: `Ana ${u}`, email: `ana-${u}@example.com`, linkedin: `https://www.linkedin.com/in/ana-${u}` },
      ],
      ['linkedinUrl', 'rowIndex', 'name', 'email'],
    );

    const response = await postEvent(checkoutEvent(cart.id, 500));

    expect(response.status).toBe(200);
    expect(response.body).toEqual({ data: { received: true, outcome: 'delivering' } });
    await delivered(cart.id);
    const emails = await emailsTo(buyer.email);
    expect(emails).toHaveLength(1);
    const attachment = emails[0]?.attachments[0];
    expect(attachment?.filename).toBe(`contacts-${cart.id}.csv`);
    const rows = parse(Buffer.from(attachment?.content ?? '', 'base64').toString('utf8'), {
      bom: true,
    }) as string[][];
    expect(rows).toEqual([
      ['LinkedIn URL', 'Row Index', 'Name', 'Email'],
      [`https://www.linkedin.com/in/zoe-${u}`, '1', `Zoë Ødegaard ${u}`, `zoe-${u}@example.com`],
      ['', '2', `'=HYPERLINK("http://evil.example") ${u}`, `formula-${u}@example.com`],
      [`https://www.linkedin.com/in/ana-${u}`, '3', `Ana ${u}`, `ana-${u}@example.com`],
    ]);
    const library = await call('GET', '/me/contacts', { token: buyer.token });
    const contacts = (library.body as { data: { contacts: { name: string; email: string | null }[] } }).data
      .contacts;
    expect(contacts.map((c) => c.email).sort()).toEqual([
      `ana-${u}@example.com`,
      `formula-${u}@example.com`,
      `zoe-${u}@example.com`,
    ]);
    const reread = await call('GET', `/carts/${cart.id}`, { token: buyer.token });
    expect(reread.body).toMatchObject({ data: { status: 'purchased' } });
  });

  it("delivers exactly the chosen columns, the added ones too, with each row's last confirmation", async () => {
    const buyer = await createUser();
    const u = unique();
    const tag = `cols-${u}`;
    const bo = { name: `Col Bo ${u}`, email: `col-bo-${u}@example.com`, sectors: [tag] };
    const people = [
      {
        name: `Col Ada ${u}`,
        email: `col-ada-${u}@example.com`,
        phone: '+1 555 0142',
        twitter: `https://twitter.com/col_ada_${u}`,
        crunchbase: `https://www.crunchbase.com/person/col-ada-${u}`,
        firm: 'Acorn Ventures',
        title: 'Partner',
        city: 'Lisbon',
        country: 'Portugal',
        minCheck: '250k',
        maxCheck: '1m',
        typicalCheque: '500k',
        sectors: [tag],
      },
      bo,
    ];
    await seedInvestors(people, { importedAt: new Date('2025-02-10T09:00:00.000Z') });
    // Bo's email is seen again in the summer: his row was confirmed later.
    await seedInvestors([bo], { importedAt: new Date('2025-07-01T12:00:00.000Z') });
    const found = await call('GET', `/investors?sectorFocus=${tag}`);
    const items = (found.body as { data: { items: { id: string; name: string }[] } }).data.items;
    const ids = people.map((p) => items.find((i) => i.name === p.name)?.id ?? '');
    const columnOrder = [
      'name',
      'phone',
      'twitterUrl',
      'crunchbaseUrl',
      'firm',
      'title',
      'location',
      'chequeSize',
      'chequeMin',
      'chequeMax',
      'typicalCheque',
      'lastConfirmed',
      'email',
    ];
    const saved = await call('POST', '/carts', {
      token: buyer.token,
      body: { investorIds: ids, columnOrder },
    });
    expect(saved.status).toBe(201);
    const cart = (saved.body as { data: { id: string; pricing: { totalX100: number } } }).data;
    // The price stays by item count.
    expect(cart.pricing.totalX100).toBe(500);

    await postEvent(checkoutEvent(cart.id, 500));
    await delivered(cart.id);

    const [email] = await emailsTo(buyer.email);
    const rows = parse(Buffer.from(email?.attachments[0]?.content ?? '', 'base64').toString('utf8'), {
      bom: true,
    }) as string[][];
    expect(rows).toEqual([
      [
        'Name',
        'Phone',
        'Twitter',
        'Crunchbase',
        'Firm',
        'Title',
        'Location',
        'Cheque size',
        'Cheque min (USD)',
        'Cheque max (USD)',
        'Typical cheque (USD)',
        'Last confirmed',
        'Email',
      ],
      [
        `Col Ada ${u}`,
        // A plain phone number is written as it is (docs/decisions.md, "Phone numbers in CSV files").
        '+1 555 0142',
        `https://twitter.com/col_ada_${u}`,
        `https://www.crunchbase.com/person/col-ada-${u}`,
        'Acorn Ventures',
        'Partner',
        'Lisbon, Portugal',
        '$250K–$1M',
        // Numbers a CRM reads as numbers (issue 50): whole dollars, no '$', 'K' or separators.
        '250000',
        '1000000',
        '500000',
        '2025-02-10',
        `col-ada-${u}@example.com`,
      ],
      [`Col Bo ${u}`, '', '', '', '', '', '', '', '', '', '', '2025-07-01', `col-bo-${u}@example.com`],
    ]);
    expect(Number(rows[1]?.[8]) + Number(rows[1]?.[9])).toBe(1_250_000);
    // The library keeps every value bought, and when it became what it is (a later change is then seen).
    const library = await call('GET', '/me/contacts', { token: buyer.token });
    const contacts = (library.body as { data: { contacts: Record<string, unknown>[] } }).data.contacts;
    expect(contacts.find((c) => c.name === `Col Ada ${u}`)).toMatchObject({
      email: `col-ada-${u}@example.com`,
      phone: '+1 555 0142',
      twitterUrl: `https://twitter.com/col_ada_${u}`,
      crunchbaseUrl: `https://www.crunchbase.com/person/col-ada-${u}`,
      linkedinUrl: null,
    });
    const stored = await getPurchasedContact(buyer.sub, ids[0] ?? '');
    expect(stored).toMatchObject({ phoneChangedAt: '2025-02-10T09:00:00.000Z', linkedinChangedAt: null });
  });

  it('does nothing more for a replayed event or concurrent duplicates', async () => {
    const buyer = await createUser();
    const u = unique();
    const cart = await savedCart(
      buyer,
      [{ name: `Replay ${u}`, email: `replay-${u}@example.com` }],
      ['name', 'email'],
    );
    const event = checkoutEvent(cart.id, 500);

    const responses = await Promise.all(Array.from({ length: 5 }, () => postEvent(event)));
    await delivered(cart.id);
    const replay = await postEvent(event);

    // One attempt acts; the others are told it is being handled (Stripe retries) or get its outcome.
    expect(responses.every((r) => r.status === 200 || r.status === 409)).toBe(true);
    expect(responses.filter((r) => r.status === 200).length).toBeGreaterThanOrEqual(1);
    expect(replay.body).toEqual({ data: { received: true, outcome: 'delivering' } });
    expect(await emailsTo(buyer.email)).toHaveLength(1);
  });

  it('refuses a bad, missing or stale signature with 400 and writes nothing', async () => {
    const buyer = await createUser();
    const cart = await savedCart(
      buyer,
      [{ name: `Sig ${unique()}`, email: `sig-${unique()}@example.com` }],
      ['name'],
    );
    const forged = checkoutEvent(cart.id, 500);
    const missing = checkoutEvent(cart.id, 500);
    const stale = checkoutEvent(cart.id, 500);

    const bad = await postEvent(forged, { secret: 'whsec_not_the_secret' });
    const none = await postEvent(missing, { signature: null });
    const old = await postEvent(stale, { timestamp: Math.floor(Date.now() / 1000) - 3600 });

    expect([bad.status, none.status, old.status]).toEqual([400, 400, 400]);
    expect(bad.body).toEqual({ error: { code: 'invalid-argument', message: 'Invalid Stripe signature.' } });
    const { persistenceStore, config, keyPrefix } = stripeEventClaims();
    persistenceStore.configure({ config, keyPrefix });
    for (const e of [forged, missing, stale])
      await expect(persistenceStore.getRecord(e)).rejects.toBeInstanceOf(IdempotencyItemNotFoundError);
    expect((await call('GET', `/carts/${cart.id}`, { token: buyer.token })).body).toMatchObject({
      data: { status: 'active' },
    });
    expect(await getCartDelivery(cart.id)).toBeNull();
  });

  it('flags the cart for an admin and delivers nothing when the amount paid is not the tier price', async () => {
    const buyer = await createUser();
    const admin = await createUser({ admin: true });
    const cart = await savedCart(
      buyer,
      [{ name: `Cheap ${unique()}`, email: `cheap-${unique()}@example.com` }],
      ['name', 'email'],
    );

    const response = await postEvent(checkoutEvent(cart.id, 1));

    expect(response.body).toEqual({ data: { received: true, outcome: 'flagged' } });
    expect(await getCartDelivery(cart.id)).toBeNull();
    expect(await emailsTo(buyer.email)).toHaveLength(0);
    // The buyer sees that a payment arrived but was not accepted; the reason is for admins.
    const seen = (await call('GET', `/carts/${cart.id}`, { token: buyer.token })).body;
    expect(seen).toMatchObject({
      data: { status: 'active', paymentFlagged: true, purchaseState: 'flagged' },
    });
    expect(JSON.stringify(seen)).not.toContain('Paid 1 usd');
    const carts = await call('GET', '/admin/carts', { token: admin.token });
    const listed = (carts.body as { data: { carts: { id: string; flaggedReason: string | null }[] } }).data
      .carts;
    expect(listed.find((c) => c.id === cart.id)?.flaggedReason).toContain('Paid 1 usd');
  });

  it('pays through the local checkout page, which signs a real event and posts it to the webhook', async () => {
    const buyer = await createUser();
    const cart = await savedCart(
      buyer,
      [{ name: `Local ${unique()}`, email: `local-${unique()}@example.com` }],
      ['name', 'email'],
    );

    const page = await fetch(
      `${localHome.urls.gateway}/local/checkout/tier-50?client_reference_id=${cart.id}&prefilled_email=${buyer.email}`,
    );
    const paid = await fetch(`${localHome.urls.gateway}/local/checkout/tier-50/pay`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ client_reference_id: cart.id, email: buyer.email }),
    });

    expect(await page.text()).toContain('Local checkout — test mode, no real payment');
    expect(paid.status).toBe(200);
    await delivered(cart.id);
    expect(await emailsTo(buyer.email)).toHaveLength(1);
  });
});
