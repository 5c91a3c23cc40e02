import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '../components/toast/ToastProvider';
import { cooldownSeconds, errorMessage } from '../lib/http';

export interface AppMutationOptions<TVars, TData> {
  /** The write. */
  mutationFn(vars: TVars): Promise<TData>;
  /** The success toast: a text, or one made from the answer (none when it gives undefined). */
  success?: string | ((data: TData, vars: TVars) => string | undefined);
  /** The error toast's text; the server's message (or 'Failed to process your request') by default. */
  error?: string;
  /** An optimistic update, applied before the call; it returns its undo, run when the call fails. */
  optimistic?(vars: TVars): () => void;
  /** After the success toast, while still busy (a returned promise is awaited). */
  onSuccess?(data: TData, vars: TVars): unknown;
  /** Reads the write makes stale: invalidated (active ones refetched, awaited while busy) after `onSuccess`. */
  invalidates?: QueryKey[];
  /** After a failure (and the undo), before the error toast. */
  onError?(error: unknown, vars: TVars): void;
}

export interface AppMutation<TVars, TData> {
  /** Runs the write; never rejects (a failure is shown as a toast). Resolves with the answer, or undefined after a failure. */
  run(vars: TVars): Promise<TData | undefined>;
  /** True from the call until its follow-ups (`onSuccess`, `invalidates`) are done. */
  busy: boolean;
  /**
   * True only while the write itself is on its way (not its follow-ups): once the server has answered, a
   * control may take the next press even while the reads it made stale are read again.
   */
  writing: boolean;
  /** True once the last call succeeded (e.g. while the browser leaves for a hosted page). */
  done: boolean;
  /** The last call's variables (while busy, after success or failure). */
  variables: TVars | undefined;
}

/**
 * One write to the API with what every screen does around it: busy state, the success and error
 * toasts, an optimistic update undone on failure, and invalidation of the reads it makes stale.
 */
export function useAppMutation<TVars = void, TData = unknown>(
  options: AppMutationOptions<TVars, TData>,
): AppMutation<TVars, TData> {
  const toast = useToast();
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [writing, setWriting] = useState(false);
  const mutation = useMutation<TData, unknown, TVars, { undo?: () => void }>({
    mutationFn: async (vars) => {
      setWriting(true);
      try {
        return await options.mutationFn(vars);
      } finally {
        setWriting(false);
      }
    },
    onMutate: (vars) => ({ undo: options.optimistic?.(vars) }),
    onSuccess: async (data, vars) => {
      const text = typeof options.success === 'function' ? options.success(data, vars) : options.success;
      if (text !== undefined) toast.success(text);
      await options.onSuccess?.(data, vars);
      if (options.invalidates)
        await Promise.all(options.invalidates.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    },
    onError: (error, vars, context) => {
      context?.undo?.();
      options.onError?.(error, vars);
      // A resend inside its cooldown is no failure: the time left, as information.
      const wait = cooldownSeconds(error);
      if (wait !== null) toast.info(t('codeCooldown.message', { seconds: wait }), t('codeCooldown.title'));
      else toast.error(options.error ?? errorMessage(error));
    },
  });
  const { mutateAsync } = mutation;
  const run = useCallback((vars: TVars) => mutateAsync(vars).catch(() => undefined), [mutateAsync]);
  return { run, busy: mutation.isPending, writing, done: mutation.isSuccess, variables: mutation.variables };
}
