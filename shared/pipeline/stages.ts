/**
 * The stages of a founder's fundraising pipeline (issue 36) and their rules: the order of the board,
 * the reasons for a pass, what a move needs, and how a spreadsheet's stage column maps to a stage.
 * Pure: the board, the table, the server and the import all read it.
 */

import { groupDigits } from '../format/numbers';

export const PIPELINE_STAGES = [
  'toContact',
  'contacted',
  'replied',
  'meeting',
  'dueDiligence',
  'termSheet',
  'committed',
  'passed',
] as const;
export type PipelineStage = (typeof PIPELINE_STAGES)[number];

export const STAGE_LABELS: Readonly<Record<PipelineStage, string>> = {
  toContact: 'To contact',
  contacted: 'Contacted',
  replied: 'Replied',
  meeting: 'Meeting',
  dueDiligence: 'Due diligence',
  termSheet: 'Term sheet',
  committed: 'Committed',
  passed: 'Passed',
};

/** Why an investor passed: a short list, each with free text beside it ('other' needs the text). */
export const PASS_REASONS = [
  'stage',
  'sector',
  'chequeSize',
  'traction',
  'timing',
  'noReply',
  'other',
] as const;
export type PassReason = (typeof PASS_REASONS)[number];

export const PASS_REASON_LABELS: Readonly<Record<PassReason, string>> = {
  stage: 'Not investing at our stage',
  sector: 'Outside their sectors',
  chequeSize: 'Cheque size does not fit',
  traction: 'Wants more traction',
  timing: 'Not investing now',
  noReply: 'Never replied',
  other: 'Other reason',
};

/** A pipeline holds at most this many investors (one Query loads the board: docs/data-model.md). */
export const MAX_PIPELINE_ENTRIES = 1000;

export const pipelineMessages = {
  passReasonRequired: 'Choose why the investor passed before moving them to Passed.',
  otherReasonText: 'Say why the investor passed: "Other reason" needs a few words.',
  passReasonOnlyWhenPassed: 'A reason for a pass goes only with the stage Passed.',
  full: `Your pipeline holds at most ${groupDigits(MAX_PIPELINE_ENTRIES)} investors. Remove some before adding more.`,
  notFound: 'This investor is not in your pipeline any more. Reload to see your pipeline as it is.',
  investorNotFound: 'This investor is not in the directory any more.',
} as const;

/** The answer to a move or edit that read an entry another window changed since. */
export function conflictMessage(currentStage: PipelineStage, stageChanged: boolean): string {
  return stageChanged
    ? `This investor was moved to ${STAGE_LABELS[currentStage]} in another window. Reload to see it.`
    : 'This investor was changed in another window. Reload to see it.';
}

export const stageIndex = (stage: PipelineStage): number => PIPELINE_STAGES.indexOf(stage);

/**
 * The stage a keyboard shortcut moves to: one column left (-1) or right (+1), or null at either end.
 */
export function adjacentStage(stage: PipelineStage, step: -1 | 1): PipelineStage | null {
  return PIPELINE_STAGES[stageIndex(stage) + step] ?? null;
}

export interface StageChange {
  readonly stage: PipelineStage;
  readonly passReason?: PassReason | null | undefined;
  readonly passNote?: string | null | undefined;
}

/**
 * Checks a move: Passed needs a reason from the list ('other' with a note); any other stage takes no
 * reason. Returns the message that says what to fix, or null when the move is whole. Moving out of
 * Passed clears the reason ({@link reasonAfterMove}).
 */
export function checkStageChange(change: StageChange): string | null {
  if (change.stage === 'passed') {
    if (!change.passReason) return pipelineMessages.passReasonRequired;
    if (change.passReason === 'other' && !(change.passNote ?? '').trim())
      return pipelineMessages.otherReasonText;
    return null;
  }
  if (change.passReason) return pipelineMessages.passReasonOnlyWhenPassed;
  return null;
}

/** The reason an entry keeps after a move: the move's own for Passed, none otherwise. */
export function reasonAfterMove(change: StageChange): {
  passReason: PassReason | null;
  passNote: string | null;
} {
  if (change.stage !== 'passed') return { passReason: null, passNote: null };
  const note = (change.passNote ?? '').trim();
  return { passReason: change.passReason ?? null, passNote: note === '' ? null : note };
}

/** Lower case letters and digits only: 'Due-Diligence ' and 'due diligence' read alike. */
const compact = (text: string): string =>
  text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '');

/**
 * The one table of words founders' spreadsheets use for each stage, besides the stage's own label:
 * the pipeline import reads a stage cell through it (case, spaces, accents and punctuation do not
 * matter: "Meeting booked", "meeting-booked" and "MEETING BOOKED" read alike). A word names one
 * stage only (a unit test checks it).
 */
export const STAGE_SYNONYMS: Readonly<Record<PipelineStage, readonly string[]>> = {
  toContact: [
    'To contact',
    'To do',
    'Todo',
    'To reach out',
    'To email',
    'To approach',
    'New',
    'Not contacted',
    'Not started',
    'Lead',
    'Target',
    'Prospect',
    'Backlog',
    'Open',
    'Idea',
    'Wishlist',
  ],
  contacted: [
    'Contacted',
    'Reached out',
    'Emailed',
    'Sent',
    'Email sent',
    'Deck sent',
    'Outreach',
    'Intro requested',
    'Intro made',
    'Introduced',
    'Pitched',
    'Awaiting reply',
    'Waiting',
    'Follow up',
    'Followed up',
    'No reply yet',
  ],
  replied: [
    'Replied',
    'Responded',
    'Answered',
    'Interested',
    'In conversation',
    'In talks',
    'Talking',
    'Engaged',
    'Warm',
  ],
  meeting: [
    'Meeting',
    'Meetings',
    'Meeting booked',
    'Meeting scheduled',
    'Meeting set',
    'Meeting held',
    'Met',
    'Call',
    'Call booked',
    'Call scheduled',
    'Call held',
    'First meeting',
    'Second meeting',
    'Pitch meeting',
    'Partner meeting',
    'Intro call',
  ],
  dueDiligence: ['Due diligence', 'DD', 'Diligence', 'In diligence', 'In DD', 'Data room'],
  termSheet: ['Term sheet', 'TS', 'Term sheet received', 'Term sheet signed', 'Negotiating', 'LOI'],
  committed: [
    'Committed',
    'Commit',
    'Soft commit',
    'Verbal commit',
    'Closed',
    'Closed won',
    'Won',
    'Invested',
    'Signed',
    'Wired',
    'Yes',
  ],
  passed: [
    'Passed',
    'Pass',
    'Declined',
    'Rejected',
    'No',
    'Not interested',
    'Not a fit',
    'Lost',
    'Closed lost',
    'Dead',
    'Turned down',
    'Dropped',
  ],
};

/** The table compacted once: compacted word → stage. */
let stageByWord: Map<string, PipelineStage> | undefined;

/**
 * The stage a spreadsheet's stage cell names, or null when it names none (the row then starts at To
 * contact, and the row report says so). Reads {@link STAGE_SYNONYMS}, the labels and the stored names.
 */
export function stageFromText(text: string): PipelineStage | null {
  const key = compact(text);
  if (key === '') return null;
  if (!stageByWord) {
    stageByWord = new Map();
    for (const stage of PIPELINE_STAGES)
      for (const word of [STAGE_LABELS[stage], stage, ...STAGE_SYNONYMS[stage]])
        stageByWord.set(compact(word), stage);
  }
  return stageByWord.get(key) ?? null;
}

/** Whether a next step is due on `today` (YYYY-MM-DD): its date is today or before. */
export const isDue = (nextStepDate: string | null | undefined, today: string): boolean =>
  typeof nextStepDate === 'string' && nextStepDate !== '' && nextStepDate <= today;
