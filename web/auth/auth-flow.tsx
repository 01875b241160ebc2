import { createContext, type ReactNode, useContext, useMemo } from 'react';
import { paths } from '../config/paths';

/**
 * Where the login, registration, verification and password-reset screens send people: the main
 * site's own paths, or a partner portal's (issue 21), whose layout gives these same screens its
 * branding and brings the investor back to their portal profile once signed in.
 */
export interface AuthFlow {
  /** The portal's subdomain when the screens run inside a portal's steps. */
  portalId: string | null;
  login: string;
  register: string;
  verifyEmail: string;
  resetPassword: string;
  /** Where a signed-in user goes from these screens. */
  home: (who: { isInvestor: boolean }) => string;
}

export const MAIN_AUTH_FLOW: AuthFlow = {
  portalId: null,
  login: paths.login.href(),
  register: paths.register.href(),
  verifyEmail: paths.verifyEmail.href(),
  resetPassword: paths.resetPassword.href(),
  home: ({ isInvestor }) => (isInvestor ? paths.myInvestorProfile.href() : paths.home.href()),
};

/** A portal's steps: every screen under `/portal/{portalId}/`, ending on the investor's profile. */
export function portalAuthFlow(portalId: string): AuthFlow {
  return {
    portalId,
    login: paths.portalLogin.href(portalId),
    register: paths.portalRegister.href(portalId),
    verifyEmail: paths.portalVerifyEmail.href(portalId),
    resetPassword: paths.portalResetPassword.href(portalId),
    home: () => paths.portalProfile.href(portalId),
  };
}

const AuthFlowContext = createContext<AuthFlow>(MAIN_AUTH_FLOW);

export function PortalAuthFlowProvider({ portalId, children }: { portalId: string; children: ReactNode }) {
  const flow = useMemo(() => portalAuthFlow(portalId), [portalId]);
  return <AuthFlowContext.Provider value={flow}>{children}</AuthFlowContext.Provider>;
}

/** The flow the auth screens are part of: the main site's unless a portal's layout says otherwise. */
export function useAuthFlow(): AuthFlow {
  return useContext(AuthFlowContext);
}
