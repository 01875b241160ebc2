import type { Page } from 'playwright-core';
import { e2e } from './browser';

/**
 * Entries of the demo directory with an email, as an admin finds them (issue 30's e2e: an impostor
 * types one's email; the person listed asks "This is me"): the public search's ids, then the admin's
 * Mapping Debugger API for each, with the ID token of the admin signed in on `page`.
 */

/** The ID token Amplify keeps for the user signed in on the page. */
export async function idTokenOf(page: Page): Promise<string> {
  const token = await page.evaluate(() => {
    for (let i = 0; i < localStorage.length; i++) {
      const key = localStorage.key(i) ?? '';
      if (key.endsWith('.idToken')) return localStorage.getItem(key);
    }
    return null;
  });
  if (!token) throw new Error('nobody is signed in on this page');
  return token;
}

export interface DemoEntry {
  investorId: string;
  name: string;
  email: string;
}

/**
 * The `skip`-th entry (0-based) among the first 100 demo entries (name order) that hold an email,
 * by name order: `skip` keeps the tests that change an entry apart.
 */
export async function demoEntryWithEmail(adminPage: Page, skip: number): Promise<DemoEntry> {
  const token = await idTokenOf(adminPage);
  const search = (await (await fetch(`${e2e.appUrl}/api/investors?limit=100`)).json()) as {
    data: { items: { id: string; name: string; hasEmail: boolean }[] };
  };
  let found = 0;
  for (const card of search.data.items.filter((item) => item.hasEmail)) {
    const debug = (await (
      await fetch(`${e2e.appUrl}/api/admin/searchable-investors/${card.id}`, {
        headers: { authorization: `Bearer ${token}` },
      })
    ).json()) as { data?: { importedInvestor?: { email?: string | null } } };
    const email = debug.data?.importedInvestor?.email;
    if (!email) continue;
    if (found === skip) return { investorId: card.id, name: card.name, email };
    found++;
  }
  throw new Error(`fewer than ${skip + 1} of the first 100 demo entries have an email`);
}
