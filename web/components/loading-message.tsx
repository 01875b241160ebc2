import Spinner from 'react-bootstrap/Spinner';

/** A centred spinner with a message, announced to screen readers. */
export function LoadingMessage({ message = 'Loading...' }: { message?: string | undefined }) {
  return (
    <div
      className="d-flex align-items-center justify-content-center gap-2 py-5 text-body-secondary"
      role="status"
    >
      <Spinner animation="border" size="sm" aria-hidden="true" />
      <span>{message}</span>
    </div>
  );
}
