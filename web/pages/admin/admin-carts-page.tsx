import Container from 'react-bootstrap/Container';
import { RequireAdmin } from '../../auth/guards';
import { useDocumentTitle } from '../../components/use-document-title';

/** `/admin/carts`: admins only. The 50 most recent carts are added by the admin issue. */
export function AdminCartsPage() {
  useDocumentTitle('Admin: Carts');
  return (
    <RequireAdmin>
      <Container>
        <h1 className="h2 mb-4">Recent carts</h1>
      </Container>
    </RequireAdmin>
  );
}
