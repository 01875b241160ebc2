import { randomBytes, randomUUID } from 'node:crypto';
import {
  AdminAddUserToGroupCommand,
  ConfirmSignUpCommand,
  SignUpCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { parse } from 'csv-parse/sync';
import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { IMPORT_JOB_RESTING_STATUSES } from '../../../shared/api/imports';
import { call, cognito, inboxAddress, mailTo, outputs, signIn, webhookSecret } from './deployment';

/**
 * The smoke suite of a throwaway deployment (npm run test:aws): one founder's way through the product
 * on real AWS, each step on the one before. Sign-up and verification through Cognito with the code from
 * the test inbox; as admin, an import through the import workflow (S3 upload, Step Functions, the
 * table); search finds the imported investors; a cart and its checkout; a Stripe test-mode
 * `checkout.session.completed` signed with the webhook secret the run put in Secrets Manager; the CSV
 * email through SES (sandbox: the inbox's domain is verified) with the chosen contacts.
 */
const startedAt = new Date(Date.now() - 60_000);
const password = `Smoke-${randomBytes(9).toString('base64url')}1!`;
const email = inboxAddress('founder');
const tag = `smoke${randomUUID().slice(0, 8)}`;
const investors = [
  { name: `Ada Smoke ${tag}`, email: `ada-${tag}@example.org` },
  { name: `Bo Smoke ${tag}`, email: `bo-${tag}@example.org` },
];
let token = '';
let cart: { id: string; pricing: { totalX100: number } } | undefined;

describe.sequential(`the deployment ${outputs.SiteUrl}`, () => {
  it('signs a founder up and verifies their email through Cognito, with the code from the test inbox', async () => {
    await cognito.send(
      new SignUpCommand({
        ClientId: outputs.UserPoolClientId,
        Username: email,
        Password: password,
        UserAttributes: [{ Name: 'email', Value: email }],
      }),
    );
    let code = '';
    await expect
      .poll(async () => {
        const mails = await mailTo(email, startedAt);
        code = mails.map((mail) => /\b(\d{6})\b/.exec(mail.text)?.[1]).find(Boolean) ?? '';
        return code;
      })
      .toMatch(/^\d{6}$/);
    await cognito.send(
      new ConfirmSignUpCommand({
        ClientId: outputs.UserPoolClientId,
        Username: email,
        ConfirmationCode: code,
      }),
    );
    token = await signIn(email, password);

    const me = await call('GET', '/me', { token });

    expect(me.status).toBe(200);
  });

  it('runs the import workflow as admin, and search finds what it imported', async () => {
    await cognito.send(
      new AdminAddUserToGroupCommand({ UserPoolId: outputs.UserPoolId, Username: email, GroupName: 'admin' }),
    );
    token = await signIn(email, password);
    const taxonomy = (await call('GET', '/taxonomy')).body as {
      data: { sectors: { label: string }[]; stages: { label: string }[] };
    };
    const sector = taxonomy.data.sectors[0]?.label ?? '';
    const stage = taxonomy.data.stages[0]?.label ?? '';
    const file = `Investor Name,Email,Stage Focus,Sector Focus\n${investors
      .map((i) => `${i.name},${i.email},${stage},${sector}`)
      .join('\n')}\n`;
    const headers = ['Investor Name', 'Email', 'Stage Focus', 'Sector Focus'].map((header) => ({
      header,
      include: true,
    }));
    const created = await call('POST', '/admin/imports', {
      token,
      body: {
        fileName: 'smoke.csv',
        fileSize: Buffer.byteLength(file),
        sourceName: 'Smoke test',
        sourceUrl: 'https://example.org/smoke',
        headers,
      },
    });
    expect(created.status).toBe(201);
    const { job, uploadUrl } = (created.body as { data: { job: { id: string }; uploadUrl: string } }).data;
    const put = await fetch(uploadUrl, {
      method: 'PUT',
      headers: { 'content-type': 'text/csv' },
      body: file,
    });
    expect(put.status).toBe(200);
    const started = await call('POST', `/admin/imports/${job.id}/start`, { token });
    expect(started.status).toBe(200);

    await expect
      .poll(async () => {
        const read = await call('GET', `/admin/imports/${job.id}`, { token });
        const status = (read.body as { data: { job: { status: string } } }).data.job.status;
        return IMPORT_JOB_RESTING_STATUSES.includes(status as never) ? status : 'running';
      })
      .toBe('succeeded');
    await expect
      .poll(async () => {
        const found = await call('GET', `/investors?q=${encodeURIComponent(tag)}&limit=10`);
        return ((found.body as { data?: { items: { name: string }[] } }).data?.items ?? [])
          .map((item) => item.name)
          .sort();
      })
      .toEqual(investors.map((i) => i.name).sort());
  });

  it('saves a cart of the found investors and opens its checkout', async () => {
    const found = await call('GET', `/investors?q=${encodeURIComponent(tag)}&limit=10`);
    const ids = (found.body as { data: { items: { id: string }[] } }).data.items.map((item) => item.id);
    const saved = await call('POST', '/carts', {
      token,
      body: { investorIds: ids, columnOrder: ['name', 'email'] },
    });
    expect(saved.status).toBe(201);
    cart = (saved.body as { data: { id: string; pricing: { totalX100: number } } }).data;

    const checkout = await call('POST', `/carts/${cart.id}/checkout`, { token });

    expect(checkout.status).toBe(200);
    expect((checkout.body as { data: { url: string } }).data.url).toContain(cart.id);
  });

  it('takes a signed Stripe test-mode webhook for the cart and emails the CSV through SES', async () => {
    if (!cart) throw new Error('no cart: the step before failed');
    const event = {
      id: `evt_smoke_${randomUUID().replaceAll('-', '')}`,
      object: 'event',
      type: 'checkout.session.completed',
      created: Math.floor(Date.now() / 1000),
      livemode: false,
      data: {
        object: {
          id: `cs_test_smoke_${randomUUID().replaceAll('-', '')}`,
          object: 'checkout.session',
          payment_status: 'paid',
          status: 'complete',
          amount_subtotal: cart.pricing.totalX100,
          amount_total: cart.pricing.totalX100,
          currency: 'usd',
          client_reference_id: cart.id,
          payment_link: process.env.DEPLOY_PAYMENT_LINK_ID_TIER_50,
          customer_details: { email },
        },
      },
    };
    const payload = JSON.stringify(event);
    const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: webhookSecret });

    const response = await call('POST', '/stripe/webhook', {
      rawBody: payload,
      headers: { 'stripe-signature': signature },
    });

    expect(response.status).toBe(200);
    const cartId = cart.id;
    let csv = '';
    await expect
      .poll(async () => {
        const mails = await mailTo(email, startedAt);
        const attachment = mails
          .flatMap((mail) => mail.parts)
          .find((p) => p.filename === `contacts-${cartId}.csv`);
        csv = attachment?.content.toString('utf8') ?? '';
        return csv !== '';
      })
      .toBe(true);
    const rows = parse(csv, { bom: true }) as string[][];
    expect(rows[0]).toEqual(['Name', 'Email']);
    expect(rows.slice(1).sort()).toEqual(investors.map((i) => [i.name, i.email]).sort());
  });
});
