/** What the functions use of the SES v2 SDK: a chunk of its own, loaded at the first email (see `./s3.ts`). */
export { SESv2Client, SendEmailCommand } from '@aws-sdk/client-sesv2';
