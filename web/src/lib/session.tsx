import type { User } from '@fajr/api/contracts/users.contract';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { fetchPrices, type Prices } from '../api/data.api';
import { queryKeys } from '../api/query-keys';
import { fetchCurrentUser, signOut as signOutCall, type Session } from '../api/session.api';
import { ApiError } from './http';
import { readToken, writeToken } from './token';

export interface SessionState {
  user: User | null;
  token: string | null;
  /** True while the current user is being fetched. */
  isUserLoading: boolean;
  isAuthenticated: boolean;
  /** True once a held token was refused (expired or revoked); false for someone who signed out or never signed in. */
  sessionExpired: boolean;
  /** PLUS or PREMIUM. */
  isPlus: boolean;
  /** PREMIUM only. */
  isPremium: boolean;
  prices: Prices | null;
  /** Opens the 'Upgrade Plan' drawer in the app area. */
  goPremium: boolean;
  setGoPremium(open: boolean): void;
  /** Stores a fresh session from sign-in or sign-up. */
  startSession(session: Session): void;
  /** Re-reads the current user; clears the session when that fails. */
  reloadUser(): Promise<void>;
  /** Revokes the token on the server (best effort) and clears the session. */
  signOut(): Promise<void>;
  /** Forgets the session locally (e.g. after the account is deleted). */
  clearSession(): void;
}

const SessionContext = createContext<SessionState | null>(null);

/** Tries of the current-user fetch after the first, when it got no answer or a server error, and the wait before each. */
export const CURRENT_USER_RETRIES = 2;
export const CURRENT_USER_RETRY_DELAY_MS = 1_000;

/** No answer at all (network failure, the 15 s timeout, a cancelled request) or the server's own error. */
const isTransient = (error: unknown) => error instanceof ApiError && (error.status === null || error.status >= 500);

/** The session (SPEC section 4): token in localStorage, current user fetched at start, prices at start and per user. */
export function SessionProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [token, setToken] = useState<string | null>(() => readToken());
  const [goPremium, setGoPremium] = useState(false);
  const [sessionExpired, setSessionExpired] = useState(false);

  const clearSession = useCallback(() => {
    writeToken(null);
    setToken(null);
    queryClient.setQueryData(queryKeys.currentUser, null);
  }, [queryClient]);

  const endSession = useCallback(() => {
    // The token held was not accepted: this session expired (or was revoked elsewhere).
    setSessionExpired(true);
    clearSession();
  }, [clearSession]);

  // The user is fresh until a write invalidates it (reloadUser). A refusal or no user ends the session at
  // once; no answer or a server error is tried again first, and ends it only if it lasts (SPEC section 4:
  // the fetch failed). A page reload cancels the fetch in the page it leaves, which must not sign anyone out.
  const userQuery = useQuery({
    queryKey: queryKeys.currentUser,
    queryFn: async () => {
      const current = await fetchCurrentUser().catch((error: unknown) => {
        if (isTransient(error)) throw error;
        return null;
      });
      if (!current) endSession();
      return current;
    },
    retry: (failures, error) => failures < CURRENT_USER_RETRIES && isTransient(error),
    retryDelay: CURRENT_USER_RETRY_DELAY_MS,
    enabled: token !== null,
    staleTime: Infinity,
  });
  const userFetchFailed = token !== null && userQuery.isError;
  useEffect(() => {
    if (userFetchFailed) endSession();
  }, [userFetchFailed, endSession]);
  const user = token === null ? null : (userQuery.data ?? null);
  const isUserLoading = token !== null && (userQuery.isPending || userQuery.isFetching);

  const planKey = user ? `${user.id}:${user.subscriptionPlanName ?? ''}:${user.isAppUser}` : '';
  // The previous prices stay while the next ones load; a failure shows the fallback amounts.
  const pricesQuery = useQuery({
    queryKey: queryKeys.prices(planKey),
    queryFn: fetchPrices,
    placeholderData: keepPreviousData,
  });
  const prices = pricesQuery.isError ? null : (pricesQuery.data ?? null);

  const reloadUser = useCallback(async () => {
    if (!readToken()) {
      clearSession();
      return;
    }
    await queryClient.invalidateQueries({ queryKey: queryKeys.currentUser });
  }, [queryClient, clearSession]);

  const startSession = useCallback(
    (session: Session) => {
      writeToken(session.token);
      queryClient.setQueryData(queryKeys.currentUser, session.user);
      setToken(session.token);
      setSessionExpired(false);
    },
    [queryClient],
  );

  const signOut = useCallback(async () => {
    try {
      await signOutCall();
    } catch {
      // The token is forgotten locally either way.
    }
    clearSession();
  }, [clearSession]);

  const value = useMemo<SessionState>(() => {
    const plan = user?.subscriptionPlanName ?? null;
    return {
      user,
      token,
      isUserLoading,
      isAuthenticated: Boolean(user && token),
      sessionExpired,
      isPlus: Boolean(user && (user.isPlus || plan === 'PLUS' || plan === 'PREMIUM')),
      isPremium: Boolean(user && (user.isPremium || plan === 'PREMIUM')),
      prices,
      goPremium,
      setGoPremium,
      startSession,
      reloadUser,
      signOut,
      clearSession,
    };
  }, [user, token, isUserLoading, sessionExpired, prices, goPremium, startSession, reloadUser, signOut, clearSession]);

  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

/** The session of the nearest SessionProvider. */
export function useSession(): SessionState {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession must be used inside SessionProvider');
  return session;
}
