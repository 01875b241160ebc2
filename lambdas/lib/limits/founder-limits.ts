import {
  FOUNDER_LIST_LIMITS,
  type FounderListScope,
  founderLimitMessage,
} from '../../../shared/limits/founder-limits';
import { rateWindowEnd, rateWindowStart } from '../../../shared/privacy/data-requests';
import { TooManyRequestsError } from '../errors';
import { takeRateSlot } from '../table/repositories/data-requests';

/**
 * Counts one list-taking request of a founder in the current fixed window of its scope (the same
 * counter as the "This is me" limits: `RATE#founder:<scope>#<userId>` / `WINDOW#<start>`, a
 * conditional `ADD`, gone by TTL), or refuses it with a 429 saying which limit. Call it first in the
 * handler, before any work.
 */
export async function takeFounderSlot(userId: string, scope: FounderListScope, now: Date): Promise<void> {
  const limit = FOUNDER_LIST_LIMITS[scope];
  const hours = limit.windowMinutes / 60;
  const start = rateWindowStart(now, hours);
  if (!(await takeRateSlot(`founder:${scope}`, userId, start, rateWindowEnd(start, hours), limit.max)))
    throw new TooManyRequestsError(founderLimitMessage(scope));
}
