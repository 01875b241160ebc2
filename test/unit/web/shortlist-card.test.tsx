// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ShortlistItem } from '../../../shared/api/shortlist';
import { ALREADY_BOUGHT } from '../../../shared/cart/purchase-state';
import { NOT_A_FIT, pointsText, ShortlistCard } from '../../../web/components/shortlist-card';
import { blankCard } from '../support/cards';
import { setSignedInUser } from './support/amplify-auth-mock';
import { pipelineEntry } from './support/pipeline-entry';
import { answerFetch, renderPage } from './support/render';

vi.mock('aws-amplify/auth', () => import('./support/amplify-auth-mock'));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const item = (fields: Partial<ShortlistItem> = {}): ShortlistItem => ({
  investor: blankCard('inv_1', {
    name: 'Felix Köhler',
    firmName: 'Glimmerstead Ventures',
    title: 'Principal',
  }),
  score: 30,
  reasons: [
    { criterion: 'stage', text: 'invests at Seed', points: 20, tone: 'for' },
    { criterion: 'sector', text: 'Fintech, and SaaS', points: 20, tone: 'for' },
    { criterion: 'cheque', text: 'cheque $10K–$50K is too small for your $2.5M', points: 0, tone: 'against' },
    { criterion: 'location', text: 'does not invest in Germany', points: 0, tone: 'against' },
    { criterion: 'confirmed', text: 'confirmed by the investor in Oct 2026', points: 0, tone: 'for' },
  ],
  band: 'partial',
  missing: ['cheque $10K–$50K is too small for your $2.5M', 'does not invest in Germany'],
  bought: false,
  passed: false,
  isNew: false,
  ...fields,
});

function renderCard(props: Partial<Parameters<typeof ShortlistCard>[0]> = {}) {
  const handlers = { onAdd: vi.fn(), onRemove: vi.fn(), onPass: vi.fn() };
  renderPage(<ShortlistCard item={item()} inCart={false} {...handlers} {...props} />);
  return handlers;
}

describe('a shortlist card', () => {
  it('writes points with a plus or a minus sign', () => {
    expect(pointsText(25)).toBe('+25');
    expect(pointsText(-15)).toBe('−15');
  });

  it('says recency (issue 52) among the reasons for, and a quiet fund apart from what is missing', () => {
    renderCard({
      item: item({
        band: 'fit',
        missing: [],
        reasons: [
          { criterion: 'stage', text: 'invests at Seed', points: 20, tone: 'for' },
          { criterion: 'recency', text: '4 new Seed deals since March 2026', points: 10, tone: 'for' },
          { criterion: 'recency', text: 'no new deal in 2 years', points: 0, tone: 'against' },
          { criterion: 'recency', text: 'likely past its investment period', points: 0, tone: 'against' },
        ],
      }),
    });
    const article = screen.getByRole('article', { name: 'Felix Köhler' });
    expect(article.querySelectorAll('.fit-reasons-against')).toHaveLength(0);
    expect(within(article).getByText('4 new Seed deals since March 2026')).toBeTruthy();
    const cautions = article.querySelector('.fit-reasons-caution');
    expect([...(cautions?.querySelectorAll('li') ?? [])].map((li) => li.textContent)).toEqual([
      '!no new deal in 2 years',
      '!likely past its investment period',
    ]);
    expect(within(article).getByRole('heading', { name: 'Deploying now' })).toBeTruthy();
  });

  it('says how fast the investor answers (issue 52) among the reasons for, and a rare answer apart', () => {
    const answers = (text: string, tone: 'for' | 'against') => ({
      criterion: 'answers' as const,
      text,
      points: 0,
      tone,
    });
    renderCard({
      item: item({
        band: 'fit',
        missing: [],
        reasons: [answers('Replied to 70% of 12 founders who wrote, first reply in 4 days (median)', 'for')],
      }),
    });
    let article = screen.getByRole('article', { name: 'Felix Köhler' });
    expect(article.querySelector('.fit-reasons-for li')?.textContent).toBe(
      '✓Replied to 70% of 12 founders who wrote, first reply in 4 days (median)',
    );
    cleanup();
    renderCard({
      item: item({
        band: 'fit',
        missing: [],
        reasons: [answers('Replied to 10% of 12 founders who wrote', 'against')],
      }),
    });
    article = screen.getByRole('article', { name: 'Felix Köhler' });
    expect(article.querySelectorAll('.fit-reasons-against')).toHaveLength(0);
    expect(article.querySelector('.fit-reasons-caution li')?.textContent).toBe(
      '!Replied to 10% of 12 founders who wrote',
    );
    expect(within(article).getByRole('heading', { name: 'Will they answer' })).toBeTruthy();
  });

  it('lists the reasons for (with their points, read out as points) and what is missing apart', () => {
    renderCard();
    const article = screen.getByRole('article', { name: 'Felix Köhler' });
    expect(within(article).getByText('30').closest('.fit-score')?.textContent).toBe('Fit score 30 pts');
    const lists = article.querySelectorAll('ul.fit-reasons');
    expect([...lists].map((list) => list.className.includes('for'))).toEqual([true, false]);
    expect([...(lists[0]?.querySelectorAll('li') ?? [])].map((li) => li.textContent)).toEqual([
      '✓invests at Seed, +20 points',
      '✓Fintech, and SaaS, +20 points',
      '✓confirmed by the investor in Oct 2026',
    ]);
    expect([...(lists[1]?.querySelectorAll('li') ?? [])].map((li) => li.textContent)).toEqual([
      '✗cheque $10K–$50K is too small for your $2.5M',
      '✗does not invest in Germany',
    ]);
    expect(within(article).getByText('Why they fit')).toBeTruthy();
    expect(within(article).getByText('What is missing')).toBeTruthy();
    cleanup();
    renderCard({ item: item({ band: 'other', missing: [] }) });
    expect(screen.getByText('What counts against')).toBeTruthy();
  });

  it('marks an investor bought, new or not a fit, and says so when nothing fits or counts against', () => {
    renderCard({ item: item({ bought: true, isNew: true, passed: true, reasons: [], score: 0 }) });
    expect(screen.getByText(ALREADY_BOUGHT)).toBeTruthy();
    expect(screen.getByText('New')).toBeTruthy();
    expect(screen.getByText('Marked not a fit')).toBeTruthy();
    expect(screen.getByText('Nothing known that fits or counts against your raise.')).toBeTruthy();
  });

  it('adds to the cart, marks not a fit and takes the mark back', async () => {
    const user = userEvent.setup();
    const handlers = renderCard();
    await user.click(screen.getByRole('button', { name: 'Add to Export Cart' }));
    expect(handlers.onAdd).toHaveBeenCalledWith(expect.objectContaining({ id: 'inv_1' }));
    await user.click(screen.getByRole('button', { name: `${NOT_A_FIT}: Felix Köhler` }));
    expect(handlers.onPass).toHaveBeenCalledWith(expect.objectContaining({ id: 'inv_1' }), true);
    cleanup();
    const again = renderCard({ item: item({ passed: true }) });
    await user.click(screen.getByRole('button', { name: 'Undo not a fit: Felix Köhler' }));
    expect(again.onPass).toHaveBeenCalledWith(expect.objectContaining({ id: 'inv_1' }), false);
  });

  it('shows a saved search’s card with no score and no "Not a fit" (it has no project)', () => {
    renderCard({ item: item({ score: null, reasons: [] }), onPass: undefined });
    expect(document.querySelector('.fit-score')).toBeNull();
    expect(screen.queryByRole('button', { name: /not a fit/i })).toBeNull();
  });

  it("adds to the pipeline of the page's project in one click, whatever other projects the founder has", async () => {
    setSignedInUser({});
    const project = (id: string, name: string) => ({
      id,
      creatorUserId: 'user-1',
      name,
      description: 'D',
      createdAt: '2026-01-01T00:00:00.000Z',
      updatedAt: '2026-01-01T00:00:00.000Z',
      startupStatus: [],
      sectors: [],
      stripeConnectCode: null,
      stripeConnectScope: null,
      stripeConnectTimestamp: null,
      raise: null,
      paymentConnection: { state: 'not-connected', connectedAt: null },
    });
    const posts: { path: string; body: unknown }[] = [];
    vi.stubGlobal(
      'fetch',
      answerFetch((url, init) => {
        const path = new URL(url, 'http://localhost').pathname.replace(/^.*\/api/, '');
        if (path === '/projects')
          return {
            body: { data: { projects: [project('proj_a', 'Ledgerly'), project('proj_b', 'Other')] } },
          };
        if (path === '/projects/proj_a/pipeline' && init?.method !== 'POST')
          return { body: { data: { project: { id: 'proj_a', name: 'Ledgerly' }, entries: [], max: 1000 } } };
        if (init?.method === 'POST') {
          posts.push({ path, body: JSON.parse(String(init.body)) });
          const at = '2026-01-01T00:00:00.000Z';
          return {
            status: 201,
            body: {
              data: {
                created: true,
                entry: pipelineEntry({
                  id: 'pe_1',
                  kind: 'directory',
                  investorId: 'inv_1',
                  contactId: null,
                  name: 'Felix Köhler',
                  firm: null,
                  stage: 'toContact',
                  createdAt: at,
                  updatedAt: at,
                  stageChangedAt: at,
                }),
              },
            },
          };
        }
        return { status: 404, body: { error: { message: 'Not found' } } };
      }),
    );
    const user = userEvent.setup();
    renderCard({ pipelineProject: { id: 'proj_a', name: 'Ledgerly' } });
    await user.click(
      await screen.findByRole('button', { name: 'Add Felix Köhler to the pipeline of Ledgerly' }),
    );
    expect(await screen.findByText('Felix Köhler added to the pipeline of Ledgerly')).toBeTruthy();
    expect(posts).toEqual([{ path: '/projects/proj_a/pipeline/entries', body: { investorId: 'inv_1' } }]);
    // Issue 50: the button now says so, and leads to the pipeline.
    const inPipeline = await screen.findByRole('link', {
      name: 'Felix Köhler is in the pipeline of Ledgerly: open it',
    });
    expect(inPipeline.textContent).toBe('In pipeline');
    expect(inPipeline.getAttribute('href')).toBe('/projects/proj_a/pipeline');
    expect(screen.queryByRole('button', { name: /Add Felix Köhler to the pipeline/ })).toBeNull();
  });

  it('reads "In pipeline" from the start when the pipeline holds the investor already (a reload)', async () => {
    setSignedInUser({});
    const at = '2026-01-01T00:00:00.000Z';
    const entry = pipelineEntry({
      id: 'pe_1',
      kind: 'directory',
      investorId: 'inv_1',
      contactId: null,
      name: 'Felix Köhler',
      firm: null,
      stage: 'toContact',
      createdAt: at,
      updatedAt: at,
      stageChangedAt: at,
    });
    vi.stubGlobal(
      'fetch',
      answerFetch((url) => {
        const path = new URL(url, 'http://localhost').pathname.replace(/^.*\/api/, '');
        if (path === '/projects') return { body: { data: { projects: [] } } };
        if (path === '/projects/proj_a/pipeline')
          return {
            body: { data: { project: { id: 'proj_a', name: 'Ledgerly' }, entries: [entry], max: 1000 } },
          };
        return { status: 404, body: { error: { message: 'Not found' } } };
      }),
    );
    renderCard({ pipelineProject: { id: 'proj_a', name: 'Ledgerly' } });
    const inPipeline = await screen.findByRole('link', {
      name: 'Felix Köhler is in the pipeline of Ledgerly: open it',
    });
    expect(inPipeline.getAttribute('href')).toBe('/projects/proj_a/pipeline');
  });
});
