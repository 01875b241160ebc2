import Button from 'react-bootstrap/Button';
import { getsFreeUpdates } from '../../../shared/library/updates';
import { useDownloadRefreshedCsv } from '../../api/get-refreshed-csv';

export const DOWNLOAD_REFRESHED_CSV = 'Download refreshed CSV';

/**
 * "Download refreshed CSV" of one past purchase (free updates, issue 20): the purchase's CSV with
 * today's values, offered for 12 months after it.
 */
export function RefreshedCsvButton({
  cartId,
  purchasedAt,
  purchaseName,
}: {
  cartId: string;
  purchasedAt: string;
  /** How the page names the purchase to a screen reader (the day it was bought). */
  purchaseName: string;
}) {
  const download = useDownloadRefreshedCsv();
  if (!purchasedAt || !getsFreeUpdates(purchasedAt, new Date())) return null;
  return (
    <Button
      variant="outline-success"
      size="sm"
      onClick={() => download.mutate(cartId)}
      disabled={download.isPending}
      aria-label={`${DOWNLOAD_REFRESHED_CSV}: purchase of ${purchaseName}`}
    >
      {DOWNLOAD_REFRESHED_CSV}
    </Button>
  );
}
