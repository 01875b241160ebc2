import { describe, expect, it } from 'vitest';
import {
  adjacentStage,
  checkStageChange,
  conflictMessage,
  isDue,
  PIPELINE_STAGES,
  pipelineMessages,
  reasonAfterMove,
  STAGE_LABELS,
  STAGE_SYNONYMS,
  stageFromText,
} from '../../../shared/pipeline/stages';

describe('pipeline stages', () => {
  it('are the issue’s eight, in board order, with their labels', () => {
    expect(PIPELINE_STAGES.map((stage) => STAGE_LABELS[stage])).toEqual([
      'To contact',
      'Contacted',
      'Replied',
      'Meeting',
      'Due diligence',
      'Term sheet',
      'Committed',
      'Passed',
    ]);
  });

  it('move one column left or right with the arrow keys, and not past either end', () => {
    expect(adjacentStage('toContact', 1)).toBe('contacted');
    expect(adjacentStage('meeting', -1)).toBe('replied');
    expect(adjacentStage('toContact', -1)).toBeNull();
    expect(adjacentStage('passed', 1)).toBeNull();
    expect(adjacentStage('committed', 1)).toBe('passed');
  });

  it('need a reason for a pass, words for "other", and no reason for any other stage', () => {
    expect(checkStageChange({ stage: 'passed' })).toBe(pipelineMessages.passReasonRequired);
    expect(checkStageChange({ stage: 'passed', passReason: 'other', passNote: '  ' })).toBe(
      pipelineMessages.otherReasonText,
    );
    expect(checkStageChange({ stage: 'passed', passReason: 'other', passNote: 'Partner left' })).toBeNull();
    expect(checkStageChange({ stage: 'passed', passReason: 'timing' })).toBeNull();
    expect(checkStageChange({ stage: 'meeting', passReason: 'timing' })).toBe(
      pipelineMessages.passReasonOnlyWhenPassed,
    );
    expect(checkStageChange({ stage: 'meeting' })).toBeNull();
  });

  it('keep the reason of a pass only while passed', () => {
    expect(reasonAfterMove({ stage: 'passed', passReason: 'sector', passNote: ' Not fintech ' })).toEqual({
      passReason: 'sector',
      passNote: 'Not fintech',
    });
    expect(reasonAfterMove({ stage: 'meeting', passReason: 'sector', passNote: 'x' })).toEqual({
      passReason: null,
      passNote: null,
    });
  });

  it('read a spreadsheet’s stage words, whatever the case and punctuation', () => {
    expect(stageFromText('Due-Diligence')).toBe('dueDiligence');
    expect(stageFromText('DD')).toBe('dueDiligence');
    expect(stageFromText('term sheet')).toBe('termSheet');
    expect(stageFromText(' to do ')).toBe('toContact');
    expect(stageFromText('Reached out')).toBe('contacted');
    expect(stageFromText('Declined')).toBe('passed');
    expect(stageFromText('Closed')).toBe('committed');
    expect(stageFromText('maybe later')).toBeNull();
    expect(stageFromText('')).toBeNull();
  });

  it('read stage words through one table of synonyms, each word naming one stage (issue 50)', () => {
    expect(stageFromText('Passed')).toBe('passed');
    expect(stageFromText('Pass')).toBe('passed');
    expect(stageFromText('No')).toBe('passed');
    expect(stageFromText('Not interested')).toBe('passed');
    expect(stageFromText('Meeting booked')).toBe('meeting');
    expect(stageFromText('MEETING-BOOKED')).toBe('meeting');
    expect(stageFromText('Call scheduled')).toBe('meeting');
    expect(stageFromText('To do')).toBe('toContact');
    expect(stageFromText('To contact')).toBe('toContact');
    expect(stageFromText('Email sent')).toBe('contacted');
    expect(stageFromText('In talks')).toBe('replied');
    expect(stageFromText('Data room')).toBe('dueDiligence');
    expect(stageFromText('Term sheet received')).toBe('termSheet');
    expect(stageFromText('Soft commit')).toBe('committed');
    // Every stage has words of its own, and no word names two stages.
    const seen = new Map<string, string>();
    const key = (word: string) => word.toLowerCase().replace(/[^a-z0-9]+/g, '');
    for (const stage of PIPELINE_STAGES) {
      expect(STAGE_SYNONYMS[stage].length).toBeGreaterThan(0);
      for (const word of STAGE_SYNONYMS[stage]) {
        expect(seen.get(key(word)) ?? stage).toBe(stage);
        seen.set(key(word), stage);
        expect(stageFromText(word)).toBe(stage);
      }
    }
  });

  it('say plainly where another window moved the investor', () => {
    expect(conflictMessage('meeting', true)).toBe(
      'This investor was moved to Meeting in another window. Reload to see it.',
    );
    expect(conflictMessage('meeting', false)).toBe(
      'This investor was changed in another window. Reload to see it.',
    );
  });

  it('count a next step as due today and when overdue, not before', () => {
    expect(isDue('2026-03-01', '2026-03-01')).toBe(true);
    expect(isDue('2026-02-28', '2026-03-01')).toBe(true);
    expect(isDue('2026-03-02', '2026-03-01')).toBe(false);
    expect(isDue(null, '2026-03-01')).toBe(false);
  });
});
