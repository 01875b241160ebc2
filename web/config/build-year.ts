/**
 * The year the app was built in: web/vite.config.ts defines it for the browser bundle and the
 * prerender alike, so a prerendered page's footer and its hydration agree. Where nothing defines it
 * (the unit tests), the current year.
 */
export const BUILD_YEAR: number = Number(import.meta.env.VITE_BUILD_YEAR ?? new Date().getFullYear());
