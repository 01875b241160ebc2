import type { Request } from '@middy/core';
import { beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { checkEmailHeaders, EmailHeaderError } from '../../../lambdas/lib/email';
import { HttpError } from '../../../lambdas/lib/errors';
import {
  BODY_TOO_DEEP,
  BODY_TOO_LARGE,
  bodyBytes,
  MAX_BODY_BYTES,
  MAX_BODY_DEPTH,
  nestsDeeperThan,
} from '../../../lambdas/lib/middlewares/body-limits';
import { errorResponse, MAX_ERROR_MESSAGE_LENGTH } from '../../../lambdas/lib/middlewares/error-envelope';
import type {
  Endpoint,
  HttpContext,
  HttpEvent,
  HttpResult,
} from '../../../lambdas/lib/middlewares/http-types';
import { NO_BODY_TAKEN, validation } from '../../../lambdas/lib/middlewares/validation';
import { withdrawBody } from '../../../shared/api/investor-profile';
import { excerpt, hasLineBreak, singleLine, singleLineMessage } from '../../../shared/api/text';
import { columnOrderSchema, unknownExportColumn } from '../../../shared/cart/export';
import { type RoutedEndpoint, routedEndpoints, textFields } from '../../support/request-bodies';

const nested = (open: string, close: string, levels: number) =>
  `${open.repeat(levels)}${close.repeat(levels)}`;

describe('the body limits, read from the raw text before any parse', () => {
  it('finds 10,000 nested lists or objects too deep, and stops at the first level past the limit', () => {
    expect(nestsDeeperThan(nested('[', ']', 10_000), MAX_BODY_DEPTH)).toBe(true);
    expect(nestsDeeperThan(`${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}`, MAX_BODY_DEPTH)).toBe(true);
  });

  it('counts a top-level object as depth 1 and allows exactly the limit', () => {
    expect(nestsDeeperThan(nested('[', ']', MAX_BODY_DEPTH), MAX_BODY_DEPTH)).toBe(false);
    expect(nestsDeeperThan(nested('[', ']', MAX_BODY_DEPTH + 1), MAX_BODY_DEPTH)).toBe(true);
    expect(nestsDeeperThan('{"a":[1,{"b":[]}],"c":{}}', 4)).toBe(false);
    expect(nestsDeeperThan('{"a":[1,{"b":[]}],"c":{}}', 3)).toBe(true);
  });

  it('ignores brackets inside strings, escaped quotes included', () => {
    expect(nestsDeeperThan(JSON.stringify({ note: '[[[[[[[[[[[[{{{{{{{{{{' }), 2)).toBe(false);
    expect(nestsDeeperThan(JSON.stringify({ note: 'say \\"[[[[[[[[[[[[\\" and "{{{{{{{{' }), 2)).toBe(false);
    expect(nestsDeeperThan(JSON.stringify({ a: '\\', b: [[[]]] }), 3)).toBe(true);
  });

  it('measures the body in bytes as sent, a base64-encoded one decoded', () => {
    expect(bodyBytes('é', false)).toBe(2);
    expect(bodyBytes(Buffer.from('hello world').toString('base64'), true)).toBe(11);
    expect(bodyBytes(Buffer.from('hi').toString('base64'), true)).toBe(2);
  });
});

describe('the single-line rule', () => {
  const schema = z.strictObject({
    name: z.string().check(singleLine()),
    tags: z.array(z.string().check(singleLine())),
  });
  const messageOf = (value: unknown) => z.safeParse(schema, value).error?.issues[0]?.message;

  it.each([
    ['a carriage return', '\r'],
    ['a line feed', '\n'],
    ['CR LF', '\r\n'],
    ['a vertical tab', '\u000B'],
    ['a form feed', '\u000C'],
    ['a next line (NEL)', '\u0085'],
    ['a line separator (U+2028)', '\u2028'],
    ['a paragraph separator (U+2029)', '\u2029'],
  ])('refuses %s in a single-line field, naming the field', (_, separator) => {
    expect(hasLineBreak(`Acme${separator}Capital`)).toBe(true);
    expect(messageOf({ name: `Acme${separator}Capital`, tags: [] })).toBe(
      'name must be on one line: remove the line breaks from it.',
    );
    expect(messageOf({ name: 'Acme', tags: ['ok', `b${separator}`] })).toBe(singleLineMessage('tags.1'));
  });

  it('keeps tabs and ordinary text', () => {
    expect(z.safeParse(schema, { name: 'Acme\tCapital — שלום 🎙️', tags: [] }).success).toBe(true);
  });
});

describe('every text field of every request body is declared single-line or multi-line', () => {
  let endpoints: RoutedEndpoint[];
  beforeAll(async () => {
    endpoints = await routedEndpoints();
  }, 120_000);

  const fieldsOf = (kind: string) =>
    endpoints.flatMap(({ key, endpoint }) =>
      endpoint.body
        ? textFields(endpoint.body)
            .filter((field) => field.kind === kind)
            .map((field) => `${key} ${field.path.join('.')}`)
        : [],
    );

  it('leaves none undeclared', () => {
    expect(endpoints.filter((e) => e.endpoint.body).length).toBeGreaterThanOrEqual(23);
    expect(fieldsOf('undeclared')).toEqual([]);
  });

  it("keeps line breaks only in notes, descriptions, the thesis, reasons and a correction's details", () => {
    expect(fieldsOf('multi-line').sort()).toEqual(
      [
        'PATCH /admin/portals/{portalId} description',
        'PATCH /investor/profile thesis',
        'PUT /admin/investors/{investorId}/profile thesis',
        'PATCH /podcasts/{podcastId} description',
        'PATCH /projects/{projectId} description',
        'POST /admin/investor-submissions/{userId}/approve changes.thesis',
        'POST /admin/investor-submissions/{userId}/reject reason',
        'POST /admin/portals description',
        'POST /admin/correction-requests/{requestId}/close note',
        'POST /admin/withdrawals/{investorId}/restore reason',
        'POST /data-requests/{requestId}/confirm details',
        'POST /investors/{investorId}/data-requests details',
        'POST /investors/{investorId}/reports note',
        'POST /podcasts description',
        'POST /projects description',
        // The pipeline (issue 36): an investor's notes, the founder's own or a spreadsheet's.
        'PATCH /projects/{projectId}/pipeline/entries/{entryId} notes',
        'POST /projects/{projectId}/pipeline/entries contact.notes',
        'POST /projects/{projectId}/pipeline/import rows.*.notes',
        'POST /projects/{projectId}/pipeline/import/matches rows.*.notes',
        // Investor updates (issue 53): the sections the founder writes.
        'POST /projects/{projectId}/updates highlights',
        'POST /projects/{projectId}/updates lowlights',
        'POST /projects/{projectId}/updates asks',
      ].sort(),
    );
    // The single-line ones include the fields issue 30 found storing line breaks.
    expect(fieldsOf('single-line')).toEqual(
      expect.arrayContaining([
        'POST /projects name',
        'PATCH /projects/{projectId} sectors.*',
        'POST /podcasts title',
        'POST /podcasts participants',
        'POST /podcasts participants.*',
        'POST /admin/portals name',
        'POST /admin/portals firmName',
        'PATCH /investor/profile name',
        'PATCH /investor/profile firm',
        'PATCH /investor/profile title',
        'POST /admin/imports fileName',
        'POST /admin/imports sourceName',
      ]),
    );
  });
});

/** Runs the validation middleware on one request, as the handler chain does; the message it refuses with. */
async function refusal(
  endpoint: Partial<Endpoint>,
  event: Partial<HttpEvent>,
): Promise<{ status: number; message: string } | null> {
  const request = {
    event: { headers: { 'content-type': 'application/json' }, ...event } as HttpEvent,
    context: {
      route: { method: 'POST', path: '/t', auth: 'user', handler: 'account', endpoint },
    } as HttpContext,
    response: undefined,
    error: undefined,
    internal: {},
  } as unknown as Request<HttpEvent, HttpResult, Error, HttpContext>;
  try {
    await validation().before?.(request);
    return null;
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    return { status: error.status, message: error.message };
  }
}

const cartBody = z.strictObject({
  id: z.optional(z.string()),
  investorIds: z.array(z.string()),
  columnOrder: columnOrderSchema,
});

describe('what the validation answers, in words a founder can act on', () => {
  it('refuses a body over the size limit with 413, and a body nested too deeply with 400, before parsing', async () => {
    expect(await refusal({ body: cartBody }, { body: `"${'x'.repeat(MAX_BODY_BYTES)}"` })).toEqual({
      status: 413,
      message: BODY_TOO_LARGE,
    });
    expect(await refusal({ body: cartBody }, { body: nested('[', ']', 10_000) })).toEqual({
      status: 400,
      message: BODY_TOO_DEEP,
    });
    expect(await refusal({}, { body: nested('[', ']', 10_000) })).toEqual({
      status: 400,
      message: NO_BODY_TAKEN,
    });
  });

  it('says what the body must be instead of "The value must be an object"', async () => {
    for (const body of ['[]', '"text"', '5', 'null'])
      expect((await refusal({ body: cartBody }, { body }))?.message).toBe(
        'The request body must be a JSON object with the fields investorIds and columnOrder (and optionally id).',
      );
    expect((await refusal({ body: cartBody }, {}))?.message).toBe(
      'This request needs a JSON body: an object with the fields investorIds and columnOrder (and optionally id).',
    );
    expect(
      (
        await refusal(
          { body: z.strictObject({ a: z.optional(z.string()), b: z.optional(z.int()) }) },
          { body: '[1]' },
        )
      )?.message,
    ).toBe('The request body must be a JSON object with any of the fields a and b.');
    expect((await refusal({ body: withdrawBody }, { body: '[]' }))?.message).toBe(
      'The request body must be a JSON object such as {"what": "profile"} or {"what": "contacts", "kinds": […]}.',
    );
  });

  it('names the field and the values it takes instead of "what is not valid"', async () => {
    expect((await refusal({ body: withdrawBody }, { body: '{"what":"everything"}' }))?.message).toBe(
      'what must be one of: profile, contacts',
    );
  });

  it('says which fields a nested object takes', async () => {
    const body = z.strictObject({
      links: z.optional(z.strictObject({ linkedin: z.string(), website: z.string() })),
    });
    expect((await refusal({ body }, { body: '{"links":"x"}' }))?.message).toBe(
      'links must be an object with the fields linkedin and website',
    );
  });

  it('never echoes a control character as a field name: it gives the field position', async () => {
    const answer = await refusal({ body: cartBody }, { body: '{"investorIds":[],"col\\u0000umns":1}' });
    expect(answer?.message).toBe(
      'The name of field 2 of the request body contains characters that are not allowed: control characters, unpaired surrogates or text-direction overrides.',
    );
    const query = await refusal({}, { queryStringParameters: { ok: '1', 'a\u0007': '2' } });
    expect(query?.message).toMatch(/^The name of query parameter 2 contains/);
  });

  it('refuses a line break in any query or path parameter, naming it', async () => {
    expect((await refusal({}, { queryStringParameters: { q: 'seed\nfund' } }))?.message).toBe(
      singleLineMessage('q'),
    );
    expect((await refusal({}, { pathParameters: { investorId: 'inv\u2028x' } }))?.message).toBe(
      singleLineMessage('investorId'),
    );
  });

  it('echoes at most an excerpt of an unknown field, and lists at most three', async () => {
    const long = 'k'.repeat(100_000);
    const answer = await refusal(
      { body: cartBody },
      { body: JSON.stringify({ investorIds: [], columnOrder: [], [long]: 1 }) },
    );
    expect(answer?.message).toBe(`Unknown field '${'k'.repeat(40)}…': this request does not take it`);
    const many = Object.fromEntries(Array.from({ length: 500 }, (_, i) => [`extra${i}`, i]));
    const listed = await refusal(
      { body: cartBody },
      { body: JSON.stringify({ investorIds: [], columnOrder: [], ...many }) },
    );
    expect(listed?.message).toBe(
      "Unknown fields 'extra0', 'extra1', 'extra2' and 497 more: this request does not take them",
    );
  });
});

describe('echoes of what was sent', () => {
  it('cuts an excerpt at 40 characters and writes control characters and line breaks as escapes', () => {
    expect(excerpt('short')).toBe('short');
    expect(excerpt('x'.repeat(10_000_000))).toBe(`${'x'.repeat(40)}…`);
    expect(excerpt('a\r\nb\u0000c\u2028d\u202Ee')).toBe('a\\r\\nb\\u0000c\\u2028d\\u202Ee');
    expect(excerpt('🎙️'.repeat(30))).toBe(`${Array.from('🎙️'.repeat(30)).slice(0, 40).join('')}…`);
  });

  it('echoes an excerpt of an unknown export column, however long', () => {
    const message = unknownExportColumn('c'.repeat(1_000_000));
    expect(message).toMatch(new RegExp(`^Unknown export column '${'c'.repeat(40)}…': the columns are `));
    expect(message.length).toBeLessThan(400);
  });

  it('caps any error message, as the last guard', () => {
    const answer = errorResponse(new HttpError(400, 'invalid-argument', 'm'.repeat(1_000_000)));
    expect(JSON.parse(answer.body ?? '').error.message).toHaveLength(MAX_ERROR_MESSAGE_LENGTH + 1);
  });
});

describe('email headers', () => {
  const email = {
    to: 'investor@example.com',
    subject: 'Your investor profile on Acme was not approved',
    text: 'Hello\nthere',
  };

  it.each([
    ['CR LF', 'Acme\r\nBcc: everyone@example.com'],
    ['a line feed', 'Acme\nCapital'],
    ['a line separator', 'Acme\u2028Capital'],
  ])('refuses a subject with %s before sending', (_, portalName) => {
    expect(() =>
      checkEmailHeaders({ ...email, subject: `Your investor profile on ${portalName} was not approved` }),
    ).toThrow(EmailHeaderError);
  });

  it('refuses a recipient or an attachment name with a line break, and keeps a multi-line body', () => {
    expect(() => checkEmailHeaders({ ...email, to: 'a@example.com\r\nCc: b@example.com' })).toThrow(
      /To holds a line break/,
    );
    expect(() =>
      checkEmailHeaders({
        ...email,
        attachment: { fileName: 'a\n.csv', contentType: 'text/csv', content: '' },
      }),
    ).toThrow(/attachment file name/);
    expect(() => checkEmailHeaders(email)).not.toThrow();
  });
});
