import { describe, expect, it } from 'vitest';
import {
  PODCAST_PARTICIPANT_TOO_LONG,
  PODCAST_TOO_MANY_PARTICIPANTS,
  validateListPodcastBody,
} from '../../../shared/api/podcasts';
import { messages } from '../../../shared/messages';

describe('validateListPodcastBody', () => {
  const base = { title: 'Show', url: 'https://example.com/show' };

  it('reports the form messages first, word for word', () => {
    expect(validateListPodcastBody({ url: base.url })).toEqual({
      ok: false,
      message: messages.titleRequired,
    });
    expect(validateListPodcastBody({ title: 'Show' })).toEqual({ ok: false, message: messages.urlRequired });
  });

  it('limits the participants once the text is split', () => {
    const names = Array.from({ length: 51 }, (_, i) => `Guest ${i}`);

    expect(validateListPodcastBody({ ...base, participants: names.slice(0, 50).join(',') }).ok).toBe(true);
    expect(validateListPodcastBody({ ...base, participants: names.join(',') })).toEqual({
      ok: false,
      message: PODCAST_TOO_MANY_PARTICIPANTS,
    });
    expect(validateListPodcastBody({ ...base, participants: 'x'.repeat(201) })).toEqual({
      ok: false,
      message: PODCAST_PARTICIPANT_TOO_LONG,
    });
  });
});
