import type { User } from '@fajr/api/contracts/users.contract';
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { fetchCurrentUser, signOut as signOutCall, type Session } from '../features/auth/api/auth.api';
import { fetchPrices, type Prices } from '../features/subscriptions/api/subscriptions.api';
import { readToken, writeToken } from './token';

export interface SessionState {
  user: User | null;
  token: string | null;
  /** True while the current user is being fetched. */
  isUserLoading: boolean;
  isAuthenticated: boolean;
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

/** The session (SPEC section 4): token in localStorage, current user fetched at start, prices at start and per user. */
export function SessionProvider({ children }: { children: ReactNode }) {
  const [token, setToken] = useState<string | null>(() => readToken());
  const [user, setUser] = useState<User | null>(null);
  const [isUserLoading, setUserLoading] = useState<boolean>(() => readToken() !== null);
  const [prices, setPrices] = useState<Prices | null>(null);
  const [goPremium, setGoPremium] = useState(false);

  const clearSession = useCallback(() => {
    writeToken(null);
    setToken(null);
    setUser(null);
  }, []);

  const reloadUser = useCallback(async () => {
    if (!readToken()) {
      setUser(null);
      setUserLoading(false);
      return;
    }
    setUserLoading(true);
    try {
      const current = await fetchCurrentUser();
      if (current) setUser(current);
      else clearSession();
    } catch {
      clearSession();
    } finally {
      setUserLoading(false);
    }
  }, [clearSession]);

  useEffect(() => {
    void reloadUser();
  }, [reloadUser]);

  const planKey = user ? `${user.id}:${user.subscriptionPlanName ?? ''}:${user.isAppUser}` : '';
  useEffect(() => {
    let live = true;
    fetchPrices()
      .then((p) => live && setPrices(p))
      .catch(() => live && setPrices(null)); // the fallback amounts are shown instead
    return () => {
      live = false;
    };
  }, [planKey]);

  const startSession = useCallback((session: Session) => {
    writeToken(session.token);
    setToken(session.token);
    setUser(session.user);
    setUserLoading(false);
  }, []);

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
  }, [user, token, isUserLoading, prices, goPremium, startSession, reloadUser, signOut, clearSession]);

  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

/** The session of the nearest SessionProvider. */
export function useSession(): SessionState {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession must be used inside SessionProvider');
  return session;
}
