import { createHash, createHmac } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { presignImportUpload } from '../../../lambdas/lib/storage';

/**
 * The presigned PUT as the AWS home makes it (no emulator endpoint), checked the way S3 checks it.
 * Presigning is local computation: no request leaves the process. The local emulator cannot show
 * this: s3rver 3.7.1 accepts any Signature Version 4 request without computing the signature
 * (`lib/middleware/authentication.js`: "Signature version 4 calculation is unimplemented").
 */
const SECRET_ACCESS_KEY = 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY';
const DECLARED = 1234;

beforeAll(() => {
  Object.assign(process.env, {
    AWS_REGION: 'eu-west-1',
    AWS_ACCESS_KEY_ID: 'AKIDEXAMPLE',
    AWS_SECRET_ACCESS_KEY: SECRET_ACCESS_KEY,
    UPLOADS_BUCKET: 'uploads-bucket',
    EXPORTS_BUCKET: 'exports-bucket',
  });
  delete process.env.S3_ENDPOINT;
  delete process.env.AWS_SESSION_TOKEN;
  delete process.env.AWS_PROFILE;
});

const rfc3986 = (value: string) =>
  encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest();

/**
 * Whether S3 would take this request to a presigned URL (Signature Version 4, query authentication):
 * S3 rebuilds the canonical request from what it received, the headers named in X-Amz-SignedHeaders
 * with the values the request carries (a browser sets Content-Length from the body itself), and
 * compares the signature. Written from the SigV4 specification, independently of the SDK's signer.
 */
function s3TakesSignedRequest(
  url: URL,
  request: { method: string; headers: Record<string, string> },
  secretAccessKey: string,
): boolean {
  const query = url.searchParams;
  const signedHeaders = (query.get('X-Amz-SignedHeaders') ?? '').split(';');
  const [, date = '', region = '', service = ''] = (query.get('X-Amz-Credential') ?? '').split('/');
  const received: Record<string, string> = { host: url.host };
  for (const [name, value] of Object.entries(request.headers)) received[name.toLowerCase()] = value;
  if (signedHeaders.some((name) => received[name] === undefined)) return false;

  const canonicalQuery = [...query.entries()]
    .filter(([name]) => name !== 'X-Amz-Signature')
    .map(([name, value]) => [rfc3986(name), rfc3986(value)] as const)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([name, value]) => `${name}=${value}`)
    .join('&');
  const canonicalHeaders = signedHeaders.map((name) => `${name}:${received[name]?.trim()}\n`).join('');
  const canonicalRequest = [
    request.method,
    url.pathname,
    canonicalQuery,
    canonicalHeaders,
    signedHeaders.join(';'),
    query.get('X-Amz-Content-Sha256') ?? 'UNSIGNED-PAYLOAD',
  ].join('\n');
  const stringToSign = [
    'AWS4-HMAC-SHA256',
    query.get('X-Amz-Date'),
    `${date}/${region}/${service}/aws4_request`,
    createHash('sha256').update(canonicalRequest).digest('hex'),
  ].join('\n');
  const signingKey = hmac(hmac(hmac(hmac(`AWS4${secretAccessKey}`, date), region), service), 'aws4_request');
  return createHmac('sha256', signingKey).update(stringToSign).digest('hex') === query.get('X-Amz-Signature');
}

const put = (contentLength: number, contentType = 'text/csv') => ({
  method: 'PUT',
  headers: { 'Content-Length': String(contentLength), 'Content-Type': contentType },
});

describe('the presigned upload URL of an import (AWS home)', () => {
  let url: URL;
  beforeAll(async () => {
    url = new URL(await presignImportUpload('imports/imp_0123abcd.csv', DECLARED));
  });

  it('is a PUT to the uploads bucket, valid 15 minutes, with no checksum of an empty body', () => {
    expect(url.host).toBe('uploads-bucket.s3.eu-west-1.amazonaws.com');
    expect(url.pathname).toBe('/imports/imp_0123abcd.csv');
    expect(url.searchParams.get('X-Amz-Expires')).toBe('900');
    expect([...url.searchParams.keys()].filter((name) => /checksum/i.test(name))).toEqual([]);
    expect(url.searchParams.get('X-Amz-Content-Sha256')).toBe('UNSIGNED-PAYLOAD');
  });

  it('signs the content length and the content type', () => {
    expect(url.searchParams.get('X-Amz-SignedHeaders')).toBe('content-length;content-type;host');
  });

  it('is taken by S3 for a CSV body of exactly the declared size', () => {
    expect(s3TakesSignedRequest(url, put(DECLARED), SECRET_ACCESS_KEY)).toBe(true);
  });

  it('is refused by S3 for a body one byte longer or shorter, or of any other size', () => {
    for (const size of [DECLARED + 1, DECLARED - 1, 0, 50 * 1024 * 1024]) {
      expect(s3TakesSignedRequest(url, put(size), SECRET_ACCESS_KEY), String(size)).toBe(false);
    }
  });

  it('is refused by S3 for another content type, or without one', () => {
    expect(s3TakesSignedRequest(url, put(DECLARED, 'text/plain'), SECRET_ACCESS_KEY)).toBe(false);
    expect(
      s3TakesSignedRequest(
        url,
        { method: 'PUT', headers: { 'Content-Length': String(DECLARED) } },
        SECRET_ACCESS_KEY,
      ),
    ).toBe(false);
  });

  it('is refused by S3 when signed with another key (the check itself is not a rubber stamp)', () => {
    expect(s3TakesSignedRequest(url, put(DECLARED), 'another-secret-key')).toBe(false);
  });
});
