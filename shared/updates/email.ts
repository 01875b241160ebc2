/**
 * Monthly investor updates (issue 53): the email of one update to one recipient, as plain text and
 * HTML. Pure. Every value the founder typed is escaped in the HTML part; the links are the
 * recipient's own (the web copy through the link that records the open, and the unsubscribe).
 */
import { BRAND } from '../messages';

export interface UpdateContent {
  readonly projectName: string;
  readonly subject: string;
  /** The pre-filled lines (MRR, coverage) the founder kept; may be empty. */
  readonly figures: readonly string[];
  readonly highlights: string;
  readonly lowlights: string;
  readonly asks: string;
}

export interface RecipientLinks {
  /** The web copy, through the link that records this recipient's open. */
  readonly readUrl: string;
  /** The page where the recipient stops this project's updates. */
  readonly unsubscribeUrl: string;
}

export const SECTION_TITLES = { highlights: 'Highlights', lowlights: 'Lowlights', asks: 'Asks' } as const;

/** The sections an update has (a blank one left out), in order. */
export function sectionsOf(content: UpdateContent): { title: string; body: string }[] {
  return (['highlights', 'lowlights', 'asks'] as const)
    .map((key) => ({ title: SECTION_TITLES[key], body: content[key].trim() }))
    .filter((section) => section.body !== '');
}

/** Escapes text for HTML element content and attribute values. */
export function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

const paragraphs = (text: string) =>
  text
    .split(/\n{2,}/)
    .map((block) => `<p>${escapeHtml(block).replaceAll('\n', '<br>')}</p>`)
    .join('');

/** Why the recipient gets it, and how to stop: the footer of both parts. */
const footer = (projectName: string) =>
  `You get this update because the founders of ${projectName} chose to send it to you. Reply to this email to answer them.`;

export function updateEmail(content: UpdateContent, links: RecipientLinks) {
  const sections = sectionsOf(content);
  const text = [
    content.subject,
    '',
    ...(content.figures.length ? [...content.figures, ''] : []),
    ...sections.flatMap((section) => [section.title, section.body, '']),
    `Read it on the web: ${links.readUrl}`,
    '',
    footer(content.projectName),
    `Unsubscribe from ${content.projectName}'s updates: ${links.unsubscribeUrl}`,
    '',
    `Sent with ${BRAND}`,
  ].join('\n');
  const html = [
    '<!doctype html><html><body style="font-family:Arial,Helvetica,sans-serif;line-height:1.5;color:#1a1a1a;max-width:640px">',
    `<h1 style="font-size:20px">${escapeHtml(content.subject)}</h1>`,
    content.figures.length
      ? `<ul>${content.figures.map((line) => `<li>${escapeHtml(line)}</li>`).join('')}</ul>`
      : '',
    ...sections.map(
      (section) => `<h2 style="font-size:16px">${section.title}</h2>${paragraphs(section.body)}`,
    ),
    `<p><a href="${escapeHtml(links.readUrl)}">Read it on the web</a></p>`,
    `<hr><p style="font-size:12px;color:#555">${escapeHtml(footer(content.projectName))} `,
    `<a href="${escapeHtml(links.unsubscribeUrl)}">Unsubscribe from ${escapeHtml(content.projectName)}'s updates</a>.</p>`,
    `<p style="font-size:12px;color:#555">Sent with ${escapeHtml(BRAND)}</p>`,
    '</body></html>',
  ].join('');
  return { subject: content.subject, text, html };
}
