import { describe, expect, it } from 'vitest';
import { putPortal } from '../../lambdas/lib/table/repositories/portals';
import { IMPORT_FILE_TOO_LARGE, MAX_IMPORT_FILE_BYTES } from '../../shared/import/limits';
import { call, createUser, type TestUser } from './support/home';

describe('local gateway (connected: DynamoDB Local, cognito-local)', () => {
  it('serves a public route end to end against DynamoDB Local', async () => {
    const now = new Date().toISOString();
    await putPortal({
      id: 'portal-gw',
      name: 'Gateway Portal',
      description: 'A portal written straight to the table.',
      urlIdentifier: 'gateway-test',
      createdAt: now,
      updatedAt: now,
      createdBy: 'test',
      firm: { name: 'GW', website: 'https://gw.example.com' },
      fontFamily: null,
    });

    const response = await call('GET', '/portals/gateway-test');

    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      data: {
        id: 'portal-gw',
        name: 'Gateway Portal',
        description: 'A portal written straight to the table.',
        urlIdentifier: 'gateway-test',
        firm: { name: 'GW', website: 'https://gw.example.com' },
        fontFamily: null,
      },
    });
  });

  it('round-trips a user route with a real cognito-local token', async () => {
    const user = await createUser();

    const response = await call('GET', '/me', { token: user.token });

    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ data: { userId: user.sub, email: user.email, isAdmin: false } });
  });

  it('answers 401 before any handler runs when a user route has no token', async () => {
    const response = await call('GET', '/me');

    expect(response.status).toBe(401);
    expect(response.body).toEqual({ message: 'Unauthorized' });
  });

  it('answers 401 for a token that is not signed by the user pool', async () => {
    const user = await createUser();
    const [header, payload] = user.token.split('.');
    const forged = `${header}.${payload}.${Buffer.from('not-the-signature').toString('base64url')}`;

    const response = await call('GET', '/me', { token: forged });

    expect(response.status).toBe(401);
  });

  it('answers 403 permission-denied to a verified non-admin on an admin route', async () => {
    const founder = await createUser();

    const response = await call('GET', '/admin/imported-investors?email=someone@example.com', {
      token: founder.token,
    });

    expect(response.status).toBe(403);
    expect(response.body).toMatchObject({ error: { code: 'permission-denied' } });
  });

  it('lets an admin through the same admin route', async () => {
    const admin = await createUser({ admin: true });

    const response = await call('GET', '/admin/imported-investors?email=nobody-here@example.com', {
      token: admin.token,
    });

    expect(response.status).toBe(404);
    expect(response.body).toMatchObject({ error: { code: 'not-found' } });
  });

  it('refuses a user whose email is not verified, though their token is valid', async () => {
    const unverified = await createUser({ verified: false });

    const response = await call('GET', '/me', { token: unverified.token });

    expect(response.status).toBe(403);
    expect(response.body).toMatchObject({ error: { code: 'permission-denied' } });
  });

  it('answers an unknown route, or a known path with another method, as API Gateway does: 404 Not Found', async () => {
    const unknown = await call('GET', '/no-such-route');
    const wrongMethod = await call('DELETE', '/directory/metadata');

    for (const response of [unknown, wrongMethod]) {
      expect(response.status).toBe(404);
      expect(response.body).toEqual({ message: 'Not Found' });
    }
  });

  it('answers 400 before any handler, as API Gateway does, to a path parameter with a broken percent-escape', async () => {
    const response = await call('GET', '/investors/inv_%E0%A4%A');

    expect(response.status).toBe(400);
    expect(response.body).toEqual({ message: 'Bad Request' });
  });

  it('refuses a request line over 10,240 bytes with 414 before any handler', async () => {
    const response = await call('GET', `/investors?stageFocus=${'s'.repeat(10_300)}`);

    expect(response.status).toBe(414);
  });

  const createImport = async (admin: TestUser, fileSize: number) => {
    const created = await call('POST', '/admin/imports', {
      token: admin.token,
      body: {
        fileName: 'a.csv',
        fileSize,
        sourceName: 'S',
        sourceUrl: 'https://example.com',
        headers: [{ header: 'Name', include: true }],
      },
    });
    return created;
  };
  const put = (url: string, body: string) =>
    fetch(url, { method: 'PUT', headers: { 'content-type': 'text/csv' }, body });

  it('presigns the admin upload for the declared size, without a checksum of an empty body', async () => {
    const admin = await createUser({ admin: true });
    const file = 'Name\nAda\n';

    const created = await createImport(admin, Buffer.byteLength(file));
    expect(created.status).toBe(201);
    const uploadUrl = new URL((created.body as { data: { uploadUrl: string } }).data.uploadUrl);

    expect([...uploadUrl.searchParams.keys()].filter((k) => /checksum/i.test(k))).toEqual([]);
    expect(uploadUrl.searchParams.get('X-Amz-SignedHeaders')?.split(';')).toEqual(
      expect.arrayContaining(['content-length', 'content-type', 'host']),
    );
    expect((await put(uploadUrl.toString(), file)).status).toBe(200);
  });

  it('refuses a file over the stated limit before any upload URL is made', async () => {
    const admin = await createUser({ admin: true });

    const response = await createImport(admin, MAX_IMPORT_FILE_BYTES + 1);

    expect(response.status).toBe(400);
    expect((response.body as { error: { message: string } }).error.message).toContain(IMPORT_FILE_TOO_LARGE);
    expect((await createImport(admin, MAX_IMPORT_FILE_BYTES)).status).toBe(201);
  });

  it('refuses an import that does not declare its file size, or declares part of a byte, naming fileSize', async () => {
    const admin = await createUser({ admin: true });
    const { fileSize: _, ...withoutSize } = {
      fileName: 'a.csv',
      fileSize: 10,
      sourceName: 'S',
      sourceUrl: 'https://example.com',
      headers: [{ header: 'Name', include: true }],
    };

    const missing = await call('POST', '/admin/imports', { token: admin.token, body: withoutSize });
    const fractional = await createImport(admin, 10.5);

    expect(missing.status).toBe(400);
    expect((missing.body as { error: { message: string } }).error.message).toBe('fileSize is required');
    expect(fractional.status).toBe(400);
    expect((fractional.body as { error: { message: string } }).error.message).toBe(
      'fileSize must be a whole number',
    );
  });
});
