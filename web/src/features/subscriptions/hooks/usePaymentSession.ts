import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useSession } from '../../../lib/session';
import { fetchPaymentSession, type PaymentSession } from '../api/subscriptions.api';

/** Fetches the checkout session named by ?session_id, only when signed in; `onError` decides what a failure shows. */
export function usePaymentSession(onError?: (error: unknown) => void) {
  const [params] = useSearchParams();
  const sessionId = params.get('session_id');
  const { isAuthenticated } = useSession();
  const [result, setResult] = useState<PaymentSession | null>(null);
  const [loading, setLoading] = useState(false);
  // The latest callback, without refetching when the caller passes a new function.
  const onErrorRef = useRef(onError);
  useEffect(() => {
    onErrorRef.current = onError;
  });

  useEffect(() => {
    if (!isAuthenticated || !sessionId) return;
    let live = true;
    setLoading(true);
    fetchPaymentSession(sessionId)
      .then((r) => live && setResult(r))
      .catch((e: unknown) => live && onErrorRef.current?.(e))
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [isAuthenticated, sessionId]);

  return { sessionId, result, loading };
}
