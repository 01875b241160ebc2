import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import ListGroup from 'react-bootstrap/ListGroup';
import { Link } from 'react-router-dom';
import type { SavedSearchView } from '../../../shared/api/shortlist';
import { messages } from '../../../shared/messages';
import { errorMessage } from '../../api/client';
import {
  useDeleteSavedSearch,
  useRenameSavedSearch,
  useSavedSearches,
  useSetSearchAlerts,
} from '../../api/saved-searches';
import { ConfirmModal } from '../../components/confirm-modal';
import { showDate } from '../../components/dates';
import { EmailSwitch } from '../../components/email-switch';
import { LoadingMessage } from '../../components/loading-message';
import { SaveSearchModal } from '../../components/save-search-modal';
import { useToast } from '../../components/toast/toast-provider';
import { paths } from '../../config/paths';

/** The label of the saved searches' weekly email switch: the email names it too. */
export const SEARCH_ALERTS_LABEL = 'Weekly new-investor emails';

/** A saved search in a few words: what it looks at. */
function whatItIs(saved: SavedSearchView): string {
  if (saved.kind === 'shortlist')
    return saved.projectName ? `Shortlist of ${saved.projectName}` : 'Shortlist of a deleted project';
  // The server's words for the filters (issue 50): the taxonomy's labels, the typed text in quotes.
  return saved.filterWords.length > 0 ? saved.filterWords.join(' · ') : 'Search of the whole directory';
}

/**
 * The founder's saved searches on the account page (issue 35): each with what is new since it was
 * last opened, to open, rename or delete; and the switch of their weekly email.
 */
export function SavedSearchesSection() {
  const saved = useSavedSearches();
  const rename = useRenameSavedSearch();
  const remove = useDeleteSavedSearch();
  const alerts = useSetSearchAlerts();
  const { showToast } = useToast();
  const [renaming, setRenaming] = useState<SavedSearchView | null>(null);
  const [deleting, setDeleting] = useState<SavedSearchView | null>(null);

  return (
    <Card className="shadow-sm mb-4" id="saved-searches">
      <Card.Body>
        <h2 className="h5 mb-3">Saved searches</h2>
        {saved.isPending ? (
          <LoadingMessage />
        ) : saved.isError ? (
          <Alert variant="danger" className="mb-0">
            {messages.anErrorOccurred}
          </Alert>
        ) : (
          <>
            {saved.data.savedSearches.length === 0 ? (
              <p className="small text-body-secondary">
                Save a search, or a project&apos;s investors who fit, to see here what is new in it.
              </p>
            ) : (
              <ListGroup className="mb-3">
                {saved.data.savedSearches.map((search) => (
                  <ListGroup.Item key={search.id} className="py-3">
                    <div className="d-flex flex-wrap justify-content-between align-items-start gap-2">
                      <div className="min-w-0">
                        <Link to={paths.savedSearch.href(search.id)} className="fw-semibold text-break">
                          {search.name}
                        </Link>
                        {search.newCount > 0 ? (
                          <Badge bg="warning" text="dark" className="ms-2">
                            {search.newCount.toLocaleString('en-US')} new
                          </Badge>
                        ) : null}
                        <p className="small text-body-secondary mb-0 text-break">{whatItIs(search)}</p>
                        <p className="small text-body-secondary mb-0">
                          Last opened {showDate(search.lastOpenedAt)}
                        </p>
                      </div>
                      <div className="d-flex gap-2">
                        <Button
                          size="sm"
                          variant="outline-secondary"
                          onClick={() => setRenaming(search)}
                          aria-label={`Rename ${search.name}`}
                        >
                          Rename
                        </Button>
                        <Button
                          size="sm"
                          variant="outline-danger"
                          onClick={() => setDeleting(search)}
                          aria-label={`Delete ${search.name}`}
                        >
                          Delete
                        </Button>
                      </div>
                    </div>
                  </ListGroup.Item>
                ))}
              </ListGroup>
            )}
            <p className="small text-body-secondary">
              {saved.data.savedSearches.length} of {saved.data.max} saved searches.
            </p>
            <EmailSwitch
              id="search-alerts"
              label={SEARCH_ALERTS_LABEL}
              help="At most one email a week, when investors join your saved searches or confirm their details."
              on={saved.data.alerts}
              save={alerts}
            />
          </>
        )}
      </Card.Body>
      <SaveSearchModal
        show={renaming !== null}
        title="Rename saved search"
        defaultName={renaming?.name ?? ''}
        onSave={async (name) => {
          if (!renaming) return;
          await rename.mutateAsync({ id: renaming.id, name });
          setRenaming(null);
          showToast('Saved search renamed', 'success');
        }}
        onCancel={() => setRenaming(null)}
      />
      <ConfirmModal
        show={deleting !== null}
        title="Delete saved search"
        confirmLabel="Delete"
        busy={remove.isPending}
        onConfirm={async () => {
          if (!deleting) return;
          try {
            await remove.mutateAsync(deleting.id);
            showToast('Saved search deleted', 'info');
          } catch (error) {
            showToast(errorMessage(error, messages.somethingWentWrong), 'danger');
          }
          setDeleting(null);
        }}
        onCancel={() => setDeleting(null)}
      >
        Delete the saved search {deleting?.name}? Its weekly email stops with it.
      </ConfirmModal>
    </Card>
  );
}
