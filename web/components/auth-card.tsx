import type { ReactNode } from 'react';
import Card from 'react-bootstrap/Card';
import Container from 'react-bootstrap/Container';

/** The narrow centred card of the login, register and verify pages. */
export function AuthCard({
  title,
  children,
  footer,
}: {
  title: string;
  children: ReactNode;
  footer?: ReactNode;
}) {
  return (
    <Container className="py-lg-4">
      <Card className="shadow-sm mx-auto" style={{ maxWidth: '28rem' }}>
        <Card.Body className="p-4">
          <h1 className="h3 mb-4 text-center">{title}</h1>
          {children}
        </Card.Body>
        {footer ? <Card.Footer className="text-center bg-body py-3">{footer}</Card.Footer> : null}
      </Card>
    </Container>
  );
}
