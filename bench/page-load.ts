/**
 * Page load: the largest contentful paint of `/home` for a first visit (empty cache), on the
 * production build served gzipped by the local edge with the local API behind it (the local home as
 * `npm run dev` starts it with LOCAL_WEB=build), in Chromium with the network and CPU throttled
 * through the DevTools protocol. Median of {@link PAGE_LOAD_RUNS} runs per profile, each in a fresh
 * browser context. Besides the LCP it records the requests of the median run (start and end, in ms
 * from navigation start), which shows what waits on what.
 */
import { startDevProcess } from '../infra/local/dev-process';
import { launchChromium } from '../test/support/tools';
import { percentile } from './stats';

export const PAGE_LOAD_RUNS = 5;
/** The phone's LCP budget: issue 18 ("Fast on a phone"). */
export const PHONE_LCP_BUDGET_MS = 1500;

export interface PageLoadProfile {
  name: 'desktop' | 'phone';
  /** Chromium's CPU slowdown (1 = this machine's speed). */
  cpuSlowdown: number;
  /** Added to every request's round trip. */
  latencyMs: number;
  downloadKbps: number;
  uploadKbps: number;
  viewport: { width: number; height: number };
}

export const PAGE_LOAD_PROFILES: PageLoadProfile[] = [
  {
    name: 'desktop',
    cpuSlowdown: 1,
    latencyMs: 40,
    downloadKbps: 10_000,
    uploadKbps: 5_000,
    viewport: { width: 1280, height: 900 },
  },
  // A mid-range phone on a slow mobile network (Lighthouse's "slow 4G" numbers).
  {
    name: 'phone',
    cpuSlowdown: 4,
    latencyMs: 150,
    downloadKbps: 1_600,
    uploadKbps: 750,
    viewport: { width: 390, height: 844 },
  },
];

export interface PageRequest {
  path: string;
  startMs: number;
  endMs: number;
  transferBytes: number;
}

export interface PageLoadFigure {
  profile: PageLoadProfile;
  lcpMs: number[];
  medianLcpMs: number;
  /** The element of the median run's largest contentful paint, with the start of its text. */
  lcpElement: string;
  /** The requests of the run with the median LCP. */
  requests: PageRequest[];
}

export async function measurePageLoad(root: string, path = '/home'): Promise<PageLoadFigure[]> {
  const home = await startDevProcess(root);
  const browser = await launchChromium();
  try {
    const figures: PageLoadFigure[] = [];
    for (const profile of PAGE_LOAD_PROFILES) {
      const runs: { lcp: number; lcpElement: string; requests: PageRequest[] }[] = [];
      // One unmeasured run first: the local home's functions are warm for every measured run.
      for (let run = 0; run <= PAGE_LOAD_RUNS; run++) {
        const context = await browser.newContext({ viewport: profile.viewport });
        const page = await context.newPage();
        const cdp = await context.newCDPSession(page);
        await cdp.send('Network.enable');
        await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
        await cdp.send('Network.emulateNetworkConditions', {
          offline: false,
          latency: profile.latencyMs,
          downloadThroughput: (profile.downloadKbps * 1000) / 8,
          uploadThroughput: (profile.uploadKbps * 1000) / 8,
        });
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: profile.cpuSlowdown });
        await page.addInitScript(() => {
          const state = window as unknown as { __lcp: number; __lcpElement: string };
          state.__lcp = 0;
          state.__lcpElement = '';
          new PerformanceObserver((list) => {
            for (const entry of list.getEntries()) {
              state.__lcp = entry.startTime;
              const element = (entry as PerformanceEntry & { element?: Element | null }).element;
              state.__lcpElement = element
                ? `<${element.tagName.toLowerCase()}${element.className ? ` class="${element.className}"` : ''}> ${element.textContent?.slice(0, 40) ?? ''}`
                : '';
            }
          }).observe({ type: 'largest-contentful-paint', buffered: true });
        });
        await page.goto(`${home.appUrl}${path}`, { waitUntil: 'networkidle' });
        await page.waitForTimeout(300);
        const { lcp, lcpElement, marks, requests } = await page.evaluate(() => ({
          lcp: (window as unknown as { __lcp: number }).__lcp,
          lcpElement: (window as unknown as { __lcpElement: string }).__lcpElement,
          marks: [...performance.getEntriesByType('mark'), ...performance.getEntriesByType('paint')].map(
            (entry) => `${entry.name} ${Math.round(entry.startTime)}`,
          ),
          requests: [
            ...performance.getEntriesByType('navigation'),
            ...performance.getEntriesByType('resource'),
          ].map((entry) => {
            const timing = entry as PerformanceResourceTiming;
            return {
              path: new URL(timing.name).pathname,
              startMs: Math.round(timing.startTime),
              endMs: Math.round(timing.responseEnd),
              transferBytes: timing.transferSize,
            };
          }),
        }));
        if (process.env.PAGE_LOAD_DEBUG) console.log(profile.name, Math.round(lcp), marks.join(', '));
        await context.close();
        if (run > 0) runs.push({ lcp, lcpElement, requests });
      }
      const lcpMs = runs.map((r) => r.lcp);
      const medianLcpMs = percentile(lcpMs, 50);
      const medianRun = runs.find((r) => r.lcp === medianLcpMs) ?? runs[0];
      figures.push({
        profile,
        lcpMs,
        medianLcpMs,
        lcpElement: medianRun?.lcpElement ?? '',
        requests: medianRun?.requests ?? [],
      });
    }
    return figures;
  } finally {
    await browser.close();
    await home.stop();
  }
}

/** The requests as one line: `path start–end ms`, in start order. */
export function describeRequests(requests: PageRequest[]): string {
  return [...requests]
    .sort((a, b) => a.startMs - b.startMs)
    .map((r) => `${r.path.replace(/^\/assets\/(.+)-[\w-]{8}\.(js|css)$/, '$1.$2')} ${r.startMs}–${r.endMs}`)
    .join(', ');
}

// `npx tsx bench/page-load.ts`: this measure alone, while working on the first page.
if (import.meta.url === `file://${process.argv[1]}`) {
  const root = new URL('..', import.meta.url).pathname;
  for (const figure of await measurePageLoad(root, process.argv[2] ?? '/home')) {
    console.log(
      `${figure.profile.name}: LCP median ${Math.round(figure.medianLcpMs)} ms (runs: ${figure.lcpMs
        .map(Math.round)
        .join(', ')}): ${figure.lcpElement}`,
    );
    console.log(`  ${describeRequests(figure.requests)}`);
  }
}
