import type { MiddlewareObj } from '@middy/core';
import httpJsonBodyParser from '@middy/http-json-body-parser';
import * as z from 'zod/mini';
import { hasLineBreak, singleLineMessage } from '../../../shared/api/text';
import { BadRequestError, PayloadTooLargeError, UnsupportedMediaTypeError } from '../errors';
import { fieldName, objectFieldsHint } from '../zod-messages';
import {
  BODY_TOO_DEEP,
  BODY_TOO_LARGE,
  bodyBytes,
  MAX_BODY_BYTES,
  MAX_BODY_DEPTH,
  nestsDeeperThan,
} from './body-limits';
import { type ForbiddenTextAt, findForbiddenText } from './free-text';
import type { HttpContext, HttpEvent, HttpRequest, HttpResult } from './http-types';
// Every zod message names its field, in English (see zod-messages.ts).
import '../zod-messages';

export const NO_BODY_TAKEN = 'This endpoint takes no request body.';
export const BODY_NOT_JSON = 'The request body is not valid JSON.';
const FORBIDDEN_CHARACTERS =
  'contains characters that are not allowed: control characters, unpaired surrogates or text-direction overrides.';
export const forbiddenText = (field: string) => `${field} ${FORBIDDEN_CHARACTERS}`;

type Part = 'path parameter' | 'query parameter' | 'body field';

/** What a field name with a forbidden character is called: its position, never its text. */
function forbiddenName(found: ForbiddenTextAt & { namePosition: number }, part: Part): string {
  if (found.path.length > 0) return `The name of field ${found.namePosition} of ${fieldName(found.path)}`;
  if (part === 'body field') return `The name of field ${found.namePosition} of the request body`;
  return `The name of ${part} ${found.namePosition}`;
}

const WHOLE: Readonly<Record<Part, string>> = {
  'path parameter': 'The path',
  'query parameter': 'The query string',
  'body field': 'The request body',
};

const jsonBody = httpJsonBodyParser();
/** The Content-Types middy's parser reads as JSON; any other is its 415. */
const JSON_TYPE = /^application\/(.+\+)?json($|;.+)/;

/** RFC 8058's one-click unsubscribe body, as mail providers POST it (form-encoded or multipart). */
export const ONE_CLICK_BODY = 'List-Unsubscribe=One-Click';
export const ONE_CLICK_ONLY = `This endpoint takes no request body, or the form ${ONE_CLICK_BODY} (RFC 8058).`;
const FORM_TYPE = /^(application\/x-www-form-urlencoded|multipart\/form-data)($|;)/i;

/** Whether a body is the one-click form: `List-Unsubscribe=One-Click` form-encoded, or that one multipart field. */
const isForm = (event: HttpEvent) => FORM_TYPE.test(event.headers?.['content-type'] ?? '');

function isOneClickForm(event: HttpEvent): boolean {
  const raw = event.body as string;
  if (raw.length > 4096) return false;
  const text = event.isBase64Encoded ? Buffer.from(raw, 'base64').toString('utf8') : raw;
  if (text.trim() === ONE_CLICK_BODY) return true;
  // multipart/form-data: one part named List-Unsubscribe whose value is One-Click.
  return /name="List-Unsubscribe"\r?\n\r?\nOne-Click\r?\n/.test(text);
}

const hasBody = (event: HttpEvent) => event.body !== undefined && event.body !== null && event.body !== '';

/**
 * Reads the JSON body. Before anything parses or walks it: an endpoint that takes no body refuses
 * any; a body over {@link MAX_BODY_BYTES} gets 413; a JSON body nesting deeper than
 * {@link MAX_BODY_DEPTH} gets 400 (both read from the raw text, in one pass). Then middy's parser: a
 * body whose Content-Type is not JSON gets 415, a body that does not parse 400.
 */
async function readBody(request: HttpRequest, takesBody: boolean): Promise<unknown> {
  const { event } = request;
  if (!hasBody(event)) return undefined;
  if (!takesBody) throw new BadRequestError(NO_BODY_TAKEN);
  const raw = event.body as string;
  if (bodyBytes(raw, event.isBase64Encoded === true) > MAX_BODY_BYTES)
    throw new PayloadTooLargeError(BODY_TOO_LARGE);
  if (JSON_TYPE.test(event.headers?.['content-type'] ?? '')) {
    const text = event.isBase64Encoded ? Buffer.from(raw, 'base64').toString('utf8') : raw;
    if (nestsDeeperThan(text, MAX_BODY_DEPTH)) throw new BadRequestError(BODY_TOO_DEEP);
  }
  try {
    await jsonBody.before?.(request as never);
  } catch (error) {
    const cause = (error as { cause?: { message?: string } }).cause;
    if (cause?.message !== undefined) throw new BadRequestError(BODY_NOT_JSON, { cause: error });
    throw new UnsupportedMediaTypeError();
  }
  return request.event.body as unknown;
}

/** Path and query parameters are single-line by nature: the first that holds a line break, by name. */
function findLineBreak(values: Record<string, string | undefined>): string | null {
  for (const [name, value] of Object.entries(values)) if (value && hasLineBreak(value)) return name;
  return null;
}

function parse(schema: z.core.$ZodType, value: unknown, part: Part): unknown {
  const forbidden = findForbiddenText(value);
  if (forbidden !== null) {
    const field =
      forbidden.namePosition !== undefined
        ? forbiddenName({ ...forbidden, namePosition: forbidden.namePosition }, part)
        : forbidden.path.length > 0
          ? fieldName(forbidden.path)
          : WHOLE[part];
    throw new BadRequestError(forbiddenText(field));
  }
  if (part !== 'body field') {
    const broken = findLineBreak(value as Record<string, string | undefined>);
    if (broken !== null) throw new BadRequestError(singleLineMessage(fieldName([broken])));
  }
  const result = z.safeParse(schema, value);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  if (
    part === 'body field' &&
    (value === undefined || (issue?.path.length === 0 && issue.code === 'invalid_type'))
  )
    throw new BadRequestError(bodyMessage(schema, value));
  throw new BadRequestError(issue ? messageNamingTheField(issue, part) : `Invalid ${part}.`);
}

/** The answer to a body that is missing or is not an object: what the request takes instead. */
function bodyMessage(schema: z.core.$ZodType, value: unknown): string {
  const hint = objectFieldsHint(schema);
  if (value === undefined) return `This request needs a JSON body: an object${hint}.`;
  return `The request body must be a JSON object${hint}.`;
}

/**
 * The issue's message when it starts with its field's name (zod-messages.ts makes every default
 * message do so, and the spec's own messages often do: 'Name is required.'); otherwise the message
 * after the field's name: "Invalid path parameter 'cartId': Not a cart id". The field's name is an
 * excerpt of what was sent (short, no control characters).
 */
function messageNamingTheField(issue: z.core.$ZodIssue, part: Part): string {
  const path = issue.path.map(String);
  if (issue.code === 'unrecognized_keys') return issue.message;
  const named = [...path].reverse().find((segment) => !/^\d+$/.test(segment));
  if (!named || issue.message.toLowerCase().startsWith(path.join('.').toLowerCase())) return issue.message;
  if (path.length === 1 && issue.message.toLowerCase().startsWith(`${named.toLowerCase()} `))
    return issue.message;
  return `Invalid ${part} '${fieldName(path)}': ${issue.message}`;
}

const emptyObject = z.looseObject({});

/**
 * Validates the path parameters, the query string and the JSON body of the route's endpoint with its
 * zod schemas, after limiting the body's size and depth, and refusing control characters, unpaired
 * surrogates and bidirectional overrides in any text of the three and line breaks in any path or
 * query parameter (one place for every schema). A failure is a 400 whose message names the field and
 * says what is wrong, echoing at most a short excerpt of what was sent. Unknown body fields are
 * refused (every body schema is strict, checked by `endpoint()`); unknown query parameters are ignored.
 */
export function validation(): MiddlewareObj<HttpEvent, HttpResult, Error, HttpContext> {
  return {
    before: async (request) => {
      const endpoint = request.context.route?.endpoint;
      if (!endpoint) throw new Error('validation() runs after routeTable()');
      // RFC 8058's one-click form is that endpoint's only body: any other form is refused by name,
      // any other body as every body-less endpoint refuses one.
      const form = endpoint.oneClickForm === true && hasBody(request.event) && isForm(request.event);
      if (form && !isOneClickForm(request.event)) throw new BadRequestError(ONE_CLICK_ONLY);
      const body = form ? undefined : await readBody(request, endpoint.body !== undefined);
      request.context.input = {
        params: parse(endpoint.params ?? emptyObject, request.event.pathParameters ?? {}, 'path parameter'),
        query: parse(
          endpoint.query ?? emptyObject,
          request.event.queryStringParameters ?? {},
          'query parameter',
        ),
        body: endpoint.body ? parse(endpoint.body, body, 'body field') : undefined,
      };
    },
  };
}
