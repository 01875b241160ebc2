/**
 * The configuration sections, one module each under `config/` (see `config/section.ts`): imported
 * from here or from their own module alike; esbuild keeps only the sections a bundle reaches.
 */
export { awsConfig } from './config/aws';
export { emailConfig } from './config/email';
export { exportsConfig } from './config/exports';
export { paymentLinkIdsConfig } from './config/payment-link-ids';
export { paymentLinksConfig } from './config/payment-links';
export { searchIndexConfig } from './config/search-index';
export {
  ConfigError,
  type ConfigSection,
  type Environment,
  environment,
  readSection,
  setEnvironmentSource,
} from './config/section';
export { siteConfig } from './config/site';
export { stripeApiConfig } from './config/stripe-api';
export { stripeConnectConfig } from './config/stripe-connect';
export { stripeWebhookConfig } from './config/stripe-webhook';
export { tableConfig } from './config/table';
export { uploadsConfig } from './config/uploads';
export { userPoolConfig } from './config/user-pool';
