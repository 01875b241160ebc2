import { deckEventBody, deckTokenParams, deckViewParams, openDeckBody } from '../../../shared/api/decks';
import { linkInfo, openDeck, recordDeckEvent } from '../../lib/decks/decks';
import { endpoint } from '../../lib/http';

/**
 * The decks function's area for a link's viewer (issue 53): public, the link's random token is the
 * only key, and it reaches that one link. What the viewer does is recorded for the link's founder
 * and shown to no one else; nothing of the founder's pipeline is in these answers.
 */
export const endpoints = {
  // An unknown, revoked or expired link is an ordinary state of the page: 200 with the state.
  'GET /deck-links/{token}': endpoint({
    auth: 'public',
    params: deckTokenParams,
    handle: async ({ params }) => linkInfo(params.token, new Date()),
  }),

  'POST /deck-links/{token}/views': endpoint({
    auth: 'public',
    params: deckTokenParams,
    body: openDeckBody,
    status: 201,
    handle: async ({ params, body }) => openDeck(params.token, body, new Date()),
  }),

  'POST /deck-links/{token}/views/{viewId}/events': endpoint({
    auth: 'public',
    params: deckViewParams,
    body: deckEventBody,
    handle: async ({ params, body }) => recordDeckEvent(params.token, params.viewId, body, new Date()),
  }),
};
