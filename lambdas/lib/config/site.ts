import * as z from 'zod/mini';
import { readSection } from './section';

/** The site's own address, for links in emails (the weekly summary's "turn off" link). */
export const siteConfig = /* @__PURE__ */ readSection('site', () => z.object({ SITE_URL: z.url() }));
