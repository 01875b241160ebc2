import type { CustomMessageTriggerEvent } from 'aws-lambda';
import { beforeAll, describe, expect, it } from 'vitest';
import { customMessage } from '../../../lambdas/events/cognito-custom-message';
import { reportOutcomeEmail } from '../../../lambdas/lib/directory/reports';
import { updateSummaryEmail } from '../../../lambdas/lib/library/update-summaries';
import { rejectionEmail } from '../../../lambdas/lib/portals/investor-review';
import { reminderEmail } from '../../../lambdas/lib/portals/reminders';
import { cartExportSubject } from '../../../lambdas/lib/purchases/delivery';
import type { InvestorProfileItem } from '../../../lambdas/lib/table/models';
import type { AdminReport } from '../../../shared/api/reports';
import { authEmail, COGNITO_MESSAGE_KINDS } from '../../../shared/email/auth-emails';

beforeAll(() => {
  // The weekly summary links to the site (configuration the function reads once).
  process.env.SITE_URL ??= 'https://vc.example.com';
});

const report = (creditGranted: boolean) =>
  ({
    id: 'report-1',
    investorName: 'Ada Abernook',
    reason: 'email_bounced',
    reporterEmail: 'founder@example.com',
    resolution: { action: 'correct', field: 'email', creditGranted },
  }) as unknown as AdminReport;

/**
 * Every email the product sends, one of each kind, with its subject (issue 32: the reset-password
 * email reused the verification email's subject). A new kind of email belongs in this list.
 */
function everyEmail(): Record<string, string> {
  return {
    'email verification code (sign-up, resend, verify the email)': authEmail('verify-email', '123456')
      .subject,
    'password reset code': authEmail('reset-password', '123456').subject,
    'contact list of a purchase (CSV)': cartExportSubject(false, 12),
    'contact bought with a credit (CSV)': cartExportSubject(true, 1),
    'weekly summary of updates to bought contacts': updateSummaryEmail('f@example.com', [
      { investorName: 'Ada', updates: [] },
    ]).subject,
    'outcome of a report of wrong data': reportOutcomeEmail(report(false)).subject,
    'outcome of a report, with a credit': reportOutcomeEmail(report(true)).subject,
    "investor's six-month reminder": reminderEmail('i@example.com', 'VCN', '2026-05-26T06:42:00.000Z')
      .subject,
    "investor's profile not approved": rejectionEmail(
      { accountEmail: 'i@example.com' } as InvestorProfileItem,
      'VCN',
      'We could not confirm who you are.',
    ).subject,
  };
}

describe('a distinct subject for every kind of email', () => {
  it('lists every email the product sends, each kind with its own subject', () => {
    const subjects = everyEmail();
    expect(subjects).toEqual({
      'email verification code (sign-up, resend, verify the email)': 'Your VC Directory verification code',
      'password reset code': 'Reset your VC Directory password',
      'contact list of a purchase (CSV)': 'Your VC Directory contact list (12 contacts)',
      'contact bought with a credit (CSV)': 'Your VC Directory contact, bought with a credit',
      'weekly summary of updates to bought contacts': 'Updates to 1 of your contacts',
      'outcome of a report of wrong data': 'Your report about Ada Abernook: we corrected it',
      'outcome of a report, with a credit':
        'Your report about Ada Abernook: we corrected it (1 credit added)',
      "investor's six-month reminder": 'Is your investor profile on VCN still right?',
      "investor's profile not approved": 'Your investor profile on VCN was not approved',
    });
    const values = Object.values(subjects);
    expect(new Set(values).size).toBe(values.length);
  });

  it('counts the contacts of a purchase in the subject as a person reads them (issue 50)', () => {
    expect(cartExportSubject(false, 1)).toBe('Your VC Directory contact list (1 contact)');
    expect(cartExportSubject(false, 2)).toBe('Your VC Directory contact list (2 contacts)');
    expect(cartExportSubject(false, 1500)).toBe('Your VC Directory contact list (1,500 contacts)');
  });

  it("writes days in emails one way, '26 Nov 2026'", () => {
    expect(reminderEmail('i@example.com', 'VCN', '2026-05-26T06:42:00.000Z').text).toContain(
      'on VCN on 26 May 2026.',
    );
    const summary = updateSummaryEmail('f@example.com', [
      {
        investorName: 'Ada',
        updates: [
          {
            field: 'email',
            kind: 'email',
            status: 'updated',
            value: 'new@example.com',
            was: 'old@example.com',
            changedAt: '2026-11-26T06:42:00.000Z',
          },
        ],
      },
    ] as never);
    expect(summary.text).toContain('(updated 26 Nov 2026, was old@example.com)');
  });
});

describe("Cognito's emails, in both homes", () => {
  const event = (triggerSource: string) =>
    ({
      triggerSource,
      request: { codeParameter: '{####}', userAttributes: {} },
      response: { smsMessage: null, emailMessage: null, emailSubject: null },
    }) as unknown as CustomMessageTriggerEvent;

  it.each(Object.entries(COGNITO_MESSAGE_KINDS))(
    "gives Cognito's %s the %s email, with the code placeholder",
    (source, kind) => {
      const answered = customMessage(event(source));
      expect(answered.response.emailSubject).toBe(authEmail(kind, '{####}').subject);
      expect(answered.response.emailMessage).toContain('{####}');
    },
  );

  it('tells a password reset from a verification apart on AWS', () => {
    expect(customMessage(event('CustomMessage_ForgotPassword')).response.emailSubject).not.toBe(
      customMessage(event('CustomMessage_SignUp')).response.emailSubject,
    );
  });

  it('leaves any other message as Cognito writes it', () => {
    expect(customMessage(event('CustomMessage_AdminCreateUser')).response.emailSubject).toBeNull();
  });
});
