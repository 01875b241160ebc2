import { useEffect } from 'react';
import { documentTitle } from '../../shared/messages';

/** Sets the document title to '{page} | {BRAND}' (the brand alone without a page). */
export function useDocumentTitle(page?: string): void {
  useEffect(() => {
    document.title = documentTitle(page);
  }, [page]);
}
