import CloseButton from 'react-bootstrap/CloseButton';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { paths } from '../config/paths';
import { LinkButton } from './link-button';
import { useHydrated } from './use-hydrated';

/** What the verification page passes to /home when an email was just verified (issue 32). */
export interface FirstStepState {
  firstStep: true;
}

export const firstStepState: FirstStepState = { firstStep: true };

/** Not in the spec (issue 32): the heading of the panel shown once, right after verifying. */
export const FIRST_STEP_TITLE = 'Your email is verified. Welcome!';

/**
 * The first step after verifying (issue 32): instead of nothing, what to do next: search investors
 * or list the founder's project. Shown once (the verification page's navigation carries it); closing
 * it leaves the page as it is. Only in the browser: the prerendered home never shows it.
 */
export function FirstStep() {
  const location = useLocation();
  const navigate = useNavigate();
  const hydrated = useHydrated();
  const state = location.state as Partial<FirstStepState> | null;
  if (!hydrated || state?.firstStep !== true) return null;
  const close = () => navigate(`${location.pathname}${location.search}`, { replace: true, state: null });
  return (
    <section className="alert alert-success shadow-sm mb-4" aria-labelledby="first-step-title">
      <div className="d-flex justify-content-between align-items-start gap-3">
        <h2 id="first-step-title" className="h5 mb-2">
          {FIRST_STEP_TITLE}
        </h2>
        <CloseButton aria-label="Close" onClick={close} />
      </div>
      <p className="mb-3">
        Start with the investors who fit you, or tell us about your startup first. Searching is free; you pay
        only for the contact lists you buy (<Link to={paths.pricing.href()}>prices</Link>).
      </p>
      <div className="d-flex flex-wrap gap-2">
        <LinkButton to={paths.investorSearch.href()}>Search investors</LinkButton>
        <LinkButton to={`${paths.accountSettings.href()}#new-project`} variant="outline-primary">
          Create your project
        </LinkButton>
      </div>
    </section>
  );
}
