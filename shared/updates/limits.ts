/**
 * Monthly investor updates (issue 53): the limits that keep our sender's standing, and the
 * recipients an update may go to. Pure: the server enforces them, the composer shows them.
 */
import type { PipelineStage } from '../pipeline/stages';

/** Recipients of one update at most (small lists are read far more, and keep complaints rare). */
export const MAX_UPDATE_RECIPIENTS = 50;
/** Updates of one project per calendar month (UTC) at most. */
export const MAX_UPDATES_PER_MONTH = 4;
export const MAX_SUBJECT_LENGTH = 150;
export const MAX_SECTION_LENGTH = 4000;

/** The groups a founder picks recipients by. */
export const RECIPIENT_GROUPS = ['committed', 'keepWarm', 'own'] as const;
export type RecipientGroup = (typeof RECIPIENT_GROUPS)[number];

export const RECIPIENT_GROUP_LABELS: Readonly<Record<RecipientGroup, string>> = {
  committed: 'Committed',
  keepWarm: 'Keep warm (Replied to Term sheet)',
  own: 'My own contacts',
};

/** "Keep warm": investors in conversation, between a reply and a term sheet. */
export const KEEP_WARM_STAGES: readonly PipelineStage[] = ['replied', 'meeting', 'dueDiligence', 'termSheet'];

/** The groups a pipeline entry belongs to. */
export function groupsOf(entry: { stage: PipelineStage; kind: 'directory' | 'private' }): RecipientGroup[] {
  const groups: RecipientGroup[] = [];
  if (entry.stage === 'committed') groups.push('committed');
  if (KEEP_WARM_STAGES.includes(entry.stage)) groups.push('keepWarm');
  if (entry.kind === 'private') groups.push('own');
  return groups;
}

/** Why an entry cannot receive updates (null: it can). */
export type Ineligible = 'noEmail' | 'unsubscribed' | 'bounced' | 'passed';

export const INELIGIBLE_LABELS: Readonly<Record<Ineligible, string>> = {
  noEmail: 'No email: add one to your own contact, or buy the investor’s email',
  unsubscribed: 'Unsubscribed from your updates',
  bounced: 'An earlier update to this address bounced',
  passed: 'Passed',
};

export const updateMessages = {
  noRecipients: 'Choose at least one recipient.',
  tooManyRecipients: `An update goes to at most ${MAX_UPDATE_RECIPIENTS} recipients: choose fewer.`,
  monthlyLimit: `You have sent ${MAX_UPDATES_PER_MONTH} updates of this project this month, the most a month allows. Send the next one next month.`,
  notRecipient: (name: string, why: Ineligible) =>
    `${name} cannot receive this update: ${INELIGIBLE_LABELS[why]}.`,
  unknownRecipient: 'A recipient is not in your pipeline any more. Reload to see your pipeline as it is.',
  emptyUpdate: 'Write at least one section: highlights, lowlights or asks.',
  notFound: 'This update was not found.',
  startFailed:
    'Your update could not be sent just now and nobody received it. It does not count towards this month’s updates: send it again.',
  copyNotFound: 'This update is not available: check the link in your email.',
  badUnsubscribe: 'This unsubscribe link is not valid: use the link in the latest update you received.',
} as const;

/**
 * Whether a new update may be sent: the month's count and the recipients' number. Null when it may,
 * else the message that says why not.
 */
export function limitRefusal(input: { sentThisMonth: number; recipients: number }): string | null {
  if (input.recipients === 0) return updateMessages.noRecipients;
  if (input.recipients > MAX_UPDATE_RECIPIENTS) return updateMessages.tooManyRecipients;
  if (input.sentThisMonth >= MAX_UPDATES_PER_MONTH) return updateMessages.monthlyLimit;
  return null;
}
