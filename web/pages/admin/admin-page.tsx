import Container from 'react-bootstrap/Container';
import { Link } from 'react-router-dom';
import { RequireAdmin } from '../../auth/guards';
import { useDocumentTitle } from '../../components/use-document-title';
import { paths } from '../../config/paths';

/**
 * `/admin`: admins only ('Loading admin page...' until auth is known; others go to /). The mapping
 * debugger, field merger, CSV importer and function runner are added by the admin issue.
 */
export function AdminPage() {
  useDocumentTitle('Admin');
  return (
    <RequireAdmin>
      <Container>
        <h1 className="h2 mb-4">Admin</h1>
        <p>
          <Link to={paths.adminCarts.href()}>Recent carts</Link>
        </p>
      </Container>
    </RequireAdmin>
  );
}
