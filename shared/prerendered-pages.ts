/**
 * The public pages whose shell is built into HTML at build time (docs/decisions.md, "Prerendered
 * public pages"): the web build writes each one's markup into its own file beside `index.html`, and
 * the edge answers the page's path with that file instead of `index.html`, on AWS (the CloudFront
 * Function, infra/edge.ts) and locally (the local edge runs the same function). Only pages that show
 * every visitor the same thing before their data arrives belong here: a prerendered page holds no
 * user's state and no configuration of a deployment.
 */
export interface PrerenderedPage {
  /** The app route, exactly as the browser asks for it. */
  readonly path: string;
  /** The file of the built app (beside `index.html`) that holds its HTML. */
  readonly file: string;
}

export const PRERENDERED_PAGES: readonly PrerenderedPage[] = [
  // The directory home, where most visits start; /find-vc is the same page under the navbar's name.
  { path: '/home', file: 'home.html' },
  { path: '/find-vc', file: 'find-vc.html' },
];
