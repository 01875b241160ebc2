import * as z from 'zod/mini';
import { portalSchema } from './directory';
import { multiLine, singleLine } from './text';

/**
 * Portals as data an admin manages (issue 19): a partner firm's branded onboarding page at
 * `<label>.<domain>`. CloudFront and DNS serve every subdomain, so a new portal needs nothing else.
 */

/** Labels that name the product's own hosts, never a partner's. */
export const RESERVED_PORTAL_LABELS = [
  'www',
  'api',
  'app',
  'admin',
  'mail',
  'static',
  'assets',
  'cdn',
  'auth',
];

/** The fonts a portal may use: whole CSS font stacks, so every page falls back to a font the reader has. */
export const PORTAL_FONTS = {
  system: null,
  serif: 'Georgia, serif',
  humanist: '"Gill Sans", "Gill Sans MT", Calibri, sans-serif',
  geometric: 'Avenir, "Century Gothic", "Trebuchet MS", sans-serif',
  mono: '"SFMono-Regular", Menlo, Consolas, monospace',
} as const;
export type PortalFont = keyof typeof PORTAL_FONTS;
/** How the Portals tool names each font. */
export const PORTAL_FONT_LABELS: Readonly<Record<PortalFont, string>> = {
  system: "The reader's system font",
  serif: 'Serif (Georgia)',
  humanist: 'Humanist sans (Gill Sans)',
  geometric: 'Geometric sans (Avenir)',
  mono: 'Monospace',
};
export const portalFontOf = (fontFamily: string | null): PortalFont =>
  (Object.keys(PORTAL_FONTS) as PortalFont[]).find((key) => PORTAL_FONTS[key] === fontFamily) ?? 'system';

export const portalMessages = {
  labelInvalid:
    'The subdomain must be 1 to 63 lower-case letters, digits or hyphens, starting and ending with a letter or digit.',
  labelReserved: 'That subdomain is kept for the product itself; choose another.',
  labelTaken: 'A portal already uses that subdomain.',
  nameRequired: 'The portal needs a name.',
  firmRequired: 'The portal needs the firm’s name.',
  websiteInvalid: 'The firm’s website must be a web address starting with https://.',
} as const;

const paragraphs = (max: number) => multiLine(z.string().check(z.trim(), z.maxLength(max)));
const required = (max: number, message: string) =>
  z.string().check(singleLine(), z.trim(), z.minLength(1, message), z.maxLength(max));

/** What the Portals tool sends to create (with the label) or edit (the label stays) a portal. */
export const portalFieldsBody = z.strictObject({
  name: required(100, portalMessages.nameRequired),
  description: paragraphs(600),
  firmName: required(100, portalMessages.firmRequired),
  firmWebsite: z.string().check(
    singleLine(),
    z.trim(),
    z.maxLength(300),
    z.refine(
      (value) => value === '' || /^https:\/\/[^\s/]+\.[^\s]+$/.test(value),
      portalMessages.websiteInvalid,
    ),
  ),
  font: z.enum(Object.keys(PORTAL_FONTS) as [PortalFont, ...PortalFont[]]),
});
export type PortalFieldsBody = z.infer<typeof portalFieldsBody>;

export const createPortalBody = z.strictObject({
  ...portalFieldsBody.shape,
  urlIdentifier: z.string().check(
    singleLine(),
    z.trim(),
    z.toLowerCase(),
    z.regex(/^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/, portalMessages.labelInvalid),
    z.refine((label) => !RESERVED_PORTAL_LABELS.includes(label), portalMessages.labelReserved),
  ),
});
export type CreatePortalBody = z.infer<typeof createPortalBody>;

/** GET /admin/portals: every portal, by subdomain, with who made and last changed it. */
export const adminPortalSchema = z.object({
  ...portalSchema.shape,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export const adminPortalsResponse = z.object({ portals: z.array(adminPortalSchema) });
export type AdminPortal = z.infer<typeof adminPortalSchema>;
