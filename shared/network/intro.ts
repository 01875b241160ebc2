/**
 * The intro request (issue 52): a short email from the founder to the connector, with a blurb the
 * connector can forward to the investor (a double opt-in: the connector asks the investor first).
 * Sent from the founder's own mail client (a `mailto:` link, or copied): we never email a
 * founder's connections ourselves. Pure: the page drafts it, the founder edits it.
 */

export interface IntroFacts {
  connectorName: string;
  investorName: string;
  firmName: string | null;
  /** How the connector is near the investor ("partner at their firm"). */
  relationWords: string;
  projectName: string;
  /** "a $2M Seed round", or null when the raise says nothing. */
  raiseWords: string | null;
}

const firstName = (name: string) => name.trim().split(/\s+/)[0] ?? name;

/** The draft's subject line. */
export const introSubject = (facts: IntroFacts) => `Intro to ${facts.investorName}?`;

/** The forwardable blurb for the investor. */
export function introBlurb(facts: IntroFacts): string {
  const raising = facts.raiseWords ? ` We are raising ${facts.raiseWords}.` : '';
  return `${facts.projectName} would like to meet ${facts.investorName}${facts.firmName ? ` (${facts.firmName})` : ''}.${raising} Happy to send the deck and a short summary if useful.`;
}

/** The whole draft: a greeting, the ask (ask the investor first), the blurb to forward, thanks. */
export function introBody(facts: IntroFacts): string {
  const who = `${facts.investorName}${facts.firmName ? ` at ${facts.firmName}` : ''}`;
  return [
    `Hi ${firstName(facts.connectorName)},`,
    '',
    `I'm raising for ${facts.projectName} and ${who} looks like a strong fit. I saw you know them (${facts.relationWords}). Would you be open to asking ${firstName(facts.investorName)} whether they'd like an introduction? Only if they say yes, of course.`,
    '',
    'A short note you can forward:',
    '',
    introBlurb(facts),
    '',
    'Thank you!',
  ].join('\n');
}

/** A `mailto:` link with the subject and body (RFC 6068: each part percent-encoded, line breaks as CRLF). */
export function introMailto(email: string | null, subject: string, body: string): string {
  const to = email ? encodeURIComponent(email).replace(/%40/g, '@') : '';
  return `mailto:${to}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body.replace(/\r?\n/g, '\r\n'))}`;
}
