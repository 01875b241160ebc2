import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { warmUpWebApp } from '../../../infra/local/warm-up';

/** A stand-in for the Vite dev server on a loopback port: a page, its modules, one that resets. */
function serve(
  files: Record<string, string | 'reset'>,
): Promise<{ url: string; server: Server; asked: string[] }> {
  const asked: string[] = [];
  const server = createServer((request, response) => {
    const path = request.url ?? '/';
    asked.push(path);
    const file = files[path];
    if (file === 'reset') {
      request.socket.destroy();
      return;
    }
    if (file === undefined) {
      response.writeHead(404).end();
      return;
    }
    response
      .writeHead(200, { 'content-type': path.endsWith('.js') ? 'text/javascript' : 'text/html' })
      .end(file);
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server, asked }),
    ),
  );
}

let running: Server | undefined;
afterEach(() => new Promise<void>((resolve) => (running ? running.close(() => resolve()) : resolve())));

describe('warmUpWebApp', () => {
  it('prepares every module the page imports and leaves a file whose connection resets to the browser', async () => {
    const { url, server, asked } = await serve({
      '/home': '<script type="module" src="/main.js"></script>',
      '/main.js': "import './a.js';\nimport('./lazy.js');\nimport './broken.js';",
      '/a.js': "export const a = 1;\nimport './b.js';",
      '/b.js': 'export const b = 2;',
      '/lazy.js': 'export default 3;',
      '/broken.js': 'reset',
    });
    running = server;

    const prepared = await warmUpWebApp(url, '/home', 2);

    expect(prepared).toBe(5);
    expect(new Set(asked)).toEqual(
      new Set(['/home', '/main.js', '/a.js', '/b.js', '/lazy.js', '/broken.js']),
    );
  });
});
