/** The attribute of a prerendered page's root element: the path its markup was built for. */
export const PRERENDERED_ATTRIBUTE = 'data-prerendered';

/** Whether `container` holds the markup of the page at `pathname` (then the app hydrates it). */
export function isPrerenderedFor(container: HTMLElement, pathname: string): boolean {
  return container.getAttribute(PRERENDERED_ATTRIBUTE) === pathname;
}
