import { readFileSync } from 'node:fs';
import {
  CognitoIdentityProviderClient,
  InitiateAuthCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { GetObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { type ApiResponse, apiClient, type CallOptions } from '../../../infra/local/api-client';
import { type Mail, parseMail } from '../mail';

/**
 * The deployment the smoke suite runs against, as test/aws/run.ts hands it over: the stack's outputs,
 * the API through the site's own origin (CloudFront's `/api`, as the web app calls it), Cognito, and the
 * test inbox (the messages SES receives for `SMOKE_INBOX_DOMAIN`, stored in `SMOKE_INBOX_BUCKET`).
 */
const need = (name: string): string => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: the smoke suite runs from npm run test:aws`);
  return value;
};

export const region = process.env.AWS_REGION ?? process.env.AWS_DEFAULT_REGION ?? need('AWS_REGION');
export const outputs = JSON.parse(readFileSync(need('SMOKE_OUTPUTS'), 'utf8'))[need('SMOKE_STACK')] as Record<
  string,
  string
>;
export const webhookSecret = need('SMOKE_WEBHOOK_SECRET');
const siteUrl = (outputs.SiteUrl ?? '').startsWith('http') ? outputs.SiteUrl : `https://${outputs.SiteUrl}`;
const api = apiClient(`${siteUrl}/api`);

export function call(method: string, path: string, options: CallOptions = {}): Promise<ApiResponse> {
  return api.call(method, path, options);
}

export const cognito = new CognitoIdentityProviderClient({ region });
const s3 = new S3Client({ region });

/** A fresh address of the test inbox. */
export function inboxAddress(label: string): string {
  return `smoke-${label}-${Date.now().toString(36)}@${need('SMOKE_INBOX_DOMAIN')}`;
}

export async function signIn(email: string, password: string): Promise<string> {
  const result = await cognito.send(
    new InitiateAuthCommand({
      ClientId: outputs.UserPoolClientId,
      AuthFlow: 'USER_PASSWORD_AUTH',
      AuthParameters: { USERNAME: email, PASSWORD: password },
    }),
  );
  const token = result.AuthenticationResult?.IdToken;
  if (!token) throw new Error(`no ID token for ${email}: ${result.ChallengeName ?? 'no challenge'}`);
  return token;
}

/** Every message the test inbox has received for this address since `since`. */
export async function mailTo(address: string, since: Date): Promise<Mail[]> {
  const bucket = need('SMOKE_INBOX_BUCKET');
  const mails: Mail[] = [];
  let token: string | undefined;
  do {
    const page = await s3.send(
      new ListObjectsV2Command({
        Bucket: bucket,
        Prefix: process.env.SMOKE_INBOX_PREFIX ?? '',
        ...(token ? { ContinuationToken: token } : {}),
      }),
    );
    for (const object of page.Contents ?? []) {
      if (!object.Key || (object.LastModified && object.LastModified < since)) continue;
      const got = await s3.send(new GetObjectCommand({ Bucket: bucket, Key: object.Key }));
      const mail = parseMail((await got.Body?.transformToString('utf8')) ?? '');
      if (mail.to.toLowerCase().includes(address.toLowerCase())) mails.push(mail);
    }
    token = page.NextContinuationToken;
  } while (token);
  return mails;
}
