/**
 * The test inbox's messages as SES stores them (raw MIME, one S3 object each), read well enough for the
 * smoke suite: the To and Subject headers, every leaf part decoded (base64, quoted-printable), the text
 * parts joined, attachments by file name. No dependency: nothing else in the product parses mail.
 */
export interface MailPart {
  contentType: string;
  filename: string | undefined;
  content: Buffer;
}

export interface Mail {
  to: string;
  subject: string;
  parts: MailPart[];
  /** The text parts, decoded. */
  text: string;
}

function headerMap(block: string): Map<string, string> {
  const headers = new Map<string, string>();
  for (const line of block.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return headers;
}

const param = (header: string | undefined, name: string) =>
  new RegExp(`${name}\\*?="?([^";]+)"?`, 'i').exec(header ?? '')?.[1];

function decode(body: string, encoding: string | undefined): Buffer {
  switch (encoding?.toLowerCase()) {
    case 'base64':
      return Buffer.from(body.replace(/\s+/g, ''), 'base64');
    case 'quoted-printable':
      return Buffer.from(
        body
          .replace(/=\r?\n/g, '')
          .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
        'latin1',
      );
    default:
      return Buffer.from(body, 'utf8');
  }
}

/** The leaf parts of a MIME entity (SES stores each received message as it arrived). */
function mimeParts(entity: string): { headers: Map<string, string>; parts: MailPart[] } {
  const split = entity.search(/\r?\n\r?\n/);
  const headers = headerMap(split < 0 ? entity : entity.slice(0, split));
  const body = split < 0 ? '' : entity.slice(split).replace(/^\r?\n\r?\n/, '');
  const contentType = headers.get('content-type') ?? 'text/plain';
  const boundary = param(contentType, 'boundary');
  if (contentType.toLowerCase().startsWith('multipart/') && boundary) {
    const sections = body.split(`--${boundary}`).slice(1);
    const parts = sections
      .filter((section) => !section.startsWith('--'))
      .flatMap((section) => mimeParts(section.replace(/^\r?\n/, '')).parts);
    return { headers, parts };
  }
  const filename = param(headers.get('content-disposition'), 'filename') ?? param(contentType, 'name');
  const part = { contentType, filename, content: decode(body, headers.get('content-transfer-encoding')) };
  return { headers, parts: [part] };
}

export function parseMail(raw: string): Mail {
  const { headers, parts } = mimeParts(raw);
  const text = parts
    .filter((part) => part.contentType.toLowerCase().startsWith('text/') && !part.filename)
    .map((part) => part.content.toString('utf8'))
    .join('\n');
  return { to: headers.get('to') ?? '', subject: headers.get('subject') ?? '', parts, text };
}
