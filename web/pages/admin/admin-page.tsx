import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Container from 'react-bootstrap/Container';
import Row from 'react-bootstrap/Row';
import { Link } from 'react-router-dom';
import { RequireAdmin } from '../../auth/guards';
import { useDocumentTitle } from '../../components/use-document-title';
import { paths } from '../../config/paths';
import { CsvImporter } from './csv-importer';
import { FieldMerger } from './field-merger';
import { FunctionRunner } from './function-runner';
import { MappingDebugger } from './mapping-debugger';
import { PortalsTool } from './portals-tool';

/**
 * `/admin`: admins only ('Loading admin page...' until auth is known; others go to /). The mapping
 * debugger, the field merger, the CSV importer, the function runner, a link to the recent carts and
 * the Portals tool.
 */
export function AdminPage() {
  useDocumentTitle('Admin');
  return (
    <RequireAdmin>
      <Container>
        <h1 className="h2 mb-4">Admin</h1>
        <Row className="g-4">
          <Col xs={12}>
            <MappingDebugger />
          </Col>
          <Col xl={6}>
            <FieldMerger />
          </Col>
          <Col xl={6} className="d-flex flex-column gap-4">
            <FunctionRunner />
            <Card as="section" className="shadow-sm" aria-labelledby="admin-carts-title">
              <Card.Body>
                <h2 className="h4" id="admin-carts-title">
                  Carts
                </h2>
                <p className="small text-body-secondary">The 50 most recent export carts and their status.</p>
                <Link to={paths.adminCarts.href()}>View recent carts</Link>
              </Card.Body>
            </Card>
            <Card as="section" className="shadow-sm" aria-labelledby="admin-reports-title">
              <Card.Body>
                <h2 className="h4" id="admin-reports-title">
                  Reports
                </h2>
                <p className="small text-body-secondary">
                  Founders&apos; reports of wrong data: correct, remove, confirm or dismiss.
                </p>
                <Link to={paths.adminReports.href()}>Work the reports queue</Link>
              </Card.Body>
            </Card>
            <Card as="section" className="shadow-sm" aria-labelledby="admin-taxonomy-title">
              <Card.Body>
                <h2 className="h4" id="admin-taxonomy-title">
                  Unmapped values
                </h2>
                <p className="small text-body-secondary">
                  Sectors and stages imports brought that are not on the list: map each or add it as a sector.
                </p>
                <Link to={paths.adminTaxonomy.href()}>Map unmapped values</Link>
              </Card.Body>
            </Card>
            <Card as="section" className="shadow-sm" aria-labelledby="admin-submissions-title">
              <Card.Body>
                <h2 className="h4" id="admin-submissions-title">
                  Investor profiles
                </h2>
                <p className="small text-body-secondary">
                  Profiles investors submitted through a portal: approve, edit, or reject with a reason.
                </p>
                <Link to={paths.adminSubmissions.href()}>Review submitted profiles</Link>
                <br />
                <Link to={paths.adminWithdrawals.href()}>Withdrawals and correction requests</Link>
              </Card.Body>
            </Card>
          </Col>
          <Col xs={12}>
            <CsvImporter />
          </Col>
          <Col xs={12}>
            <PortalsTool />
          </Col>
        </Row>
      </Container>
    </RequireAdmin>
  );
}
