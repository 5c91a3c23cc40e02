import type { ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { PageLoader } from '../../components/PageLoader';
import { paths } from '../../config/paths';
import { useSession } from '../../lib/session';

/** SPEC section 4: the landing, sign-in and sign-up pages send a signed-in user to /app. */
export function RedirectIfSignedIn({ children }: { children: ReactNode }) {
  const { isAuthenticated, isUserLoading } = useSession();
  if (isUserLoading) return <PageLoader />;
  if (isAuthenticated) return <Navigate to={paths.app} replace />;
  return <>{children}</>;
}
