import { describe, expect, it } from 'vitest';
import type { CurationJob } from '../../shared/api/admin';
import type { DirectoryMetadataResponse } from '../../shared/api/directory';
import { runFieldMerger } from './support/curation';
import { call, createUser } from './support/home';
import { seedInvestors, unique } from './support/seed';

/** Issue 19: "a tag on tens of thousands of investors must finish", the merger's workflow at 20,000. */
const INVESTORS = 20_000;

const sectorTotal = async (tag: string) => {
  const response = await call('GET', `/investors?sectorFocus=${encodeURIComponent(tag)}&limit=20`);
  return (response.body as { data: { total: number } }).data.total;
};

const sectorCount = (metadata: DirectoryMetadataResponse, tag: string) =>
  metadata.sectorFocusWeighted.find((weighted) => weighted.tagKey === tag)?.count ?? 0;

describe('admin: the field merger on 20,000 investors (workflow run locally)', () => {
  it('merges a tag held by 20,000 investors in batches with visible progress; search and the home page show it when the run ends', async () => {
    const admin = await createUser({ admin: true });
    const u = unique();
    const tag = `scale-${u}`;
    const merged = `scaled-${u}`;
    await seedInvestors(
      Array.from({ length: INVESTORS }, (_, i) => ({
        name: `Scale ${u} ${String(i).padStart(5, '0')}`,
        // Every tenth investor also holds a tag the merge must leave alone.
        sectors: i % 10 === 0 ? [tag, `kept-${u}`] : [tag],
      })),
    );
    expect(await sectorTotal(tag)).toBe(INVESTORS);

    const readings: CurationJob[] = [];
    const run = await runFieldMerger(
      admin,
      { action: 'merge', field: 'sectorFocus', selectedValues: [tag], finalValue: merged },
      { timeoutMs: 240_000, onProgress: (job) => readings.push(job) },
    );

    expect(run.job).toMatchObject({
      status: 'succeeded',
      total: INVESTORS,
      processed: INVESTORS,
      updated: INVESTORS,
      failureReason: null,
    });
    // The admin saw the count move: readings part-way through (the run then aggregates, still running
    // with every investor read), never going back.
    const partWay = readings.filter((job) => job.processed > 0 && job.processed < INVESTORS);
    expect(partWay.length).toBeGreaterThan(0);
    expect(partWay.every((job) => job.status === 'running')).toBe(true);
    const counts = readings.map((job) => job.processed);
    expect(counts).toEqual([...counts].sort((a, b) => a - b));

    // Search and the home page's counters, as soon as the run has ended.
    expect(await sectorTotal(merged)).toBe(INVESTORS);
    expect(await sectorTotal(tag)).toBe(0);
    expect(await sectorTotal(`kept-${u}`)).toBe(INVESTORS / 10);
    const metadata = (await call('GET', '/directory/metadata')).body as { data: DirectoryMetadataResponse };
    expect(sectorCount(metadata.data, merged)).toBe(INVESTORS);
    expect(sectorCount(metadata.data, tag)).toBe(0);
    expect(sectorCount(metadata.data, `kept-${u}`)).toBe(INVESTORS / 10);
  }, 600_000);
});
