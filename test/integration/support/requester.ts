import { request } from 'node:http';
import type { ApiResponse } from '../../../infra/local/api-client';
import { api } from './home';

/**
 * Calls the API from a chosen loopback address (127.0.0.x), so a test is its own requester for the
 * per-address limits of public requests (issue 30): the local gateway passes the connection's address
 * as API Gateway's `sourceIp`, as AWS does.
 */
export function callFrom(
  address: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<ApiResponse> {
  const url = new URL(`${api}${path}`);
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: url.hostname,
        port: url.port,
        path: `${url.pathname}${url.search}`,
        method,
        localAddress: address,
        headers: payload
          ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }
          : {},
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let parsed: unknown = null;
          try {
            parsed = JSON.parse(text);
          } catch {
            parsed = null;
          }
          resolve({ status: res.statusCode ?? 0, body: parsed, text });
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    if (payload) req.write(payload);
    req.end();
  });
}

/** A loopback address of its own for one test (127.0.0.2 … 127.0.0.254, random). */
export const ownAddress = (): string =>
  `127.0.${Math.floor(Math.random() * 250) + 1}.${Math.floor(Math.random() * 253) + 2}`;
