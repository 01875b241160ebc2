// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ALREADY_IN_LIBRARY, USE_A_CREDIT } from '../../../shared/api/credits';
import { CREDIT_REDEEMED, UseCreditButton } from '../../../web/components/use-credit-button';
import { setSignedInUser } from './support/amplify-auth-mock';
import { answerFetch, renderPage } from './support/render';

vi.mock('aws-amplify/auth', () => import('./support/amplify-auth-mock'));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** The API as the button meets it: a balance, a library, and the redemption's answer. */
function api(balance: number, library: string[], redemption: { status: number; body: unknown }) {
  const posts: unknown[] = [];
  const reads = new Set<string>();
  vi.stubGlobal(
    'fetch',
    answerFetch((url, init) => {
      const path = new URL(url, 'http://localhost').pathname.replace(/^.*\/api/, '');
      reads.add(path);
      if (path === '/me/credits') return { body: { data: { balance, entries: [] } } };
      if (path === '/me/bought-investors') return { body: { data: { investorIds: library } } };
      posts.push(JSON.parse(String(init?.body ?? 'null')));
      return redemption;
    }),
  );
  return { posts, reads };
}

/** Both reads the button decides on were answered, and React rendered what they said. */
async function answered(reads: Set<string>) {
  await waitFor(() => expect([...reads].sort()).toEqual(['/me/bought-investors', '/me/credits']));
  await new Promise((done) => setTimeout(done, 0));
}

const ok = {
  status: 200,
  body: {
    data: {
      redemption: {
        kind: 'redeemed',
        at: '2026-03-05T10:00:00.000Z',
        investorId: 'inv-1',
        investorName: 'Ada Abernook',
        reportId: null,
        cartId: 'cart_20260305-ABCDEFGH',
      },
      balance: 0,
    },
  },
};

describe('the "Use a credit" button', () => {
  it('is not offered without a credit, for an investor already bought, or to a visitor', async () => {
    setSignedInUser({});
    const none = api(0, [], ok);
    const { unmount } = renderPage(<UseCreditButton investorId="inv-1" investorName="Ada Abernook" />);
    await answered(none.reads);
    expect(screen.queryByRole('button', { name: USE_A_CREDIT })).toBeNull();
    unmount();

    const owned = api(2, ['inv-1'], ok);
    renderPage(<UseCreditButton investorId="inv-1" investorName="Ada Abernook" />);
    await answered(owned.reads);
    expect(screen.queryByRole('button', { name: USE_A_CREDIT })).toBeNull();
    cleanup();

    setSignedInUser(null);
    renderPage(<UseCreditButton investorId="inv-1" investorName="Ada Abernook" />);
    await new Promise((done) => setTimeout(done, 50));
    expect(screen.queryByRole('button', { name: USE_A_CREDIT })).toBeNull();
  });

  it('asks first, then redeems the credit for this investor and says where the contact is', async () => {
    setSignedInUser({});
    const { posts } = api(1, [], ok);
    const user = userEvent.setup();
    renderPage(<UseCreditButton investorId="inv-1" investorName="Ada Abernook" />);
    await user.click(await screen.findByRole('button', { name: USE_A_CREDIT }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/You have 1 credit\./)).toBeTruthy();
    expect(posts).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: USE_A_CREDIT }));
    expect(await screen.findByText(CREDIT_REDEEMED('Ada Abernook'))).toBeTruthy();
    expect(posts).toEqual([{ investorId: 'inv-1' }]);
  });

  it("shows the API's refusal in the dialog", async () => {
    setSignedInUser({});
    api(1, [], { status: 409, body: { error: { code: 'aborted', message: ALREADY_IN_LIBRARY } } });
    const user = userEvent.setup();
    renderPage(<UseCreditButton investorId="inv-1" investorName="Ada Abernook" />);
    await user.click(await screen.findByRole('button', { name: USE_A_CREDIT }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: USE_A_CREDIT }));
    await waitFor(() => expect(within(dialog).getByText(ALREADY_IN_LIBRARY)).toBeTruthy());
  });
});
