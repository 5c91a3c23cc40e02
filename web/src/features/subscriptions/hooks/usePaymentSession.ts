import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router-dom';
import { queryKeys } from '../../../api/query-keys';
import { useSession } from '../../../lib/session';
import { fetchPaymentSession } from '../api/subscriptions.api';

/** Fetches the checkout session named by ?session_id, only when signed in; `onError` decides what a failure shows. */
export function usePaymentSession(onError?: (error: unknown) => void) {
  const [params] = useSearchParams();
  const sessionId = params.get('session_id');
  const { isAuthenticated } = useSession();
  const query = useQuery({
    queryKey: queryKeys.paymentSession(sessionId ?? ''),
    queryFn: () => fetchPaymentSession(sessionId!),
    enabled: isAuthenticated && Boolean(sessionId),
  });
  // The latest callback, told once per failure, without refetching when the caller passes a new function.
  const onErrorRef = useRef(onError);
  useEffect(() => {
    onErrorRef.current = onError;
  });
  const { error } = query;
  useEffect(() => {
    if (error) onErrorRef.current?.(error);
  }, [error]);

  return { sessionId, result: query.data ?? null, loading: query.isFetching, failed: query.isError };
}
