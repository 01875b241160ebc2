import type { IncomingMessage, ServerResponse } from 'node:http';
import { SESv2Client, SendEmailCommand } from '@aws-sdk/client-sesv2';
import { type AuthEmailKind, authEmail } from '../../shared/email/auth-emails';
import { type LocalCognito, markEmailVerified } from './cognito';
import type { ExtraRoute } from './gateway';

/** The cognito-local calls that print a code box (as Cognito would email a code). */
const SENDS_A_CODE = ['.SignUp', '.ForgotPassword', '.GetUserAttributeVerificationCode'];

// biome-ignore lint/suspicious/noControlCharactersInRegex: cognito-local colours its output with ANSI escapes.
const ANSI = /\u001b\[[0-9;]*m/g;

/**
 * Cognito sends verification codes by email; cognito-local only prints them. The relay reads them
 * from cognito-local's output and emails them through the local SES, so a developer finds them in
 * the local mail inbox like any other email of the product. It also fronts cognito-local for the
 * web app (`/cognito`), filling three gaps: ResendConfirmationCode (unsupported by cognito-local:
 * the last code is sent again), email_verified after ConfirmSignUp (Cognito sets it), and
 * GetTokensFromRefreshToken, which Amplify refreshes a session with (unsupported by cognito-local:
 * answered by its InitiateAuth REFRESH_TOKEN_AUTH, whose tokens carry the user's groups of now).
 */
export class CognitoRelay {
  private readonly lastCode = new Map<string, string>();
  /** What the next code sent to an address is for (a password reset), by address; else a verification. */
  private readonly nextKind = new Map<string, AuthEmailKind>();
  /** Code boxes read so far: a request that sends a code waits for this to grow. */
  private boxesRead = 0;
  /** Code boxes read so far per address: a request that names its address waits for its own box. */
  private readonly boxesReadFor = new Map<string, number>();
  private buffer = '';
  private readonly ses: SESv2Client;

  constructor(
    sesEndpoint: string,
    private readonly from: string,
    private cognito?: LocalCognito,
  ) {
    this.ses = new SESv2Client({
      endpoint: sesEndpoint,
      region: 'us-east-1',
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    });
  }

  attach(cognito: LocalCognito): void {
    this.cognito = cognito;
  }

  /** Feeds cognito-local's output; each complete "Confirmation Code Delivery" box is emailed. */
  onOutput = (text: string): void => {
    this.buffer = (this.buffer + text.replace(ANSI, '')).slice(-20_000);
    for (;;) {
      const start = this.buffer.indexOf('Confirmation Code Delivery');
      if (start < 0) return;
      const end = this.buffer.indexOf('╯', start);
      if (end < 0) return;
      // A box never holds another box's start: if one appears before this end, the box ends there.
      const next = this.buffer.indexOf('Confirmation Code Delivery', start + 1);
      const stop = next >= 0 && next < end ? next : end + 1;
      const box = this.buffer.slice(start, stop);
      this.buffer = this.buffer.slice(stop);
      const destination = /Destination:\s*(\S+)/.exec(box)?.[1];
      const code = /Code:\s*(\S+)/.exec(box)?.[1];
      this.boxesRead++;
      if (destination) {
        const address = destination.toLowerCase();
        this.boxesReadFor.set(address, (this.boxesReadFor.get(address) ?? 0) + 1);
      }
      if (destination && code) {
        const kind = this.nextKind.get(destination.toLowerCase()) ?? 'verify-email';
        this.nextKind.delete(destination.toLowerCase());
        void this.deliver(destination, code, kind);
      }
    }
  };

  /** The last code sent to an address (tests read it, as a person reads the inbox). */
  codeFor(email: string): string | undefined {
    return this.lastCode.get(email.toLowerCase());
  }

  private async deliver(destination: string, code: string, kind: AuthEmailKind): Promise<void> {
    this.lastCode.set(destination.toLowerCase(), code);
    const email = authEmail(kind, code);
    try {
      await this.ses.send(
        new SendEmailCommand({
          FromEmailAddress: this.from,
          Destination: { ToAddresses: [destination] },
          Content: {
            Simple: {
              Subject: { Data: email.subject },
              Body: { Text: { Data: email.text } },
            },
          },
        }),
      );
    } catch (error) {
      console.error('Could not relay a verification code to the local inbox:', error);
    }
  }

  /**
   * cognito-local logs through pino's asynchronous writer, which now and then keeps its last line
   * (here: the code box) until it writes another. It logs little else (requests only at debug level),
   * so a code could wait for the next sign-up. After a request that sends a code, until its box has
   * been read, this asks cognito-local for an operation it does not have: it logs that as an error,
   * and the line before it (the box) comes out. A request that names its address waits for that
   * address's box (two sign-ups at once each wait for their own, not for whichever box comes first);
   * one that does not (a code for the signed-in user) waits for any new box. It gives up after a
   * minute, which only a machine far busier than any the suite runs on would need.
   */
  private async flushCodeOutput(
    cognitoUrl: string,
    address: string | undefined,
    boxesBefore: number,
    ownBefore: number,
  ): Promise<void> {
    const read = () =>
      address ? (this.boxesReadFor.get(address) ?? 0) > ownBefore : this.boxesRead !== boxesBefore;
    for (let attempt = 0; attempt < 400 && !read(); attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 150));
      if (read()) return;
      await fetch(cognitoUrl, {
        method: 'POST',
        headers: {
          'content-type': 'application/x-amz-json-1.1',
          'x-amz-target': 'AWSCognitoIdentityProviderService.LocalRelayFlush',
        },
        body: '{}',
      }).then(
        (response) => response.body?.cancel(),
        () => undefined,
      );
    }
  }

  /** `/cognito/*` → cognito-local, with the two gaps filled. */
  route(cognitoUrl: string): ExtraRoute {
    return async (req: IncomingMessage, body: Buffer, res: ServerResponse) => {
      const url = req.url ?? '';
      if (!url.startsWith('/cognito')) return false;
      const target = String(req.headers['x-amz-target'] ?? '');
      const send = (status: number, payload: unknown) => {
        res.writeHead(status, {
          'content-type': 'application/x-amz-json-1.1',
          'access-control-allow-origin': '*',
        });
        res.end(JSON.stringify(payload));
      };
      const request = (() => {
        try {
          return JSON.parse(body.toString('utf8') || '{}') as Record<string, string>;
        } catch {
          return {};
        }
      })();

      if (target.endsWith('.ResendConfirmationCode')) {
        const username = String(request.Username ?? '').toLowerCase();
        const code = this.lastCode.get(username);
        if (!code) {
          send(400, { __type: 'UserNotFoundException', message: 'User does not exist.' });
          return true;
        }
        await this.deliver(username, code, 'verify-email');
        send(200, {
          CodeDeliveryDetails: { AttributeName: 'email', DeliveryMedium: 'EMAIL', Destination: username },
        });
        return true;
      }

      // The code cognito-local prints next for this address resets a password (its box does not say).
      if (target.endsWith('.ForgotPassword') && request.Username)
        this.nextKind.set(String(request.Username).toLowerCase(), 'reset-password');

      const headers: Record<string, string> = {};
      for (const [key, value] of Object.entries(req.headers)) {
        if (value !== undefined && !['host', 'content-length', 'connection'].includes(key))
          headers[key] = String(value);
      }
      let forwarded: Uint8Array<ArrayBuffer> = new Uint8Array(body);
      if (target.endsWith('.GetTokensFromRefreshToken')) {
        headers['x-amz-target'] = 'AWSCognitoIdentityProviderService.InitiateAuth';
        forwarded = new TextEncoder().encode(
          JSON.stringify({
            AuthFlow: 'REFRESH_TOKEN_AUTH',
            ClientId: request.ClientId,
            AuthParameters: { REFRESH_TOKEN: request.RefreshToken },
          }),
        );
      }
      const address = request.Username ? String(request.Username).toLowerCase() : undefined;
      const boxesBefore = this.boxesRead;
      const ownBefore = address ? (this.boxesReadFor.get(address) ?? 0) : 0;
      const upstream = await fetch(`${cognitoUrl}${url.replace(/^\/cognito/, '') || '/'}`, {
        method: req.method ?? 'POST',
        headers,
        ...(req.method === 'GET' || req.method === 'HEAD' ? {} : { body: forwarded }),
      });
      const text = await upstream.text();
      if (upstream.ok && SENDS_A_CODE.some((name) => target.endsWith(name))) {
        void this.flushCodeOutput(cognitoUrl, address, boxesBefore, ownBefore);
      }
      if (upstream.ok && target.endsWith('.ConfirmSignUp') && this.cognito && request.Username) {
        await markEmailVerified(this.cognito, request.Username);
      }
      const responseHeaders: Record<string, string> = {};
      upstream.headers.forEach((value, key) => {
        if (!['content-length', 'content-encoding', 'transfer-encoding', 'connection'].includes(key))
          responseHeaders[key] = value;
      });
      res.writeHead(upstream.status, responseHeaders);
      res.end(text);
      return true;
    };
  }
}
