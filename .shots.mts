import { chromium } from 'playwright-core';

const base = 'http://localhost:5173';
const scheme = (process.env.SCHEME ?? 'light') as 'light' | 'dark';
const width = Number(process.env.W ?? 1280);
const pages = (
  process.env.PAGES ?? '/,/home,/investors/search?stageFocus=seed,/podcasts,/account/settings,/cart'
).split(',');
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
const context = await browser.newContext({
  viewport: { width, height: width < 600 ? 800 : 900 },
  colorScheme: scheme,
});
const page = await context.newPage();
if (process.env.LOGIN) {
  await page.goto(`${base}/login`);
  await page.getByLabel('Email').fill('founder@example.com');
  await page.getByLabel('Password').fill('founder-local-1');
  await page.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL(/\/home$/);
}
for (const p of pages) {
  await page.goto(base + p);
  await page.waitForTimeout(1500);
  const name = `${scheme}-${width}-${p.replace(/[^a-z0-9]+/gi, '_')}`;
  await page.screenshot({ path: `/tmp/shots/${name}.png`, fullPage: process.env.FULL === '1' });
  console.log(name);
}
await browser.close();
