/**
 * The relevance benchmark's rows of the bench table (bench/run.ts, `BENCH_ONLY=relevance`): each raise
 * and each search on the local seed's demo directory (its 2,400 rows, as `npm run dev` seeds them) and
 * on the bench's synthetic directory, every figure with ✓ or ✗ against its budget.
 */
import { generateInvestorRows } from '../../infra/local/seed';
import { benchDirectory, directoryOfRows } from '../search-directory';
import { int, type Row, verdict } from '../stats';
import { RELEVANCE_BUDGETS as B, type DirectoryFigures, measureRelevance } from './measure';

/** The local seed's directory size (infra/local/seed.ts). */
export const DEMO_ROWS = 2400;

const mark = (within: boolean) => (within ? '✓' : '✗');
const two = (value: number) => value.toFixed(2);

export function rowsOf(figures: DirectoryFigures): Row[] {
  const where = `${figures.directory} (${int(figures.investors)})`;
  const rows: Row[] = [];
  for (const raise of figures.raises) {
    const budgeted = raise.fullFits >= B.precisionFrom;
    const precisionOk = !budgeted || raise.precision20 >= B.precisionAt20;
    const recallOk = raise.recall >= B.recall;
    const localOk =
      !raise.hasBestLocal || (raise.bestLocalRank !== null && raise.bestLocalRank <= B.bestLocalRank);
    const local = !raise.hasBestLocal
      ? 'no local investor'
      : raise.bestLocalRank === null
        ? `best local fit not listed ${mark(false)}`
        : `best local fit #${raise.bestLocalRank} ${mark(localOk)}`;
    rows.push({
      area: 'Relevance',
      measure: `${where}: shortlist, ${raise.label}: P@10 · P@20 · recall of the full fits in the top N · best local fit · ties (full fits by the judge; the shortlist's bands)`,
      label: `${where}: ${raise.label}`,
      figure: [
        `P@10 ${two(raise.precision10)}`,
        `P@20 ${two(raise.precision20)} ${budgeted ? mark(precisionOk) : '(under 20 full fits: not budgeted)'}`,
        `recall ${two(raise.recall)} (N = ${int(raise.recallN)}) ${mark(recallOk)}`,
        local,
        `ties in name order ${two(raise.tiesInNameOrder)} (the alphabet: 1.00)`,
        `(${int(raise.fullFits)} full fits; ${int(raise.bands.fit)} fit / ${int(raise.bands.partial)} partial / ${int(raise.bands.other)} hidden; judge and fit band differ on ${int(raise.fitsMissed + raise.fitsWrong)})`,
      ].join(' · '),
      budget: `P@20 ≥ ${B.precisionAt20} (≥ ${B.precisionFrom} full fits), recall ≥ ${B.recall}, best local ≤ #${B.bestLocalRank}`,
      verdict: verdict(precisionOk && recallOk && localOk),
    });
  }
  for (const query of figures.queries) {
    if (query.firstIsMeant !== undefined) {
      rows.push({
        area: 'Relevance',
        measure: `${where}: search, ${query.label}: the person meant comes first`,
        label: `${where}: misspelt name`,
        figure: query.firstIsMeant
          ? `first ${mark(true)} (${int(query.total)} answered)`
          : `not first ${mark(false)}: ${query.firstName ?? 'nobody'} came first (${int(query.total)} answered)`,
        budget: 'first',
        verdict: verdict(query.firstIsMeant),
      });
      continue;
    }
    const ok = query.padding <= B.padding;
    rows.push({
      area: 'Relevance',
      measure: `${where}: search, ${query.label}: padding, total ÷ true matches (true matches found)`,
      label: `${where}: padding "${query.q}"`,
      figure: `${int(query.total)} ÷ ${int(query.trueMatches)} = ${two(query.padding)} ${mark(ok)} (${int(query.found)} of ${int(query.trueMatches)} found)`,
      budget: `≤ ${B.padding}`,
      verdict: verdict(ok),
    });
  }
  return rows;
}

/** Both directories measured: the demo's, then the bench's synthetic one of `rows` rows. */
export function relevanceRows(rows: number, log: (text: string) => void): Row[] {
  log(`relevance: the demo directory (${int(DEMO_ROWS)} rows)`);
  const demo = measureRelevance('demo', directoryOfRows(generateInvestorRows(DEMO_ROWS), { theses: false }));
  log(`relevance: the bench directory (${int(rows)} rows)`);
  const bench = measureRelevance('bench', benchDirectory(rows));
  const out = [...rowsOf(demo), ...rowsOf(bench)];
  for (const row of out) log(`  ${row.measure.split(':').slice(0, 2).join(':')}: ${row.figure}`);
  return out;
}
