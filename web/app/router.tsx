import type { QueryClient } from '@tanstack/react-query';
import { type ComponentType, createElement, lazy, type ReactElement } from 'react';
import { matchRoutes, type RouteObject } from 'react-router-dom';
import { prefetchDirectoryHome } from '../api/prefetch';
import { paths } from '../config/paths';
// The directory home is where most visits start (and the splash page's next step): it is part of the
// entry chunk, not a chunk of its own, so a first visit downloads it in the same requests.
import { DirectoryHomePage } from '../pages/directory-home/directory-home-page';
import { AppLayout, BareLayout, RootLayout } from './layouts';
import { PortalLayout } from './portal-layout';
import { SplashOrPortal } from './splash-or-portal';

type Page = ComponentType & { preload: () => Promise<ComponentType> };

/**
 * A lazily loaded page: each screen is its own chunk, so the first page stays small. `preload` loads
 * the chunk ahead of the render (see {@link preloadRoute}); a page whose chunk is already loaded renders
 * at once, without suspending (React shows a suspended page's content no sooner than 300 ms after its
 * fallback), and any other suspends until its chunk arrives.
 */
function page<M>(load: () => Promise<M>, pick: (module: M) => ComponentType): Page {
  let loaded: ComponentType | undefined;
  const preload = async () => {
    loaded ??= pick(await load());
    return loaded;
  };
  const Lazy = lazy(async () => ({ default: await preload() }));
  const Page = () => (loaded ? createElement(loaded) : createElement(Lazy));
  return Object.assign(Page, { preload });
}

/** What a route may fetch before it renders: the first data of the page, started with its chunk. */
interface RouteHandle {
  prefetch?: (queryClient: QueryClient) => void;
}

const AboutPage = page(
  () => import('../pages/about/about-page'),
  (m) => m.AboutPage,
);
const PricingPage = page(
  () => import('../pages/pricing/pricing-page'),
  (m) => m.PricingPage,
);
const LoginPage = page(
  () => import('../pages/login/login-page'),
  (m) => m.LoginPage,
);
const LogoutPage = page(
  () => import('../pages/logout/logout-page'),
  (m) => m.LogoutPage,
);
const RegisterPage = page(
  () => import('../pages/register/register-page'),
  (m) => m.RegisterPage,
);
const ResetPasswordPage = page(
  () => import('../pages/reset-password/reset-password-page'),
  (m) => m.ResetPasswordPage,
);
const VerifyEmailPage = page(
  () => import('../pages/verify-email/verify-email-page'),
  (m) => m.VerifyEmailPage,
);
const VcnPortalPage = page(
  () => import('../pages/portal/portal-page'),
  (m) => m.VcnPortalPage,
);
const PortalProfilePage = page(
  () => import('../pages/investor-account/portal-profile-page'),
  (m) => m.PortalProfilePage,
);
const InvestorAccountPage = page(
  () => import('../pages/investor-account/investor-account-page'),
  (m) => m.InvestorAccountPage,
);
const InvestorSearchPage = page(
  () => import('../pages/investor-search/investor-search-page'),
  (m) => m.InvestorSearchPage,
);
const InvestorProfilePage = page(
  () => import('../pages/investor-profile/investor-profile-page'),
  (m) => m.InvestorProfilePage,
);
const ExportBuilderPage = page(
  () => import('../pages/export-builder/export-builder-page'),
  (m) => m.ExportBuilderPage,
);
const CartPurchasePage = page(
  () => import('../pages/cart-purchase/cart-purchase-page'),
  (m) => m.CartPurchasePage,
);
const PodcastsPage = page(
  () => import('../pages/podcasts/podcasts-page'),
  (m) => m.PodcastsPage,
);
const AccountPage = page(
  () => import('../pages/account/account-page'),
  (m) => m.AccountPage,
);
const ConnectionsPage = page(
  () => import('../pages/connections/connections-page'),
  (m) => m.ConnectionsPage,
);
const ProjectPage = page(
  () => import('../pages/project/project-page'),
  (m) => m.ProjectPage,
);
const PipelinePage = page(
  () => import('../pages/pipeline/pipeline-page'),
  (m) => m.PipelinePage,
);
const PipelineImportPage = page(
  () => import('../pages/pipeline/import-page'),
  (m) => m.PipelineImportPage,
);
const UpdatesPage = page(
  () => import('../pages/updates/updates-page'),
  (m) => m.UpdatesPage,
);
const UpdateComposerPage = page(
  () => import('../pages/updates/composer-page'),
  (m) => m.UpdateComposerPage,
);
const WebCopyPage = page(
  () => import('../pages/updates/web-copy-page'),
  (m) => m.WebCopyPage,
);
const UpdateUnsubscribePage = page(
  () => import('../pages/updates/unsubscribe-page'),
  (m) => m.UpdateUnsubscribePage,
);
const ShortlistPage = page(
  () => import('../pages/shortlist/shortlist-page'),
  (m) => m.ShortlistPage,
);
const SavedSearchPage = page(
  () => import('../pages/saved-search/saved-search-page'),
  (m) => m.SavedSearchPage,
);
const BusinessInsightsPage = page(
  () => import('../pages/business-insights/business-insights-page'),
  (m) => m.BusinessInsightsPage,
);
const ConnectStripePage = page(
  () => import('../pages/connect-stripe/connect-stripe-page'),
  (m) => m.ConnectStripePage,
);
const AdminPage = page(
  () => import('../pages/admin/admin-page'),
  (m) => m.AdminPage,
);
const AdminCartsPage = page(
  () => import('../pages/admin/admin-carts-page'),
  (m) => m.AdminCartsPage,
);
const AdminReportsPage = page(
  () => import('../pages/admin/admin-reports-page'),
  (m) => m.AdminReportsPage,
);
const AdminTaxonomyPage = page(
  () => import('../pages/admin/admin-taxonomy-page'),
  (m) => m.AdminTaxonomyPage,
);
const AdminSubmissionsPage = page(
  () => import('../pages/admin/admin-submissions-page'),
  (m) => m.AdminSubmissionsPage,
);
const AdminWithdrawalsPage = page(
  () => import('../pages/admin/admin-withdrawals-page'),
  (m) => m.AdminWithdrawalsPage,
);
const PrivacyPage = page(
  () => import('../pages/privacy/privacy-page'),
  (m) => m.PrivacyPage,
);
const ThisIsMePage = page(
  () => import('../pages/this-is-me/this-is-me-page'),
  (m) => m.ThisIsMePage,
);
const AdminDebugFieldPage = page(
  () => import('../pages/admin/admin-debug-field-page'),
  (m) => m.AdminDebugFieldPage,
);
const DeckPage = page(
  () => import('../pages/deck/deck-page'),
  (m) => m.DeckPage,
);
const DeckViewerPage = page(
  () => import('../pages/deck-viewer/deck-viewer-page'),
  (m) => m.DeckViewerPage,
);
const NotFoundPage = page(
  () => import('../pages/not-found/not-found-page'),
  (m) => m.NotFoundPage,
);

/** The routes of spec section 2: the top-level routes, then the main app with its 404. */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      {
        element: <BareLayout />,
        children: [
          { path: paths.splash.path, element: <SplashOrPortal /> },
          { path: paths.deckViewer.path, element: <DeckViewerPage /> },
          { path: paths.portalOnboarding.path, element: <VcnPortalPage /> },
        ],
      },
      {
        // A partner portal's steps (issue 21): the same auth screens, in the portal's branding.
        element: <PortalLayout />,
        children: [
          { path: paths.portalRegister.path, element: <RegisterPage /> },
          { path: paths.portalLogin.path, element: <LoginPage /> },
          { path: paths.portalVerifyEmail.path, element: <VerifyEmailPage /> },
          { path: paths.portalResetPassword.path, element: <ResetPasswordPage /> },
          { path: paths.portalProfile.path, element: <PortalProfilePage /> },
        ],
      },
      {
        element: <AppLayout />,
        children: [
          { path: paths.about.path, element: <AboutPage /> },
          { path: paths.privacy.path, element: <PrivacyPage /> },
          { path: paths.thisIsMe.path, element: <ThisIsMePage /> },
          { path: paths.pricing.path, element: <PricingPage /> },
          { path: paths.login.path, element: <LoginPage /> },
          { path: paths.logout.path, element: <LogoutPage /> },
          { path: paths.register.path, element: <RegisterPage /> },
          { path: paths.resetPassword.path, element: <ResetPasswordPage /> },
          { path: paths.verifyEmail.path, element: <VerifyEmailPage /> },
          { path: '/onboard/*', element: <NotFoundPage /> },
          {
            path: paths.home.path,
            element: <DirectoryHomePage />,
            handle: { prefetch: prefetchDirectoryHome },
          },
          {
            path: paths.findVc.path,
            element: <DirectoryHomePage />,
            handle: { prefetch: prefetchDirectoryHome },
          },
          { path: paths.myInvestorProfile.path, element: <InvestorAccountPage /> },
          { path: paths.investorSearch.path, element: <InvestorSearchPage /> },
          { path: paths.investorProfile.path, element: <InvestorProfilePage /> },
          { path: paths.cart.path, element: <ExportBuilderPage /> },
          { path: paths.cartPurchase.path, element: <CartPurchasePage /> },
          { path: paths.podcasts.path, element: <PodcastsPage /> },
          { path: paths.account.path, element: <AccountPage /> },
          { path: paths.accountSettings.path, element: <AccountPage /> },
          { path: paths.connections.path, element: <ConnectionsPage /> },
          { path: paths.project.path, element: <ProjectPage /> },
          { path: paths.projectInvestors.path, element: <ShortlistPage /> },
          { path: paths.savedSearch.path, element: <SavedSearchPage /> },
          { path: paths.businessInsights.path, element: <BusinessInsightsPage /> },
          { path: paths.pipeline.path, element: <PipelinePage /> },
          { path: paths.pipelineImport.path, element: <PipelineImportPage /> },
          { path: paths.projectDeck.path, element: <DeckPage /> },
          { path: paths.updates.path, element: <UpdatesPage /> },
          { path: paths.updateNew.path, element: <UpdateComposerPage /> },
          { path: paths.updateCopy.path, element: <WebCopyPage /> },
          { path: paths.updateUnsubscribe.path, element: <UpdateUnsubscribePage /> },
          { path: paths.connectStripe.path, element: <ConnectStripePage /> },
          { path: paths.admin.path, element: <AdminPage /> },
          { path: paths.adminCarts.path, element: <AdminCartsPage /> },
          { path: paths.adminReports.path, element: <AdminReportsPage /> },
          { path: paths.adminTaxonomy.path, element: <AdminTaxonomyPage /> },
          { path: paths.adminSubmissions.path, element: <AdminSubmissionsPage /> },
          { path: paths.adminWithdrawals.path, element: <AdminWithdrawalsPage /> },
          { path: paths.adminDebugField.path, element: <AdminDebugFieldPage /> },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
];

/**
 * Loads the chunk of the page at `pathname` at once, before the configuration is read and the router
 * renders: the chunk travels beside the configuration instead of after it, and the first render needs
 * no fallback. Never rejects: a chunk that fails to load fails again, visibly, when the page renders.
 */
export async function preloadRoute(pathname: string): Promise<void> {
  const preloads = (matchRoutes(routes, pathname) ?? []).map(({ route }) => {
    const type = (route.element as ReactElement | undefined)?.type as Partial<Page> | undefined;
    return type?.preload?.();
  });
  await Promise.allSettled(preloads);
}

/** Starts the first API calls of the page at `pathname` (needs the configuration), beside its chunk. */
export function prefetchRouteData(pathname: string, queryClient: QueryClient): void {
  for (const { route } of matchRoutes(routes, pathname) ?? []) {
    (route.handle as RouteHandle | undefined)?.prefetch?.(queryClient);
  }
}
