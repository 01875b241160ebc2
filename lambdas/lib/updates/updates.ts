import type {
  Candidate,
  DraftResponse,
  SendUpdateBody,
  UpdateDetailResponse,
  UpdateSummary,
  WebCopyResponse,
} from '../../../shared/api/updates';
import { computeMrrReport } from '../../../shared/insights/mrr';
import { sectionsOf } from '../../../shared/updates/email';
import {
  groupsOf,
  type Ineligible,
  limitRefusal,
  MAX_UPDATE_RECIPIENTS,
  MAX_UPDATES_PER_MONTH,
  updateMessages,
} from '../../../shared/updates/limits';
import {
  type CoverageFigures,
  coverageFigures,
  coverageLine,
  defaultSubject,
  type MrrFigures,
  monthOf,
  mrrFigures,
  mrrLine,
} from '../../../shared/updates/prefill';
import { updateSendWorkflow } from '../../workflows/start/update-send';
import { BadGatewayError, BadRequestError, NotFoundError, TooManyRequestsError } from '../errors';
import { logger } from '../observability/logger';
import type {
  InvestorUpdateItem,
  PipelineEntryItem,
  ProjectItem,
  UpdateRecipientItem,
} from '../table/models';
import { getPrivateContacts, getPurchasedContacts, listEntries } from '../table/repositories/pipeline';
import { getProject, getStripeConnection } from '../table/repositories/projects';
import { listProjectTransactions } from '../table/repositories/transactions';
import {
  createUpdate,
  findCopy,
  findRecipientLink,
  getOptOuts,
  getUpdate,
  listRecipients,
  listUpdates,
  markUpdateFailed,
  newLinkToken,
  newUpdateId,
  recordOpen,
} from '../table/repositories/updates';

/**
 * Monthly investor updates (issue 53; docs/decisions.md, "Monthly investor updates"): the composer's
 * draft, sending (the update written, then the `updateSend` workflow), the founder's figures of each
 * update, and the public web copy. Only the project's creator reaches a project's updates; anyone
 * else is answered as for a missing project.
 */

const projectNotFound = () => new NotFoundError('Project not found');

async function ownProject(projectId: string, userId: string): Promise<ProjectItem> {
  const project = await getProject(projectId);
  if (!project || project.creatorUserId !== userId) throw projectNotFound();
  return project;
}

/** MRR now and over the month, from the subscriptions last ingested (null when not connected). */
async function projectMrr(projectId: string, now: Date): Promise<MrrFigures | null> {
  const connection = await getStripeConnection(projectId);
  if (!connection) return null;
  const subscriptions = await listProjectTransactions(projectId, 'subscription', connection.stripeUserId);
  return mrrFigures(computeMrrReport(subscriptions, now));
}

/** Each entry's address: a private contact's own, or the email the founder bought (never another). */
async function addressesOf(
  userId: string,
  entries: readonly PipelineEntryItem[],
): Promise<Map<string, string>> {
  const investorIds = entries.flatMap((entry) => (entry.investorId ? [entry.investorId] : []));
  const contactIds = entries.flatMap((entry) => (entry.contactId ? [entry.contactId] : []));
  const [bought, privates] = await Promise.all([
    getPurchasedContacts(userId, investorIds),
    getPrivateContacts(userId, contactIds),
  ]);
  const addresses = new Map<string, string>();
  for (const entry of entries) {
    const email =
      entry.kind === 'private'
        ? entry.contactId
          ? privates.get(entry.contactId)?.email
          : null
        : entry.investorId
          ? bought.get(entry.investorId)?.email
          : null;
    if (email?.trim()) addresses.set(entry.id, email.trim());
  }
  return addresses;
}

interface Eligibility {
  entry: PipelineEntryItem;
  email: string | null;
  ineligible: Ineligible | null;
}

async function eligibilityOf(projectId: string, userId: string, entries: readonly PipelineEntryItem[]) {
  const addresses = await addressesOf(userId, entries);
  const optOuts = await getOptOuts(projectId, [...addresses.values()]);
  return entries.map((entry): Eligibility => {
    const email = addresses.get(entry.id) ?? null;
    const optOut = email ? optOuts.get(email.toLowerCase()) : undefined;
    const ineligible: Ineligible | null =
      entry.stage === 'passed' ? 'passed' : !email ? 'noEmail' : (optOut ?? null);
    return { entry, email, ineligible };
  });
}

const sentInMonth = (updates: readonly InvestorUpdateItem[], now: Date) =>
  updates.filter((update) => update.status !== 'failed' && monthOf(update.createdAt) === monthOf(now)).length;

async function figuresOf(project: ProjectItem, entries: readonly PipelineEntryItem[], now: Date) {
  const mrr = await projectMrr(project.id, now);
  const coverage: CoverageFigures = coverageFigures(entries, project.raise?.amountUsd ?? null);
  return { mrr, coverage };
}

/** The composer's start: the subject, the figures, the recipients to choose from, the limits. */
export async function updateDraft(projectId: string, userId: string, now: Date): Promise<DraftResponse> {
  const project = await ownProject(projectId, userId);
  const [entries, updates] = await Promise.all([listEntries(projectId), listUpdates(projectId)]);
  const { mrr, coverage } = await figuresOf(project, entries, now);
  const eligibility = await eligibilityOf(projectId, userId, entries);
  const candidates: Candidate[] = eligibility
    .map(({ entry, ineligible }) => ({
      entryId: entry.id,
      name: entry.name,
      firm: entry.firm,
      stage: entry.stage,
      kind: entry.kind,
      groups: groupsOf(entry),
      ineligible,
    }))
    .sort((a, b) => a.name.localeCompare(b.name) || a.entryId.localeCompare(b.entryId));
  return {
    project: { id: project.id, name: project.name },
    subject: defaultSubject(project.name, now),
    mrr,
    mrrLine: mrr ? mrrLine(mrr) : null,
    coverage,
    coverageLine: coverageLine(coverage),
    candidates,
    limits: {
      maxRecipients: MAX_UPDATE_RECIPIENTS,
      perMonth: MAX_UPDATES_PER_MONTH,
      sentThisMonth: sentInMonth(updates, now),
    },
  };
}

function summaryOf(update: InvestorUpdateItem, recipients: readonly UpdateRecipientItem[]): UpdateSummary {
  const count = (test: (r: UpdateRecipientItem) => boolean) => recipients.filter(test).length;
  return {
    id: update.id,
    subject: update.subject,
    status: update.status,
    createdAt: update.createdAt,
    sentAt: update.sentAt,
    webToken: update.webToken,
    recipients: update.recipients,
    sent: count((r) => r.status === 'sending' || r.status === 'sent' || r.status === 'bounced'),
    delivered: count((r) => r.status === 'sent'),
    bounced: count((r) => r.status === 'bounced'),
    skipped: count((r) => r.status === 'skipped'),
    opened: count((r) => r.opens > 0),
  };
}

/** Writes the update and its recipients, then starts its sending. */
export async function sendUpdate(
  projectId: string,
  caller: { sub: string; email: string },
  body: SendUpdateBody,
  now: Date,
): Promise<UpdateSummary> {
  const project = await ownProject(projectId, caller.sub);
  if (![body.highlights, body.lowlights, body.asks].some((text) => text.trim() !== ''))
    throw new BadRequestError(updateMessages.emptyUpdate);
  const chosen = [...new Set(body.recipientEntryIds)];
  const [entries, updates] = await Promise.all([listEntries(projectId), listUpdates(projectId)]);
  const refusal = limitRefusal({ sentThisMonth: sentInMonth(updates, now), recipients: chosen.length });
  if (refusal === updateMessages.monthlyLimit) throw new TooManyRequestsError(refusal);
  if (refusal) throw new BadRequestError(refusal);
  const byId = new Map(entries.map((entry) => [entry.id, entry]));
  const picked = chosen.map((id) => byId.get(id));
  if (picked.some((entry) => !entry)) throw new BadRequestError(updateMessages.unknownRecipient);
  const eligibility = await eligibilityOf(projectId, caller.sub, picked as PipelineEntryItem[]);
  for (const { entry, ineligible } of eligibility)
    if (ineligible) throw new BadRequestError(updateMessages.notRecipient(entry.name, ineligible));
  const { mrr, coverage } = await figuresOf(project, entries, now);
  const figures = [
    ...(body.includeMrr && mrr ? [mrrLine(mrr)] : []),
    ...(body.includeCoverage ? [coverageLine(coverage)] : []),
  ];
  const at = now.toISOString();
  const update: InvestorUpdateItem = {
    projectId,
    id: newUpdateId(now),
    userId: caller.sub,
    projectName: project.name,
    subject: body.subject,
    figures,
    highlights: body.highlights.trim(),
    lowlights: body.lowlights.trim(),
    asks: body.asks.trim(),
    replyTo: caller.email,
    webToken: newLinkToken(),
    status: 'sending',
    recipients: eligibility.length,
    createdAt: at,
    sentAt: null,
  };
  const recipients: UpdateRecipientItem[] = eligibility.map(({ entry, email }) => ({
    projectId,
    updateId: update.id,
    entryId: entry.id,
    name: entry.name,
    email: email as string,
    token: newLinkToken(),
    status: 'pending',
    claimedAt: null,
    doneAt: null,
    messageId: null,
    opens: 0,
    firstOpenedAt: null,
  }));
  await createUpdate(update, recipients);
  await startSending(update);
  return summaryOf(update, recipients);
}

/**
 * Starts the update's workflow (the SDK already retries a throttled start; the execution's name is
 * the update's, so a start accepted whose answer was lost is not run twice). A start still refused
 * marks the update failed, which its workflow will not send and the month does not count, and
 * answers the founder a 502 saying nobody received it: an update is never left "sending" with no
 * workflow.
 */
async function startSending(update: InvestorUpdateItem): Promise<void> {
  try {
    await updateSendWorkflow.start(
      { projectId: update.projectId, updateId: update.id, totals: null },
      `update-${update.id}`,
    );
    return;
  } catch (error) {
    logger.error('an investor update’s sending could not be started', {
      projectId: update.projectId,
      updateId: update.id,
      error: error instanceof Error ? error.message : String(error),
    });
    await markUpdateFailed(update.projectId, update.id);
    throw new BadGatewayError(updateMessages.startFailed, { cause: error });
  }
}

export async function projectUpdates(projectId: string, userId: string) {
  const project = await ownProject(projectId, userId);
  const updates = await listUpdates(projectId);
  const summaries = await Promise.all(
    updates.map(async (update) => summaryOf(update, await listRecipients(projectId, update.id))),
  );
  return { project: { id: project.id, name: project.name }, updates: summaries.reverse() };
}

export async function updateDetail(
  projectId: string,
  updateId: string,
  userId: string,
): Promise<UpdateDetailResponse> {
  await ownProject(projectId, userId);
  const update = await getUpdate(projectId, updateId);
  if (!update) throw new NotFoundError(updateMessages.notFound);
  const recipients = await listRecipients(projectId, updateId);
  return {
    update: summaryOf(update, recipients),
    figures: update.figures,
    highlights: update.highlights,
    lowlights: update.lowlights,
    asks: update.asks,
    recipients: recipients
      .map((r) => ({ entryId: r.entryId, name: r.name, status: r.status, opens: r.opens }))
      .sort((a, b) => a.name.localeCompare(b.name)),
  };
}

/**
 * The public web copy, by its token: the update's words and figures, nothing about its recipients.
 * `recipientToken` (the link of one recipient's email) records their open when it is this update's.
 */
export async function webCopy(
  token: string,
  recipientToken: string | undefined,
  now: Date,
): Promise<WebCopyResponse> {
  const copy = await findCopy(token);
  const update = copy ? await getUpdate(copy.projectId, copy.updateId) : null;
  if (!copy || !update) throw new NotFoundError(updateMessages.copyNotFound);
  if (recipientToken) {
    const link = await findRecipientLink(recipientToken);
    if (link && link.projectId === copy.projectId && link.updateId === copy.updateId)
      await recordOpen(link, now.toISOString());
  }
  return {
    projectName: update.projectName,
    subject: update.subject,
    sentAt: update.sentAt ?? update.createdAt,
    figures: update.figures,
    sections: sectionsOf(update),
  };
}
