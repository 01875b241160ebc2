// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type AdminPortal, PORTAL_FONTS, portalMessages } from '../../../shared/api/portals';
import {
  PORTAL_CREATED,
  PORTAL_SAVED,
  PortalsTool,
  portalAddress,
} from '../../../web/pages/admin/portals-tool';
import { ADMIN_CLAIMS } from './support/admin';
import { setSignedInUser } from './support/amplify-auth-mock';
import { answerFetch, renderPage } from './support/render';

vi.mock('aws-amplify/auth', () => import('./support/amplify-auth-mock'));

const VCN: AdminPortal = {
  id: 'portal-vcn',
  urlIdentifier: 'vcn',
  name: 'VCN Investor Portal',
  description: 'Join the VCN investor network.',
  firm: { name: 'VCN', website: 'https://vcn.example.com' },
  fontFamily: PORTAL_FONTS.serif,
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-01T00:00:00.000Z',
};

beforeEach(() => setSignedInUser(ADMIN_CLAIMS));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the Portals tool', () => {
  it('lists the portals with their address on this host, and adds one', async () => {
    const sent: { method: string; url: string; body: unknown }[] = [];
    vi.stubGlobal(
      'fetch',
      answerFetch((url, init) => {
        const method = init?.method ?? 'GET';
        if (method === 'POST') {
          sent.push({ method, url, body: JSON.parse(String(init?.body)) });
          return {
            status: 201,
            body: { data: { ...VCN, id: 'portal-acme', urlIdentifier: 'acme', name: 'Acme' } },
          };
        }
        return { body: { data: { portals: [VCN] } } };
      }),
    );
    const user = userEvent.setup();
    renderPage(<PortalsTool />, { path: '/admin' });

    const open = await screen.findByRole('link', { name: /^vcn/ });
    expect(open.getAttribute('href')).toBe(portalAddress('vcn'));
    expect(portalAddress('vcn', { protocol: 'https:', port: '' })).toBe('https://vcn.localhost/');
    expect(screen.getByRole('cell', { name: 'Serif (Georgia)' })).toBeTruthy();

    const form = screen.getByRole('form', { name: 'Add a portal' });
    await user.type(within(form).getByLabelText('Subdomain'), 'acme');
    expect(within(form).getByText(portalAddress('acme'))).toBeTruthy();
    await user.type(within(form).getByLabelText('Name'), 'Acme');
    await user.type(within(form).getByLabelText('Firm'), 'Acme Ventures');
    await user.selectOptions(within(form).getByLabelText('Font'), 'geometric');
    await user.click(within(form).getByRole('button', { name: 'Add portal' }));

    expect(await screen.findByText(PORTAL_CREATED)).toBeTruthy();
    expect(sent).toEqual([
      {
        method: 'POST',
        url: '/api/admin/portals',
        body: {
          urlIdentifier: 'acme',
          name: 'Acme',
          description: '',
          firmName: 'Acme Ventures',
          firmWebsite: '',
          font: 'geometric',
        },
      },
    ]);
  });

  it('edits a portal with its subdomain fixed, and shows why a save was refused', async () => {
    const sent: { method: string; url: string; body: unknown }[] = [];
    let refuse = true;
    vi.stubGlobal(
      'fetch',
      answerFetch((url, init) => {
        const method = init?.method ?? 'GET';
        if (method === 'PATCH') {
          sent.push({ method, url, body: JSON.parse(String(init?.body)) });
          if (refuse) {
            refuse = false;
            return {
              status: 400,
              body: { error: { code: 'invalid-argument', message: portalMessages.websiteInvalid } },
            };
          }
          return { body: { data: { ...VCN, name: 'VCN Angels' } } };
        }
        return { body: { data: { portals: [VCN] } } };
      }),
    );
    const user = userEvent.setup();
    renderPage(<PortalsTool />, { path: '/admin' });

    await user.click(await screen.findByRole('button', { name: 'Edit vcn' }));
    const form = screen.getByRole('form', { name: 'Edit portal vcn' });
    expect((within(form).getByLabelText('Subdomain') as HTMLInputElement).disabled).toBe(true);
    expect((within(form).getByLabelText('Font') as HTMLSelectElement).value).toBe('serif');
    const name = within(form).getByLabelText('Name');
    await user.clear(name);
    await user.type(name, 'VCN Angels');
    await user.click(within(form).getByRole('button', { name: 'Save portal' }));
    expect(await within(form).findByText(portalMessages.websiteInvalid)).toBeTruthy();

    await user.click(within(form).getByRole('button', { name: 'Save portal' }));
    expect(await screen.findByText(PORTAL_SAVED)).toBeTruthy();
    expect(sent.at(-1)).toEqual({
      method: 'PATCH',
      url: '/api/admin/portals/vcn',
      body: {
        name: 'VCN Angels',
        description: VCN.description,
        firmName: 'VCN',
        firmWebsite: 'https://vcn.example.com',
        font: 'serif',
      },
    });
    expect(screen.getByRole('form', { name: 'Add a portal' })).toBeTruthy();
  });
});
