import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { useAuth } from '../../auth/auth-provider';
import { LoadingMessage } from '../../components/loading-message';
import { useDocumentTitle } from '../../components/use-document-title';
import { paths } from '../../config/paths';

/** `/logout`: signs out, forgets the signed-in user's cached data, then goes to /. */
export function LogoutPage() {
  useDocumentTitle('Logout');
  const { signOut } = useAuth();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  useEffect(() => {
    let active = true;
    signOut()
      .catch((error: unknown) => console.error('Sign-out failed', error))
      .finally(() => {
        queryClient.removeQueries({ queryKey: ['user'] });
        if (active) navigate(paths.splash.href(), { replace: true });
      });
    return () => {
      active = false;
    };
  }, [signOut, queryClient, navigate]);
  return <LoadingMessage message="Signing out..." />;
}
