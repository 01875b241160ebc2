import type { ExtraRoute } from './gateway';
import type { LocalHome } from './home-types';

/**
 * The web app's runtime configuration in the local home. On AWS the CDK stack writes the same
 * shape to `runtime-config.json` in the site bucket; the build itself holds no endpoints or ids.
 */
export function localRuntimeConfig(home: Omit<LocalHome, 'stop'>) {
  return {
    stage: 'local',
    apiUrl: '/api',
    region: 'us-east-1',
    userPoolId: home.cognito.userPoolId,
    userPoolClientId: home.cognito.clientId,
    /** cognito-local, reached through the dev server's `/cognito` proxy (same origin, any subdomain). */
    userPoolEndpoint: '/cognito',
    rootDomain: 'localhost',
    feedbackEmail: 'feedback@example.com',
    debugMappingLinks: true,
    stripeConnect: {
      clientId: 'ca_local_demo',
      authorizeUrl: '/api/local/stripe/oauth/authorize',
    },
    mailInboxUrl: home.urls.sesInbox,
  };
}

export const runtimeConfigRoute =
  (home: Omit<LocalHome, 'stop'>): ExtraRoute =>
  async (req, _body, res) => {
    if (req.method !== 'GET' || !/^(\/api)?\/local\/runtime-config\.json$/.test(req.url ?? '')) return false;
    res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-store' });
    res.end(JSON.stringify(localRuntimeConfig(home)));
    return true;
  };
