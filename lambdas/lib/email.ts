import { hasLineBreak } from '../../shared/api/text';
import { ses } from './clients/ses';
import { emailConfig } from './config';

export interface OutgoingEmail {
  to: string;
  subject: string;
  text: string;
  /** An HTML part beside the text (investor updates, issue 53). */
  html?: string;
  /** Where replies go (investor updates: the founder), when not to the sender. */
  replyTo?: string;
  attachment?: { fileName: string; contentType: string; content: string };
  /**
   * A bulk email's one-click unsubscribe address (issue 48, RFC 8058): sent as `List-Unsubscribe:
   * <url>` and `List-Unsubscribe-Post: List-Unsubscribe=One-Click`.
   */
  unsubscribeUrl?: string;
}

/** Why an email was not sent: a header would have held a line break. */
export class EmailHeaderError extends Error {
  override readonly name = 'EmailHeaderError';
}

/**
 * Refuses an email whose header values (recipient, subject, attachment file name) hold a line
 * break, before anything is sent: every header is built from single-line values (docs/decisions.md,
 * "Bad input, one way everywhere"), and a value that slipped through (data stored before the rule)
 * must never add a header or end them. The message names the header, not its value.
 */
export function checkEmailHeaders(email: OutgoingEmail): void {
  const headers: [string, string | undefined][] = [
    ['To', email.to],
    ['Reply-To', email.replyTo],
    ['Subject', email.subject],
    ['attachment file name', email.attachment?.fileName],
    ['List-Unsubscribe', email.unsubscribeUrl],
  ];
  for (const [header, value] of headers)
    if (value !== undefined && hasLineBreak(value))
      throw new EmailHeaderError(`The email's ${header} holds a line break: it was not sent`);
}

/**
 * Sends one email through SES v2 from the configured sender (and configuration set, when set),
 * after {@link checkEmailHeaders}.
 */
export async function sendEmail(email: OutgoingEmail): Promise<string | undefined> {
  checkEmailHeaders(email);
  const { SES_FROM, SES_CONFIGURATION_SET } = emailConfig();
  const { client, sdk } = await ses();
  const result = await client.send(
    new sdk.SendEmailCommand({
      FromEmailAddress: SES_FROM,
      Destination: { ToAddresses: [email.to] },
      ...(email.replyTo ? { ReplyToAddresses: [email.replyTo] } : {}),
      ...(SES_CONFIGURATION_SET ? { ConfigurationSetName: SES_CONFIGURATION_SET } : {}),
      Content: {
        Simple: {
          Subject: { Data: email.subject, Charset: 'UTF-8' },
          Body: {
            Text: { Data: email.text, Charset: 'UTF-8' },
            ...(email.html ? { Html: { Data: email.html, Charset: 'UTF-8' } } : {}),
          },
          ...(email.unsubscribeUrl
            ? {
                Headers: [
                  { Name: 'List-Unsubscribe', Value: `<${email.unsubscribeUrl}>` },
                  { Name: 'List-Unsubscribe-Post', Value: 'List-Unsubscribe=One-Click' },
                ],
              }
            : {}),
          ...(email.attachment
            ? {
                Attachments: [
                  {
                    FileName: email.attachment.fileName,
                    ContentType: email.attachment.contentType,
                    ContentDisposition: 'ATTACHMENT',
                    RawContent: new TextEncoder().encode(email.attachment.content),
                  },
                ],
              }
            : {}),
        },
      },
    }),
  );
  return result.MessageId;
}
