import type {
  AddEntryBody,
  ImportLine,
  ImportRow,
  PipelineEntry,
  PrivateContactBody,
  RowMatch,
  StageMove,
  UpdateEntryBody,
} from '../../../shared/api/pipeline';
import type { SearchableInvestor } from '../../../shared/investors/types';
import {
  looksLikeEmail,
  normaliseEmail,
  readRow,
  sameNameAndFirm,
} from '../../../shared/pipeline/import-rows';
import {
  checkStageChange,
  conflictMessage,
  MAX_PIPELINE_ENTRIES,
  pipelineMessages,
  reasonAfterMove,
} from '../../../shared/pipeline/stages';
import { currentSearchIndex } from '../directory/search-index';
import { BadRequestError, ConflictError, NotFoundError } from '../errors';
import { CRM_OWN_CONTACT_SOURCE } from '../export/crm-csv';
import { buildPipelineCsv, type CrmFormat, type PipelineCsvRow } from '../export/pipeline-csv';
import type { PipelineEntryItem, PrivateContactItem } from '../table/models';
import { getSearchableInvestors, toCard } from '../table/repositories/investors';
import {
  addEntry,
  countEntries,
  directoryEntryId,
  enrolForPipelineReminders,
  getEntries,
  getEntry,
  getPrivateContact,
  getPrivateContacts,
  getPurchasedContacts,
  listEntries,
  listMoves,
  privateContactId,
  privateEntryId,
  putPrivateContact,
  saveEntry,
} from '../table/repositories/pipeline';
import { getProject } from '../table/repositories/projects';
import { listPurchasedContacts } from '../table/repositories/users';

/**
 * A project's fundraising pipeline (issue 36; docs/decisions.md, "The fundraising pipeline"). Every
 * function takes the caller and checks first that the project is theirs: anyone else's project
 * answers as a missing one.
 */

export const projectNotFound = () => new NotFoundError('Project not found');

/** The caller's own project, or 404 as if it did not exist. */
export async function ownProject(projectId: string, userId: string) {
  const project = await getProject(projectId);
  if (!project || project.creatorUserId !== userId) throw projectNotFound();
  return project;
}

export const toEntryView = (entry: PipelineEntryItem): PipelineEntry => {
  const { projectId: _projectId, ...view } = entry;
  return view;
};

const byName = (a: PipelineEntryItem, b: PipelineEntryItem) =>
  a.name.localeCompare(b.name) || a.id.localeCompare(b.id);

export async function readPipeline(projectId: string, userId: string) {
  const project = await ownProject(projectId, userId);
  const entries = await listEntries(projectId);
  return {
    project: { id: project.id, name: project.name, raiseAmountUsd: project.raise?.amountUsd ?? null },
    entries: entries.sort(byName).map(toEntryView),
    max: MAX_PIPELINE_ENTRIES,
  };
}

/** A new entry of a project's pipeline: the given fields, the rest as an entry starts (To contact, version 1). */
export function newEntry(
  projectId: string,
  fields: Pick<PipelineEntryItem, 'id' | 'kind' | 'investorId' | 'contactId' | 'name' | 'firm' | 'title'> &
    Partial<Pick<PipelineEntryItem, 'stage' | 'notes' | 'amount' | 'nextStep' | 'nextStepDate'>>,
  now: string,
): PipelineEntryItem {
  return {
    projectId,
    stage: 'toContact',
    passReason: null,
    passNote: null,
    notes: '',
    amount: null,
    nextStep: null,
    nextStepDate: null,
    lead: false,
    introVia: null,
    ...fields,
    version: 1,
    createdAt: now,
    updatedAt: now,
    stageChangedAt: now,
  };
}

async function ensureRoom(projectId: string, adding: number): Promise<void> {
  if ((await countEntries(projectId)) + adding > MAX_PIPELINE_ENTRIES)
    throw new ConflictError(pipelineMessages.full);
}

const emptyToNull = (text: string | null | undefined): string | null => {
  const trimmed = text?.trim() ?? '';
  return trimmed === '' ? null : trimmed;
};

function privateContactOf(
  userId: string,
  body: PrivateContactBody,
  now: string,
  byHand: boolean,
): PrivateContactItem {
  const email = emptyToNull(body.email);
  return {
    userId,
    id: privateContactId(userId, { email, name: body.name, firm: body.firm ?? null }, byHand),
    name: body.name.trim(),
    firm: emptyToNull(body.firm),
    title: emptyToNull(body.title),
    email,
    phone: emptyToNull(body.phone),
    linkedinUrl: emptyToNull(body.linkedinUrl),
    notes: body.notes ?? '',
    createdAt: now,
  };
}

/**
 * Adds a directory investor (by id: their public card's name and firm) or a new private contact.
 * Idempotent: the same investor again answers the entry the pipeline has (created: false).
 */
export async function addToPipeline(
  projectId: string,
  userId: string,
  body: AddEntryBody,
): Promise<{ entry: PipelineEntry; created: boolean }> {
  await ownProject(projectId, userId);
  const now = new Date().toISOString();
  let entry: PipelineEntryItem;
  if (body.investorId !== undefined) {
    const id = directoryEntryId(body.investorId);
    const existing = await getEntry(projectId, id);
    if (existing) return { entry: toEntryView(existing), created: false };
    const investor = (await getSearchableInvestors([body.investorId])).get(body.investorId);
    if (!investor) throw new NotFoundError(pipelineMessages.investorNotFound);
    await ensureRoom(projectId, 1);
    entry = newEntry(
      projectId,
      {
        id,
        kind: 'directory',
        investorId: investor.id,
        contactId: null,
        name: investor.name,
        firm: investor.firmName,
        title: investor.title,
      },
      now,
    );
  } else {
    const contact = privateContactOf(userId, body.contact as PrivateContactBody, now, true);
    const id = privateEntryId(contact.id);
    const existing = await getEntry(projectId, id);
    if (existing) return { entry: toEntryView(existing), created: false };
    await ensureRoom(projectId, 1);
    // Typed by hand: the founder's latest values of the contact (one with the same email is theirs too).
    await putPrivateContact(contact, { replace: true });
    entry = newEntry(
      projectId,
      {
        id,
        kind: 'private',
        investorId: null,
        contactId: contact.id,
        name: contact.name,
        firm: contact.firm,
        title: contact.title,
      },
      now,
    );
  }
  await enrolForPipelineReminders(userId, now);
  if (!(await addEntry(entry, userId))) {
    const existing = await getEntry(projectId, entry.id);
    if (existing) return { entry: toEntryView(existing), created: false };
  }
  return { entry: toEntryView(entry), created: true };
}

const moveView = (move: {
  at: string;
  from: StageMove['from'];
  to: StageMove['to'];
  passReason: StageMove['passReason'];
}): StageMove => ({ at: move.at, by: 'you', from: move.from, to: move.to, passReason: move.passReason });

export async function readEntry(projectId: string, entryId: string, userId: string) {
  await ownProject(projectId, userId);
  const entry = await getEntry(projectId, entryId);
  if (!entry) throw new NotFoundError(pipelineMessages.notFound);
  const [moves, contact] = await Promise.all([
    listMoves(projectId, entryId),
    entry.contactId ? getPrivateContact(userId, entry.contactId) : Promise.resolve(null),
  ]);
  return {
    entry: toEntryView(entry),
    history: moves.map(moveView),
    contact: contact
      ? {
          id: contact.id,
          name: contact.name,
          firm: contact.firm,
          title: contact.title,
          email: contact.email,
          phone: contact.phone,
          linkedinUrl: contact.linkedinUrl,
          notes: contact.notes,
        }
      : null,
  };
}

/**
 * Changes an entry: a move (with its reason for a pass) and any of notes, amount, next step and its
 * date. The change names the version it read; when another window changed the entry since, nothing
 * is written and the answer (409) says what happened.
 */
export async function updateEntry(
  projectId: string,
  entryId: string,
  userId: string,
  body: UpdateEntryBody,
): Promise<PipelineEntry> {
  await ownProject(projectId, userId);
  const before = await getEntry(projectId, entryId);
  if (!before) throw new NotFoundError(pipelineMessages.notFound);
  if (before.version !== body.version) throw await conflict(projectId, entryId, body.version);
  const stage = body.stage ?? before.stage;
  const moving = body.stage !== undefined && body.stage !== before.stage;
  const reasonGiven = body.passReason !== undefined || body.passNote !== undefined;
  let reason = { passReason: before.passReason, passNote: before.passNote };
  if (moving || reasonGiven) {
    const change = {
      stage,
      passReason: body.passReason === undefined ? (moving ? null : before.passReason) : body.passReason,
      passNote: body.passNote === undefined ? (moving ? null : before.passNote) : body.passNote,
    };
    const problem = checkStageChange(change);
    if (problem) throw new BadRequestError(problem);
    reason = reasonAfterMove(change);
  }
  const now = new Date().toISOString();
  const after: PipelineEntryItem = {
    ...before,
    stage,
    ...reason,
    ...(body.notes !== undefined ? { notes: body.notes } : {}),
    ...(body.amount !== undefined ? { amount: body.amount } : {}),
    ...(body.nextStep !== undefined ? { nextStep: emptyToNull(body.nextStep) } : {}),
    ...(body.nextStepDate !== undefined ? { nextStepDate: body.nextStepDate } : {}),
    ...(body.lead !== undefined ? { lead: body.lead } : {}),
    ...(body.introVia !== undefined ? { introVia: emptyToNull(body.introVia) } : {}),
    version: before.version + 1,
    updatedAt: now,
    stageChangedAt: moving ? now : before.stageChangedAt,
  };
  if (await saveEntry(before, after, userId)) return toEntryView(after);
  throw await conflict(projectId, entryId, body.version);
}

/** What to answer a change that read an older version: moved (since that version) or changed otherwise. */
async function conflict(projectId: string, entryId: string, readVersion: number) {
  const [current, moves] = await Promise.all([getEntry(projectId, entryId), listMoves(projectId, entryId)]);
  if (!current) return new NotFoundError(pipelineMessages.notFound);
  const moved = moves.some((move) => move.version > readVersion && move.from !== null);
  return new ConflictError(conflictMessage(current.stage, moved));
}

// ------------------------------------------------------------------ spreadsheet import

/**
 * What a founder already holds, by email: the emails of their contact library (the values they
 * bought), each with the directory investor it was bought for. Read once for a page of rows.
 */
type HeldEmails = ReadonlyMap<string, string>;

async function heldEmailsOf(userId: string, rows: readonly ImportRow[]): Promise<HeldEmails> {
  if (!rows.some((row) => row.email && looksLikeEmail(row.email))) return new Map();
  const held = new Map<string, string>();
  for (const contact of await listPurchasedContacts(userId))
    if (contact.email) held.set(normaliseEmail(contact.email), contact.searchableInvestorId);
  return held;
}

/**
 * The directory investor a row is, if any (docs/decisions.md, "The fundraising pipeline"): by email
 * only when the founder already holds that email (their library's value for that investor: the match
 * confirms what they bought, never reveals whether an email is an investor's), else by name and firm
 * through the directory's search (folded as search folds: case, accents, punctuation). A row's email
 * alone never finds an investor. Only the investor's public card leaves the server.
 */
async function matchRow(
  row: ImportRow,
  held: HeldEmails,
): Promise<{ investor: SearchableInvestor; by: 'email' | 'nameAndFirm' } | null> {
  if (row.email && looksLikeEmail(row.email)) {
    const bought = held.get(normaliseEmail(row.email));
    if (bought) {
      const investor = (await getSearchableInvestors([bought])).get(bought);
      if (investor) return { investor, by: 'email' };
    }
  }
  if (row.name) {
    // The directory's search by name: a card whose name and firm fold to the row's.
    const found = (await currentSearchIndex()).page({ q: row.name }, 'name', null, NAME_CANDIDATES);
    const ids = found.items.filter((card) => sameNameAndFirm(row, card)).map((card) => card.id);
    const investors = await getSearchableInvestors([...new Set(ids)]);
    const investor = ids
      .map((id) => investors.get(id))
      .find((candidate) => candidate && sameNameAndFirm(row, candidate));
    if (investor) return { investor, by: 'nameAndFirm' };
  }
  return null;
}

/** The entry a row makes when it is not matched (or its match is rejected): a private contact's. */
const privateIdOfRow = (userId: string, row: ImportRow) =>
  privateEntryId(
    privateContactId(userId, { email: row.email ?? null, name: row.name ?? null, firm: row.firm ?? null }),
  );

export async function matchRows(
  projectId: string,
  userId: string,
  rows: readonly ImportRow[],
): Promise<RowMatch[]> {
  await ownProject(projectId, userId);
  const held = await heldEmailsOf(userId, rows);
  const matches = await Promise.all(rows.map((row) => matchRow(row, held)));
  const entryIds = rows.map((row, i) => {
    const match = matches[i];
    return match ? directoryEntryId(match.investor.id) : privateIdOfRow(userId, row);
  });
  const inPipeline = await getEntries(projectId, entryIds);
  return rows.map((row, i) => {
    const match = matches[i];
    return {
      row: row.row,
      match: match ? { investor: toCard(match.investor), by: match.by } : null,
      inPipeline: inPipeline.has(entryIds[i] ?? ''),
    };
  });
}

const IMPORT_WRITES_IN_FLIGHT = 8;
/** Cards of the directory's search by a row's name that are checked for its name and firm. */
const NAME_CANDIDATES = 20;

/**
 * Imports a page of rows: a row whose match the founder accepted becomes the directory investor's
 * entry; every other row with a name becomes a private contact's. A row already in the pipeline is
 * skipped (an import adds, it never overwrites a stage or notes the founder set, even while it runs).
 * Each row answers one line of the report.
 */
export async function importRows(
  projectId: string,
  userId: string,
  rows: readonly ImportRow[],
  accepted: readonly { row: number; investorId: string }[],
): Promise<ImportLine[]> {
  await ownProject(projectId, userId);
  const acceptedByRow = new Map(accepted.map((a) => [a.row, a.investorId]));
  const held = await heldEmailsOf(
    userId,
    rows.filter((row) => acceptedByRow.has(row.row)),
  );
  const matches = await Promise.all(
    rows.map((row) => (acceptedByRow.has(row.row) ? matchRow(row, held) : Promise.resolve(null))),
  );
  let room = MAX_PIPELINE_ENTRIES - (await countEntries(projectId));
  const now = new Date().toISOString();
  await enrolForPipelineReminders(userId, now);
  const lines: ImportLine[] = new Array(rows.length);

  type Plan =
    | { line: ImportLine }
    | { row: number; entry: PipelineEntryItem; contact: PrivateContactItem | null; done: string };

  /** What a row would add (pure: the writes come after, once rows naming one entry are told apart). */
  const plan = (index: number): Plan => {
    const row = rows[index] as ImportRow;
    const wanted = acceptedByRow.get(row.row);
    const match = matches[index];
    const read = readRow(row);
    const notices = read.notices.length > 0 ? ` ${read.notices.join(' ')}` : '';
    const fields = {
      stage: read.stage,
      notes: row.notes ?? '',
      amount: read.amount,
      nextStep: emptyToNull(row.nextStep),
      nextStepDate: read.nextStepDate,
    };
    if (wanted !== undefined && match && match.investor.id === wanted) {
      const entry = newEntry(
        projectId,
        {
          id: directoryEntryId(match.investor.id),
          kind: 'directory',
          investorId: match.investor.id,
          contactId: null,
          name: match.investor.name,
          firm: match.investor.firmName,
          title: match.investor.title,
          ...fields,
        },
        now,
      );
      return {
        row: row.row,
        entry,
        contact: null,
        done: `Added ${entry.name} from the directory.${notices}`,
      };
    }
    if (!row.name)
      return {
        line: {
          row: row.row,
          outcome: 'failed',
          entryId: null,
          message: 'No name: give the investor a name to import this row.',
        },
      };
    const mismatch =
      wanted !== undefined
        ? ' The match you accepted no longer fits this row: kept as your own contact.'
        : '';
    const contact = privateContactOf(
      userId,
      {
        name: row.name,
        firm: row.firm ?? null,
        title: row.title ?? null,
        email: row.email ?? null,
        phone: row.phone ?? null,
        linkedinUrl: row.linkedinUrl ?? null,
        notes: '',
      },
      now,
      false,
    );
    const entry = newEntry(
      projectId,
      {
        id: privateEntryId(contact.id),
        kind: 'private',
        investorId: null,
        contactId: contact.id,
        name: contact.name,
        firm: contact.firm,
        title: contact.title,
        ...fields,
      },
      now,
    );
    return {
      row: row.row,
      entry,
      contact,
      done: `Added ${entry.name} as your own contact.${mismatch}${notices}`,
    };
  };

  const plans = rows.map((_, index) => plan(index));
  /** The first row of the page that adds each entry: a later row naming the same investor is skipped. */
  const firstRowOf = new Map<string, number>();
  for (const p of plans) if ('entry' in p && !firstRowOf.has(p.entry.id)) firstRowOf.set(p.entry.id, p.row);

  const importOne = async (index: number): Promise<ImportLine> => {
    const p = plans[index] as Plan;
    if ('line' in p) return p.line;
    const { entry, contact } = p;
    const first = firstRowOf.get(entry.id);
    if (first !== p.row)
      return {
        row: p.row,
        outcome: 'skipped',
        entryId: entry.id,
        message: `Row ${first} of your file already adds ${entry.name}: this row is skipped.`,
      };
    const kept = {
      row: p.row,
      outcome: 'skipped' as const,
      entryId: entry.id,
      message: `Already in your pipeline: ${entry.name} kept as it is.`,
    };
    if ((await getEntry(projectId, entry.id)) !== null) return kept;
    if (room <= 0) return { row: p.row, outcome: 'failed', entryId: null, message: pipelineMessages.full };
    room -= 1;
    if (contact) await putPrivateContact(contact);
    if (!(await addEntry(entry, userId))) return kept;
    return { row: p.row, outcome: contact ? 'addedPrivate' : 'added', entryId: entry.id, message: p.done };
  };

  let next = 0;
  const worker = async () => {
    while (next < rows.length) {
      const index = next++;
      lines[index] = await importOne(index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(IMPORT_WRITES_IN_FLIGHT, rows.length) }, worker));
  return lines;
}

// ------------------------------------------------------------------ CRM export

/**
 * The pipeline as a CRM import file: each investor with the contact values the founder bought (a
 * directory investor's library row: only the kinds bought) or brought (a private contact's own),
 * never a value the directory holds and they did not buy.
 */
export async function exportPipeline(projectId: string, userId: string, format: CrmFormat) {
  const project = await ownProject(projectId, userId);
  const entries = (await listEntries(projectId)).sort(byName);
  const investorIds = entries.flatMap((entry) => (entry.investorId ? [entry.investorId] : []));
  const contactIds = entries.flatMap((entry) => (entry.contactId ? [entry.contactId] : []));
  const [bought, privates, cards] = await Promise.all([
    getPurchasedContacts(userId, investorIds),
    getPrivateContacts(userId, contactIds),
    getSearchableInvestors(investorIds),
  ]);
  const rows: PipelineCsvRow[] = entries.map((entry) => {
    const own = entry.contactId ? privates.get(entry.contactId) : undefined;
    const row = entry.investorId ? bought.get(entry.investorId) : undefined;
    const card = entry.investorId ? cards.get(entry.investorId) : undefined;
    return {
      entry,
      contact: {
        name: entry.name,
        email: own?.email ?? row?.email ?? null,
        phone: own?.phone ?? row?.phone ?? null,
        linkedinUrl: own?.linkedinUrl ?? row?.linkedinUrl ?? null,
        twitterUrl: row?.twitterUrl ?? null,
        crunchbaseUrl: row?.crunchbaseUrl ?? null,
        company: entry.firm,
        title: entry.title,
        city: card?.cities[0] ?? null,
        country: card?.countries[0] ?? null,
        // A founder's own contact came from them, not from the directory.
        ...(entry.kind === 'private' ? { leadSource: CRM_OWN_CONTACT_SOURCE } : {}),
      },
    };
  });
  const slug =
    project.name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '') || 'project';
  return {
    fileName: `${slug}-pipeline-${format}.csv`,
    csv: buildPipelineCsv(rows, format),
    rowCount: rows.length,
  };
}
