import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DevProcess, startDevProcess } from '../../infra/local/dev-process';
import { PATIENCE_MS } from '../support/patience';
import { browserPerFile, screenshot } from './support/browser';

/**
 * `npm run dev` as a newcomer runs it, with nothing set: the web app is the Vite dev server with hot
 * reload behind the local edge (the other e2e files run the production build, `LOCAL_WEB=build`).
 * A home of its own, on free ports and a throwaway state, started as the README's command starts it.
 */
const browser = browserPerFile();
let dev: DevProcess | undefined;

beforeAll(async () => {
  dev = await startDevProcess(join(import.meta.dirname, '../..'), { web: 'vite' });
});

afterAll(async () => {
  await dev?.stop();
});

const started = (): DevProcess => {
  if (!dev) throw new Error('npm run dev did not start');
  return dev;
};

describe('npm run dev with nothing set (the Vite dev server with hot reload)', () => {
  it('starts without a warning and prints where to open the app', () => {
    const output = started().output();

    expect(output).toContain('Starting the web app (Vite dev server)...');
    expect(output).toContain('VC Directory is running locally.');
    expect(output).toContain(`App:          ${started().appUrl}`);
    // A deprecation notice (Vite's, the AWS SDK's, Node's) is the first thing a newcomer would read.
    expect(output.split(/[\r\n]+/).filter((line) => /warn|deprecat/i.test(line))).toEqual([]);
  });

  it('serves the app with its figures from /api on the same origin, hot reload connected, under the dev CSP', async () => {
    const { page, context } = await browser.newPage();
    const vite: string[] = [];
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.text().startsWith('[vite]')) vite.push(message.text());
      if (message.type() === 'error') errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(error.message));

    await page.goto(`${started().appUrl}/home`);
    await page.getByRole('heading', { name: 'VC Database', level: 1 }).waitFor();
    // The investor types' counts come from the API, through the edge's /api.
    await page.getByRole('link', { name: /^VC \d[\d,]*$/ }).waitFor();
    await expect.poll(() => vite, { timeout: PATIENCE_MS }).toContain('[vite] connected.');

    expect(errors).toEqual([]);
    await screenshot(page, 'dev-server-home', { fullPage: false });
    await context.close();
  });
});
