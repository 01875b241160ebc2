import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { NO_BODY_TAKEN, ONE_CLICK_ONLY } from '../../lambdas/lib/middlewares/validation';
import { apiErrorEnvelopeSchema, apiSuccessEnvelope } from '../../shared/api/errors';
import { listPodcastsResponse } from '../../shared/api/podcasts';
import { singleLineMessage } from '../../shared/api/text';
import { call, createUser, type TestUser } from './support/home';

const errorOf = (body: unknown) => apiErrorEnvelopeSchema.parse(body).error;
const boardResponse = apiSuccessEnvelope(listPodcastsResponse);

const FORBIDDEN_TEXT =
  'contains characters that are not allowed: control characters, unpaired surrogates or text-direction overrides.';

describe('bad input, refused the same way on every route', () => {
  let founder: TestUser;

  beforeAll(async () => {
    founder = await createUser();
  });

  async function board() {
    return boardResponse.parse((await call('GET', '/podcasts')).body).data.podcasts;
  }

  it.each([
    ['a right-to-left override in the URL', { url: 'https://example.com/\u202Egpj.exe' }, 'url'],
    ['a NUL in the title', { title: 'Founders\u0000 at Dawn' }, 'title'],
    ['an unpaired surrogate in the description', { description: 'broken \uD800 text' }, 'description'],
    ['a left-to-right isolate in a participant', { participants: 'Ada \u2066Lovelace' }, 'participants'],
  ])('refuses %s, naming the field, and stores nothing', async (_, fields, field) => {
    const title = `Bad input ${randomUUID().slice(0, 8)}`;

    const response = await call('POST', '/podcasts', {
      token: founder.token,
      body: { title, url: 'https://podcasts.example.com/ok', ...fields },
    });

    expect(response.status).toBe(400);
    expect(errorOf(response.body)).toEqual({
      code: 'invalid-argument',
      message: `${field} ${FORBIDDEN_TEXT}`,
    });
    expect((await board()).some((p) => p.title.startsWith('Bad input') || p.title === title)).toBe(false);
  });

  it('keeps tabs, line breaks and right-to-left text without overrides', async () => {
    const title = `שלום founders ${randomUUID().slice(0, 8)}`;

    const response = await call('POST', '/podcasts', {
      token: founder.token,
      body: { title, url: 'https://podcasts.example.com/hebrew', description: 'Line one\n\tLine two' },
    });

    expect(response.status).toBe(201);
    expect((await board()).find((p) => p.title === title)?.description).toBe('Line one\n\tLine two');
  });

  it('refuses forbidden characters in a query parameter and in a path parameter too', async () => {
    const query = await call('GET', `/investors?stageFocus=${encodeURIComponent('seed\u202E')}`);
    const path = await call('GET', `/investors/${encodeURIComponent('inv_\u0007')}`);

    expect(query.status).toBe(400);
    expect(errorOf(query.body).message).toBe(`stageFocus ${FORBIDDEN_TEXT}`);
    expect(path.status).toBe(400);
    expect(errorOf(path.body).message).toBe(`investorId ${FORBIDDEN_TEXT}`);
  });

  it("refuses the unsubscribe link's bad token and any body but RFC 8058's one-click form (issue 48)", async () => {
    const broken = await call('POST', `/unsubscribe?token=${encodeURIComponent('abc\ndef')}`);
    expect(broken.status).toBe(400);
    expect(errorOf(broken.body).message).toBe(singleLineMessage('token'));
    const hidden = await call('GET', `/unsubscribe?token=${encodeURIComponent('abc\u202Edef')}`);
    expect(hidden.status).toBe(400);
    expect(errorOf(hidden.body).message).toBe(`token ${FORBIDDEN_TEXT}`);
    const missing = await call('POST', '/unsubscribe');
    expect(missing.status).toBe(400);
    expect(errorOf(missing.body).message).toBe('token is required: the link in the email carries it.');
    const long = await call('GET', `/unsubscribe?token=${'A'.repeat(201)}`);
    expect(long.status).toBe(400);
    expect(errorOf(long.body).message).toBe('token is too long: it is not one of our links.');
    const json = await call('POST', `/unsubscribe?token=${'A'.repeat(43)}`, { body: { on: false } });
    expect(json.status).toBe(400);
    expect(errorOf(json.body).message).toBe(NO_BODY_TAKEN);
    const form = await call('POST', `/unsubscribe?token=${'A'.repeat(43)}`, {
      rawBody: 'List-Unsubscribe=Something-Else',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(form.status).toBe(400);
    expect(errorOf(form.body).message).toBe(ONE_CLICK_ONLY);
  });

  it('says that an endpoint takes no request body', async () => {
    const response = await call('DELETE', `/projects/proj_${randomUUID().slice(0, 8)}`, {
      token: founder.token,
      body: { confirm: true },
    });

    expect(response.status).toBe(400);
    expect(errorOf(response.body)).toEqual({
      code: 'invalid-argument',
      message: 'This endpoint takes no request body.',
    });
  });

  it.each(['0', '101', '2.5', 'ten'])('says what limit takes when it is %s', async (limit) => {
    const response = await call('GET', `/investors?stageFocus=seed&limit=${limit}`);

    expect(response.status).toBe(400);
    expect(errorOf(response.body).message).toBe('limit must be a whole number from 1 to 100');
  });

  it('answers 415 to a body that is not JSON, and 400 to JSON that does not parse', async () => {
    const form = await call('POST', '/podcasts', {
      token: founder.token,
      rawBody: 'title=Hello&url=https://example.com',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    const broken = await call('POST', '/podcasts', { token: founder.token, rawBody: '{"title": "Hello",' });

    expect(form.status).toBe(415);
    expect(errorOf(form.body)).toEqual({
      code: 'invalid-argument',
      message: 'The request body must be JSON, sent with Content-Type: application/json.',
    });
    expect(broken.status).toBe(400);
    expect(errorOf(broken.body).message).toBe('The request body is not valid JSON.');
  });

  it.each([
    ['POST', '/podcasts', { title: 'T', url: 'https://example.com', rating: 5 }, 'rating'],
    ['POST', '/projects', { name: 'N', description: 'D', stripeUserId: 'acct_1' }, 'stripeUserId'],
    ['POST', '/carts', { investorIds: ['inv_1'], columnOrder: ['name'], status: 'purchased' }, 'status'],
  ])('refuses an unknown body field on %s %s, naming it', async (method, path, body, field) => {
    const response = await call(method, path, { token: founder.token, body });

    expect(response.status).toBe(400);
    expect(errorOf(response.body).message).toBe(`Unknown field '${field}': this request does not take it`);
  });

  it('refuses an unknown field inside a nested body object too', async () => {
    const admin = await createUser({ admin: true });

    const response = await call('POST', '/admin/imports', {
      token: admin.token,
      body: {
        fileName: 'a.csv',
        fileSize: 10,
        sourceName: 'S',
        sourceUrl: 'https://example.com',
        headers: [{ header: 'Name', include: true, weight: 2 }],
      },
    });

    expect(response.status).toBe(400);
    expect(errorOf(response.body).message).toBe(
      "Unknown field 'headers.0.weight': this request does not take it",
    );
  });

  it('names a missing or mistyped body field in plain words', async () => {
    const missing = await call('POST', '/carts', { token: founder.token, body: { columnOrder: ['name'] } });
    const mistyped = await call('POST', '/carts', {
      token: founder.token,
      body: { investorIds: 'inv_1', columnOrder: ['name'] },
    });

    expect(errorOf(missing.body).message).toBe('investorIds is required');
    expect(errorOf(mistyped.body).message).toBe('investorIds must be a list');
  });

  it('asks for {} where a request takes an empty object, never saying no body is fine (issue 48)', async () => {
    const admin = await createUser({ admin: true });
    const response = await call('POST', '/admin/taxonomy/remap', { token: admin.token });
    expect(response.status).toBe(400);
    expect(errorOf(response.body).message).toBe(
      'This request needs a JSON body: an object with no fields ({}).',
    );
  });
});
