import Alert from 'react-bootstrap/Alert';
import Card from 'react-bootstrap/Card';
import Container from 'react-bootstrap/Container';
import ListGroup from 'react-bootstrap/ListGroup';
import { Link, useSearchParams } from 'react-router-dom';
import { MERGEABLE_FIELD_LABELS, mergeableFieldSchema } from '../../../shared/curation/field-merger';
import { messages } from '../../../shared/messages';
import { errorMessage } from '../../api/client';
import { type DebugFieldSearch, useDebugField } from '../../api/get-debug-field';
import { RequireAdmin } from '../../auth/guards';
import { LoadingMessage } from '../../components/loading-message';
import { SummaryList } from '../../components/summary-list';
import { useDocumentTitle } from '../../components/use-document-title';
import { paths } from '../../config/paths';

/** Not in the spec: the page was opened without a valid field or any selected value. */
export const DEBUG_FIELD_PARAMS_MISSING =
  'Give a targetField (sectorFocus or stageFocus) and at least one selected value.';

/** The search the query asks for, or null when the field or the selected values are missing. */
export function debugFieldSearchFromParams(params: URLSearchParams): DebugFieldSearch | null {
  const field = mergeableFieldSchema.safeParse(params.get('targetField'));
  const selectedValues = params
    .getAll('selectedValues')
    .map((value) => value.trim())
    .filter((value) => value !== '');
  if (!field.success || selectedValues.length === 0) return null;
  return { targetField: field.data, selectedValues, finalValue: params.get('finalValue') ?? '' };
}

/**
 * `/admin/debug-field?targetField=…&selectedValues=…&finalValue=…`: admins only. The names of the
 * searchable investors holding the first selected value, to see why the field merger found none.
 */
export function AdminDebugFieldPage() {
  useDocumentTitle('Admin: Debug Field');
  return (
    <RequireAdmin>
      <AdminDebugField />
    </RequireAdmin>
  );
}

function AdminDebugField() {
  const [params] = useSearchParams();
  const search = debugFieldSearchFromParams(params);
  const result = useDebugField(search);

  return (
    <Container>
      <nav aria-label="Breadcrumb" className="mb-2 small">
        <Link to={paths.admin.href()}>← Admin</Link>
      </nav>
      <h1 className="h2 mb-4">Debug field</h1>
      {search === null ? (
        <Alert variant="danger">{DEBUG_FIELD_PARAMS_MISSING}</Alert>
      ) : (
        <Card className="shadow-sm">
          <Card.Body>
            <div className="mb-3" style={{ maxWidth: '32rem' }}>
              <SummaryList
                items={[
                  { label: 'Field', value: MERGEABLE_FIELD_LABELS[search.targetField] },
                  {
                    label: 'Selected values',
                    value: (
                      <ul className="list-unstyled d-flex flex-wrap gap-1 mb-0">
                        {search.selectedValues.map((value) => (
                          <li key={value} className="chip text-break">
                            {value}
                          </li>
                        ))}
                      </ul>
                    ),
                  },
                  { label: 'Final value', value: search.finalValue || '—' },
                ]}
              />
            </div>
            {result.isPending ? (
              <LoadingMessage message={messages.loadingSearchableInvestorResults} />
            ) : result.isError ? (
              <Alert variant="danger" className="mb-0">
                {errorMessage(result.error, messages.somethingWentWrong)}
              </Alert>
            ) : (
              <>
                <h2 className="h5">
                  Searchable investors with {MERGEABLE_FIELD_LABELS[result.data.field]} “{result.data.value}”
                  ({result.data.investors.length})
                </h2>
                {result.data.investors.length === 0 ? (
                  <Alert variant="secondary" className="mb-0">
                    {messages.noResultsFound}
                  </Alert>
                ) : (
                  <ListGroup as="ul" aria-label="Matching searchable investors">
                    {result.data.investors.map((investor) => (
                      <ListGroup.Item as="li" key={investor.id}>
                        <Link to={paths.admin.href({ searchableInvestorId: investor.id })}>
                          {investor.name}
                        </Link>
                      </ListGroup.Item>
                    ))}
                  </ListGroup>
                )}
              </>
            )}
          </Card.Body>
        </Card>
      )}
    </Container>
  );
}
