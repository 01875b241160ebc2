/** Calls the product's API through the local gateway, as the web app does (benchmarks and integration tests). */

export interface ApiResponse {
  status: number;
  body: unknown;
  text: string;
}

export interface CallOptions {
  token?: string;
  body?: unknown;
  rawBody?: string;
  headers?: Record<string, string>;
}

export interface Api {
  base: string;
  call(method: string, path: string, options?: CallOptions): Promise<ApiResponse>;
}

export function apiClient(base: string): Api {
  return {
    base,
    async call(method, path, options = {}) {
      const hasBody = options.body !== undefined || options.rawBody !== undefined;
      const response = await fetch(`${base}${path}`, {
        method,
        headers: {
          ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
          ...(hasBody ? { 'content-type': 'application/json' } : {}),
          ...options.headers,
        },
        ...(options.rawBody !== undefined
          ? { body: options.rawBody }
          : options.body !== undefined
            ? { body: JSON.stringify(options.body) }
            : {}),
      });
      const text = await response.text();
      let body: unknown = null;
      try {
        body = JSON.parse(text);
      } catch {
        body = null;
      }
      return { status: response.status, body, text };
    },
  };
}

export function expectStatus(response: ApiResponse, status: number, what: string): void {
  if (response.status !== status)
    throw new Error(
      `${what} answered ${response.status} (expected ${status}): ${response.text.slice(0, 500)}`,
    );
}
