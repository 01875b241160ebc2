import { beforeAll, describe, expect, it } from 'vitest';
import { linkInfo, openDeck, recordDeckEvent } from '../../lambdas/lib/decks/decks';
import { HttpError } from '../../lambdas/lib/errors';
import {
  type DeckLink,
  deckLinkInfoResponse,
  deckLinkResponse,
  deckLinksResponse,
  decksResponse,
} from '../../shared/api/decks';
import { apiErrorEnvelopeSchema, apiSuccessEnvelope } from '../../shared/api/errors';
import { deckMessages, MAX_DECK_BYTES, MAX_PAGE_SHOWN_MS } from '../../shared/decks/rules';
import { deckPdf, deckPdfWithJavaScript } from '../support/deck-pdfs';
import { addDeck, createLink, openLink, pageEvent, tokenOf, tryAddDeck, uploadFile } from './support/decks';
import { call, createUser, type TestUser } from './support/home';
import { createProject } from './support/projects';
import { emailsTo, sesRefusesTo } from './support/purchases';
import { unique } from './support/seed';

/**
 * Deck links per investor over HTTP (issue 53): the upload's refusals (not a PDF by its bytes, too
 * large, JavaScript inside), versions kept, a link per pipeline entry (random token, email gate,
 * pinned version), page events timed by the server and capped, revoke and expiry, and the founder's
 * email on the first open of a link, at most one per link a day (SES refusing it gives the day back).
 * Instants the test chooses are given to the domain functions directly (the server's clock
 * otherwise); no assertion waits on time.
 */

const u = unique();
const errorOf = (body: unknown) => apiErrorEnvelopeSchema.parse(body).error;
const linksOf = (body: unknown) => apiSuccessEnvelope(deckLinksResponse).parse(body).data;

let founder: TestUser;
let projectId = '';
let entryId = '';

async function newEntry(name: string): Promise<string> {
  const added = await call('POST', `/projects/${projectId}/pipeline/entries`, {
    token: founder.token,
    body: { contact: { name } },
  });
  expect(added.status).toBe(201);
  return (added.body as { data: { entry: { id: string } } }).data.entry.id;
}

async function linksOfEntry(id = entryId) {
  const read = await call('GET', `/projects/${projectId}/pipeline/entries/${id}/deck-links`, {
    token: founder.token,
  });
  expect(read.status, read.text).toBe(200);
  return linksOf(read.body);
}

/**
 * The open emails to the address naming the investor. The email is sent within the open's request
 * (claimed first), so the inbox holds it once the open has answered: nothing to wait for.
 */
async function openEmails(address: string, investor: string) {
  return (await emailsTo(address)).filter((e) => e.subject.includes(investor));
}

beforeAll(async () => {
  founder = await createUser();
  projectId = (await createProject(founder, `Deck raise ${u}`)).id;
  entryId = await newEntry(`Deck Reader ${u}`);
});

describe('a deck upload', () => {
  it('refuses a file that is not a PDF by its bytes, though it is named deck.pdf', async () => {
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4]);
    const refused = await tryAddDeck(founder, projectId, png);
    expect(refused.status).toBe(400);
    expect(errorOf(refused.body).message).toBe(deckMessages.notPdf);
  });

  it('refuses a file over 25 MB before it is uploaded (the URL is signed for the declared size only)', async () => {
    const refused = await call('POST', `/projects/${projectId}/decks/uploads`, {
      token: founder.token,
      body: { fileName: 'huge.pdf', fileSize: MAX_DECK_BYTES + 1 },
    });
    expect(refused.status).toBe(400);
    expect(refused.text).toContain(deckMessages.tooLarge);
  });

  for (const place of ['openAction', 'pageAction', 'namesTree'] as const)
    it(`refuses a PDF with JavaScript (${place}) and keeps no version of it`, async () => {
      const refused = await tryAddDeck(founder, projectId, await deckPdfWithJavaScript(place));
      expect(refused.status).toBe(400);
      expect(errorOf(refused.body).message).toBe(deckMessages.javascript);
    });

  it('refuses an upload that never reached the storage, and another founder altogether', async () => {
    const missing = await call('POST', `/projects/${projectId}/decks`, {
      token: founder.token,
      body: { uploadId: 'A'.repeat(22), fileName: 'deck.pdf' },
    });
    expect(missing.status).toBe(400);
    expect(errorOf(missing.body).message).toBe(deckMessages.notUploaded);
    const other = await createUser();
    const uploadId = await uploadFile(founder, projectId, await deckPdf());
    const theirs = await call('POST', `/projects/${projectId}/decks`, {
      token: other.token,
      body: { uploadId, fileName: 'deck.pdf' },
    });
    expect(theirs.status).toBe(404);
  });

  it('keeps every version: a new upload is the next one, the list newest first, with page titles', async () => {
    const refusedSoFar = await call('GET', `/projects/${projectId}/decks`, { token: founder.token });
    expect(apiSuccessEnvelope(decksResponse).parse(refusedSoFar.body).data.versions).toEqual([]);
    const first = await addDeck(founder, projectId);
    const second = await addDeck(
      founder,
      projectId,
      await deckPdf([
        { title: 'Problem', pages: 1 },
        { title: 'Financials', pages: 3 },
      ]),
    );
    expect([first.version, second.version]).toEqual([1, 2]);
    expect(first.pageTitles).toEqual(['Problem', 'Financials', 'Financials', 'Team']);
    expect(second.pageCount).toBe(4);
    const listed = await call('GET', `/projects/${projectId}/decks`, { token: founder.token });
    const { versions } = apiSuccessEnvelope(decksResponse).parse(listed.body).data;
    expect(versions.map((v) => v.version)).toEqual([2, 1]);
  });
});

describe('deck links', () => {
  let link: DeckLink;

  beforeAll(async () => {
    link = await createLink(founder, projectId, entryId, { askEmail: true });
  });

  it('makes a link per entry with an unguessable token (32 random bytes), showing the newest version', async () => {
    const another = await createLink(founder, projectId, await newEntry(`Second Reader ${u}`));
    for (const made of [link, another]) expect(tokenOf(made)).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(tokenOf(link)).not.toBe(tokenOf(another));
    expect(link).toMatchObject({ state: 'open', opens: 0, summary: 'Not opened yet', version: null });
    expect(link.pages.map((p) => p.title)).toEqual(['Problem', 'Financials', 'Financials', 'Financials']);
    const info = await call('GET', `/deck-links/${tokenOf(link)}`);
    expect(apiSuccessEnvelope(deckLinkInfoResponse).parse(info.body).data).toEqual({
      state: 'open',
      title: `Deck raise ${u}`,
      askEmail: true,
    });
  });

  it('answers a token that is not one of ours as an unavailable link (200: an ordinary state)', async () => {
    for (const token of ['A'.repeat(43), 'short']) {
      const info = await call('GET', `/deck-links/${token}`);
      expect(info.status).toBe(200);
      expect(info.body).toMatchObject({ data: { state: 'unavailable', title: null } });
    }
    const open = await call('POST', `/deck-links/${'A'.repeat(43)}/views`, { body: {} });
    expect(open.status).toBe(404);
  });

  it('asks for the email when the link says so, and watermarks with it', async () => {
    const refused = await call('POST', `/deck-links/${tokenOf(link)}/views`, { body: {} });
    expect(refused.status).toBe(400);
    expect(errorOf(refused.body).message).toBe(deckMessages.emailRequired);
    const bad = await call('POST', `/deck-links/${tokenOf(link)}/views`, { body: { email: 'not an email' } });
    expect(bad.status).toBe(400);
    const opened = await openLink(link, `Reader.${u}@Fund.example`);
    expect(opened).toMatchObject({ pageCount: 4, watermark: `reader.${u}@fund.example`, downloadUrl: null });
    const pdf = await fetch(opened.documentUrl);
    expect(pdf.status).toBe(200);
    expect(new TextDecoder().decode((await pdf.arrayBuffer()).slice(0, 5))).toBe('%PDF-');
  });

  it('keeps no email a link did not ask for, and offers a download only when allowed', async () => {
    const open = await createLink(founder, projectId, entryId, { allowDownload: true });
    const opened = await openLink(open, `unasked.${u}@example.com`);
    expect(opened.watermark).toBeNull();
    expect(opened.downloadUrl).not.toBeNull();
    const download = await fetch(opened.downloadUrl ?? '');
    expect(download.headers.get('content-disposition')).toContain('attachment');
    const { links } = await linksOfEntry();
    expect(JSON.stringify(links)).not.toContain(`unasked.${u}@example.com`);
  });

  it('times each page on the server between shown and hidden, each stretch capped, and sums it for the founder', async () => {
    const fresh = await createLink(founder, projectId, entryId, { askEmail: true });
    const opened = await openLink(fresh, `timer.${u}@example.com`);
    const token = tokenOf(fresh);
    const t0 = Date.now();
    const at = (ms: number) => new Date(t0 + ms);
    // Page 1 for 2 minutes; page 2 for 3 minutes (closed by showing page 3); page 3 left open for two
    // hours (counted as the cap); an event for a page not on screen changes nothing.
    const events: [number, 'shown' | 'hidden', number][] = [
      [1, 'shown', 0],
      [1, 'hidden', 120_000],
      [2, 'shown', 130_000],
      [3, 'shown', 310_000],
      [4, 'hidden', 320_000],
      [3, 'hidden', 310_000 + 2 * 3_600_000],
    ];
    for (const [page, kind, ms] of events)
      expect(await recordDeckEvent(token, opened.viewId, { page, kind }, at(ms))).toEqual({ recorded: true });
    const seen = (await linksOfEntry()).links.find((l) => l.id === fresh.id);
    expect(seen?.pages.map((p) => p.ms)).toEqual([120_000, 180_000, MAX_PAGE_SHOWN_MS, 0]);
    expect(seen).toMatchObject({ opens: 1, totalMs: 120_000 + 180_000 + MAX_PAGE_SHOWN_MS });
    expect(seen?.summary).toBe('opened once, 15 min, most on Financials');
    expect(seen?.views).toEqual([
      expect.objectContaining({ viewerEmail: `timer.${u}@example.com`, version: 2 }),
    ]);
  });

  it('validates events: a page past the deck, an unknown view, a kind it does not know', async () => {
    const opened = await openLink(link, `events.${u}@example.com`);
    const past = await pageEvent(link, opened.viewId, 5, 'shown');
    expect(past.status).toBe(400);
    expect(errorOf(past.body).message).toBe(deckMessages.pageOutOfRange);
    const unknown = await pageEvent(link, `vw_${'B'.repeat(22)}`, 1, 'shown');
    expect(unknown.status).toBe(404);
    const kind = await call('POST', `/deck-links/${tokenOf(link)}/views/${opened.viewId}/events`, {
      body: { page: 1, kind: 'printed' },
    });
    expect(kind.status).toBe(400);
    const extra = await call('POST', `/deck-links/${tokenOf(link)}/views/${opened.viewId}/events`, {
      body: { page: 1, kind: 'shown', ms: 999_999 },
    });
    expect(extra.status).toBe(400);
  });

  it('shows a pinned version, whatever is uploaded after it', async () => {
    const pinned = await createLink(founder, projectId, entryId, { version: 1 });
    expect((await openLink(pinned)).pageTitles).toEqual(['Problem', 'Financials', 'Financials', 'Team']);
    const none = await call('POST', `/projects/${projectId}/pipeline/entries/${entryId}/deck-links`, {
      token: founder.token,
      body: { askEmail: false, allowDownload: false, expiresOn: null, version: 9 },
    });
    expect(none.status).toBe(400);
    expect(errorOf(none.body).message).toBe(deckMessages.noSuchVersion);
  });

  it('refuses a link before the project has a deck', async () => {
    const bare = (await createProject(founder, `Bare ${u}`)).id;
    const added = await call('POST', `/projects/${bare}/pipeline/entries`, {
      token: founder.token,
      body: { contact: { name: `Bare Reader ${u}` } },
    });
    const id = (added.body as { data: { entry: { id: string } } }).data.entry.id;
    const refused = await call('POST', `/projects/${bare}/pipeline/entries/${id}/deck-links`, {
      token: founder.token,
      body: { askEmail: false, allowDownload: false, expiresOn: null, version: null },
    });
    expect(refused.status).toBe(409);
    expect(errorOf(refused.body).message).toBe(deckMessages.noDeck);
  });
});

describe('revoke and expiry', () => {
  it('closes a revoked link at once: its page says so, opens and events are refused', async () => {
    const link = await createLink(founder, projectId, entryId);
    const opened = await openLink(link);
    const revoked = await call(
      'POST',
      `/projects/${projectId}/pipeline/entries/${entryId}/deck-links/${link.id}/revoke`,
      { token: founder.token },
    );
    expect(revoked.status).toBe(200);
    const after = apiSuccessEnvelope(deckLinkResponse).parse(revoked.body).data.link;
    expect(after.state).toBe('unavailable');
    expect(after.revokedAt).not.toBeNull();
    const info = await call('GET', `/deck-links/${tokenOf(link)}`);
    expect(info.body).toMatchObject({ data: { state: 'unavailable', title: null } });
    const open = await call('POST', `/deck-links/${tokenOf(link)}/views`, { body: {} });
    expect(open.status).toBe(410);
    expect(errorOf(open.body).message).toBe(deckMessages.unavailable);
    expect((await pageEvent(link, opened.viewId, 1, 'shown')).status).toBe(410);
  });

  it('works until the end of its expiry day (UTC), then says it has expired', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const link = await createLink(founder, projectId, entryId, { expiresOn: today });
    expect((await call('GET', `/deck-links/${tokenOf(link)}`)).body).toMatchObject({
      data: { state: 'open' },
    });
    const later = new Date(Date.now() + 2 * 86_400_000);
    expect(await linkInfo(tokenOf(link), later)).toEqual({ state: 'expired', title: null, askEmail: false });
    const refused = await openDeck(tokenOf(link), {}, later).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(HttpError);
    expect(refused).toMatchObject({ status: 410, message: deckMessages.expired });
  });

  it('refuses an expiry in the past or more than a year away', async () => {
    for (const [expiresOn, message] of [
      ['2020-01-01', deckMessages.pastExpiry],
      ['2099-01-01', deckMessages.farExpiry],
    ] as const) {
      const refused = await call('POST', `/projects/${projectId}/pipeline/entries/${entryId}/deck-links`, {
        token: founder.token,
        body: { askEmail: false, allowDownload: false, expiresOn, version: null },
      });
      expect(refused.status).toBe(400);
      expect(errorOf(refused.body).message).toBe(message);
    }
  });
});

describe("the founder's open email", () => {
  it('goes on the first open of a link, at most once that day, and again on a later day', async () => {
    const owner = await createUser();
    const project = (await createProject(owner, `Mail raise ${u}`)).id;
    const added = await call('POST', `/projects/${project}/pipeline/entries`, {
      token: owner.token,
      body: { contact: { name: `Mail Reader ${u}` } },
    });
    const id = (added.body as { data: { entry: { id: string } } }).data.entry.id;
    await addDeck(owner, project);
    const link = await createLink(owner, project, id, { askEmail: true });
    await openLink(link, `first.${u}@example.com`);
    const first = await openEmails(owner.email, `Mail Reader ${u}`);
    expect(first).toHaveLength(1);
    expect(first[0]?.subject).toBe(`Mail Reader ${u} opened your deck`);
    expect(first[0]?.body.text).toContain(`first.${u}@example.com`);
    expect(first[0]?.body.text).toContain(`/projects/${project}/pipeline`);
    await openLink(link, `again.${u}@example.com`);
    await openLink(link, `third.${u}@example.com`);
    // The opens are counted (the founder's answer says 3) and no second email went.
    const seen = await call('GET', `/projects/${project}/pipeline/entries/${id}/deck-links`, {
      token: owner.token,
    });
    expect(linksOf(seen.body).links[0]?.opens).toBe(3);
    expect(await openEmails(owner.email, `Mail Reader ${u}`)).toHaveLength(1);
    // The next day's first open sends one more.
    await openDeck(tokenOf(link), { email: `next.${u}@example.com` }, new Date(Date.now() + 86_400_000));
    const both = await openEmails(owner.email, `Mail Reader ${u}`);
    expect(both).toHaveLength(2);
    expect(both[1]?.body.text).toContain('again');
  });

  it('gives the day back when SES refuses the email: the next open sends it, the viewer reads anyway', async () => {
    const owner = await createUser();
    const project = (await createProject(owner, `Refused raise ${u}`)).id;
    const added = await call('POST', `/projects/${project}/pipeline/entries`, {
      token: owner.token,
      body: { contact: { name: `Refused Reader ${u}` } },
    });
    const id = (added.body as { data: { entry: { id: string } } }).data.entry.id;
    await addDeck(owner, project);
    const link = await createLink(owner, project, id);
    await sesRefusesTo([owner.email]);
    try {
      const opened = await openLink(link);
      expect(opened.pageCount).toBe(4);
    } finally {
      await sesRefusesTo([owner.email], false);
    }
    expect(await emailsTo(owner.email)).toHaveLength(0);
    await openLink(link);
    expect(await openEmails(owner.email, `Refused Reader ${u}`)).toHaveLength(1);
  });
});
