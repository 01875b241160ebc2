import type { MiddlewareObj } from '@middy/core';
import httpJsonBodyParser from '@middy/http-json-body-parser';
import * as z from 'zod/mini';
import { BadRequestError, UnsupportedMediaTypeError } from '../errors';
import { findForbiddenText } from './free-text';
import type { HttpContext, HttpEvent, HttpRequest, HttpResult } from './http-types';
// Every zod message names its field, in English (see zod-messages.ts).
import '../zod-messages';

export const NO_BODY_TAKEN = 'This endpoint takes no request body.';
export const BODY_NOT_JSON = 'The request body is not valid JSON.';
export const forbiddenText = (field: string) =>
  `${field} contains characters that are not allowed: control characters, unpaired surrogates or text-direction overrides.`;

const jsonBody = httpJsonBodyParser();

const hasBody = (event: HttpEvent) => event.body !== undefined && event.body !== null && event.body !== '';

/**
 * Parses the JSON body with middy's parser: a body whose Content-Type is not JSON gets 415, a body
 * that does not parse 400. An endpoint that takes no body refuses any body, whatever its type.
 */
async function readBody(request: HttpRequest, takesBody: boolean): Promise<unknown> {
  if (!hasBody(request.event)) return undefined;
  if (!takesBody) throw new BadRequestError(NO_BODY_TAKEN);
  try {
    await jsonBody.before?.(request as never);
  } catch (error) {
    const cause = (error as { cause?: { message?: string } }).cause;
    if (cause?.message !== undefined) throw new BadRequestError(BODY_NOT_JSON, { cause: error });
    throw new UnsupportedMediaTypeError();
  }
  return request.event.body as unknown;
}

function parse(schema: z.core.$ZodType, value: unknown, what: string): unknown {
  const forbidden = findForbiddenText(value);
  if (forbidden !== null) throw new BadRequestError(forbiddenText(forbidden || `The ${what}`));
  const result = z.safeParse(schema, value);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  if (value === undefined && what === 'body field') throw new BadRequestError('A JSON body is required.');
  throw new BadRequestError(issue ? messageNamingTheField(issue, what) : `Invalid ${what}.`);
}

/**
 * The issue's message when it starts with its field's name (zod-messages.ts makes every default
 * message do so, and the spec's own messages often do: 'Name is required.'); otherwise the message
 * after the field's name: "Invalid path parameter 'cartId': Not a cart id".
 */
function messageNamingTheField(issue: z.core.$ZodIssue, what: string): string {
  const path = issue.path.map(String);
  if (issue.code === 'unrecognized_keys') return issue.message;
  const named = [...path].reverse().find((part) => !/^\d+$/.test(part));
  if (!named || issue.message.toLowerCase().startsWith(path.join('.').toLowerCase())) return issue.message;
  if (path.length === 1 && issue.message.toLowerCase().startsWith(`${named.toLowerCase()} `))
    return issue.message;
  return `Invalid ${what} '${path.join('.')}': ${issue.message}`;
}

const emptyObject = z.looseObject({});

/**
 * Validates the path parameters, the query string and the JSON body of the route's endpoint with its
 * zod schemas, after refusing control characters, unpaired surrogates and bidirectional overrides in
 * any text of the three (one place for every schema). A failure is a 400 whose message names the
 * field and says what is wrong. Unknown body fields are refused (every body schema is strict, checked
 * by `endpoint()`); unknown query parameters are ignored.
 */
export function validation(): MiddlewareObj<HttpEvent, HttpResult, Error, HttpContext> {
  return {
    before: async (request) => {
      const endpoint = request.context.route?.endpoint;
      if (!endpoint) throw new Error('validation() runs after routeTable()');
      const body = await readBody(request, endpoint.body !== undefined);
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
