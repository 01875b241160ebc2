import { randomUUID } from 'node:crypto';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import { JwtVerifier } from 'aws-jwt-verify';
import type { JwtPayload } from 'aws-jwt-verify/jwt-model';
import type { HttpEvent, HttpResult } from '../../lambdas/lib/http';
import { type RouteDefinition, routeKey, routes } from '../../lambdas/routes';
import type { LocalFunctions } from './functions';
import { localLambdaContext } from './lambda-context';

/** Something the local home serves beside the API (Stripe stand-ins, the Step Functions emulator...). */
export type ExtraRoute = (req: IncomingMessage, body: Buffer, res: ServerResponse) => Promise<boolean>;

export interface GatewayOptions {
  port: number;
  /** Runs each route's handler group as its own function (`infra/local/functions.ts`). */
  functions: LocalFunctions;
  issuer: string;
  clientId: string;
  jwks: { keys: unknown[] };
  extraRoutes?: ExtraRoute[];
}

interface CompiledRoute {
  definition: RouteDefinition;
  pattern: RegExp;
  names: string[];
}

function compile(definition: RouteDefinition): CompiledRoute {
  const names: string[] = [];
  const source = definition.path
    .replace(/[.*+?^$()|[\]\\]/g, '\\$&')
    .replace(/\\?\{(\w+)\\?\}|\{(\w+)\}/g, (_m, a, b) => {
      names.push(a ?? b);
      return '([^/]+)';
    });
  return { definition, pattern: new RegExp(`^${source}$`), names };
}

/**
 * API Gateway's JWT authorizer hands claims to the function as strings: arrays become `[a b]`,
 * numbers and booleans their text. Doing the same here keeps the handlers' input identical.
 */
function claimsAsApiGatewayPassesThem(payload: JwtPayload): Record<string, string> {
  const claims: Record<string, string> = {};
  for (const [key, value] of Object.entries(payload)) {
    if (value === undefined || value === null) continue;
    claims[key] = Array.isArray(value)
      ? `[${value.join(' ')}]`
      : typeof value === 'object'
        ? JSON.stringify(value)
        : String(value);
  }
  return claims;
}

/** API Gateway's quota on the request line (method, path and query string together). */
const MAX_REQUEST_LINE_BYTES = 10_240;

const unauthorized = (res: ServerResponse) => send(res, 401, { message: 'Unauthorized' });

function send(res: ServerResponse, status: number, payload: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(payload));
}

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * The local stand-in for API Gateway's HTTP API: serves exactly the routes of `lambdas/routes.ts`,
 * verifies bearer tokens against cognito-local's keys on `user` and `admin` routes as the JWT
 * authorizer does, builds an HTTP API v2 event and calls the same handler a Lambda would run.
 * Requests may carry the `/api` prefix the web app uses; it is removed first.
 */
export async function startGateway(options: GatewayOptions): Promise<http.Server> {
  const compiled = routes.map(compile);
  const verifier = JwtVerifier.create({
    issuer: options.issuer,
    audience: options.clientId,
    jwksUri: `${options.issuer}/.well-known/jwks.json`,
  });
  verifier.cacheJwks(options.jwks as Parameters<typeof verifier.cacheJwks>[0]);

  const server = http.createServer(async (req, res) => {
    try {
      const body = await readBody(req);
      for (const extra of options.extraRoutes ?? []) if (await extra(req, body, res)) return;

      // Like API Gateway's request-line limit: a request line over 10,240 bytes is refused before any handler.
      if (Buffer.byteLength(req.url ?? '') > MAX_REQUEST_LINE_BYTES)
        return send(res, 414, { message: 'Request-URI Too Long' });
      const url = new URL(req.url ?? '/', 'http://localhost');
      const path = url.pathname.replace(/^\/api(?=\/|$)/, '') || '/';
      const method = (req.method ?? 'GET').toUpperCase();
      // An HTTP API with no matching route key (path or method) answers 404 {"message":"Not Found"}.
      const hit = compiled
        .map((route) => ({ route, match: route.pattern.exec(path) }))
        .find(
          (m): m is { route: CompiledRoute; match: RegExpExecArray } =>
            m.match !== null && m.route.definition.method === method,
        );
      if (!hit) return send(res, 404, { message: 'Not Found' });
      const { definition } = hit.route;

      let claims: Record<string, string> | undefined;
      if (definition.auth !== 'public') {
        const header = req.headers.authorization ?? '';
        const token = header.startsWith('Bearer ') ? header.slice(7) : '';
        if (!token) return unauthorized(res);
        try {
          claims = claimsAsApiGatewayPassesThem(await verifier.verify(token));
        } catch {
          return unauthorized(res);
        }
      }

      // API Gateway answers a path parameter whose percent-escape is broken with 400 before any handler.
      const pathParameters: Record<string, string> = {};
      try {
        hit.route.names.forEach((name, i) => {
          pathParameters[name] = decodeURIComponent(hit.match[i + 1] ?? '');
        });
      } catch {
        return send(res, 400, { message: 'Bad Request' });
      }
      const queryStringParameters: Record<string, string> = {};
      for (const key of new Set(url.searchParams.keys()))
        queryStringParameters[key] = url.searchParams.getAll(key).join(',');
      const headers: Record<string, string> = {};
      for (const [key, value] of Object.entries(req.headers))
        if (value !== undefined) headers[key] = Array.isArray(value) ? value.join(',') : value;
      const textual = /json|text|x-www-form-urlencoded/.test(headers['content-type'] ?? 'application/json');
      const now = new Date();
      const event = {
        version: '2.0',
        routeKey: routeKey(definition),
        rawPath: path,
        rawQueryString: url.search.replace(/^\?/, ''),
        headers,
        ...(Object.keys(queryStringParameters).length ? { queryStringParameters } : {}),
        ...(Object.keys(pathParameters).length ? { pathParameters } : {}),
        ...(body.length ? { body: textual ? body.toString('utf8') : body.toString('base64') } : {}),
        isBase64Encoded: body.length > 0 && !textual,
        requestContext: {
          accountId: 'local',
          apiId: 'local',
          domainName: headers.host ?? 'localhost',
          domainPrefix: 'local',
          http: {
            method,
            path,
            protocol: 'HTTP/1.1',
            sourceIp: req.socket.remoteAddress ?? '127.0.0.1',
            userAgent: headers['user-agent'] ?? '',
          },
          requestId: randomUUID(),
          routeKey: routeKey(definition),
          stage: '$default',
          time: now.toISOString(),
          timeEpoch: now.getTime(),
          ...(claims
            ? { authorizer: { principalId: '', integrationLatency: 0, jwt: { claims, scopes: [] } } }
            : {}),
        },
      } as unknown as HttpEvent;

      const result = (await options.functions.invoke(
        definition.handler,
        event,
        localLambdaContext(definition.handler),
      )) as HttpResult;
      const resultHeaders: Record<string, string> = {};
      for (const [key, value] of Object.entries(result.headers ?? {})) resultHeaders[key] = String(value);
      res.writeHead(result.statusCode ?? 200, resultHeaders);
      res.end(
        result.isBase64Encoded && result.body ? Buffer.from(result.body, 'base64') : (result.body ?? ''),
      );
    } catch (error) {
      console.error('local gateway error', error);
      if (!res.headersSent) send(res, 500, { message: 'Internal Server Error' });
      else res.end();
    }
  });

  await new Promise<void>((resolvePromise, reject) => {
    server.once('error', reject);
    server.listen(options.port, '127.0.0.1', () => resolvePromise());
  });
  return server;
}
