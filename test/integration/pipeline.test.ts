import { beforeAll, describe, expect, it } from 'vitest';
import { newEntry } from '../../lambdas/lib/pipeline/pipeline';
import { batchWrite, putRequest } from '../../lambdas/lib/table/batch';
import { pipelineEntryModel } from '../../lambdas/lib/table/models';
import { listEntries, listMoves } from '../../lambdas/lib/table/repositories/pipeline';
import { apiErrorEnvelopeSchema, apiSuccessEnvelope } from '../../shared/api/errors';
import {
  addEntryResponse,
  entryDetailResponse,
  importRowsResponse,
  matchRowsResponse,
  type PipelineEntry,
  pipelineEntrySchema,
  pipelineFieldMessages,
  pipelineResponse,
} from '../../shared/api/pipeline';
import { conflictMessage, MAX_PIPELINE_ENTRIES, pipelineMessages } from '../../shared/pipeline/stages';
import { call, createUser, type TestUser } from './support/home';
import { createProject } from './support/projects';
import { checkoutEvent, delivered, postEvent, savedCart } from './support/purchases';
import { seedInvestors, unique } from './support/seed';

/**
 * The fundraising pipeline over HTTP (issue 36): adding directory investors (idempotent) and private
 * contacts, moves with their history, the reason for a pass, version conflicts from two tabs, and the
 * spreadsheet import (matches by name and firm, by email only for bought values, accepted or
 * rejected, non-matches as private contacts, a move while an import runs).
 */

const u = unique();
const errorOf = (body: unknown) => apiErrorEnvelopeSchema.parse(body).error;
const board = apiSuccessEnvelope(pipelineResponse);
const added = apiSuccessEnvelope(addEntryResponse);
const entryOf = apiSuccessEnvelope(pipelineEntrySchema);

let founder: TestUser;
let projectId = '';
const investorIds: Record<'email' | 'named', string> = { email: '', named: '' };
const emailInvestor = {
  name: `Ada Pipeline ${u}`,
  email: `ada.${u}@example.com`,
  firm: `Lovelace Ventures ${u}`,
};
const namedInvestor = { name: `Grace Pipeline ${u}`, firm: `Hopper Capital ${u}` };
/** The directory spells the name with ß; a founder's sheet writes "Weiss" (issue 50). */
const sharpSInvestor = { name: `Florian Weiß ${u}`, firm: `Alpen Ventures ${u}` };
const stage = `pipeline-stage-${u}`;

async function addInvestor(id: string, asUser = founder, project = projectId) {
  return call('POST', `/projects/${project}/pipeline/entries`, {
    token: asUser.token,
    body: { investorId: id },
  });
}

async function patch(entry: Pick<PipelineEntry, 'id' | 'version'>, body: Record<string, unknown>) {
  return call('PATCH', `/projects/${projectId}/pipeline/entries/${entry.id}`, {
    token: founder.token,
    body: { version: entry.version, ...body },
  });
}

beforeAll(async () => {
  founder = await createUser();
  projectId = (await createProject(founder, `Raise ${u}`)).id;
  await seedInvestors([
    { ...emailInvestor, stages: [stage] },
    { ...namedInvestor, stages: [stage] },
    { ...sharpSInvestor, stages: [stage] },
  ]);
  const found = await call('GET', `/investors?stageFocus=${stage}`);
  const items = (found.body as { data: { items: { id: string; name: string }[] } }).data.items;
  investorIds.email = items.find((i) => i.name === emailInvestor.name)?.id ?? '';
  investorIds.named = items.find((i) => i.name === namedInvestor.name)?.id ?? '';
  expect(investorIds.email).not.toBe('');
  expect(investorIds.named).not.toBe('');
});

describe('a project pipeline', () => {
  it('adds a directory investor once: the second click answers the same entry', async () => {
    const first = await addInvestor(investorIds.email);
    expect(first.status).toBe(201);
    const entry = added.parse(first.body).data.entry;
    expect(entry).toMatchObject({
      kind: 'directory',
      investorId: investorIds.email,
      name: emailInvestor.name,
      firm: emailInvestor.firm,
      stage: 'toContact',
      version: 1,
    });

    const again = await addInvestor(investorIds.email);
    expect(again.status).toBe(200);
    expect(added.parse(again.body).data).toEqual({ entry, created: false });
    const read = board.parse(
      (await call('GET', `/projects/${projectId}/pipeline`, { token: founder.token })).body,
    );
    expect(read.data.entries.filter((e) => e.investorId === investorIds.email)).toHaveLength(1);
    // No contact value of the directory's rides on the entry.
    expect(JSON.stringify(read.data)).not.toContain(emailInvestor.email);
  });

  it('moves an investor through the stages with a history of each move, and needs a reason for a pass', async () => {
    const { entry } = added.parse((await addInvestor(investorIds.named)).body).data;
    const contacted = entryOf.parse((await patch(entry, { stage: 'contacted' })).body).data;
    const meeting = entryOf.parse(
      (await patch(contacted, { stage: 'meeting', notes: 'Met at the demo day.\nLiked the team.' })).body,
    ).data;
    expect(meeting).toMatchObject({
      stage: 'meeting',
      version: 3,
      notes: 'Met at the demo day.\nLiked the team.',
    });

    const noReason = await patch(meeting, { stage: 'passed' });
    expect(noReason.status).toBe(400);
    expect(errorOf(noReason.body).message).toBe(pipelineMessages.passReasonRequired);
    const otherWithoutText = await patch(meeting, { stage: 'passed', passReason: 'other' });
    expect(errorOf(otherWithoutText.body).message).toBe(pipelineMessages.otherReasonText);

    const passed = entryOf.parse(
      (await patch(meeting, { stage: 'passed', passReason: 'chequeSize', passNote: 'Too small for them' }))
        .body,
    ).data;
    expect(passed).toMatchObject({
      stage: 'passed',
      passReason: 'chequeSize',
      passNote: 'Too small for them',
    });
    const back = entryOf.parse((await patch(passed, { stage: 'meeting' })).body).data;
    expect(back).toMatchObject({ stage: 'meeting', passReason: null, passNote: null, notes: meeting.notes });

    const detail = entryDetailResponse.parse(
      (
        (await call('GET', `/projects/${projectId}/pipeline/entries/${entry.id}`, { token: founder.token }))
          .body as { data: unknown }
      ).data,
    );
    expect(detail.history.map((move) => [move.from, move.to, move.by])).toEqual([
      [null, 'toContact', 'you'],
      ['toContact', 'contacted', 'you'],
      ['contacted', 'meeting', 'you'],
      ['meeting', 'passed', 'you'],
      ['passed', 'meeting', 'you'],
    ]);
    expect(detail.history[3]?.passReason).toBe('chequeSize');
  });

  it('keeps a note, an amount and a next step with its date; an edit is no move', async () => {
    const { entry } = added.parse((await addInvestor(investorIds.email)).body).data;
    const edited = entryOf.parse(
      (
        await patch(entry, {
          amount: 250000,
          nextStep: 'Send the deck',
          nextStepDate: '2026-12-01',
          notes: 'Warm intro',
        })
      ).body,
    ).data;
    expect(edited).toMatchObject({
      amount: 250000,
      nextStep: 'Send the deck',
      nextStepDate: '2026-12-01',
      notes: 'Warm intro',
    });
    expect(await listMoves(projectId, entry.id)).toHaveLength(1);
    const badDate = await patch(edited, { nextStepDate: '01/12/2026' });
    expect(badDate.status).toBe(400);
    // Issue 48: a date of the right shape that is no day of the calendar is refused, saying so.
    for (const impossible of ['2026-02-30', '2026-13-45', '9999-99-99', '2027-02-29']) {
      const refused = await patch(edited, { nextStepDate: impossible });
      expect(refused.status, impossible).toBe(400);
      expect(errorOf(refused.body).message, impossible).toContain(pipelineFieldMessages.notADay);
    }
    expect((await listEntries(projectId)).find((e) => e.id === entry.id)?.nextStepDate).toBe('2026-12-01');
    const leapDay = await patch(edited, { nextStepDate: '2028-02-29' });
    expect(leapDay.status, leapDay.text).toBe(200);
    edited.version = entryOf.parse(leapDay.body).data.version;
    const oneLine = await patch(edited, { nextStep: 'two\nlines' });
    expect(oneLine.status).toBe(400);
  });

  it('marks an investor as the lead (issue 52), and gives the raise amount the round coverage reads', async () => {
    const raising = (await createProject(founder, `Lead ${u}`)).id;
    const raise = await call('PATCH', `/projects/${raising}`, {
      token: founder.token,
      body: { raise: { amountUsd: 2_500_000 } },
    });
    expect(raise.status, raise.text).toBe(200);
    const { entry } = added.parse((await addInvestor(investorIds.named, founder, raising)).body).data;
    expect(entry.lead).toBe(false);
    const patchHere = (body: Record<string, unknown>, version: number) =>
      call('PATCH', `/projects/${raising}/pipeline/entries/${entry.id}`, {
        token: founder.token,
        body: { version, ...body },
      });
    const refused = await patchHere({ lead: 'yes' }, entry.version);
    expect(refused.status).toBe(400);
    expect(errorOf(refused.body).message).toContain('lead must be true or false.');
    const marked = entryOf.parse(
      (await patchHere({ lead: true, stage: 'committed' }, entry.version)).body,
    ).data;
    expect(marked).toMatchObject({ lead: true, stage: 'committed' });
    const read = board.parse(
      (await call('GET', `/projects/${raising}/pipeline`, { token: founder.token })).body,
    ).data;
    expect(read.project.raiseAmountUsd).toBe(2_500_000);
    expect(read.entries.find((e) => e.id === entry.id)?.lead).toBe(true);
    const unmarked = entryOf.parse((await patchHere({ lead: false }, marked.version)).body).data;
    expect(unmarked.lead).toBe(false);
    // A project without a raise amount says so (null), and the old entries read as no lead.
    const plain = board.parse(
      (await call('GET', `/projects/${projectId}/pipeline`, { token: founder.token })).body,
    ).data;
    expect(plain.project.raiseAmountUsd).toBeNull();
  });

  it('refuses the later of two tabs that read the same version, saying where the investor went, and loses nothing', async () => {
    const project = (await createProject(founder, `Tabs ${u}`)).id;
    const { entry } = added.parse((await addInvestor(investorIds.email, founder, project)).body).data;
    const tab = (body: Record<string, unknown>) =>
      call('PATCH', `/projects/${project}/pipeline/entries/${entry.id}`, {
        token: founder.token,
        body: { version: entry.version, ...body },
      });

    const [a, b] = await Promise.all([tab({ stage: 'meeting' }), tab({ stage: 'replied' })]);

    const statuses = [a.status, b.status].sort();
    expect(statuses).toEqual([200, 409]);
    const winner = a.status === 200 ? entryOf.parse(a.body).data : entryOf.parse(b.body).data;
    const loser = a.status === 409 ? a : b;
    expect(errorOf(loser.body).message).toBe(conflictMessage(winner.stage, true));
    expect(errorOf(loser.body).message).toMatch(
      /^This investor was moved to (Meeting|Replied) in another window\. Reload to see it\.$/,
    );
    const [stored] = await listEntries(project);
    expect(stored).toMatchObject({ stage: winner.stage, version: 2 });
    expect(await listMoves(project, entry.id)).toHaveLength(2);

    // A note written from a stale read is refused too, and says the entry changed (no move since).
    const noteTab = await call('PATCH', `/projects/${project}/pipeline/entries/${entry.id}`, {
      token: founder.token,
      body: { version: 2, notes: 'first tab' },
    });
    expect(noteTab.status).toBe(200);
    const stale = await call('PATCH', `/projects/${project}/pipeline/entries/${entry.id}`, {
      token: founder.token,
      body: { version: 2, notes: 'second tab' },
    });
    expect(stale.status).toBe(409);
    expect(errorOf(stale.body).message).toBe(conflictMessage(winner.stage, false));
    expect((await listEntries(project))[0]?.notes).toBe('first tab');
  });

  it('adds a private contact, which the directory never shows', async () => {
    const secret = `private.${u}@founder-contacts.example`;
    const response = await call('POST', `/projects/${projectId}/pipeline/entries`, {
      token: founder.token,
      body: {
        contact: {
          name: `Private Angel ${u}`,
          firm: 'Own Network',
          email: secret,
          phone: '+44 20 7946 0000',
        },
      },
    });
    expect(response.status).toBe(201);
    const { entry } = added.parse(response.body).data;
    expect(entry).toMatchObject({ kind: 'private', name: `Private Angel ${u}`, firm: 'Own Network' });
    const detail = await call('GET', `/projects/${projectId}/pipeline/entries/${entry.id}`, {
      token: founder.token,
    });
    expect(detail.text).toContain(secret);
    const search = await call('GET', `/investors?q=${encodeURIComponent(`Private Angel ${u}`)}`);
    expect(search.text).not.toContain(secret);
    expect(search.text).not.toContain(`Private Angel ${u}`);
  });

  it('holds at most 1,000 investors: the next add and import rows are refused, saying so', async () => {
    const project = (await createProject(founder, `Full ${u}`)).id;
    const now = new Date().toISOString();
    await batchWrite(
      Array.from({ length: MAX_PIPELINE_ENTRIES }, (_, i) =>
        putRequest(
          pipelineEntryModel.toItem(
            newEntry(
              project,
              {
                id: `prv-filler${i}`,
                kind: 'private',
                investorId: null,
                contactId: `filler${i}`,
                name: `Filler ${i}`,
                firm: null,
                title: null,
              },
              now,
            ),
          ),
        ),
      ),
    );
    const refused = await addInvestor(investorIds.named, founder, project);
    expect(refused.status).toBe(409);
    expect(errorOf(refused.body).message).toBe(pipelineMessages.full);
    const imported = await call('POST', `/projects/${project}/pipeline/import`, {
      token: founder.token,
      body: { rows: [{ row: 2, name: `One Too Many ${u}` }], accepted: [] },
    });
    expect(importRowsResponse.parse((imported.body as { data: unknown }).data).lines).toEqual([
      { row: 2, outcome: 'failed', entryId: null, message: pipelineMessages.full },
    ]);
    expect(await listEntries(project)).toHaveLength(MAX_PIPELINE_ENTRIES);
  });

  it("answers another founder's call on the pipeline as a missing project", async () => {
    const other = await createUser();
    for (const response of [
      await call('GET', `/projects/${projectId}/pipeline`, { token: other.token }),
      await addInvestor(investorIds.email, other),
    ]) {
      expect(response.status).toBe(404);
      expect(errorOf(response.body).message).toBe('Project not found');
    }
  });
});

describe('a move racing a delete (issue 48)', () => {
  it('never leaves an investor that cannot be moved once added again', async () => {
    const raceProject = (await createProject(founder, `Race ${u}`)).id;
    const path = (id: string) => `/projects/${raceProject}/pipeline/entries/${id}`;
    const stuck: number[] = [];
    for (let round = 0; round < 30; round++) {
      const first = await addInvestor(investorIds.named, founder, raceProject);
      expect(first.status, first.text).toBe(201);
      const { entry } = added.parse(first.body).data;
      const [moved, deleted] = await Promise.all([
        call('PATCH', path(entry.id), {
          token: founder.token,
          body: { version: entry.version, stage: 'contacted' },
        }),
        call('DELETE', path(entry.id), { token: founder.token }),
      ]);
      expect([200, 404, 409], moved.text).toContain(moved.status);
      expect([200, 404], deleted.text).toContain(deleted.status);
      // Whatever the race did, the investor added again moves, at the version the board gives.
      const again = await addInvestor(investorIds.named, founder, raceProject);
      expect([200, 201], again.text).toContain(again.status);
      const current = added.parse(again.body).data.entry;
      const next = await call('PATCH', path(current.id), {
        token: founder.token,
        body: { version: current.version, stage: current.stage === 'replied' ? 'contacted' : 'replied' },
      });
      if (next.status !== 200) stuck.push(round);
      const removed = await call('DELETE', path(current.id), { token: founder.token });
      expect(removed.status, removed.text).toBe(200);
    }
    expect(stuck).toEqual([]);
    // Nothing of the investor is left behind: no entry and no history line.
    expect(await listEntries(raceProject)).toEqual([]);
    expect(await listMoves(raceProject, `inv-${investorIds.named}`)).toEqual([]);
  }, 120_000);
});

describe('importing a spreadsheet into a pipeline', () => {
  it('matches rows by email and by name and firm, imports the accepted ones, keeps the rest as private contacts, and reports each row', async () => {
    const project = (await createProject(founder, `Import ${u}`)).id;
    const rows = [
      {
        row: 2,
        name: 'Someone Else',
        email: emailInvestor.email.toUpperCase(),
        stage: 'Meeting',
        amount: '$250k',
      },
      {
        row: 3,
        name: namedInvestor.name,
        firm: namedInvestor.firm,
        stage: 'contacted',
        nextStepDate: '2026/12/24',
        nextStep: 'Follow up',
      },
      {
        row: 4,
        name: `Own Contact ${u}`,
        email: `own.${u}@example.org`,
        stage: 'DD',
        notes: 'From the old sheet',
      },
      {
        row: 5,
        name: namedInvestor.name,
        firm: namedInvestor.firm,
        email: `not-in-directory.${u}@example.org`,
      },
      { row: 6, email: `nameless.${u}@example.org` },
      { row: 7, name: `Odd Stage ${u}`, stage: 'maybe later', amount: 'lots' },
      // An investor of the directory by email, named in the sheet without it: found by the search.
      { row: 8, name: emailInvestor.name.toUpperCase(), firm: emailInvestor.firm },
    ];
    const matches = matchRowsResponse.parse(
      (
        (
          await call('POST', `/projects/${project}/pipeline/import/matches`, {
            token: founder.token,
            body: { rows },
          })
        ).body as { data: unknown }
      ).data,
    ).rows;
    expect(matches.map((m) => [m.row, m.match?.investor.id ?? null, m.match?.by ?? null])).toEqual([
      // An investor's email under another name: no match (the founder did not buy that email; a match
      // would confirm it, issue 48).
      [2, null, null],
      [3, investorIds.named, 'nameAndFirm'],
      [4, null, null],
      [5, investorIds.named, 'nameAndFirm'],
      [6, null, null],
      [7, null, null],
      [8, investorIds.email, 'nameAndFirm'],
    ]);
    // A match shows the public card: no contact value of the directory's.
    expect(JSON.stringify(matches)).not.toContain(emailInvestor.email);

    // The founder accepts rows 3 and 8 (row 2's acceptance, sent anyway, is matched again: none), rejects
    // row 5 (it becomes their own contact).
    const response = await call('POST', `/projects/${project}/pipeline/import`, {
      token: founder.token,
      body: {
        rows,
        accepted: [
          { row: 2, investorId: investorIds.email },
          { row: 3, investorId: investorIds.named },
          { row: 8, investorId: investorIds.email },
        ],
      },
    });
    expect(response.status).toBe(200);
    const lines = importRowsResponse.parse((response.body as { data: unknown }).data).lines;
    expect(lines.map((l) => [l.row, l.outcome])).toEqual([
      [2, 'addedPrivate'],
      [3, 'added'],
      [4, 'addedPrivate'],
      [5, 'addedPrivate'],
      [6, 'failed'],
      [7, 'addedPrivate'],
      [8, 'added'],
    ]);
    expect(lines[5]?.message).toContain('is not one of the pipeline');
    expect(lines[5]?.message).toContain('is not a number');

    const entries = await listEntries(project);
    const byName = new Map(entries.map((e) => [`${e.kind}:${e.name}`, e]));
    expect(byName.get(`directory:${emailInvestor.name}`)).toMatchObject({ stage: 'toContact' });
    expect(byName.get('private:Someone Else')).toMatchObject({ stage: 'meeting', amount: 250000 });
    expect(byName.get(`directory:${namedInvestor.name}`)).toMatchObject({
      stage: 'contacted',
      nextStep: 'Follow up',
      nextStepDate: '2026-12-24',
    });
    expect(byName.get(`private:Own Contact ${u}`)).toMatchObject({
      stage: 'dueDiligence',
      notes: 'From the old sheet',
    });
    expect(byName.get(`private:${namedInvestor.name}`)).toMatchObject({
      kind: 'private',
      stage: 'toContact',
    });
    expect(entries).toHaveLength(6);
  });

  it('lands each row where the sheet said: "Passed", "Meeting booked", a "Weiss" and a "250k" (issue 50)', async () => {
    const project = (await createProject(founder, `Sheet words ${u}`)).id;
    const weissId =
      (
        (await call('GET', `/investors?stageFocus=${stage}`)).body as {
          data: { items: { id: string; name: string }[] };
        }
      ).data.items.find((i) => i.name === sharpSInvestor.name)?.id ?? '';
    expect(weissId).not.toBe('');
    // Numbered as the admin import numbers rows: the first row after the header is row 1.
    const rows = [
      {
        row: 1,
        name: `Florian Weiss ${u}`,
        firm: sharpSInvestor.firm,
        stage: 'Meeting booked',
        amount: '250k',
      },
      { row: 2, name: `Pia Passed ${u}`, stage: 'Passed', amount: '2.5M' },
      { row: 3, name: `Carl Call ${u}`, stage: 'Call scheduled', amount: '$1,000,000' },
      { row: 4, name: `Tia Todo ${u}`, stage: 'To do' },
      { row: 5, name: `Nora No ${u}`, stage: 'No' },
    ];
    const matches = matchRowsResponse.parse(
      (
        (
          await call('POST', `/projects/${project}/pipeline/import/matches`, {
            token: founder.token,
            body: { rows },
          })
        ).body as { data: unknown }
      ).data,
    ).rows;
    expect(matches.map((m) => [m.row, m.match?.investor.id ?? null])).toEqual([
      [1, weissId],
      [2, null],
      [3, null],
      [4, null],
      [5, null],
    ]);
    const response = await call('POST', `/projects/${project}/pipeline/import`, {
      token: founder.token,
      body: { rows, accepted: [{ row: 1, investorId: weissId }] },
    });
    expect(response.status).toBe(200);
    const lines = importRowsResponse.parse((response.body as { data: unknown }).data).lines;
    expect(lines.map((l) => [l.row, l.outcome])).toEqual([
      [1, 'added'],
      [2, 'addedPrivate'],
      [3, 'addedPrivate'],
      [4, 'addedPrivate'],
      [5, 'addedPrivate'],
    ]);
    // The report says where each row's stage went.
    expect(lines[0]?.message).toBe(
      `Added ${sharpSInvestor.name} from the directory. Stage "Meeting booked": Meeting.`,
    );
    expect(lines[1]?.message).toContain('Stage "Passed": Passed');
    expect(lines[2]?.message).toContain('Stage "Call scheduled": Meeting.');
    expect(lines[3]?.message).toContain('Stage "To do": To contact.');
    expect(lines[4]?.message).toContain('Stage "No": Passed');

    const entries = new Map((await listEntries(project)).map((e) => [e.name, e]));
    expect(entries.get(sharpSInvestor.name)).toMatchObject({
      kind: 'directory',
      investorId: weissId,
      stage: 'meeting',
      amount: 250_000,
    });
    expect(entries.get(`Pia Passed ${u}`)).toMatchObject({
      stage: 'passed',
      passReason: null,
      amount: 2_500_000,
    });
    expect(entries.get(`Carl Call ${u}`)).toMatchObject({ stage: 'meeting', amount: 1_000_000 });
    expect(entries.get(`Tia Todo ${u}`)).toMatchObject({ stage: 'toContact' });
    expect(entries.get(`Nora No ${u}`)).toMatchObject({ stage: 'passed' });

    // A pass without a reason can be given one on the card, and moved on as any entry.
    const passed = entries.get(`Pia Passed ${u}`) as PipelineEntry;
    const reasoned = await call('PATCH', `/projects/${project}/pipeline/entries/${passed.id}`, {
      token: founder.token,
      body: { version: passed.version, passReason: 'timing' },
    });
    expect(reasoned.status).toBe(200);
    expect(entryOf.parse(reasoned.body).data).toMatchObject({ stage: 'passed', passReason: 'timing' });
  });

  it("numbers rows from 1 and refuses a row number past the pipeline's capacity", async () => {
    const refused = await call('POST', `/projects/${projectId}/pipeline/import/matches`, {
      token: founder.token,
      body: { rows: [{ row: MAX_PIPELINE_ENTRIES + 1, name: 'Too far' }] },
    });
    expect(refused.status).toBe(400);
    const first = await call('POST', `/projects/${projectId}/pipeline/import/matches`, {
      token: founder.token,
      body: {
        rows: [
          { row: 1, name: 'First' },
          { row: MAX_PIPELINE_ENTRIES, name: 'Last' },
        ],
      },
    });
    expect(first.status).toBe(200);
  });

  it('never overwrites a move made while the import runs: the row is skipped with a report line', async () => {
    const project = (await createProject(founder, `Busy ${u}`)).id;
    const { entry } = added.parse((await addInvestor(investorIds.email, founder, project)).body).data;
    const rows = [
      {
        row: 2,
        name: emailInvestor.name,
        email: emailInvestor.email,
        stage: 'Committed',
        notes: 'from the sheet',
      },
      ...Array.from({ length: 40 }, (_, i) => ({ row: i + 3, name: `Bulk ${i} ${u}`, stage: 'Contacted' })),
    ];
    const [imported, moved] = await Promise.all([
      call('POST', `/projects/${project}/pipeline/import`, {
        token: founder.token,
        body: { rows, accepted: [{ row: 2, investorId: investorIds.email }] },
      }),
      call('PATCH', `/projects/${project}/pipeline/entries/${entry.id}`, {
        token: founder.token,
        body: { version: entry.version, stage: 'termSheet', notes: 'mine' },
      }),
    ]);
    expect(moved.status).toBe(200);
    expect(imported.status).toBe(200);
    const lines = importRowsResponse.parse((imported.body as { data: unknown }).data).lines;
    expect(lines[0]).toMatchObject({ row: 2, outcome: 'skipped', entryId: entry.id });
    expect(lines[0]?.message).toBe(`Already in your pipeline: ${emailInvestor.name} kept as it is.`);
    expect(lines.filter((l) => l.outcome === 'addedPrivate')).toHaveLength(40);
    const stored = (await listEntries(project)).find((e) => e.id === entry.id);
    expect(stored).toMatchObject({ stage: 'termSheet', notes: 'mine', version: 2 });

    // The same page again (a retry, a second click) adds nothing twice.
    const again = await call('POST', `/projects/${project}/pipeline/import`, {
      token: founder.token,
      body: { rows, accepted: [{ row: 2, investorId: investorIds.email }] },
    });
    const againLines = importRowsResponse.parse((again.body as { data: unknown }).data).lines;
    expect(againLines.every((l) => l.outcome === 'skipped')).toBe(true);
    expect(await listEntries(project)).toHaveLength(41);
  });

  it('refuses a page of more than 50 rows saying so', async () => {
    const rows = Array.from({ length: 51 }, (_, i) => ({ row: i + 2, name: `R${i}` }));
    const response = await call('POST', `/projects/${projectId}/pipeline/import`, {
      token: founder.token,
      body: { rows, accepted: [] },
    });
    expect(response.status).toBe(400);
    expect(errorOf(response.body).message).toContain('at most 50 rows');
  });
});

describe('exporting a pipeline for a CRM', () => {
  it('writes the CRM columns and the pipeline’s own, with bought values only and the founder’s own contacts', async () => {
    const project = (await createProject(founder, `Export ${u}`)).id;
    const boughtEmail = `bought.${u}@example.com`;
    const boughtLinkedin = `https://www.linkedin.com/in/bought-${u}`;
    const cart = await savedCart(
      founder,
      [{ name: `Bea Bought ${u}`, email: boughtEmail, linkedin: boughtLinkedin }],
      ['name', 'email'],
    );
    await postEvent(checkoutEvent(cart.id, cart.pricing.totalX100));
    await delivered(cart.id);
    const boughtId = cart.investorIds[0] ?? '';
    const { entry } = added.parse((await addInvestor(boughtId, founder, project)).body).data;
    await call('PATCH', `/projects/${project}/pipeline/entries/${entry.id}`, {
      token: founder.token,
      body: {
        version: entry.version,
        stage: 'passed',
        passReason: 'timing',
        nextStep: 'Ask again in Q3',
        nextStepDate: '2027-07-01',
        amount: 500000,
        notes: '=HYPERLINK("x")',
      },
    });
    await addInvestor(investorIds.email, founder, project); // in the directory, not bought
    const own = { name: `Otto Own ${u}`, email: `otto.${u}@mine.example`, phone: '+44 20 7946 0958' };
    await call('POST', `/projects/${project}/pipeline/entries`, {
      token: founder.token,
      body: { contact: own },
    });

    const response = await call('GET', `/projects/${project}/pipeline/export?format=salesforce`, {
      token: founder.token,
    });
    expect(response.status).toBe(200);
    const file = (response.body as { data: { fileName: string; csv: string; rowCount: number } }).data;
    expect(file.fileName).toBe(`export-${u}-pipeline-salesforce.csv`);
    expect(file.rowCount).toBe(3);
    const [header, ...lines] = file.csv
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(header).toBe(
      'First Name,Last Name,Email,Phone,Company,Title,LinkedIn URL,Twitter URL,Crunchbase URL,City,Country,Lead Source,Stage,Next step,Next step date,Amount discussed,Notes',
    );
    const bought = lines.find((line) => line.startsWith(`Bea,Bought ${u}`)) ?? '';
    expect(bought).toContain(boughtEmail);
    expect(bought).not.toContain(boughtLinkedin); // not bought
    expect(bought).toContain('Passed: Not investing now,Ask again in Q3,2027-07-01,500000');
    expect(bought).toContain(`"'=HYPERLINK(""x"")"`); // a formula is never run
    expect(file.csv).not.toContain(emailInvestor.email); // in the directory, not bought
    const ownLine = lines.find((line) => line.startsWith(`Otto,Own ${u}`)) ?? '';
    expect(ownLine).toContain(`${own.email},+44 20 7946 0958,[not provided]`);
    // The founder's own contact came from them, not from the directory (issue 50).
    expect(ownLine).toContain(',Own contact,');
    expect(ownLine).not.toContain('VC Directory');
    expect(bought).toContain(',VC Directory,');

    const other = await createUser();
    const refused = await call('GET', `/projects/${project}/pipeline/export`, { token: other.token });
    expect(refused.status).toBe(404);
  }, 180_000);
});
