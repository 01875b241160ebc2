import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { portalSchema } from '../../shared/api/directory';
import { apiErrorEnvelopeSchema, apiSuccessEnvelope } from '../../shared/api/errors';
import {
  adminPortalSchema,
  adminPortalsResponse,
  PORTAL_FONTS,
  portalMessages,
} from '../../shared/api/portals';
import { call, createUser, type TestUser } from './support/home';

const created = apiSuccessEnvelope(adminPortalSchema);
const listed = apiSuccessEnvelope(adminPortalsResponse);
const publicPortal = apiSuccessEnvelope(portalSchema);
const errorOf = (body: unknown) => apiErrorEnvelopeSchema.parse(body).error;

const fields = {
  name: 'Acme Investor Portal',
  description: 'Acme’s angels meet founders here.',
  firmName: 'Acme Ventures',
  firmWebsite: 'https://acme.example.com',
  font: 'serif',
} as const;

describe('portals as data an admin manages', () => {
  let admin: TestUser;
  beforeAll(async () => {
    admin = await createUser({ admin: true });
  });

  it('creates a portal that the public page serves at once, lists it, and edits it (the subdomain stays)', async () => {
    const label = `acme-${randomUUID().slice(0, 8)}`;

    const response = await call('POST', '/admin/portals', {
      token: admin.token,
      body: { urlIdentifier: label.toUpperCase(), ...fields },
    });

    expect(response.status).toBe(201);
    expect(created.parse(response.body).data).toMatchObject({
      urlIdentifier: label,
      name: fields.name,
      firm: { name: fields.firmName, website: fields.firmWebsite },
      fontFamily: PORTAL_FONTS.serif,
    });
    const served = await call('GET', `/portals/${label}`);
    expect(served.status).toBe(200);
    expect(publicPortal.parse(served.body).data).toMatchObject({ urlIdentifier: label, name: fields.name });
    const all = listed.parse((await call('GET', '/admin/portals', { token: admin.token })).body).data.portals;
    expect(all.map((p) => p.urlIdentifier)).toContain(label);
    expect(all.map((p) => p.urlIdentifier)).toEqual([...all.map((p) => p.urlIdentifier)].sort());

    const edited = await call('PATCH', `/admin/portals/${label}`, {
      token: admin.token,
      body: { ...fields, name: 'Acme Angels', font: 'system' },
    });
    expect(edited.status).toBe(200);
    expect(created.parse(edited.body).data).toMatchObject({
      urlIdentifier: label,
      name: 'Acme Angels',
      fontFamily: null,
    });
  });

  it('refuses a taken, reserved or malformed subdomain, a missing name and a website that is not https, saying which', async () => {
    const label = `taken-${randomUUID().slice(0, 8)}`;
    expect(
      (
        await call('POST', '/admin/portals', {
          token: admin.token,
          body: { urlIdentifier: label, ...fields },
        })
      ).status,
    ).toBe(201);

    const cases: [Record<string, unknown>, number, string][] = [
      [{ urlIdentifier: label, ...fields }, 409, portalMessages.labelTaken],
      [{ urlIdentifier: 'www', ...fields }, 400, portalMessages.labelReserved],
      [{ urlIdentifier: '-acme', ...fields }, 400, portalMessages.labelInvalid],
      [{ urlIdentifier: 'acme.co', ...fields }, 400, portalMessages.labelInvalid],
      [{ urlIdentifier: `n-${label}`, ...fields, name: '  ' }, 400, portalMessages.nameRequired],
      [
        { urlIdentifier: `w-${label}`, ...fields, firmWebsite: 'http://acme.example.com' },
        400,
        portalMessages.websiteInvalid,
      ],
    ];
    for (const [body, status, message] of cases) {
      const response = await call('POST', '/admin/portals', { token: admin.token, body });
      expect(response.status, JSON.stringify(body)).toBe(status);
      expect(errorOf(response.body).message).toContain(message);
    }
    const missing = await call('PATCH', `/admin/portals/nobody-${label}`, {
      token: admin.token,
      body: fields,
    });
    expect(missing.status).toBe(404);
    // Nothing refused was written.
    expect((await call('GET', '/portals/www')).status).toBe(404);
  });
});
