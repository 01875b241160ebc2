import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { legacySearchableIdOfKey } from '../../lambdas/lib/directory/mapping';
import { hashCode } from '../../lambdas/lib/portals/data-requests';
import { withdrawEntry } from '../../lambdas/lib/portals/listing';
import { putCorrectionRequest, putDataRequest } from '../../lambdas/lib/table/repositories/data-requests';
import { identityHashOf, recordHeldOldId } from '../../lambdas/lib/table/repositories/investor-identities';
import {
  createPodcast,
  deletePodcastOfLister,
  listPodcastIdsListedBy,
  newPodcastId,
} from '../../lambdas/lib/table/repositories/podcasts';
import { putPortal } from '../../lambdas/lib/table/repositories/portals';
import { createReport, newReportId } from '../../lambdas/lib/table/repositories/reports';
import { deleteSavedSearch, listSavedSearches } from '../../lambdas/lib/table/repositories/shortlists';
import { unsubscribeTokenOf } from '../../lambdas/lib/table/repositories/unsubscribes';
import { listRecipients } from '../../lambdas/lib/table/repositories/updates';
import { type AuthLevel, routeKey, routes } from '../../lambdas/routes';
import { investorAccountMessages } from '../../shared/api/investor-profile';
import { newCartId } from '../../shared/cart/cart';
import { identityKeyOf } from '../../shared/investors/types';
import { MIN_CONTRIBUTORS } from '../../shared/pipeline/response-times';
import { deckPdf } from '../support/deck-pdfs';
import { addDeck, createLink, openLink, pageEvent, tokenOf, uploadFile } from './support/decks';
import { call, createInvestor, createUser, type TestUser } from './support/home';
import { checkoutEvent, delivered, postEvent } from './support/purchases';
import { founderWithPipeline, runResponseTimes } from './support/response-times';
import { idOfEmail, seedInvestors, unique } from './support/seed';
import { settleWorkflows } from './support/settle';
import { authorizationCode, connectProject, connectState } from './support/stripe';

/**
 * The authorisation matrix: every route of lambdas/routes.ts × every kind of caller, with the status
 * each must get. A route added to routes.ts without a case here fails the first test, so none can be
 * left out. The same calls feed the leak test: no non-admin response may carry a contact detail.
 * 'investor' joined a partner portal (issue 21): founder and admin routes refuse them, and only they
 * reach the investor routes.
 */
type Persona = 'anonymous' | 'unverified' | 'verified' | 'other' | 'admin' | 'investor';
const PERSONAS: Persona[] = ['anonymous', 'unverified', 'other', 'admin', 'investor', 'verified'];

interface Request {
  path: string;
  body?: unknown;
}

interface Case {
  prepare: () => Promise<Request>;
  /** Statuses that differ from the defaults of the route's auth level. */
  expect?: Partial<Record<Persona, number>>;
  /** The success status (200 unless the route creates something). */
  ok?: number;
  /**
   * The owner's answer carries contact values they bought (the refreshed CSV of their purchase): it is
   * kept out of the no-contact-detail check, and the bought-kinds test below checks it instead.
   */
  carriesBoughtValues?: true;
}

/** The token of the verified founder's weekly update emails' unsubscribe link (their profile made first). */
async function unsubscribeLink(): Promise<string> {
  expect((await call('GET', '/me', { token: users.verified.token })).status).toBe(200);
  return unsubscribeTokenOf(users.verified.sub, 'updateEmails', new Date());
}

const u = unique();
/** A distinct marker planted in every contact field of one investor (and its notes). */
const secrets = {
  email: `secret.person.${u}@example.com`,
  phone: `+1 555 7${u.slice(0, 3)}`,
  linkedin: `https://www.linkedin.com/in/secret-${u}`,
  twitter: `https://twitter.com/secret_tw_${u}`,
  crunchbase: `https://www.crunchbase.com/person/secret-cb-${u}`,
  instagram: `https://instagram.com/secret_ig_${u}`,
  youtube: `https://youtube.com/@secret-yt-${u}`,
  tiktok: `https://tiktok.com/@secret-tt-${u}`,
  notes: `secret note ${u}: call after lunch`,
  // Where the values came from (provenance, issue 20): admins see it, nobody else.
  sourceName: `secret source ${u}`,
  sourceUrl: `https://secret-source-${u}.example.com/list.csv`,
};
/**
 * Public profile facts of the same investor (issue 33): shown to everyone, never sold; the leak test
 * checks the profile carries them and none of them carries a contact value.
 */
const publicFacts = {
  website: `https://public-site-${u}.example.com`,
  thesis: `Public thesis ${u}: seed fintech in Iberia.`,
  portfolio: `Public Portco ${u} (Seed, 2022)`,
  investments: `Public Deal ${u} (Series A, 2025-01, $3M)`,
};

/** What the public sees of the values instead: the month each was confirmed (imported now). */
const thisMonth = new Date().toISOString().slice(0, 7);
const confirmedNow = {
  email: thisMonth,
  phone: thisMonth,
  linkedin: thisMonth,
  twitter: thisMonth,
  crunchbase: thisMonth,
};
const stage = `matrix-stage-${u}`;

let users: Record<Exclude<Persona, 'anonymous'>, TestUser>;
let investorId = '';

async function dataOf<T>(response: Promise<{ status: number; body: unknown }>): Promise<T> {
  const r = await response;
  if (r.status >= 300) throw new Error(`fixture call failed: ${r.status} ${JSON.stringify(r.body)}`);
  return (r.body as { data: T }).data;
}

const ownerCart = async (): Promise<Request> => {
  const cart = await dataOf<{ id: string }>(
    call('POST', '/carts', {
      token: users.verified.token,
      body: { investorIds: [investorId], columnOrder: ['name', 'email'] },
    }),
  );
  return { path: `/carts/${cart.id}` };
};

/** A cart of 'verified' paid through the webhook and delivered. */
const deliveredOwnerCart = async (): Promise<string> => {
  const { path } = await ownerCart();
  const cartId = path.replace('/carts/', '');
  await postEvent(checkoutEvent(cartId, 500));
  await delivered(cartId);
  return cartId;
};

const ownerProject = async (): Promise<{ id: string }> =>
  dataOf(
    call('POST', '/projects', {
      token: users.verified.token,
      body: { name: 'Matrix', description: 'Owned by verified' },
    }),
  );

/**
 * The private contact 'verified' keeps in their pipelines (issue 36): its values must reach nobody
 * else, no public answer and no admin route.
 */
const privateSecrets = {
  name: `Private Contact ${u}`,
  email: `private.contact.${u}@founders-own.example`,
  phone: `+1 555 6${u.slice(0, 3)}`,
  linkedinUrl: `https://www.linkedin.com/in/private-contact-${u}`,
  notes: `private note ${u}: met at the school gate`,
};
const privateRow = {
  name: privateSecrets.name,
  email: privateSecrets.email,
  phone: privateSecrets.phone,
  linkedinUrl: privateSecrets.linkedinUrl,
  notes: privateSecrets.notes,
};

/** A project of 'verified' whose pipeline holds the private contact (a fresh project each call). */
const ownerPipeline = async (): Promise<{ projectId: string; entryId: string }> => {
  const { id } = await ownerProject();
  const added = await dataOf<{ entry: { id: string } }>(
    call('POST', `/projects/${id}/pipeline/entries`, {
      token: users.verified.token,
      body: { contact: { ...privateSecrets, firm: `Own Firm ${u}` } },
    }),
  );
  return { projectId: id, entryId: added.entry.id };
};

/**
 * The viewer of a deck link of 'verified' (issue 53): who they are and what they read is the link's
 * founder's to see, and nobody else's: no other caller's answer, the admin's included, may carry it.
 */
const deckViewer = `deck.viewer.${u}@reads-decks.example`;

/** A deck link of 'verified' on a pipeline entry (a fresh project with its deck each call). */
const ownerDeckLink = async () => {
  const { projectId, entryId } = await ownerPipeline();
  await addDeck(users.verified, projectId);
  const link = await createLink(users.verified, projectId, entryId, { askEmail: true });
  return { projectId, entryId, link };
};

/** That link opened by the planted viewer, who read page 1: their email and time are now recorded. */
const viewedOwnerDeckLink = async () => {
  const owned = await ownerDeckLink();
  const opened = await openLink(owned.link, deckViewer);
  expect((await pageEvent(owned.link, opened.viewId, 1, 'shown')).status).toBe(200);
  expect((await pageEvent(owned.link, opened.viewId, 1, 'hidden')).status).toBe(200);
  return owned;
};

/** An investor update of 'verified' to the private contact (issue 53): its words carry no contact value. */
const updateBody = (entryId: string) => ({
  subject: `Matrix update ${u}`,
  includeMrr: true,
  includeCoverage: true,
  highlights: `Matrix highlights ${u}`,
  lowlights: '',
  asks: '',
  recipientEntryIds: [entryId],
});

/** A sent update of 'verified' (a fresh project each call), its web copy's token and its recipient's. */
const ownerUpdate = async () => {
  const { projectId, entryId } = await ownerPipeline();
  const { update } = await dataOf<{ update: { id: string; webToken: string } }>(
    call('POST', `/projects/${projectId}/updates`, {
      token: users.verified.token,
      body: updateBody(entryId),
    }),
  );
  const [recipient] = await listRecipients(projectId, update.id);
  return {
    projectId,
    updateId: update.id,
    webToken: update.webToken,
    recipientToken: recipient?.token ?? '',
  };
};

/**
 * A connection 'verified' uploaded (issue 52): a colleague of the matrix investor at their firm. Its
 * values must reach nobody else, and no admin route.
 */
const connectionSecrets = {
  name: `Secret Colleague ${u}`,
  email: `secret.colleague.${u}@founders-friends.example`,
  linkedinUrl: `https://www.linkedin.com/in/secret-colleague-${u}`,
  position: `Principal ${u}`,
};
/** Plants 'verified''s connections again (a fresh list: the matrix deletes and replaces them). */
const ownerConnections = async (): Promise<void> => {
  await dataOf(
    call('POST', '/me/connections', {
      token: users.verified.token,
      body: {
        replace: true,
        fileName: 'Connections.csv',
        rows: [{ row: 1, ...connectionSecrets, company: `Matrix Capital ${u}` }],
      },
    }),
  );
};

/** A project of 'verified' connected to the stand-in's demo account. */
const connectedOwnerProject = async (): Promise<string> => {
  const { id } = await ownerProject();
  await connectProject(users.verified.token, id);
  return id;
};

const newImportJob = async (upload: boolean): Promise<string> => {
  const { job, uploadUrl } = await dataOf<{ job: { id: string }; uploadUrl: string }>(
    call('POST', '/admin/imports', {
      token: users.admin.token,
      body: {
        fileName: 'm.csv',
        fileSize: Buffer.byteLength(`Investor Name\nM ${u}\n`),
        sourceName: 'Matrix',
        sourceUrl: 'https://example.com',
        headers: [{ header: 'Investor Name', include: true }],
      },
    }),
  );
  if (upload)
    await fetch(uploadUrl, {
      method: 'PUT',
      headers: { 'content-type': 'text/csv' },
      body: `Investor Name\nM ${u}\n`,
    });
  return job.id;
};

/** A job cancelled before its file was read: its (zero) written rows wait for a choice. */
const cancelledImportJob = async (): Promise<string> => {
  const id = await newImportJob(false);
  await dataOf(call('POST', `/admin/imports/${id}/cancel`, { token: users.admin.token }));
  return id;
};

/**
 * Makes room under the per-founder podcast limit: the matrix lists many podcasts as the same users.
 * Their earlier test podcasts are deleted through the repository.
 */
const makeRoomForPodcasts = async (...who: TestUser[]) => {
  for (const user of who)
    for (const id of await listPodcastIdsListedBy(user.sub)) await deletePodcastOfLister(id, user.sub);
};

/** A podcast listed by 'verified' (written directly: the matrix is about the route under test). */
const verifiedPodcast = async (title: string): Promise<string> => {
  await makeRoomForPodcasts(users.verified);
  const podcast = await createPodcast({
    id: newPodcastId(),
    title,
    url: 'https://example.com/cast',
    description: null,
    imageUrl: null,
    participants: [],
    createdAt: new Date().toISOString(),
    listedBy: users.verified.sub,
    voteCount: 0,
    hiddenAt: null,
  });
  return podcast.id;
};

/** Makes room under the limit of saved searches (the matrix saves many as the same users). */
const makeRoomForSavedSearches = async (...who: TestUser[]) => {
  for (const user of who)
    for (const saved of await listSavedSearches(user.sub)) await deleteSavedSearch(user.sub, saved.id);
};

/** A saved search of 'verified' (its shortlist of a project of theirs, narrowed to the planted investor). */
const ownerSavedSearch = async (): Promise<string> => {
  await makeRoomForSavedSearches(users.verified);
  const { id: projectId } = await ownerProject();
  const saved = await dataOf<{ id: string }>(
    call('POST', '/me/saved-searches', {
      token: users.verified.token,
      body: { name: 'Matrix shortlist', projectId, filters: { stageFocus: stage } },
    }),
  );
  return saved.id;
};

/** Makes sure both founders keep founder records (a project each), which no investor account may have. */
let foundersHaveRecords = false;
const foundersWithRecords = async () => {
  if (foundersHaveRecords) return;
  for (const founder of [users.verified, users.other])
    await dataOf(
      call('POST', '/projects', { token: founder.token, body: { name: 'Kept', description: 'D' } }),
    );
  foundersHaveRecords = true;
};

/** A profile complete enough to submit (what the investor persona saves before each submit). */
const completeProfile = {
  name: `Matrix Investor ${u}`,
  investorType: 'angel',
  stages: ['seed'],
  sectors: ['fintech'],
};

/** A fresh investor's complete profile, submitted: what an admin decides (a new one each call). */
const freshSubmission = async (): Promise<{ userId: string; updatedAt: string }> => {
  const investor = await createInvestor(`matrix-${u}`);
  await dataOf(call('PATCH', '/investor/profile', { token: investor.token, body: completeProfile }));
  const submitted = await dataOf<{ profile: { updatedAt: string } }>(
    call('POST', '/investor/profile/submit', { token: investor.token }),
  );
  return { userId: investor.sub, updatedAt: submitted.profile.updatedAt };
};

/** Lists the investor persona's profile once (an admin approves it): confirming and withdrawing need a listing. */
let investorListed = false;
const listInvestorPersona = async () => {
  if (investorListed) return;
  await dataOf(call('PATCH', '/investor/profile', { token: users.investor.token, body: completeProfile }));
  const submitted = await dataOf<{ profile: { updatedAt: string } }>(
    call('POST', '/investor/profile/submit', { token: users.investor.token }),
  );
  await dataOf(
    call('POST', `/admin/investor-submissions/${users.investor.sub}/approve`, {
      token: users.admin.token,
      body: { updatedAt: submitted.profile.updatedAt },
    }),
  );
  investorListed = true;
};

/** An open report of the matrix investor, written directly (the guard is per reporter: a fresh one each). */
const openReport = async (reporterUserId: string, note: string, ofInvestor = investorId): Promise<string> => {
  const report = await createReport({
    id: newReportId(),
    investorId: ofInvestor,
    investorName: `Secret Person ${u}`,
    reporterUserId,
    reporterEmail: `reporter-${unique()}@example.com`,
    reason: 'email_bounced',
    field: 'email',
    note,
    status: 'open',
    createdAt: new Date().toISOString(),
    purchasedAt: null,
    purchasedFields: [],
    resolution: null,
    claim: null,
    reportedValue: null,
  });
  return report.id;
};
/** What a report by 'verified' says: no other caller may ever read it. */
const reportNote = `secret report note ${u}`;

/**
 * Fresh imported investors carrying the planted contact markers (each one's email contains the
 * planted one), for "This is me" (issue 30): a request sends a code to its email and counts against
 * its own limit, so each call gets one of its own. Imported together, once, at the first use.
 */
const PLANTED_ENTRIES = 2 * 6;
let plantedPool: string[] | null = null;
const freshPlantedEntry = async (): Promise<string> => {
  if (!plantedPool) {
    const emails = Array.from({ length: PLANTED_ENTRIES }, (_, i) => `${i}.${secrets.email}`);
    await seedInvestors(
      emails.map((email, i) => ({
        name: `Remedy Person ${u} ${i}`,
        ...secrets,
        email,
        stages: [`remedy-${stage}`],
      })),
    );
    plantedPool = await Promise.all(emails.map(idOfEmail));
  }
  const next = plantedPool.shift();
  if (!next) throw new Error('the planted entries ran out: raise PLANTED_ENTRIES');
  return next;
};

/** A request of "This is me" to correct the matrix investor, whose code is known (written directly). */
const MATRIX_CODE = '424242';
const knownCodeRequest = async (): Promise<string> => {
  const id = randomUUID();
  const salt = randomUUID();
  const now = new Date();
  await putDataRequest({
    id,
    investorId,
    investorName: `Secret Person ${u}`,
    action: 'correct',
    details: 'matrix correction',
    codeHash: await hashCode(MATRIX_CODE, salt),
    codeSalt: salt,
    codeExpiresAt: new Date(now.getTime() + 30 * 60_000).toISOString(),
    linkHash: null,
    linkExpiresAt: null,
    attempts: 0,
    status: 'pending',
    createdAt: now.toISOString(),
    usedAt: null,
  });
  return id;
};

/** A correction request open for an admin (written directly: the matrix is about the route). */
const openCorrection = async (): Promise<string> => {
  const id = randomUUID();
  await putCorrectionRequest({
    id,
    investorId,
    investorName: `Secret Person ${u}`,
    details: 'matrix correction',
    createdAt: new Date().toISOString(),
    status: 'open',
    closedAt: null,
    closedBy: null,
    note: null,
  });
  return id;
};

/** A fresh entry withdrawn through "This is me" (the remedy's own function), for an admin to restore. */
const withdrawnEntry = async (): Promise<string> => {
  const id = await freshPlantedEntry();
  await withdrawEntry(id, { by: 'request:matrix', via: 'remedy', requestId: null }, null, new Date());
  return id;
};

const cases: Record<string, Case> = {
  'GET /directory/metadata': { prepare: async () => ({ path: '/directory/metadata' }) },
  'GET /directory/role-counts': { prepare: async () => ({ path: '/directory/role-counts' }) },
  'GET /directory/facets': {
    prepare: async () => ({ path: `/directory/facets?stageFocus=${stage}&country=portugal` }),
  },
  'GET /taxonomy': { prepare: async () => ({ path: '/taxonomy' }) },
  'GET /directory/suggestions': {
    prepare: async () => ({ path: `/directory/suggestions?q=${encodeURIComponent(`secret person ${u}`)}` }),
  },
  'GET /investors': { prepare: async () => ({ path: `/investors?stageFocus=${stage}` }) },
  'GET /investors/{investorId}': { prepare: async () => ({ path: `/investors/${investorId}` }) },
  'GET /portals/{portalId}': { prepare: async () => ({ path: `/portals/matrix-${u}` }) },
  'POST /carts': {
    prepare: async () => ({
      path: '/carts',
      body: { investorIds: [investorId], columnOrder: ['rowIndex', 'name'] },
    }),
    ok: 201,
  },
  'POST /carts/preview': {
    prepare: async () => ({
      path: '/carts/preview',
      body: { investorIds: [investorId], columnOrder: ['name', 'email', 'phone', 'lastConfirmed'] },
    }),
  },
  'GET /carts/{cartId}': { prepare: ownerCart, expect: { other: 404, admin: 200 } },
  'POST /carts/{cartId}/checkout': {
    prepare: async () => ({ path: `${(await ownerCart()).path}/checkout` }),
    // Only the creator pays for a cart; an admin reads it but cannot open its payment page.
    expect: { other: 404, admin: 404 },
  },
  // The working cart (issue 32): no route names a user, so each caller reaches only their own.
  'GET /me/cart': { prepare: async () => ({ path: '/me/cart' }) },
  'PUT /me/cart': {
    // Each persona's first write of its own cart (version 0): another founder's lands in their own.
    prepare: async () => ({
      path: '/me/cart',
      body: { expectedVersion: 0, investorIds: [investorId], columnOrder: ['name', 'email'], cartId: null },
    }),
  },
  'POST /me/cart/merge': {
    prepare: async () => ({ path: '/me/cart/merge', body: { investorIds: [investorId] } }),
  },
  'GET /projects': { prepare: async () => ({ path: '/projects' }) },
  'POST /projects': {
    prepare: async () => ({ path: '/projects', body: { name: 'P', description: 'D' } }),
    ok: 201,
  },
  'GET /projects/{projectId}': {
    prepare: async () => ({ path: `/projects/${(await ownerProject()).id}` }),
    expect: { other: 404, admin: 404 },
  },
  'PATCH /projects/{projectId}': {
    prepare: async () => ({ path: `/projects/${(await ownerProject()).id}`, body: { sectors: ['saas'] } }),
    expect: { other: 404, admin: 404 },
  },
  'DELETE /projects/{projectId}': {
    prepare: async () => ({ path: `/projects/${(await ownerProject()).id}` }),
    expect: { other: 404, admin: 404 },
  },
  'POST /projects/{projectId}/stripe/connect-state': {
    prepare: async () => ({ path: `/projects/${(await ownerProject()).id}/stripe/connect-state` }),
    expect: { other: 404, admin: 404 },
  },
  'POST /projects/{projectId}/stripe/connect': {
    prepare: async () => {
      const { id } = await ownerProject();
      const state = await connectState(users.verified.token, id);
      return { path: `/projects/${id}/stripe/connect`, body: { ...(await authorizationCode(state)), state } };
    },
    expect: { other: 404, admin: 404 },
  },
  'DELETE /projects/{projectId}/stripe/connection': {
    prepare: async () => ({ path: `/projects/${await connectedOwnerProject()}/stripe/connection` }),
    expect: { other: 404, admin: 404 },
  },
  'POST /projects/{projectId}/stripe/transactions/sync': {
    prepare: async () => ({ path: `/projects/${await connectedOwnerProject()}/stripe/transactions/sync` }),
    expect: { other: 404, admin: 404 },
  },
  'GET /projects/{projectId}/insights/mrr': {
    prepare: async () => ({ path: `/projects/${await connectedOwnerProject()}/insights/mrr` }),
    expect: { other: 404, admin: 404 },
  },
  // The pipeline (issue 36): its project's creator only; anyone else's call answers as a missing project.
  'GET /projects/{projectId}/pipeline': {
    prepare: async () => ({ path: `/projects/${(await ownerPipeline()).projectId}/pipeline` }),
    expect: { other: 404, admin: 404 },
  },
  'POST /projects/{projectId}/pipeline/entries': {
    prepare: async () => ({
      path: `/projects/${(await ownerProject()).id}/pipeline/entries`,
      body: { investorId },
    }),
    ok: 201,
    expect: { other: 404, admin: 404 },
  },
  'GET /projects/{projectId}/pipeline/entries/{entryId}': {
    prepare: async () => {
      const { projectId, entryId } = await ownerPipeline();
      return { path: `/projects/${projectId}/pipeline/entries/${entryId}` };
    },
    expect: { other: 404, admin: 404 },
  },
  'PATCH /projects/{projectId}/pipeline/entries/{entryId}': {
    prepare: async () => {
      const { projectId, entryId } = await ownerPipeline();
      return {
        path: `/projects/${projectId}/pipeline/entries/${entryId}`,
        body: { version: 1, stage: 'meeting', notes: 'Matrix' },
      };
    },
    expect: { other: 404, admin: 404 },
  },
  'DELETE /projects/{projectId}/pipeline/entries/{entryId}': {
    prepare: async () => {
      const { projectId, entryId } = await ownerPipeline();
      return { path: `/projects/${projectId}/pipeline/entries/${entryId}` };
    },
    expect: { other: 404, admin: 404 },
  },
  'GET /projects/{projectId}/pipeline/export': {
    prepare: async () => ({
      path: `/projects/${(await ownerPipeline()).projectId}/pipeline/export?format=hubspot`,
    }),
    expect: { other: 404, admin: 404 },
  },
  'POST /projects/{projectId}/pipeline/import/matches': {
    prepare: async () => ({
      path: `/projects/${(await ownerPipeline()).projectId}/pipeline/import/matches`,
      // The directory investor by email, and the founder's private contact's own row.
      body: {
        rows: [
          { row: 2, name: 'M', email: secrets.email },
          { row: 3, ...privateRow },
        ],
      },
    }),
    expect: { other: 404, admin: 404 },
  },
  'POST /projects/{projectId}/pipeline/import': {
    prepare: async () => ({
      path: `/projects/${(await ownerProject()).id}/pipeline/import`,
      body: { rows: [{ row: 2, ...privateRow }], accepted: [] },
    }),
    expect: { other: 404, admin: 404 },
  },
  // Deck links (issue 53): the project's creator only; anyone else's call answers as a missing project.
  'GET /projects/{projectId}/decks': {
    prepare: async () => {
      const { id } = await ownerProject();
      await addDeck(users.verified, id);
      return { path: `/projects/${id}/decks` };
    },
    expect: { other: 404, admin: 404 },
  },
  'POST /projects/{projectId}/decks/uploads': {
    prepare: async () => ({
      path: `/projects/${(await ownerProject()).id}/decks/uploads`,
      body: { fileName: 'deck.pdf', fileSize: 1000 },
    }),
    ok: 201,
    expect: { other: 404, admin: 404 },
  },
  'POST /projects/{projectId}/decks': {
    prepare: async () => {
      const { id } = await ownerProject();
      const uploadId = await uploadFile(users.verified, id, await deckPdf());
      return { path: `/projects/${id}/decks`, body: { uploadId, fileName: 'deck.pdf' } };
    },
    ok: 201,
    expect: { other: 404, admin: 404 },
  },
  'GET /projects/{projectId}/pipeline/entries/{entryId}/deck-links': {
    prepare: async () => {
      const { projectId, entryId } = await viewedOwnerDeckLink();
      return { path: `/projects/${projectId}/pipeline/entries/${entryId}/deck-links` };
    },
    expect: { other: 404, admin: 404 },
  },
  'POST /projects/{projectId}/pipeline/entries/{entryId}/deck-links': {
    prepare: async () => {
      const { projectId, entryId } = await ownerPipeline();
      await addDeck(users.verified, projectId);
      return {
        path: `/projects/${projectId}/pipeline/entries/${entryId}/deck-links`,
        body: { askEmail: false, allowDownload: false, expiresOn: null, version: null },
      };
    },
    ok: 201,
    expect: { other: 404, admin: 404 },
  },
  'POST /projects/{projectId}/pipeline/entries/{entryId}/deck-links/{linkId}/revoke': {
    prepare: async () => {
      const { projectId, entryId, link } = await viewedOwnerDeckLink();
      return { path: `/projects/${projectId}/pipeline/entries/${entryId}/deck-links/${link.id}/revoke` };
    },
    expect: { other: 404, admin: 404 },
  },
  // The viewer's side: public, the link's token is the key; nothing of the founder or other viewers.
  'GET /deck-links/{token}': {
    prepare: async () => ({ path: `/deck-links/${tokenOf((await viewedOwnerDeckLink()).link)}` }),
  },
  'POST /deck-links/{token}/views': {
    prepare: async () => ({
      path: `/deck-links/${tokenOf((await viewedOwnerDeckLink()).link)}/views`,
      body: { email: `matrix.reader.${u}@example.com` },
    }),
    ok: 201,
  },
  'POST /deck-links/{token}/views/{viewId}/events': {
    prepare: async () => {
      const { link } = await viewedOwnerDeckLink();
      const opened = await openLink(link, `matrix.reader.${u}@example.com`);
      return {
        path: `/deck-links/${tokenOf(link)}/views/${opened.viewId}/events`,
        body: { page: 2, kind: 'shown' },
      };
    },
  },
  // Investor updates (issue 53): the composer, sending and figures, the project's creator only; the
  // web copy and a recipient's unsubscribe are public, each by its random token.
  'GET /projects/{projectId}/updates': {
    prepare: async () => ({ path: `/projects/${(await ownerUpdate()).projectId}/updates` }),
    expect: { other: 404, admin: 404 },
  },
  'GET /projects/{projectId}/updates/draft': {
    prepare: async () => ({ path: `/projects/${(await ownerPipeline()).projectId}/updates/draft` }),
    expect: { other: 404, admin: 404 },
  },
  'POST /projects/{projectId}/updates': {
    prepare: async () => {
      const { projectId, entryId } = await ownerPipeline();
      return { path: `/projects/${projectId}/updates`, body: updateBody(entryId) };
    },
    ok: 201,
    expect: { other: 404, admin: 404 },
  },
  'GET /projects/{projectId}/updates/{updateId}': {
    prepare: async () => {
      const { projectId, updateId } = await ownerUpdate();
      return { path: `/projects/${projectId}/updates/${updateId}` };
    },
    expect: { other: 404, admin: 404 },
  },
  'GET /update-copies/{token}': {
    prepare: async () => ({ path: `/update-copies/${(await ownerUpdate()).webToken}` }),
  },
  'GET /update-unsubscribe': {
    prepare: async () => ({ path: `/update-unsubscribe?token=${(await ownerUpdate()).recipientToken}` }),
  },
  'POST /update-unsubscribe': {
    prepare: async () => ({ path: `/update-unsubscribe?token=${(await ownerUpdate()).recipientToken}` }),
  },
  // Shortlists (issue 35): a project's shortlist and its passes, only its creator's; saved searches
  // and the alert's switch, each caller's own (another founder's saved search answers 404).
  'GET /projects/{projectId}/investors': {
    prepare: async () => {
      await ownerConnections();
      return { path: `/projects/${(await ownerProject()).id}/investors?stageFocus=${stage}` };
    },
    expect: { other: 404, admin: 404 },
  },
  // A founder's connections (issue 52): each caller's own; 'verified' keeps the secret colleague.
  'GET /me/connections': {
    prepare: async () => {
      await ownerConnections();
      return { path: '/me/connections' };
    },
  },
  'POST /me/connections': {
    prepare: async () => {
      await ownerConnections();
      return {
        path: '/me/connections',
        body: { replace: false, rows: [{ row: 1, name: 'Matrix Connection', company: 'Elsewhere' }] },
      };
    },
  },
  'DELETE /me/connections': {
    prepare: async () => {
      await ownerConnections();
      return { path: '/me/connections' };
    },
  },
  'POST /me/connections/paths': {
    prepare: async () => {
      await ownerConnections();
      return { path: '/me/connections/paths', body: { investorIds: [investorId] } };
    },
  },
  'PUT /projects/{projectId}/passes/{investorId}': {
    prepare: async () => ({ path: `/projects/${(await ownerProject()).id}/passes/${investorId}` }),
    expect: { other: 404, admin: 404 },
  },
  'DELETE /projects/{projectId}/passes/{investorId}': {
    prepare: async () => ({ path: `/projects/${(await ownerProject()).id}/passes/${investorId}` }),
    expect: { other: 404, admin: 404 },
  },
  'GET /me/saved-searches': { prepare: async () => ({ path: '/me/saved-searches' }) },
  'POST /me/saved-searches': {
    prepare: async () => {
      await makeRoomForSavedSearches(users.verified, users.other, users.admin);
      return { path: '/me/saved-searches', body: { name: 'Matrix', filters: { stageFocus: stage } } };
    },
    ok: 201,
  },
  'PATCH /me/saved-searches/{savedSearchId}': {
    prepare: async () => ({
      path: `/me/saved-searches/${await ownerSavedSearch()}`,
      body: { name: 'Renamed' },
    }),
    expect: { other: 404, admin: 404 },
  },
  'DELETE /me/saved-searches/{savedSearchId}': {
    prepare: async () => ({ path: `/me/saved-searches/${await ownerSavedSearch()}` }),
    expect: { other: 404, admin: 404 },
  },
  'GET /me/saved-searches/{savedSearchId}/investors': {
    prepare: async () => ({ path: `/me/saved-searches/${await ownerSavedSearch()}/investors` }),
    expect: { other: 404, admin: 404 },
  },
  'PUT /me/search-alerts': { prepare: async () => ({ path: '/me/search-alerts', body: { on: true } }) },
  'GET /podcasts': { prepare: async () => ({ path: '/podcasts' }) },
  'GET /podcasts/my-votes': { prepare: async () => ({ path: '/podcasts/my-votes' }) },
  'POST /podcasts': {
    prepare: async () => {
      await makeRoomForPodcasts(users.verified, users.other, users.admin);
      return { path: '/podcasts', body: { title: 'Matrix Cast', url: 'https://example.com/cast' } };
    },
    ok: 201,
  },
  'GET /podcasts/mine': { prepare: async () => ({ path: '/podcasts/mine' }) },
  'PATCH /podcasts/{podcastId}': {
    prepare: async () => {
      const podcast = { id: await verifiedPodcast('Edit Me') };
      return { path: `/podcasts/${podcast.id}`, body: { title: 'Edited', url: 'https://example.com/e2' } };
    },
    expect: { other: 404, admin: 404 },
  },
  'DELETE /podcasts/{podcastId}': {
    prepare: async () => {
      const podcast = { id: await verifiedPodcast('Delete Me') };
      return { path: `/podcasts/${podcast.id}` };
    },
    expect: { other: 404, admin: 404 },
  },
  'POST /podcasts/{podcastId}/vote': {
    prepare: async () => {
      const podcast = { id: await verifiedPodcast('Vote Cast') };
      return { path: `/podcasts/${podcast.id}/vote` };
    },
    // Anyone signed in may vote on any podcast: not an owned record.
    expect: { other: 200 },
  },
  'POST /investors/{investorId}/reports': {
    prepare: async () => ({
      path: `/investors/${investorId}/reports`,
      body: { reason: 'other', note: 'matrix' },
    }),
    // Any verified founder may report any investor (once while open): not an owned record.
    expect: { other: 201 },
    ok: 201,
  },
  'GET /admin/reports': { prepare: async () => ({ path: '/admin/reports' }) },
  'POST /admin/reports/{reportId}/resolve': {
    prepare: async () => ({
      path: `/admin/reports/${await openReport(`matrix-${unique()}`, 'matrix')}/resolve`,
      body: { action: 'dismiss' },
    }),
    // Another founder is no admin: refused by the auth level, whatever the record.
    expect: { other: 403 },
  },
  'GET /me': { prepare: async () => ({ path: '/me' }) },
  'GET /me/contacts': { prepare: async () => ({ path: '/me/contacts' }) },
  'GET /me/contacts/{investorId}': {
    prepare: async () => {
      await deliveredOwnerCart(); // name and email bought
      return { path: `/me/contacts/${investorId}` };
    },
    // Only the buyer: another founder, the admin included, has not bought it (a missing one).
    expect: { other: 404, admin: 404 },
    carriesBoughtValues: true,
  },
  // The caller's own ids only (ids are public; no value is named).
  'GET /me/bought-investors': { prepare: async () => ({ path: '/me/bought-investors' }) },
  // An old id (issue 48) that 'verified' held: only they are sent to the new id.
  'GET /me/moved-investors/{investorId}': {
    prepare: async () => {
      const oldId = legacySearchableIdOfKey(`email#held-${u}@example.com`);
      await recordHeldOldId({
        userId: users.verified.sub,
        oldId,
        newId: investorId,
        at: new Date().toISOString(),
      });
      return { path: `/me/moved-investors/${oldId}` };
    },
    // Another founder, the admin included, did not hold it: an ordinary 404.
    expect: { other: 404, admin: 404 },
  },
  // A link to the caller's own file (its contents: test/integration/contact-library.test.ts).
  'GET /me/crm-export': { prepare: async () => ({ path: '/me/crm-export?format=salesforce' }) },
  'GET /me/credits': { prepare: async () => ({ path: '/me/credits' }) },
  'POST /me/credits/redemptions': {
    prepare: async () => ({ path: '/me/credits/redemptions', body: { investorId } }),
    // Reached by every founder and the admin, who hold no credit here: refused, nothing spent
    // (test/integration/credits.test.ts redeems).
    expect: { verified: 409, other: 409, admin: 409 },
  },
  'GET /me/purchases/{cartId}/csv': {
    prepare: async () => ({ path: `/me/purchases/${await deliveredOwnerCart()}/csv` }),
    expect: { other: 404, admin: 404 },
  },
  'GET /me/purchases/{cartId}/refreshed-csv': {
    prepare: async () => ({ path: `/me/purchases/${await deliveredOwnerCart()}/refreshed-csv` }),
    // Only the buyer: another founder and an admin get the purchase as a missing one.
    expect: { other: 404, admin: 404 },
    carriesBoughtValues: true,
  },
  // The caller's own setting: no record of anyone else is named.
  'PUT /me/update-emails': { prepare: async () => ({ path: '/me/update-emails', body: { enabled: true } }) },
  'PUT /me/pipeline-reminders': {
    prepare: async () => ({ path: '/me/pipeline-reminders', body: { enabled: true } }),
  },
  // Issue 52: the caller's own switch (sharing their pipeline's dates in investors' response times).
  'PUT /me/response-times': {
    prepare: async () => ({ path: '/me/response-times', body: { enabled: false } }),
  },
  'GET /admin/imported-investors': {
    prepare: async () => ({ path: `/admin/imported-investors?email=${encodeURIComponent(secrets.email)}` }),
  },
  'GET /admin/imported-investors/{importedInvestorId}': {
    prepare: async () => {
      const found = await dataOf<{ importedInvestor: { id: string } }>(
        call('GET', `/admin/imported-investors?email=${encodeURIComponent(secrets.email)}`, {
          token: users.admin.token,
        }),
      );
      return { path: `/admin/imported-investors/${found.importedInvestor.id}` };
    },
    // Another founder is no admin: refused by the auth level, whatever the record.
    expect: { other: 403 },
  },
  'GET /admin/searchable-investors/{investorId}': {
    prepare: async () => ({ path: `/admin/searchable-investors/${investorId}` }),
    // Another founder is no admin: refused by the auth level, whatever the record.
    expect: { other: 403 },
  },
  'PUT /admin/investors/{investorId}/profile': {
    // The admin confirms the planted thesis: the same value, recorded as the admin's.
    prepare: async () => ({
      path: `/admin/investors/${investorId}/profile`,
      body: { thesis: publicFacts.thesis },
    }),
    expect: { other: 403 },
  },
  'PUT /admin/investors/{investorId}/contacts': {
    // The admin confirms the planted email: nothing about the investor changes but its confirmation.
    prepare: async () => ({
      path: `/admin/investors/${investorId}/contacts`,
      body: { email: secrets.email },
    }),
    // Another founder is no admin: refused by the auth level, whatever the record.
    expect: { other: 403 },
  },
  'POST /admin/field-merger': {
    prepare: async () => ({
      path: '/admin/field-merger',
      body: { action: 'merge', field: 'stageFocus', selectedValues: [stage], finalValue: stage },
    }),
    ok: 202,
  },
  'GET /admin/field-merger/jobs/{jobId}': {
    prepare: async () => {
      const started = await dataOf<{ job: { id: string } }>(
        call('POST', '/admin/field-merger', {
          token: users.admin.token,
          body: { action: 'merge', field: 'stageFocus', selectedValues: [stage], finalValue: stage },
        }),
      );
      return { path: `/admin/field-merger/jobs/${started.job.id}` };
    },
    // Another founder is no admin: refused by the auth level, whatever the record.
    expect: { other: 403 },
  },
  'GET /admin/debug-field': {
    prepare: async () => ({ path: `/admin/debug-field?targetField=stageFocus&value=${stage}` }),
  },
  'POST /admin/functions/{functionName}': {
    prepare: async () => {
      // The runs other rows started (a field merger, an import's publish) hold the one run lock.
      await settleWorkflows();
      return { path: '/admin/functions/aggregate' };
    },
    // Another founder is no admin: refused by the auth level, whatever the record.
    expect: { other: 403 },
  },
  'GET /admin/carts': { prepare: async () => ({ path: '/admin/carts' }) },
  'GET /admin/unmatched-payments': {
    prepare: async () => {
      // A payment no cart takes, kept for admins with the payer's email: never shown to anyone else.
      await postEvent(checkoutEvent(null, 500));
      return { path: '/admin/unmatched-payments?limit=5' };
    },
  },
  'POST /admin/carts/{cartId}/redeliver': {
    prepare: async () => ({ path: `/admin/carts/${await deliveredOwnerCart()}/redeliver` }),
    // Another founder is no admin: refused by the auth level, whatever the record.
    expect: { other: 403 },
  },
  'POST /admin/imports': {
    prepare: async () => ({
      path: '/admin/imports',
      body: {
        fileName: 'x.csv',
        fileSize: 10,
        sourceName: 'S',
        sourceUrl: 'https://example.com',
        headers: [{ header: 'Name', include: true }],
      },
    }),
    ok: 201,
  },
  'GET /admin/imports/{jobId}': {
    prepare: async () => ({ path: `/admin/imports/${await newImportJob(false)}` }),
    // Another founder is no admin: refused by the auth level, whatever the record.
    expect: { other: 403 },
  },
  'POST /admin/imports/{jobId}/start': {
    prepare: async () => ({ path: `/admin/imports/${await newImportJob(true)}/start` }),
    // Another founder is no admin: refused by the auth level, whatever the record.
    expect: { other: 403 },
  },
  'POST /investor/join': {
    prepare: async () => {
      await foundersWithRecords();
      return { path: '/investor/join', body: { portalId: `matrix-${u}` } };
    },
    // Founders with records cannot become investors; admins never; the investor joined already (same answer).
    expect: { verified: 409, other: 409, admin: 403 },
  },
  'GET /investor/profile': { prepare: async () => ({ path: '/investor/profile' }) },
  'PATCH /investor/profile': {
    prepare: async () => ({ path: '/investor/profile', body: { thesis: `Matrix thesis ${u}` } }),
  },
  'POST /investor/profile/submit': {
    // Saving takes a submitted profile back to a draft: each caller meets a complete draft.
    prepare: async () => {
      await dataOf(
        call('PATCH', '/investor/profile', { token: users.investor.token, body: completeProfile }),
      );
      return { path: '/investor/profile/submit' };
    },
  },
  'POST /investor/profile/confirm': {
    prepare: async () => {
      await listInvestorPersona();
      return { path: '/investor/profile/confirm' };
    },
  },
  'POST /investor/profile/withdraw': {
    // The phone (never offered): withdrawing it again and again changes nothing founders see.
    prepare: async () => {
      await listInvestorPersona();
      return { path: '/investor/profile/withdraw', body: { what: 'contacts', kinds: ['phone'] } };
    },
  },
  'GET /admin/investor-submissions': { prepare: async () => ({ path: '/admin/investor-submissions' }) },
  // "This is me" (issue 30): anyone may ask (a code goes to the email held, never in the answer)...
  'POST /investors/{investorId}/data-requests': {
    prepare: async () => ({
      path: `/investors/${await freshPlantedEntry()}/data-requests`,
      body: { action: 'hide' },
    }),
    ok: 201,
  },
  // ...and whoever holds the code carries the request out.
  'POST /data-requests/{requestId}/confirm': {
    prepare: async () => ({
      path: `/data-requests/${await knownCodeRequest()}/confirm`,
      body: { code: MATRIX_CODE },
    }),
  },
  // One-click unsubscribe (issue 48, RFC 8058): whoever holds the emailed link's token, signed in or
  // not, sees what it turns off (GET) and turns it off (POST); the token is the only key.
  'GET /unsubscribe': { prepare: async () => ({ path: `/unsubscribe?token=${await unsubscribeLink()}` }) },
  'POST /unsubscribe': { prepare: async () => ({ path: `/unsubscribe?token=${await unsubscribeLink()}` }) },
  'GET /admin/withdrawals': { prepare: async () => ({ path: '/admin/withdrawals' }) },
  'POST /admin/withdrawals/{investorId}/restore': {
    prepare: async () => ({
      path: `/admin/withdrawals/${await withdrawnEntry()}/restore`,
      body: { reason: 'Matrix restore' },
    }),
    // Another founder (or an investor) is no admin: refused by the auth level, whatever the record.
    expect: { other: 403 },
  },
  'GET /admin/correction-requests': { prepare: async () => ({ path: '/admin/correction-requests' }) },
  'POST /admin/correction-requests/{requestId}/close': {
    prepare: async () => ({
      path: `/admin/correction-requests/${await openCorrection()}/close`,
      body: { note: 'Matrix close' },
    }),
    // Another founder (or an investor) is no admin: refused by the auth level, whatever the record.
    expect: { other: 403 },
  },
  'POST /admin/investor-submissions/{userId}/approve': {
    prepare: async () => {
      const { userId, updatedAt } = await freshSubmission();
      return { path: `/admin/investor-submissions/${userId}/approve`, body: { updatedAt } };
    },
    // Another founder (or an investor) is no admin: refused by the auth level, whatever the record.
    expect: { other: 403 },
  },
  'POST /admin/investor-submissions/{userId}/reject': {
    prepare: async () => {
      const { userId, updatedAt } = await freshSubmission();
      return {
        path: `/admin/investor-submissions/${userId}/reject`,
        body: { updatedAt, reason: 'Matrix reason' },
      };
    },
    // Another founder (or an investor) is no admin: refused by the auth level, whatever the record.
    expect: { other: 403 },
  },
  // Stripe's webhook takes no token: its guard is the signature, so every caller without one gets 400.
  'POST /stripe/webhook': {
    prepare: async () => ({
      path: '/stripe/webhook',
      body: { id: 'evt_unsigned', type: 'checkout.session.completed' },
    }),
    ok: 400,
  },
  'POST /admin/imports/{jobId}/cancel': {
    prepare: async () => ({ path: `/admin/imports/${await newImportJob(false)}/cancel` }),
    // Another founder is no admin: refused by the auth level, whatever the record.
    expect: { other: 403 },
  },
  'GET /admin/imports': { prepare: async () => ({ path: '/admin/imports' }) },
  'GET /admin/curation-rules': { prepare: async () => ({ path: '/admin/curation-rules' }) },
  'GET /admin/taxonomy/unmapped': { prepare: async () => ({ path: '/admin/taxonomy/unmapped?kind=sector' }) },
  'POST /admin/taxonomy/synonyms': {
    prepare: async () => ({
      path: '/admin/taxonomy/synonyms',
      body: { kind: 'sector', spelling: `matrix-synonym-${u}`, entry: 'Fintech' },
    }),
    ok: 202,
  },
  'POST /admin/taxonomy/remap': {
    prepare: async () => ({ path: '/admin/taxonomy/remap', body: {} }),
    ok: 202,
  },
  'GET /admin/taxonomy/jobs/{jobId}': {
    prepare: async () => {
      const started = await dataOf<{ job: { id: string } }>(
        call('POST', '/admin/taxonomy/synonyms', {
          token: users.admin.token,
          body: { kind: 'sector', spelling: `matrix-job-${u}`, entry: 'Fintech' },
        }),
      );
      return { path: `/admin/taxonomy/jobs/${started.job.id}` };
    },
    // Another founder is no admin: refused by the auth level, whatever the record.
    expect: { other: 403 },
  },
  'DELETE /admin/curation-rules': {
    prepare: async () => ({ path: `/admin/curation-rules?field=sectorFocus&value=matrix-${u}` }),
  },
  'GET /admin/portals': { prepare: async () => ({ path: '/admin/portals' }) },
  'POST /admin/portals': {
    prepare: async () => ({
      path: '/admin/portals',
      body: {
        urlIdentifier: `p-${unique()
          .toLowerCase()
          .replace(/[^a-z0-9]/g, '')}`.slice(0, 40),
        name: 'Matrix',
        description: '',
        firmName: 'M',
        firmWebsite: '',
        font: 'system',
      },
    }),
    ok: 201,
  },
  'PATCH /admin/portals/{portalId}': {
    prepare: async () => ({
      path: `/admin/portals/matrix-${u}`,
      body: {
        name: 'Matrix Portal',
        description: 'For the matrix',
        firmName: 'M',
        firmWebsite: '',
        font: 'system',
      },
    }),
    // Another founder is no admin: refused by the auth level, whatever the record.
    expect: { other: 403 },
  },
  'GET /admin/podcasts/hidden': { prepare: async () => ({ path: '/admin/podcasts/hidden' }) },
  'POST /admin/podcasts/{podcastId}/hide': {
    prepare: async () => ({ path: `/admin/podcasts/${await verifiedPodcast('Hide Me')}/hide` }),
    // Another founder is no admin: refused by the auth level, whatever the record.
    expect: { other: 403 },
  },
  'POST /admin/podcasts/{podcastId}/show': {
    prepare: async () => ({ path: `/admin/podcasts/${await verifiedPodcast('Show Me')}/show` }),
    // Another founder is no admin: refused by the auth level, whatever the record.
    expect: { other: 403 },
  },
  'DELETE /admin/podcasts/{podcastId}': {
    prepare: async () => ({ path: `/admin/podcasts/${await verifiedPodcast('Remove Me')}` }),
    // Another founder is no admin: refused by the auth level, whatever the record.
    expect: { other: 403 },
  },
  'POST /admin/imports/{jobId}/publish': {
    prepare: async () => ({ path: `/admin/imports/${await cancelledImportJob()}/publish` }),
    // Another founder is no admin: refused by the auth level, whatever the record.
    expect: { other: 403 },
  },
  'POST /admin/imports/{jobId}/discard': {
    prepare: async () => ({ path: `/admin/imports/${await cancelledImportJob()}/discard` }),
    // Another founder is no admin: refused by the auth level, whatever the record.
    expect: { other: 403 },
  },
};

function expectedStatus(auth: AuthLevel, persona: Persona, testCase: Case): number {
  const ok = testCase.ok ?? 200;
  const override = testCase.expect?.[persona];
  if (persona === 'anonymous') return auth === 'public' ? ok : 401;
  if (persona === 'unverified') return auth === 'public' ? ok : 403;
  if (auth === 'admin' && persona !== 'admin') return override ?? 403;
  if (auth === 'investor' && persona !== 'investor') return override ?? 403;
  // A founder's routes refuse an investor account, whatever the record.
  if (auth === 'user' && persona === 'investor') return override ?? 403;
  return override ?? ok;
}

/** The public routes, written out: a route becoming public must be a decision made here too. */
const PUBLIC_ROUTES = [
  'GET /directory/metadata',
  'GET /directory/role-counts',
  'GET /directory/facets',
  'GET /directory/suggestions',
  'GET /taxonomy',
  'GET /investors',
  'GET /investors/{investorId}',
  'GET /portals/{portalId}',
  'GET /podcasts',
  'POST /stripe/webhook',
  'POST /investors/{investorId}/data-requests',
  'POST /data-requests/{requestId}/confirm',
  'GET /unsubscribe',
  'POST /unsubscribe',
  'GET /deck-links/{token}',
  'POST /deck-links/{token}/views',
  'POST /deck-links/{token}/views/{viewId}/events',
  'GET /update-copies/{token}',
  'GET /update-unsubscribe',
  'POST /update-unsubscribe',
];

const nonAdminResponses: string[] = [];
/** What every caller but 'verified' and the admin was answered. */
const othersResponses: string[] = [];
/** What every caller but 'verified' was answered, the admin included (private contacts, issue 36). */
const notOwnerResponses: string[] = [];

beforeAll(async () => {
  const [verified, other, admin, unverified] = await Promise.all([
    createUser(),
    createUser(),
    createUser({ admin: true }),
    createUser({ verified: false }),
  ]);
  await seedInvestors(
    [
      {
        name: `Secret Person ${u}`,
        ...secrets,
        ...publicFacts,
        leadOrFollow: 'Lead',
        typicalCheque: '$500k',
        investsIn: 'Portugal, Spain',
        stages: [stage],
        title: 'Managing Partner',
        firm: `Matrix Capital ${u}`,
        city: 'Lisbon',
        country: 'Portugal',
        minCheck: '250k',
        maxCheck: '1m',
      },
    ],
    { sourceName: secrets.sourceName, sourceUrl: secrets.sourceUrl },
  );
  const found = await dataOf<{ items: { id: string }[] }>(call('GET', `/investors?stageFocus=${stage}`));
  investorId = found.items[0]?.id ?? '';
  // Of another investor id: the POST case below reports the matrix investor as 'verified' too.
  await openReport(verified.sub, reportNote, `reported-${u}`);
  const now = new Date().toISOString();
  await putPortal({
    id: `portal-${u}`,
    name: 'Matrix Portal',
    description: 'For the matrix',
    urlIdentifier: `matrix-${u}`,
    createdAt: now,
    updatedAt: now,
    createdBy: 'test',
    firm: { name: 'M', website: 'https://m.example.com' },
    fontFamily: null,
  });
  users = { verified, other, admin, unverified, investor: await createInvestor(`matrix-${u}`) };
});

describe('authorisation matrix, generated from lambdas/routes.ts', () => {
  it('has a case for every route in routes.ts (a new route cannot be left out)', () => {
    expect(routes.map(routeKey).filter((key) => !cases[key])).toEqual([]);
  });

  it('says what another founder gets on every non-public route with a path parameter (ownership is never assumed)', () => {
    const withoutOther = routes
      .filter((r) => r.auth !== 'public' && r.path.includes('{'))
      .map(routeKey)
      .filter((key) => cases[key]?.expect?.other === undefined);
    expect(withoutOther).toEqual([]);
  });

  it('has exactly the public routes written out here', () => {
    expect(
      routes
        .filter((r) => r.auth === 'public')
        .map(routeKey)
        .sort(),
    ).toEqual([...PUBLIC_ROUTES].sort());
  });

  for (const definition of routes) {
    const key = routeKey(definition);
    it(`${key} (${definition.auth}) answers each caller as expected`, async () => {
      const testCase = cases[key];
      if (!testCase) throw new Error(`no case for ${key}`);
      const actual: Record<string, number> = {};
      const expected: Record<string, number> = {};
      for (const persona of PERSONAS) {
        const request = await testCase.prepare();
        const token = persona === 'anonymous' ? undefined : users[persona].token;
        const response = await call(definition.method, request.path, {
          ...(token ? { token } : {}),
          ...(request.body !== undefined ? { body: request.body } : {}),
        });
        actual[persona] = response.status;
        expected[persona] = expectedStatus(definition.auth, persona, testCase);
        const boughtByCaller = testCase.carriesBoughtValues && persona === 'verified';
        if (definition.auth !== 'admin' && !boughtByCaller) nonAdminResponses.push(response.text);
        if (persona !== 'verified' && persona !== 'admin') othersResponses.push(response.text);
        if (persona !== 'verified') notOwnerResponses.push(response.text);
      }
      expect(actual).toEqual(expected);
    });
  }

  it("lists none of another founder's records: projects, votes, contacts", async () => {
    const mark = unique();
    const project = await dataOf<{ id: string }>(
      call('POST', '/projects', {
        token: users.verified.token,
        body: { name: `Mine ${mark}`, description: 'D' },
      }),
    );
    await makeRoomForPodcasts(users.other);
    const podcast = await dataOf<{ id: string }>(
      call('POST', '/podcasts', {
        token: users.other.token,
        body: { title: `Cast ${mark}`, url: 'https://example.com/c' },
      }),
    );
    await call('POST', `/podcasts/${podcast.id}/vote`, { token: users.verified.token });
    await deliveredOwnerCart();
    const lists = ['/projects', '/podcasts/my-votes', '/me/contacts'];

    const own = await Promise.all(lists.map((path) => call('GET', path, { token: users.verified.token })));
    const others = await Promise.all(lists.map((path) => call('GET', path, { token: users.other.token })));

    // The owner sees them (so the check below is not vacuous); the other founder sees none of them.
    expect(own.map((r) => r.text).join('\n')).toContain(project.id);
    expect(own[1]?.text).toContain(podcast.id);
    expect(own[2]?.text).toContain(`Secret Person ${u}`);
    const seenByOther = others.map((r) => r.text).join('\n');
    expect(seenByOther).not.toContain(project.id);
    expect(seenByOther).not.toContain(podcast.id);
    expect(seenByOther).not.toContain(`Secret Person ${u}`);
  });

  it("shows none of a founder's working cart to another founder", async () => {
    const cartId = newCartId(new Date());
    const own = await dataOf<{ version: number }>(call('GET', '/me/cart', { token: users.verified.token }));
    const written = await call('PUT', '/me/cart', {
      token: users.verified.token,
      body: { expectedVersion: own.version, investorIds: [investorId], columnOrder: ['name'], cartId },
    });
    expect(written.status).toBe(200);
    const mine = await call('GET', '/me/cart', { token: users.verified.token });
    expect(mine.text).toContain(cartId);
    for (const persona of ['other', 'admin'] as const) {
      const seen = await call('GET', '/me/cart', { token: users[persona].token });
      expect(seen.status).toBe(200);
      expect(seen.text).not.toContain(cartId);
    }
  });

  it("shows the admin every planted contact marker, and a profile page the investor's public facts only", async () => {
    const admin = await call('GET', `/admin/imported-investors?email=${encodeURIComponent(secrets.email)}`, {
      token: users.admin.token,
    });
    const adminText = JSON.stringify(admin.body);
    for (const [field, secret] of Object.entries(secrets)) expect(adminText, field).toContain(secret);

    const profile = await call('GET', `/investors/${investorId}`);
    const profileText = JSON.stringify(profile.body);
    expect(profile.body).toMatchObject({
      data: {
        title: 'Managing Partner',
        firmName: `Matrix Capital ${u}`,
        cities: ['Lisbon'],
        countries: ['Portugal'],
        checkMin: 250_000,
        checkMax: 1_000_000,
        hasEmail: true,
        hasTwitter: true,
        contactConfirmed: confirmedNow,
        // Profile facts (issue 33) are public: shown whole, and none of them a contact value.
        thesis: publicFacts.thesis,
        website: publicFacts.website,
        leadOrFollow: 'lead',
        typicalCheque: 500_000,
        geographicFocus: ['Portugal', 'Spain'],
        portfolio: [{ name: `Public Portco ${u}`, website: null, stage: 'Seed', year: 2022 }],
        recentInvestments: [
          { company: `Public Deal ${u}`, round: 'Series A', date: '2025-01', amount: 3_000_000 },
        ],
      },
    });
    for (const [field, secret] of Object.entries(secrets)) expect(profileText, field).not.toContain(secret);
    // Issue 50: where each value came from is public as a kind and a month only (the secrets above hold
    // the source's name and URL, and every value, and none is in the answer).
    const shown = (profile.body as { data: { contactSources: unknown; factsSource: unknown } }).data;
    expect(shown.contactSources).toEqual(
      Object.fromEntries(
        // An earlier case here corrects a value as an admin: its source is then the team's.
        Object.entries(confirmedNow).map(([kind, month]) => [
          kind,
          { by: expect.stringMatching(/^(import|admin)$/), month },
        ]),
      ),
    );
    expect(shown.factsSource).toEqual({ by: 'import', month: thisMonth });
    const facts = JSON.stringify(
      ['thesis', 'website', 'geographicFocus', 'portfolio', 'recentInvestments'].map(
        (key) => (profile.body as { data: Record<string, unknown> }).data[key],
      ),
    );
    for (const [field, secret] of Object.entries(secrets)) expect(facts, field).not.toContain(secret);

    // Combined search and facets read the snapshot: the investor is there, no contact value is.
    const combined = await call(
      'GET',
      `/investors?q=secret%20${u}&stageFocus=${stage}&country=Portugal&has=email`,
    );
    expect(JSON.stringify(combined.body)).toContain(`Secret Person ${u}`);
    expect(combined.body).toMatchObject({
      data: { items: [{ contactConfirmed: confirmedNow, thesisLine: publicFacts.thesis }] },
    });
    const byTag = await call('GET', `/investors?stageFocus=${stage}`);
    expect(byTag.body).toMatchObject({ data: { items: [{ contactConfirmed: confirmedNow }] } });
    const facets = await call('GET', `/directory/facets?q=secret%20${u}`);
    expect(facets.body).toMatchObject({ data: { total: 1 } });
    // The box's suggestions read the snapshot too: the investor and the firm, never a contact value.
    const suggestions = await call(
      'GET',
      `/directory/suggestions?q=${encodeURIComponent(`secret person ${u}`)}`,
    );
    expect(suggestions.body).toMatchObject({
      data: {
        suggestions: [
          { kind: 'investor', label: `Secret Person ${u}`, value: investorId, detail: `Matrix Capital ${u}` },
        ],
      },
    });
    const firm = await call('GET', `/directory/suggestions?q=${encodeURIComponent(`matrix capital ${u}`)}`);
    expect(firm.body).toMatchObject({
      data: { suggestions: expect.arrayContaining([expect.objectContaining({ kind: 'firm' })]) },
    });
    for (const text of [
      JSON.stringify(combined.body),
      JSON.stringify(facets.body),
      suggestions.text,
      firm.text,
    ])
      for (const [field, secret] of Object.entries(secrets)) expect(text, field).not.toContain(secret);
  });

  it("shows a project's shortlist and an opened saved search the planted investor's public card and reasons, never a contact value", async () => {
    const { id: projectId } = await ownerProject();
    const shortlist = await call('GET', `/projects/${projectId}/investors?stageFocus=${stage}`, {
      token: users.verified.token,
    });
    expect(shortlist.status).toBe(200);
    expect(shortlist.text).toContain(`Secret Person ${u}`);
    const opened = await call('GET', `/me/saved-searches/${await ownerSavedSearch()}/investors`, {
      token: users.verified.token,
    });
    expect(opened.status).toBe(200);
    expect(opened.text).toContain(`Secret Person ${u}`);
    for (const text of [shortlist.text, opened.text])
      for (const [field, secret] of Object.entries(secrets)) expect(text, field).not.toContain(secret);
  });

  it("refuses an investor on a founder's route saying why, and a founder on the investor's routes", async () => {
    const asInvestor = await call('GET', '/projects', { token: users.investor.token });
    expect(asInvestor.status).toBe(403);
    expect(asInvestor.body).toMatchObject({
      error: { code: 'permission-denied', message: investorAccountMessages.investorNotFounder },
    });
    const asFounder = await call('GET', '/investor/profile', { token: users.verified.token });
    expect(asFounder.status).toBe(403);
    expect(asFounder.body).toMatchObject({ error: { message: investorAccountMessages.investorsOnly } });
  });

  it("shows one investor none of another's profile: no investor route names a user", async () => {
    expect(routes.filter((r) => r.auth === 'investor' && r.path.includes('{')).map(routeKey)).toEqual([]);
    const second = await createInvestor(`matrix-${u}`);
    const mark = unique();
    await dataOf(
      call('PATCH', '/investor/profile', {
        token: users.investor.token,
        body: {
          name: `First ${mark}`,
          contact: { email: `first-${mark}@example.com`, phone: '+1 555 0100' },
        },
      }),
    );

    const seen = await call('GET', '/investor/profile', { token: second.token });

    expect(seen.status).toBe(200);
    expect(seen.text).not.toContain(mark);
    expect(seen.body).toMatchObject({ data: { profile: { name: '', contact: { email: second.email } } } });
    const own = await call('GET', '/investor/profile', { token: users.investor.token });
    expect(own.text).toContain(mark);
  });

  it('never returns an investor contact detail from a non-admin route', () => {
    expect(nonAdminResponses.length).toBeGreaterThan(20);
    const joined = nonAdminResponses.join('\n');
    for (const secret of Object.values(secrets)) expect(joined).not.toContain(secret);
    // The cart and search responses did include the investor, so the check is not vacuous.
    expect(joined).toContain(`Secret Person ${u}`);
  });

  it('carries no id derived from the contact data, in any form: the investor id is random (issue 48)', () => {
    const emailKey = `email#${secrets.email.toLowerCase()}`;
    const nameKey = identityKeyOf({
      email: null,
      fullName: `Secret Person ${u}`,
      firstName: null,
      lastName: null,
      primaryFirm: { name: `Matrix Capital ${u}` },
    });
    const forms = [emailKey, nameKey ?? ''].flatMap((key) => [
      legacySearchableIdOfKey(key),
      legacySearchableIdOfKey(key).replace('inv_', ''),
      identityHashOf(key),
    ]);
    expect(investorId).toMatch(/^inv_[0-9a-f]{24}$/);
    const joined = nonAdminResponses.join('\n');
    for (const form of forms) {
      expect(investorId).not.toBe(form);
      expect(joined).not.toContain(form);
    }
    expect(joined).toContain(investorId);
  });

  it("never shows a founder's private contacts to anyone else, to an admin, or in any public answer", async () => {
    // The owner reads them back (so the check below is not vacuous).
    const { projectId, entryId } = await ownerPipeline();
    const own = await call('GET', `/projects/${projectId}/pipeline/entries/${entryId}`, {
      token: users.verified.token,
    });
    for (const value of Object.values(privateSecrets)) expect(own.text).toContain(value);
    // Everyone else's answers on every route of the matrix, the admin's included.
    expect(notOwnerResponses.length).toBeGreaterThan(20);
    const joined = notOwnerResponses.join('\n');
    for (const [field, value] of Object.entries(privateSecrets)) expect(joined, field).not.toContain(value);
    // The directory's search, facets and admin lookups know nothing of them.
    const publicAnswers = await Promise.all([
      call('GET', `/investors?q=${encodeURIComponent(privateSecrets.name)}`),
      call('GET', `/directory/facets?q=${encodeURIComponent(privateSecrets.name)}`),
      call('GET', '/directory/metadata'),
      call('GET', `/admin/imported-investors?email=${encodeURIComponent(privateSecrets.email)}`, {
        token: users.admin.token,
      }),
    ]);
    for (const answer of publicAnswers)
      for (const [field, value] of Object.entries(privateSecrets))
        expect(answer.text, field).not.toContain(value);
  });

  it("never shows a deck link's viewer, or what they read, to anyone but the link's founder (issue 53)", async () => {
    // The founder sees the viewer and their minutes (so the check below is not vacuous).
    const { projectId, entryId, link } = await viewedOwnerDeckLink();
    const own = await call('GET', `/projects/${projectId}/pipeline/entries/${entryId}/deck-links`, {
      token: users.verified.token,
    });
    expect(own.status).toBe(200);
    expect(own.text).toContain(deckViewer);
    expect(own.text).toContain(link.id);
    // Every other caller's answer on every route of the matrix, the admin's included.
    expect(notOwnerResponses.length).toBeGreaterThan(20);
    const joined = notOwnerResponses.join('\n');
    expect(joined).not.toContain(deckViewer);
    // The viewer's own side of the same link: the deck, never who else read it or the founder's pipeline.
    const theirs = [
      await call('GET', `/deck-links/${tokenOf(link)}`),
      await call('POST', `/deck-links/${tokenOf(link)}/views`, {
        body: { email: `second.${u}@example.com` },
      }),
    ];
    for (const answer of theirs) {
      expect(answer.status).toBeLessThan(300);
      expect(answer.text).not.toContain(deckViewer);
      expect(answer.text).not.toContain(privateSecrets.name);
      expect(answer.text).not.toContain(users.verified.email);
      expect(answer.text).not.toContain(entryId);
    }
    // Another founder or the admin asking for the link's entry on the same project: a missing project.
    for (const persona of ['other', 'admin'] as const) {
      const seen = await call('GET', `/projects/${projectId}/pipeline/entries/${entryId}/deck-links`, {
        token: users[persona].token,
      });
      expect(seen.status).toBe(404);
      expect(seen.text).not.toContain(deckViewer);
    }
  });

  it("never shows an investor update's recipients or their addresses to anyone but its founder; its web copy carries its words only", async () => {
    const { projectId, updateId, webToken } = await ownerUpdate();
    // The founder sees who it went to (so the check below is not vacuous).
    const own = await call('GET', `/projects/${projectId}/updates/${updateId}`, {
      token: users.verified.token,
    });
    expect(own.text).toContain(privateSecrets.name);
    // Nobody's answer carries a recipient's address, the founder's own included.
    expect(own.text).not.toContain(privateSecrets.email);
    const copy = await call('GET', `/update-copies/${webToken}`);
    expect(copy.text).toContain(`Matrix highlights ${u}`);
    for (const value of [...Object.values(privateSecrets), users.verified.email, users.verified.sub])
      expect(copy.text).not.toContain(value);
  });

  it("never shows a founder's connections to anyone else, to an admin, or in any public answer", async () => {
    // The owner's warm path to the matrix investor names them (so the check below is not vacuous).
    await ownerConnections();
    const own = await call('POST', '/me/connections/paths', {
      token: users.verified.token,
      body: { investorIds: [investorId] },
    });
    expect(own.text).toContain('You know 1 person there');
    for (const value of Object.values(connectionSecrets)) expect(own.text).toContain(value);
    expect(notOwnerResponses.length).toBeGreaterThan(20);
    const joined = notOwnerResponses.join('\n');
    for (const [field, value] of Object.entries(connectionSecrets))
      expect(joined, field).not.toContain(value);
    for (const persona of ['other', 'admin'] as const) {
      const theirs = await call('POST', '/me/connections/paths', {
        token: users[persona].token,
        body: { investorIds: [investorId] },
      });
      expect(theirs.status).toBe(200);
      expect(theirs.text).not.toContain(connectionSecrets.name);
    }
    const publicAnswers = await Promise.all([
      call('GET', `/investors?q=${encodeURIComponent(connectionSecrets.name)}`),
      call('GET', `/investors/${investorId}`),
      call('GET', `/admin/searchable-investors/${investorId}`, { token: users.admin.token }),
    ]);
    for (const answer of publicAnswers)
      for (const [field, value] of Object.entries(connectionSecrets))
        expect(answer.text, field).not.toContain(value);
  });

  it("never shows a founder's report, or who they are, to anyone else", () => {
    expect(othersResponses.length).toBeGreaterThan(20);
    const joined = othersResponses.join('\n');
    for (const secret of [reportNote, users.verified.sub, users.verified.email])
      expect(joined).not.toContain(secret);
  });

  it("never names who shares how fast an investor answers, in any caller's answer of the profile or the search (issue 52)", async () => {
    // 'verified' and nine other people share their dates with the planted investor: the figures are
    // published (so the check below is not vacuous), and none of the ten is named anywhere.
    const contributors = [
      await founderWithPipeline(investorId, {
        share: true,
        qualifies: { stripe: `acct_matrix_${u}` },
        user: users.verified,
      }),
    ];
    for (let i = 1; i < MIN_CONTRIBUTORS; i++)
      contributors.push(
        await founderWithPipeline(investorId, {
          share: true,
          qualifies: { stripe: `acct_matrix_${u}_${i}` },
        }),
      );
    await runResponseTimes();
    const secretsOfWho = contributors.flatMap((contributor) => contributor.identifying);
    const tokens: (string | undefined)[] = [undefined, ...Object.values(users).map((user) => user.token)];
    for (const token of tokens) {
      const profile = await call('GET', `/investors/${investorId}`, token ? { token } : {});
      expect(profile.status).toBe(200);
      expect(
        (profile.body as { data: { responseTimes: { contributors: number } | null } }).data.responseTimes,
      ).toMatchObject({ contributors: MIN_CONTRIBUTORS });
      const search = await call(
        'GET',
        `/investors?q=${encodeURIComponent(secrets.email)}`,
        token ? { token } : {},
      );
      for (const answer of [profile, search])
        for (const value of secretsOfWho) expect(answer.text).not.toContain(value);
    }
  }, 600_000);

  it('gives a buyer free updates of the kinds bought only, and nobody else any of them (runs last: it corrects the investor)', async () => {
    const cartId = await deliveredOwnerCart(); // name and email bought
    const updated = {
      email: `updated.person.${u}@example.com`,
      // Digits only: a correction checks the phone (the planted one came through an import).
      phone: `+1 555 8${String(Date.now()).slice(-4)}`,
      linkedin: `https://www.linkedin.com/in/updated-${u}`,
    };
    const corrected = await call('PUT', `/admin/investors/${investorId}/contacts`, {
      token: users.admin.token,
      body: updated,
    });
    expect(corrected.status).toBe(200);

    const library = await call('GET', '/me/contacts', { token: users.verified.token });
    const refreshed = await call('GET', `/me/purchases/${cartId}/refreshed-csv`, {
      token: users.verified.token,
    });
    expect(refreshed.status).toBe(200);
    // The profile's bought values and the CRM file (issue 32) show what the library shows.
    const bought = await call('GET', `/me/contacts/${investorId}`, { token: users.verified.token });
    const crm = await call('GET', '/me/crm-export', { token: users.verified.token });
    const crmFile = await (await fetch((crm.body as { data: { url: string } }).data.url)).text();
    for (const text of [library.text, refreshed.text, bought.text, crmFile]) {
      expect(text).toContain(updated.email);
      expect(text).not.toContain(updated.phone);
      expect(text).not.toContain(updated.linkedin);
      expect(text).not.toContain(secrets.phone);
      expect(text).not.toContain(secrets.linkedin);
    }
    for (const persona of ['other', 'investor', 'admin'] as const) {
      const theirs = await Promise.all([
        call('GET', '/me/contacts', { token: users[persona].token }),
        call('GET', `/me/purchases/${cartId}/refreshed-csv`, { token: users[persona].token }),
        call('GET', `/me/contacts/${investorId}`, { token: users[persona].token }),
      ]);
      for (const response of theirs) expect(response.text).not.toContain(updated.email);
      const crm = await call('GET', '/me/crm-export', { token: users[persona].token });
      if (crm.status === 200) {
        const file = await (await fetch((crm.body as { data: { url: string } }).data.url)).text();
        expect(file).not.toContain(updated.email);
        expect(file).not.toContain(secrets.email);
      }
    }
  });
});
