import Alert from 'react-bootstrap/Alert';
import Card from 'react-bootstrap/Card';
import Container from 'react-bootstrap/Container';
import { useParams, useSearchParams } from 'react-router-dom';
import { errorMessage } from '../../api/client';
import { useWebCopy } from '../../api/updates';
import { showDate } from '../../components/dates';
import { LoadingMessage } from '../../components/loading-message';
import { useDocumentTitle } from '../../components/use-document-title';

/**
 * `/updates/read/{token}`: the web copy of an investor update (issue 53), public behind its random
 * link. Opened from an email, the link carries the recipient's token (`r`), which records the open.
 */
export function WebCopyPage() {
  const { token = '' } = useParams();
  const [search] = useSearchParams();
  const copy = useWebCopy(token, search.get('r'));
  useDocumentTitle(copy.data?.subject ?? 'Investor update');
  return (
    <Container className="update-copy">
      {copy.isPending ? (
        <LoadingMessage message="Loading the update..." />
      ) : copy.isError ? (
        <Alert variant="warning">{errorMessage(copy.error, 'This update could not be loaded.')}</Alert>
      ) : (
        <article aria-labelledby="update-subject">
          <p className="small text-body-secondary mb-1">
            {copy.data.projectName} · {showDate(copy.data.sentAt)}
          </p>
          <h1 id="update-subject" className="h2 mb-3">
            {copy.data.subject}
          </h1>
          {copy.data.figures.length > 0 ? (
            <Card className="shadow-sm mb-4">
              <Card.Body>
                <h2 className="h5">Numbers</h2>
                <ul className="mb-0">
                  {copy.data.figures.map((line) => (
                    <li key={line}>{line}</li>
                  ))}
                </ul>
              </Card.Body>
            </Card>
          ) : null}
          {copy.data.sections.map((section) => (
            <section key={section.title} className="mb-4">
              <h2 className="h4">{section.title}</h2>
              <p className="update-section-body">{section.body}</p>
            </section>
          ))}
        </article>
      )}
    </Container>
  );
}
