import Container from 'react-bootstrap/Container';
import { RequireAdmin } from '../../auth/guards';
import { useDocumentTitle } from '../../components/use-document-title';

/** `/admin/debug-field`: admins only. The field search results are added by the admin issue. */
export function AdminDebugFieldPage() {
  useDocumentTitle('Admin: Debug Field');
  return (
    <RequireAdmin>
      <Container>
        <h1 className="h2 mb-4">Debug field</h1>
      </Container>
    </RequireAdmin>
  );
}
