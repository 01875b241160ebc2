import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Container from 'react-bootstrap/Container';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import { Link } from 'react-router-dom';
import { MAX_PODCASTS_PER_FOUNDER, type PodcastView } from '../../../shared/api/podcasts';
import { messages } from '../../../shared/messages';
import { errorMessage } from '../../api/client';
import { useMyVotes } from '../../api/get-my-votes';
import { useHiddenPodcasts, useModeratePodcast, usePodcasts } from '../../api/get-podcasts';
import { useDeletePodcast, useMyPodcasts } from '../../api/my-podcasts';
import { useVotePodcast } from '../../api/vote-podcast';
import { useAuth } from '../../auth/auth-provider';
import { ConfirmModal } from '../../components/confirm-modal';
import { showDate } from '../../components/dates';
import { EmptyState } from '../../components/empty-state';
import { LoadingMessage } from '../../components/loading-message';
import { useToast } from '../../components/toast/toast-provider';
import { useDocumentTitle } from '../../components/use-document-title';
import { paths } from '../../config/paths';
import { ListPodcastModal, PODCAST_LISTED } from './list-podcast-modal';

/** Not in the spec: the lister's edit and delete. */
export const PODCAST_SAVED = 'Podcast saved';
export const PODCAST_DELETED = 'Podcast deleted';
export const deletePodcastConfirm = (title: string) =>
  `Delete "${title}" from the board? Its votes go with it.`;

/**
 * The board's orders, both served a page at a time by the API: most upvoted first (the default:
 * upvotes help others find them first; ties newest first), or newest.
 */
export const PODCAST_SORTS = { votes: 'Most upvoted', newest: 'Newest' } as const;
export type PodcastSort = keyof typeof PODCAST_SORTS;

/** Not in the spec: an admin's moderation of the board. */
export const PODCAST_HIDDEN = 'Podcast hidden from the board';
export const PODCAST_SHOWN = 'Podcast shown on the board again';
export const hidePodcastConfirm = (title: string) =>
  `Delete "${title}"? It leaves the board with its votes, and its lister can list another.`;

/** `/podcasts`: the podcast board with upvotes, and listing a podcast. */
export function PodcastsPage() {
  useDocumentTitle('Podcasts');
  const [sort, setSort] = useState<PodcastSort>('votes');
  const podcasts = usePodcasts(sort);
  const board = podcasts.data?.pages.flatMap((page) => page.podcasts) ?? [];
  const myVotes = useMyVotes();
  const vote = useVotePodcast();
  const { loggedIn, isAdmin } = useAuth();
  const { showToast } = useToast();
  const [listing, setListing] = useState(false);
  const moderate = useModeratePodcast();
  const [removing, setRemoving] = useState<PodcastView | null>(null);
  const moderation = async (podcast: PodcastView, action: 'hide' | 'show' | 'delete') => {
    try {
      await moderate.mutateAsync({ podcastId: podcast.id, action });
      showToast(
        action === 'hide' ? PODCAST_HIDDEN : action === 'show' ? PODCAST_SHOWN : PODCAST_DELETED,
        'success',
      );
    } catch (error) {
      showToast(errorMessage(error, messages.somethingWentWrong), 'danger');
    }
  };
  const [editing, setEditing] = useState<PodcastView | null>(null);
  const [deleting, setDeleting] = useState<PodcastView | null>(null);
  const myPodcasts = useMyPodcasts();
  const deletePodcast = useDeletePodcast();
  const mine = new Set(loggedIn ? (myPodcasts.data?.podcastIds ?? []) : []);
  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await deletePodcast.mutateAsync(deleting.id);
      showToast(PODCAST_DELETED, 'success');
    } catch (error) {
      showToast(errorMessage(error, messages.somethingWentWrong), 'danger');
    } finally {
      setDeleting(null);
    }
  };
  const voted = new Set(loggedIn ? (myVotes.data?.podcastIds ?? []) : []);

  const upvote = async (podcast: PodcastView) => {
    if (!loggedIn) {
      showToast(messages.loginToUpvote, 'danger');
      return;
    }
    try {
      const result = await vote.mutateAsync(podcast.id);
      if (result.voted) showToast(messages.upvoted, 'success');
    } catch (error) {
      console.error('Voting failed', error);
      showToast(messages.somethingWentWrong, 'danger');
    }
  };

  return (
    <Container>
      <div className="d-flex flex-wrap justify-content-between align-items-center gap-2 mb-4">
        <h1 className="h2 mb-0">Podcasts</h1>
        <Form.Group controlId="podcast-sort" className="d-flex align-items-center gap-2">
          <Form.Label className="mb-0 small text-nowrap">Sort by</Form.Label>
          <Form.Select
            size="sm"
            value={sort}
            onChange={(event) => setSort(event.target.value as PodcastSort)}
          >
            {(Object.keys(PODCAST_SORTS) as PodcastSort[]).map((key) => (
              <option key={key} value={key}>
                {PODCAST_SORTS[key]}
              </option>
            ))}
          </Form.Select>
        </Form.Group>
      </div>
      <Row className="g-4">
        <Col lg={8}>
          {podcasts.isPending ? (
            <LoadingMessage />
          ) : podcasts.isError ? (
            <Alert variant="danger">{errorMessage(podcasts.error, messages.anErrorOccurred)}</Alert>
          ) : board.length === 0 ? (
            <EmptyState message={messages.noPodcastsFound}>
              <ListPodcastAction
                loggedIn={loggedIn}
                label="List the first podcast"
                onList={() => setListing(true)}
                small
              />
            </EmptyState>
          ) : (
            <>
              <ul className="list-unstyled d-grid gap-3 mb-0">
                {board.map((podcast) => (
                  <li key={podcast.id}>
                    <PodcastCard
                      podcast={podcast}
                      voted={voted.has(podcast.id)}
                      busy={vote.isPending && vote.variables === podcast.id}
                      onUpvote={() => void upvote(podcast)}
                      mine={mine.has(podcast.id)}
                      onEdit={() => setEditing(podcast)}
                      onDelete={() => setDeleting(podcast)}
                      moderation={
                        isAdmin
                          ? {
                              onHide: () => void moderation(podcast, 'hide'),
                              onRemove: () => setRemoving(podcast),
                              busy: moderate.isPending && moderate.variables?.podcastId === podcast.id,
                            }
                          : null
                      }
                    />
                  </li>
                ))}
              </ul>
              {podcasts.hasNextPage ? (
                <div className="text-center mt-3">
                  <Button
                    variant="outline-primary"
                    onClick={() => void podcasts.fetchNextPage()}
                    disabled={podcasts.isFetchingNextPage}
                  >
                    {podcasts.isFetchingNextPage ? 'Loading...' : 'Load more podcasts'}
                  </Button>
                </div>
              ) : null}
            </>
          )}
        </Col>
        <Col lg={4}>
          <Card className="shadow-sm">
            <Card.Body>
              <h2 className="h5">Founder podcasts</h2>
              <p>
                Conversations with founders and investors, picked by the community. Upvote the episodes that
                helped you so others find them first.
              </p>
              <p className="small text-body-secondary">Know a podcast founders should hear? List it here.</p>
              <ListPodcastAction loggedIn={loggedIn} label="List a Podcast" onList={() => setListing(true)} />
              <p className="small text-body-secondary mt-2 mb-0">
                Each founder can have up to {MAX_PODCASTS_PER_FOUNDER} podcasts on the board.
              </p>
            </Card.Body>
          </Card>
          {isAdmin ? <HiddenPodcasts onShow={(podcast) => void moderation(podcast, 'show')} /> : null}
        </Col>
      </Row>
      {editing ? (
        <ListPodcastModal
          show
          editing={editing}
          onClose={(saved) => {
            setEditing(null);
            if (saved) showToast(PODCAST_SAVED, 'success');
          }}
        />
      ) : null}
      <ConfirmModal
        show={deleting !== null}
        title="Delete podcast"
        confirmLabel="Delete"
        busy={deletePodcast.isPending}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(null)}
      >
        {deleting ? deletePodcastConfirm(deleting.title) : null}
      </ConfirmModal>
      <ConfirmModal
        show={removing !== null}
        title="Delete podcast"
        confirmLabel="Delete"
        busy={moderate.isPending}
        onConfirm={() => {
          if (removing) void moderation(removing, 'delete').finally(() => setRemoving(null));
        }}
        onCancel={() => setRemoving(null)}
      >
        {removing ? hidePodcastConfirm(removing.title) : null}
      </ConfirmModal>
      {listing ? (
        <ListPodcastModal
          show={listing}
          onClose={(listed) => {
            setListing(false);
            if (listed) showToast(PODCAST_LISTED, 'success');
          }}
        />
      ) : null}
    </Container>
  );
}

function PodcastCard({
  podcast,
  voted,
  busy,
  onUpvote,
  mine,
  onEdit,
  onDelete,
  moderation,
}: {
  podcast: PodcastView;
  voted: boolean;
  busy: boolean;
  onUpvote: () => void;
  /** Listed by the caller: theirs to edit or delete. */
  mine: boolean;
  onEdit: () => void;
  onDelete: () => void;
  /** An admin's actions on any listing; null for everyone else. */
  moderation: { onHide: () => void; onRemove: () => void; busy: boolean } | null;
}) {
  return (
    <Card as="article" className="shadow-sm">
      <Card.Body className="d-flex gap-3">
        <div className="d-flex flex-column align-items-center">
          <Button
            variant={voted ? 'primary' : 'outline-primary'}
            className="vote-button d-flex flex-column align-items-center py-1"
            onClick={onUpvote}
            disabled={busy}
            aria-pressed={voted}
            aria-label={`Upvote ${podcast.title}, ${podcast.voteCount} ${podcast.voteCount === 1 ? 'vote' : 'votes'}`}
          >
            <span aria-hidden="true">▲</span>
            <span className="fw-semibold">{podcast.voteCount}</span>
          </Button>
        </div>
        {podcast.imageUrl ? <PodcastThumb src={podcast.imageUrl} /> : null}
        <div className="flex-grow-1 min-w-0">
          <h2 className="h5 mb-1">
            <a href={podcast.url} target="_blank" rel="noopener noreferrer" className="text-break">
              {podcast.title}
              <span className="visually-hidden"> (opens in a new tab)</span>
            </a>
          </h2>
          {podcast.description ? <p className="mb-2">{podcast.description}</p> : null}
          <p className="small text-body-secondary mb-0">
            {podcast.participants.length > 0 ? <>With {podcast.participants.join(', ')} · </> : null}
            Listed {showDate(podcast.createdAt)}
          </p>
          {mine ? (
            <div className="d-flex gap-3 mt-2 small">
              <Button variant="link" size="sm" className="p-0" onClick={onEdit}>
                Edit<span className="visually-hidden"> {podcast.title}</span>
              </Button>
              <Button variant="link" size="sm" className="p-0 text-danger" onClick={onDelete}>
                Delete<span className="visually-hidden"> {podcast.title}</span>
              </Button>
            </div>
          ) : null}
          {moderation && !mine ? (
            <div className="d-flex gap-3 mt-2 small">
              <Button
                variant="link"
                size="sm"
                className="p-0"
                onClick={moderation.onHide}
                disabled={moderation.busy}
              >
                Hide <span className="visually-hidden">{podcast.title}</span>
              </Button>
              <Button
                variant="link"
                size="sm"
                className="p-0 text-danger"
                onClick={moderation.onRemove}
                disabled={moderation.busy}
              >
                Delete <span className="visually-hidden">{podcast.title}</span>
              </Button>
            </div>
          ) : null}
        </div>
      </Card.Body>
    </Card>
  );
}

/** Admins only: the podcasts hidden from the board, each with "Show again". */
function HiddenPodcasts({ onShow }: { onShow: (podcast: PodcastView) => void }) {
  const hidden = useHiddenPodcasts(true);
  const podcasts = hidden.data?.podcasts ?? [];
  return (
    <Card as="section" className="shadow-sm mt-3" aria-label="Hidden podcasts">
      <Card.Body>
        <h2 className="h6">Hidden podcasts</h2>
        {hidden.isError ? (
          <Alert variant="danger" className="mb-0">
            {errorMessage(hidden.error, messages.anErrorOccurred)}
          </Alert>
        ) : podcasts.length === 0 ? (
          <p className="small text-body-secondary mb-0">{hidden.isPending ? 'Loading...' : 'None.'}</p>
        ) : (
          <ul className="list-unstyled small mb-0 d-grid gap-2">
            {podcasts.map((podcast) => (
              <li key={podcast.id} className="d-flex justify-content-between align-items-center gap-2">
                <span className="text-break">{podcast.title}</span>
                <Button variant="outline-primary" size="sm" onClick={() => onShow(podcast)}>
                  Show again <span className="visually-hidden">{podcast.title}</span>
                </Button>
              </li>
            ))}
          </ul>
        )}
      </Card.Body>
    </Card>
  );
}

/** The podcast's image; one that fails to load gives way to a plain microphone tile. */
export function PodcastThumb({ src }: { src: string }) {
  const [broken, setBroken] = useState(false);
  if (broken)
    return (
      <div
        className="podcast-thumb podcast-thumb-fallback rounded flex-shrink-0 d-none d-sm-flex align-items-center justify-content-center"
        data-testid="podcast-thumb-fallback"
        aria-hidden="true"
      >
        🎙
      </div>
    );
  return (
    <img
      src={src}
      alt=""
      className="podcast-thumb rounded flex-shrink-0 d-none d-sm-block"
      onError={() => setBroken(true)}
    />
  );
}

/** 'List a Podcast' for a founder; for a visitor, 'Sign in to list a podcast', coming back here. */
function ListPodcastAction({
  loggedIn,
  label,
  onList,
  small = false,
}: {
  loggedIn: boolean;
  label: string;
  onList: () => void;
  small?: boolean;
}) {
  if (loggedIn) {
    return (
      <Button size={small ? 'sm' : undefined} onClick={onList}>
        {label}
      </Button>
    );
  }
  return (
    <Link
      to={paths.login.href()}
      state={{ from: paths.podcasts.href() }}
      className={`btn ${small ? 'btn-sm btn-primary' : 'btn-outline-primary'}`}
    >
      {messages.signInToListPodcast}
    </Link>
  );
}
