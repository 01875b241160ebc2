import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Badge from 'react-bootstrap/Badge';
import type { InvestorProfileStatus } from '../../../shared/investors/investor-profile';
import { errorMessage } from '../../api/client';
import { useInvestorProfile } from '../../api/investor-profile';
import { useAuth } from '../../auth/auth-provider';
import { LoadingMessage } from '../../components/loading-message';
import { ListingPanel } from './listing-panel';
import { localDate } from './local-date';
import { ProfileForm } from './profile-form';
import { SubmittedProfile } from './submitted-profile';

/** Not in the spec (issue 21). */
export const LOADING_INVESTOR_PROFILE = 'Loading your profile...';
export const INVESTOR_PROFILE_LOAD_FAILED = 'Your profile could not be loaded. Please reload the page.';

const STATUS_BADGES: Readonly<Record<InvestorProfileStatus, { bg: string; label: string }>> = {
  draft: { bg: 'secondary', label: 'Draft' },
  submitted: { bg: 'success', label: 'Submitted for review' },
  approving: { bg: 'success', label: 'Submitted for review' },
  approved: { bg: 'primary', label: 'Listed' },
  rejected: { bg: 'danger', label: 'Not approved' },
};

const WITHDRAWN_BADGE = { bg: 'secondary', label: 'Withdrawn' };

/**
 * The investor's own profile: the form while it is a draft (or being edited), the submitted state
 * once it waits for review. Shown in a portal's steps and on the main site alike.
 */
export function InvestorProfileScreen() {
  const query = useInvestorProfile();
  const { user } = useAuth();
  const [editing, setEditing] = useState(false);

  if (query.isPending) return <LoadingMessage message={LOADING_INVESTOR_PROFILE} />;
  if (query.isError)
    return <Alert variant="danger">{errorMessage(query.error, INVESTOR_PROFILE_LOAD_FAILED)}</Alert>;
  const { profile, portal, joinedAt } = query.data;
  const submitted = profile.status === 'submitted' || profile.status === 'approving';
  const badge = query.data.listing?.withdrawnAt ? WITHDRAWN_BADGE : STATUS_BADGES[profile.status];
  return (
    <>
      <header className="mb-4">
        <div className="d-flex flex-wrap align-items-center gap-2 mb-1">
          <h1 className="h2 mb-0">Your investor profile</h1>
          <Badge bg={badge.bg}>{badge.label}</Badge>
        </div>
        <p className="text-body-secondary mb-0">
          {portal ? `Member of ${portal.name} since ${localDate(joinedAt)}. ` : null}
          Founders search by what you fill in here.
        </p>
      </header>
      <ListingPanel data={query.data} />
      {submitted && !editing ? (
        <SubmittedProfile
          profile={profile}
          accountEmail={user?.email ?? ''}
          onEdit={() => setEditing(true)}
        />
      ) : (
        <ProfileForm
          key={profile.updatedAt ?? 'new'}
          profile={profile}
          onSubmitted={() => setEditing(false)}
        />
      )}
    </>
  );
}
