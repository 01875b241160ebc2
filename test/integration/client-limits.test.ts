import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_LIMIT_BODY, CLIENT_LIMITS, ClientLimiter } from '../../infra/client-limits';
import { startLocalEdge } from '../../infra/local/edge-server';
import { freePort } from '../../infra/local/processes';
import { localHome } from './support/home';

/**
 * The per-client limits of infra/client-limits.ts in the local edge, in front of the real local
 * gateway and cognito-local: each client (its loopback source address) is counted on its own, so the
 * client that goes over a limit is answered 429 while another is served. The limiter's clock is the
 * test's: every request falls in the window the test chose.
 */
let edge: http.Server;
let port: number;
let webDir: string;
let now = Date.UTC(2026, 0, 1, 12, 0, 0);
const limiter = new ClientLimiter(CLIENT_LIMITS, () => now);
const rule = (name: string) => {
  const found = CLIENT_LIMITS.find((limit) => limit.name === name);
  if (!found) throw new Error(`no limit ${name}`);
  return found;
};

beforeAll(async () => {
  webDir = mkdtempSync(join(tmpdir(), 'limits-web-'));
  writeFileSync(join(webDir, 'index.html'), '<!doctype html><title>app</title>');
  port = await freePort();
  edge = await startLocalEdge({
    port,
    gatewayUrl: localHome.urls.gateway,
    origins: { uploads: localHome.urls.s3 },
    web: { kind: 'static', dir: webDir },
    clientLimiter: limiter,
  });
});

afterAll(async () => {
  edge?.closeAllConnections();
  await new Promise((resolve) => edge?.close(resolve));
  rmSync(webDir, { recursive: true, force: true });
});

interface Answer {
  status: number;
  body: string;
}

/** One request to the local edge from `from` (a loopback address: the client WAF would count). */
function request(
  from: string,
  path: string,
  options: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        path,
        method: options.method ?? 'GET',
        localAddress: from,
        headers: { host: `localhost:${port}`, ...options.headers },
        agent: false,
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk) => {
          body += chunk;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}

/** `count` requests from one client, ten at a time; their statuses in order. */
async function burst(
  from: string,
  count: number,
  send: (from: string) => Promise<Answer>,
): Promise<number[]> {
  const statuses: number[] = [];
  for (let sent = 0; sent < count; sent += 10) {
    const batch = await Promise.all(Array.from({ length: Math.min(10, count - sent) }, () => send(from)));
    statuses.push(...batch.map((answer) => answer.status));
  }
  return statuses;
}

describe('per-client limits in the local edge (infra/client-limits.ts)', () => {
  it('answers 429 to the client that searched past the limit, and still serves another client', async () => {
    const search = rule('search');
    const search1 = (from: string) => request(from, '/api/investors?q=fintech');
    const within = await burst('127.0.0.2', search.limit, search1);
    expect(new Set(within)).toEqual(new Set([200]));

    const over = await search1('127.0.0.2');
    expect(over.status).toBe(429);
    expect(JSON.parse(over.body)).toEqual(JSON.parse(CLIENT_LIMIT_BODY));

    const other = await search1('127.0.0.3');
    expect(other.status).toBe(200);
    // The limited client may still use what another rule allows (the metadata is only under `api`).
    expect((await request('127.0.0.2', '/api/directory/metadata')).status).toBe(200);
    // And the web app itself is no API call.
    expect((await request('127.0.0.2', '/search')).status).toBe(200);

    // The next window, the limited client is served again.
    now += search.windowSeconds * 1000;
    expect((await search1('127.0.0.2')).status).toBe(200);
  });

  it('limits sign-ups per client on the way to Cognito, and no other Cognito operation', async () => {
    const signUp = rule('sign-up');
    // Malformed sign-ups: cognito-local refuses each (400), and each still counts at the edge.
    const attempt = (from: string) =>
      request(from, '/cognito/', {
        method: 'POST',
        headers: {
          'content-type': 'application/x-amz-json-1.1',
          'x-amz-target': 'AWSCognitoIdentityProviderService.SignUp',
        },
        body: JSON.stringify({ ClientId: 'no-such-client', Username: 'x', Password: 'x' }),
      });
    const within = await burst('127.0.0.4', signUp.limit, attempt);
    expect(within).not.toContain(429);
    expect((await attempt('127.0.0.4')).status).toBe(429);
    expect((await attempt('127.0.0.5')).status).not.toBe(429);

    const otherOperation = await request('127.0.0.4', '/cognito/', {
      method: 'POST',
      headers: {
        'content-type': 'application/x-amz-json-1.1',
        'x-amz-target': 'AWSCognitoIdentityProviderService.InitiateAuth',
      },
      body: JSON.stringify({ ClientId: 'no-such-client', AuthFlow: 'USER_PASSWORD_AUTH' }),
    });
    expect(otherOperation.status).not.toBe(429);
  });
});
