import { siteConfig } from '../config';
import { sendEmail } from '../email';

/**
 * The founder's email when a deck link is opened (issue 53): the first open of a link, and at most
 * one per link a UTC day (claimed on the link before it is sent; `decks.ts`). Not a bulk email: one
 * founder's own notice about their own link, so it carries no unsubscribe link.
 */
export function openEmail(input: {
  to: string;
  projectId: string;
  projectName: string;
  investorName: string;
  viewerEmail: string | null;
  firstOpen: boolean;
}) {
  const pipeline = `${siteConfig().SITE_URL}/projects/${input.projectId}/pipeline`;
  const who = input.viewerEmail ? ` (${input.viewerEmail})` : '';
  const subject = `${input.investorName} opened your deck`.replace(/[\r\n]+/g, ' ').slice(0, 200);
  return {
    to: input.to,
    subject,
    text: [
      `${input.investorName}${who} ${input.firstOpen ? 'opened your deck link for the first time' : 'opened your deck link again'}: ${input.projectName}.`,
      '',
      `See the pages they read and the minutes on each in your pipeline: ${pipeline}`,
      '',
      'You get at most one of these emails per link a day.',
    ].join('\n'),
  };
}

export async function sendOpenEmail(input: Parameters<typeof openEmail>[0]): Promise<void> {
  await sendEmail(openEmail(input));
}
