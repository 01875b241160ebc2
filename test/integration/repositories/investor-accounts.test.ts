import { describe, expect, it } from 'vitest';
import type { InvestorProfileItem } from '../../../lambdas/lib/table/models';
import { saveCart } from '../../../lambdas/lib/table/repositories/carts';
import { founderRecordKinds } from '../../../lambdas/lib/table/repositories/founder-records';
import {
  createInvestorMember,
  getInvestorMember,
  getInvestorProfile,
  isInvestorAccount,
  listSubmittedInvestorProfiles,
  putInvestorProfile,
} from '../../../lambdas/lib/table/repositories/investor-accounts';
import {
  createPodcast,
  newPodcastId,
  togglePodcastVote,
} from '../../../lambdas/lib/table/repositories/podcasts';
import { createProject } from '../../../lambdas/lib/table/repositories/projects';
import { addPurchasesToLibrary } from '../../../lambdas/lib/table/repositories/users';
import { emptyInvestorProfileFields } from '../../../shared/investors/investor-profile';
import { at, cart, libraryPurchase, project, unique } from './fixtures';

const profile = (userId: string, changes: Partial<InvestorProfileItem> = {}): InvestorProfileItem => ({
  ...emptyInvestorProfileFields(`${userId}@example.com`),
  userId,
  accountEmail: `${userId}@example.com`,
  portalId: 'vcn',
  status: 'draft',
  createdAt: at(0),
  updatedAt: at(0),
  submittedAt: null,
  ...changes,
});

describe('investor accounts repository (DynamoDB Local)', () => {
  it('records one membership per user: a second one is refused and the first stands', async () => {
    const userId = unique('user_');
    const first = { userId, email: 'a@example.com', portalId: 'vcn', joinedAt: at(0) };

    expect(await isInvestorAccount(userId)).toBe(false);
    expect(await createInvestorMember(first)).toBe(true);
    expect(await createInvestorMember({ ...first, portalId: 'other', joinedAt: at(1) })).toBe(false);

    expect(await getInvestorMember(userId)).toEqual(first);
    expect(await isInvestorAccount(userId)).toBe(true);
  });

  it('writes a profile only over the version read, and lists it in the review queue only while submitted', async () => {
    const userId = unique('user_');
    const draft = profile(userId);
    expect(await putInvestorProfile(draft, null)).toBe(true);
    expect(await putInvestorProfile(draft, null)).toBe(false);

    const submitted = profile(userId, {
      status: 'submitted',
      updatedAt: at(5),
      submittedAt: at(5),
      name: 'Ana',
    });
    expect(await putInvestorProfile(submitted, at(4))).toBe(false);
    expect(await putInvestorProfile(submitted, at(0))).toBe(true);

    expect(await getInvestorProfile(userId)).toEqual(submitted);
    expect((await listSubmittedInvestorProfiles(null, 1000)).items.map((p) => p.userId)).toContain(userId);
    await putInvestorProfile(profile(userId, { updatedAt: at(6) }), at(5));
    expect((await listSubmittedInvestorProfiles(null, 1000)).items.map((p) => p.userId)).not.toContain(
      userId,
    );
  });

  it("finds each kind of a founder's records, and none for a new account", async () => {
    const [none, founder, voter] = [unique('user_'), unique('user_'), unique('user_')];
    await createProject(project({ creatorUserId: founder }));
    await saveCart(cart({ creatorUserId: founder }));
    await addPurchasesToLibrary([
      libraryPurchase(founder, { name: 'Bought', values: {}, purchasedAt: at(0) }),
    ]);
    const podcast = await createPodcast({
      id: newPodcastId(),
      title: 'Cast',
      description: null,
      imageUrl: null,
      url: 'https://example.com/cast',
      participants: [],
      createdAt: at(0),
      listedBy: founder,
      voteCount: 0,
      hiddenAt: null,
    });
    await togglePodcastVote(podcast.id, voter, at(1));

    expect(await founderRecordKinds(none)).toEqual([]);
    expect(await founderRecordKinds(founder)).toEqual([
      'projects',
      'saved carts',
      'bought contacts',
      'podcasts',
    ]);
    expect(await founderRecordKinds(voter)).toEqual(['podcast votes']);
  });
});
