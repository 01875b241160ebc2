import { describe, expect, it } from 'vitest';
import {
  canStartPaymentConnect,
  DISCONNECTED_FIELDS,
  formatStartupStatuses,
  INVALID_STARTUP_STATUS,
  MAX_PROJECT_SECTORS,
  newProject,
  PROJECT_DESCRIPTION_REQUIRED,
  PROJECT_NAME_REQUIRED,
  type Project,
  paymentConnectState,
  projectCreateSchema,
  projectSchema,
  projectUpdateSchema,
  SELECTABLE_STARTUP_STATUSES,
  STARTUP_STATUSES,
  startupStatusLabel,
  TOO_MANY_PROJECT_SECTORS,
  visibleTags,
} from '../../../shared/projects/project';

function firstMessage(result: {
  success: boolean;
  error?: { issues: { message: string }[] };
}): string | undefined {
  return result.error?.issues[0]?.message;
}

const base: Project = newProject(
  { name: 'Acme', description: 'Rockets' },
  { id: 'p1', creatorUserId: 'u1', now: new Date('2024-03-07T14:05:00.000Z') },
);

describe('startup statuses', () => {
  it.each([
    ['Building', 'Building'],
    ['Zombie', 'Zombie'],
    ['Bootstrapping', 'Bootstrapping'],
    ['Raising', 'Raising Funds'],
    ['Exiting', 'Exiting'],
    ['ShuttingDown', 'Shutting Down'],
    ['ExitAcquired', 'Exit: Acquired'],
    ['ExitDissolved', 'Exit: Dissolved'],
    ['Unknown', 'Unknown'],
  ])('labels %s as %s', (value, label) => {
    expect(startupStatusLabel(value)).toBe(label);
  });

  it('labels an unrecognised value Unknown', () => {
    expect(startupStatusLabel('Pivoting')).toBe('Unknown');
    expect(startupStatusLabel('')).toBe('Unknown');
  });

  it('offers every status but Unknown for selection', () => {
    expect(SELECTABLE_STARTUP_STATUSES).toEqual(STARTUP_STATUSES.filter((s) => s !== 'Unknown'));
    expect(SELECTABLE_STARTUP_STATUSES).not.toContain('Unknown');
  });

  it('joins status labels with commas for the project list', () => {
    expect(formatStartupStatuses(['Raising', 'ExitAcquired'])).toBe('Raising Funds, Exit: Acquired');
    expect(formatStartupStatuses([])).toBe('');
  });
});

describe('visibleTags', () => {
  it('hides blank tags', () => {
    expect(visibleTags(['fintech', '', '  ', 'ai', null, undefined])).toEqual(['fintech', 'ai']);
  });

  it('shows nothing for no tags', () => {
    expect(visibleTags([])).toEqual([]);
  });
});

describe('projectCreateSchema', () => {
  it('trims name and description', () => {
    expect(projectCreateSchema.parse({ name: '  Acme ', description: ' Rockets\n' })).toEqual({
      name: 'Acme',
      description: 'Rockets',
    });
  });

  it('refuses a blank name with Name is required.', () => {
    const result = projectCreateSchema.safeParse({ name: '  ', description: 'x' });
    expect(firstMessage(result)).toBe(PROJECT_NAME_REQUIRED);
    expect(PROJECT_NAME_REQUIRED).toBe('Name is required.');
  });

  it('refuses a missing description with Description is required.', () => {
    const result = projectCreateSchema.safeParse({ name: 'Acme' });
    expect(firstMessage(result)).toBe(PROJECT_DESCRIPTION_REQUIRED);
    expect(PROJECT_DESCRIPTION_REQUIRED).toBe('Description is required.');
  });

  it('reports both missing fields', () => {
    const result = projectCreateSchema.safeParse({ name: '', description: '' });
    expect(result.error?.issues.map((i) => i.message)).toEqual([
      PROJECT_NAME_REQUIRED,
      PROJECT_DESCRIPTION_REQUIRED,
    ]);
  });
});

describe('projectUpdateSchema', () => {
  const sectors = (n: number) => Array.from({ length: n }, (_, i) => `sector ${i + 1}`);

  it('accepts 6 sectors', () => {
    const parsed = projectUpdateSchema.parse({ name: 'A', description: 'B', sectors: sectors(6) });
    expect(parsed.sectors).toHaveLength(MAX_PROJECT_SECTORS);
  });

  it('refuses 7 sectors', () => {
    const result = projectUpdateSchema.safeParse({ name: 'A', description: 'B', sectors: sectors(7) });
    expect(firstMessage(result)).toBe(TOO_MANY_PROJECT_SECTORS);
    expect(TOO_MANY_PROJECT_SECTORS).toBe('A project can have at most 6 sectors.');
  });

  it('trims sectors and drops blanks and repeats before counting', () => {
    const parsed = projectUpdateSchema.parse({
      name: 'A',
      description: 'B',
      sectors: [...sectors(6), ' sector 1 ', '', '  '],
    });
    expect(parsed.sectors).toEqual(sectors(6));
  });

  it('defaults sectors and statuses to empty lists', () => {
    expect(projectUpdateSchema.parse({ name: 'A', description: 'B' })).toEqual({
      name: 'A',
      description: 'B',
      sectors: [],
      startupStatus: [],
    });
  });

  it('accepts every selectable status once', () => {
    const parsed = projectUpdateSchema.parse({
      name: 'A',
      description: 'B',
      startupStatus: ['Raising', 'Raising', 'Building'],
    });
    expect(parsed.startupStatus).toEqual(['Raising', 'Building']);
    expect(
      projectUpdateSchema.safeParse({
        name: 'A',
        description: 'B',
        startupStatus: [...SELECTABLE_STARTUP_STATUSES],
      }).success,
    ).toBe(true);
  });

  it('refuses the status Unknown and made-up statuses', () => {
    for (const status of ['Unknown', 'Raising Funds', 'Pivoting']) {
      const result = projectUpdateSchema.safeParse({ name: 'A', description: 'B', startupStatus: [status] });
      expect(firstMessage(result)).toBe(INVALID_STARTUP_STATUS);
    }
  });

  it('still requires name and description', () => {
    const result = projectUpdateSchema.safeParse({ name: ' ', description: 'B' });
    expect(firstMessage(result)).toBe(PROJECT_NAME_REQUIRED);
  });
});

describe('newProject', () => {
  it('starts with no statuses, no sectors and no payment connection', () => {
    expect(base).toEqual({
      id: 'p1',
      creatorUserId: 'u1',
      name: 'Acme',
      description: 'Rockets',
      createdAt: '2024-03-07T14:05:00.000Z',
      updatedAt: '2024-03-07T14:05:00.000Z',
      startupStatus: [],
      sectors: [],
      stripeConnectCode: null,
      stripeConnectScope: null,
      stripeConnectTimestamp: null,
    });
    expect(projectSchema.parse(base)).toEqual(base);
  });

  it('refuses an invalid creation date', () => {
    expect(() =>
      newProject({ name: 'A', description: 'B' }, { id: 'p', creatorUserId: 'u', now: new Date('x') }),
    ).toThrow(RangeError);
  });
});

describe('projectSchema', () => {
  it('fills defaults for lists and connect fields', () => {
    const parsed = projectSchema.parse({
      id: 'p1',
      creatorUserId: 'u1',
      name: 'A',
      description: 'B',
      createdAt: '2024-03-07T14:05:00.000Z',
      updatedAt: '2024-03-08T09:00:00.000Z',
    });
    expect(parsed).toMatchObject({ startupStatus: [], sectors: [], stripeConnectCode: null });
  });

  it('accepts a stored Unknown status', () => {
    expect(projectSchema.safeParse({ ...base, startupStatus: ['Unknown'] }).success).toBe(true);
  });

  it('refuses timestamps that are not ISO 8601', () => {
    expect(projectSchema.safeParse({ ...base, createdAt: 1_700_000_000_000 }).success).toBe(false);
    expect(projectSchema.safeParse({ ...base, stripeConnectTimestamp: 'soon' }).success).toBe(false);
  });

  it('refuses more than 6 stored sectors', () => {
    expect(projectSchema.safeParse({ ...base, sectors: ['a', 'b', 'c', 'd', 'e', 'f', 'g'] }).success).toBe(
      false,
    );
  });
});

describe('paymentConnectState', () => {
  it('is not-connected with no code', () => {
    expect(paymentConnectState(base)).toBe('not-connected');
    expect(paymentConnectState({ stripeConnectCode: '  ' })).toBe('not-connected');
  });

  it('is pending with a stored code and no connection record', () => {
    const pending = {
      ...base,
      stripeConnectCode: 'ac_123',
      stripeConnectTimestamp: '2024-03-09T10:00:00.000Z',
    };
    expect(paymentConnectState(pending)).toBe('pending');
    expect(paymentConnectState(pending, null)).toBe('pending');
  });

  it('is connected once the connection record exists', () => {
    const pending = {
      ...base,
      stripeConnectCode: 'ac_123',
      stripeConnectTimestamp: '2024-03-09T10:00:00.000Z',
    };
    expect(paymentConnectState(pending, { connectedAt: '2024-03-09T10:05:00.000Z' })).toBe('connected');
    expect(paymentConnectState(base, { connectedAt: '2024-03-09T10:05:00.000Z' })).toBe('connected');
  });

  it('disables the connect button when connected or pending', () => {
    expect(canStartPaymentConnect('not-connected')).toBe(true);
    expect(canStartPaymentConnect('pending')).toBe(false);
    expect(canStartPaymentConnect('connected')).toBe(false);
  });

  it('clears all three connect fields on disconnect', () => {
    const connected: Project = {
      ...base,
      stripeConnectCode: 'ac',
      stripeConnectScope: 'read_write',
      stripeConnectTimestamp: '2024-03-09T10:00:00.000Z',
    };
    const after = { ...connected, ...DISCONNECTED_FIELDS };
    expect(after).toEqual(base);
    expect(paymentConnectState(after)).toBe('not-connected');
  });
});
