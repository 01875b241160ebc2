import { SendEmailCommand } from '@aws-sdk/client-sesv2';
import { sesClient } from './clients/ses';
import { emailConfig } from './config';

export interface OutgoingEmail {
  to: string;
  subject: string;
  text: string;
  attachment?: { fileName: string; contentType: string; content: string };
}

/** Sends one email through SES v2 from the configured sender (and configuration set, when set). */
export async function sendEmail(email: OutgoingEmail): Promise<string | undefined> {
  const { SES_FROM, SES_CONFIGURATION_SET } = emailConfig();
  const result = await sesClient().send(
    new SendEmailCommand({
      FromEmailAddress: SES_FROM,
      Destination: { ToAddresses: [email.to] },
      ...(SES_CONFIGURATION_SET ? { ConfigurationSetName: SES_CONFIGURATION_SET } : {}),
      Content: {
        Simple: {
          Subject: { Data: email.subject, Charset: 'UTF-8' },
          Body: { Text: { Data: email.text, Charset: 'UTF-8' } },
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
