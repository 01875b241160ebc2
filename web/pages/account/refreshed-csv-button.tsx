import Button from 'react-bootstrap/Button';
import { getsFreeUpdates } from '../../../shared/library/updates';
import { useDownloadRefreshedCsv } from '../../api/get-refreshed-csv';

export const DOWNLOAD_REFRESHED_CSV = 'Download refreshed CSV';

/**
 * "Download refreshed CSV" of one past purchase (free updates, issue 20): the purchase's CSV with
 * today's values, offered for 12 months after it.
 */
export function RefreshedCsvButton({ cartId, purchasedAt }: { cartId: string; purchasedAt: string }) {
  const download = useDownloadRefreshedCsv();
  if (!purchasedAt || !getsFreeUpdates(purchasedAt, new Date())) return null;
  return (
    <Button
      variant="outline-success"
      size="sm"
      onClick={() => download.mutate(cartId)}
      disabled={download.isPending}
      aria-label={`${DOWNLOAD_REFRESHED_CSV}: cart ${cartId}`}
    >
      {DOWNLOAD_REFRESHED_CSV}
    </Button>
  );
}
