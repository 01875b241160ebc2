import type { ExtraRoute } from './gateway';

/**
 * The local SES with faults on demand: the handlers' SES endpoint is `/local/ses` of the gateway, which
 * forwards every call to aws-ses-v2-local, unless a test armed a refusal with
 * `POST /local/faults/ses {"refuse": true}`; then each send is answered as SES answers a rejected
 * message (400, `MessageRejected`), as happens to every email while an AWS account's SES is in its
 * sandbox. `{"refuse": false}` disarms it. `{"refuseTo": ["a@example.com"]}` adds addresses whose
 * sends are refused (one recipient's mailbox refusing, the others served) and `{"acceptTo": [...]}`
 * serves them again: each test arms only its own recipients, so test files running at once never
 * refuse each other's email (a refusal of every send is for trying things by hand).
 */
export class LocalSesFaults {
  private refusing = false;
  private readonly refusedRecipients = new Set<string>();

  private refuses(body: Buffer): boolean {
    if (this.refusing) return true;
    if (this.refusedRecipients.size === 0) return false;
    try {
      const request = JSON.parse(body.toString('utf8')) as { Destination?: { ToAddresses?: string[] } };
      return (request.Destination?.ToAddresses ?? []).some((to) => this.refusedRecipients.has(to));
    } catch {
      return false;
    }
  }

  constructor(private readonly emulatorUrl: string) {}

  route(): ExtraRoute {
    return async (req, body, res) => {
      const url = req.url ?? '/';
      if (req.method === 'POST' && url === '/local/faults/ses') {
        const armed = JSON.parse(body.toString('utf8') || '{}') as {
          refuse?: boolean;
          refuseTo?: string[];
          acceptTo?: string[];
        };
        if (armed.refuse !== undefined) this.refusing = armed.refuse === true;
        for (const address of armed.refuseTo ?? []) this.refusedRecipients.add(address);
        for (const address of armed.acceptTo ?? []) this.refusedRecipients.delete(address);
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ refusing: this.refusing }));
        return true;
      }
      if (!url.startsWith('/local/ses/')) return false;
      if (req.method === 'POST' && this.refuses(body)) {
        res.writeHead(400, { 'content-type': 'application/json', 'x-amzn-errortype': 'MessageRejected' });
        res.end(JSON.stringify({ message: 'Email address is not verified (local SES refusing on demand).' }));
        return true;
      }
      const headers: Record<string, string> = {};
      for (const [key, value] of Object.entries(req.headers))
        if (value !== undefined && key !== 'host' && key !== 'content-length')
          headers[key] = Array.isArray(value) ? value.join(',') : value;
      const forwarded = await fetch(`${this.emulatorUrl}${url.slice('/local/ses'.length)}`, {
        method: req.method ?? 'GET',
        headers,
        ...(body.length && req.method !== 'GET' ? { body: new Uint8Array(body) } : {}),
      });
      const responseHeaders: Record<string, string> = {};
      forwarded.headers.forEach((value, key) => {
        if (key !== 'content-encoding' && key !== 'transfer-encoding' && key !== 'content-length')
          responseHeaders[key] = value;
      });
      res.writeHead(forwarded.status, responseHeaders);
      res.end(Buffer.from(await forwarded.arrayBuffer()));
      return true;
    };
  }
}
