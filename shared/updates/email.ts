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
  /**
   * The tracked address of the update's link number `index` (see `updateLinks`) for this recipient.
   * Without it the founder's links are shown as written.
   */
  readonly linkUrl?: (index: number) => string;
}

/** An http(s) address as founders write one in prose; trailing punctuation is not part of it. */
const URL_PATTERN = /https?:\/\/[^\s<>"'`]+/gi;
const TRAILING = /[.,;:!?)\]}'"]+$/;

/** The http(s) addresses in a text, in order, each with where it starts and ends. */
function urlsIn(text: string): { url: string; start: number; end: number }[] {
  const found: { url: string; start: number; end: number }[] = [];
  for (const match of text.matchAll(URL_PATTERN)) {
    const url = match[0].replace(TRAILING, '');
    if (!/^https?:\/\/[^/?#]+/i.test(url)) continue;
    found.push({ url, start: match.index, end: match.index + url.length });
  }
  return found;
}

/**
 * The update's links: every distinct http(s) address in its sections (highlights, lowlights, asks,
 * in that order), first seen first. A link's index in this list is its number in tracked links.
 */
export function updateLinks(content: Pick<UpdateContent, 'highlights' | 'lowlights' | 'asks'>): string[] {
  const links: string[] = [];
  for (const key of ['highlights', 'lowlights', 'asks'] as const)
    for (const { url } of urlsIn(content[key])) if (!links.includes(url)) links.push(url);
  return links;
}

/** Splits a text into its plain pieces and its links (with the link's index in `links`). */
function pieces(
  text: string,
  links: readonly string[],
): ({ text: string } | { url: string; index: number })[] {
  const out: ({ text: string } | { url: string; index: number })[] = [];
  let at = 0;
  for (const { url, start, end } of urlsIn(text)) {
    const index = links.indexOf(url);
    if (index < 0) continue;
    if (start > at) out.push({ text: text.slice(at, start) });
    out.push({ url, index });
    at = end;
  }
  if (at < text.length) out.push({ text: text.slice(at) });
  return out;
}

/** A section's text for the plain part: each link replaced by its tracked address. */
export function trackedText(
  text: string,
  links: readonly string[],
  linkUrl?: (index: number) => string,
): string {
  if (!linkUrl) return text;
  return pieces(text, links)
    .map((piece) => ('url' in piece ? linkUrl(piece.index) : piece.text))
    .join('');
}

/** A section's text as HTML: escaped, each link an anchor (to its tracked address when there is one). */
export function linkedHtml(
  text: string,
  links: readonly string[],
  linkUrl?: (index: number) => string,
): string {
  return pieces(text, links)
    .map((piece) =>
      'url' in piece
        ? `<a href="${escapeHtml(linkUrl ? linkUrl(piece.index) : piece.url)}">${escapeHtml(piece.url)}</a>`
        : escapeHtml(piece.text),
    )
    .join('');
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

const paragraphs = (text: string, links: readonly string[], linkUrl?: (index: number) => string) =>
  text
    .split(/\n{2,}/)
    .map((block) => `<p>${linkedHtml(block, links, linkUrl).replaceAll('\n', '<br>')}</p>`)
    .join('');

/** Why the recipient gets it, and how to stop: the footer of both parts. */
const footer = (projectName: string) =>
  `You get this update because the founders of ${projectName} chose to send it to you. Reply to this email to answer them.`;

export function updateEmail(content: UpdateContent, recipient: RecipientLinks) {
  const sections = sectionsOf(content);
  const links = updateLinks(content);
  const text = [
    content.subject,
    '',
    ...(content.figures.length ? [...content.figures, ''] : []),
    ...sections.flatMap((section) => [
      section.title,
      trackedText(section.body, links, recipient.linkUrl),
      '',
    ]),
    `Read it on the web: ${recipient.readUrl}`,
    '',
    footer(content.projectName),
    `Unsubscribe from ${content.projectName}'s updates: ${recipient.unsubscribeUrl}`,
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
      (section) =>
        `<h2 style="font-size:16px">${section.title}</h2>${paragraphs(section.body, links, recipient.linkUrl)}`,
    ),
    `<p><a href="${escapeHtml(recipient.readUrl)}">Read it on the web</a></p>`,
    `<hr><p style="font-size:12px;color:#555">${escapeHtml(footer(content.projectName))} `,
    `<a href="${escapeHtml(recipient.unsubscribeUrl)}">Unsubscribe from ${escapeHtml(content.projectName)}'s updates</a>.</p>`,
    `<p style="font-size:12px;color:#555">Sent with ${escapeHtml(BRAND)}</p>`,
    '</body></html>',
  ].join('');
  return { subject: content.subject, text, html };
}
