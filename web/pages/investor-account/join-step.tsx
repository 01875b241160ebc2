import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import { Link } from 'react-router-dom';
import type { Portal } from '../../../shared/api/directory';
import { errorMessage } from '../../api/client';
import { useJoinPortal } from '../../api/join-portal';
import { paths } from '../../config/paths';

/** Not in the spec (issue 21). */
export const JOIN_FAILED = 'Joining did not work. Please try again.';

/**
 * The join step: a signed-in account that is not an investor yet becomes one of the portal's, after
 * reading what that means (an investor account keeps a profile and has no founder features).
 */
export function JoinStep({ portal, email }: { portal: Portal; email: string }) {
  const join = useJoinPortal(portal.urlIdentifier);
  return (
    <Card className="shadow-sm mx-auto" style={{ maxWidth: '36rem' }}>
      <Card.Body className="p-4">
        <h1 className="h3 mb-3">Join {portal.name} as an investor</h1>
        <p>
          You are signed in as <strong className="text-break">{email}</strong>. Joining makes this account an
          investor account of {portal.firm.name}&apos;s network: you keep a profile that founders can find
          once we have reviewed it.
        </p>
        <p className="text-body-secondary">
          An investor account cannot build export carts, buy contact lists, or list projects and podcasts. If
          you want those as a founder, use another account.
        </p>
        {join.isError ? (
          <Alert variant="danger" role="alert">
            {errorMessage(join.error, JOIN_FAILED)}{' '}
            <Link to={paths.logout.href()} className="alert-link">
              Log out
            </Link>
          </Alert>
        ) : null}
        <Button className="w-100" size="lg" disabled={join.isPending} onClick={() => join.mutate()}>
          {join.isPending ? 'Joining...' : 'Join as an investor'}
        </Button>
      </Card.Body>
    </Card>
  );
}
