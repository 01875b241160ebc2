/** The runtime configuration of the web unit tests (see `renderPage`). */
export const TEST_RUNTIME_CONFIG = {
  stage: 'test',
  apiUrl: '/api',
  region: 'us-east-1',
  userPoolId: 'local_test',
  userPoolClientId: 'test-client',
  rootDomain: 'localhost',
  feedbackEmail: 'feedback@example.com',
  debugMappingLinks: false,
  stripeConnect: { clientId: 'ca_test', authorizeUrl: '/stripe/authorize' },
};
