import { lazy, type ComponentType } from 'react';

/** SPEC section 9: a chunk that has not loaded after 120 s counts as failed. */
export const CHUNK_TIMEOUT_MS = 120_000;

/** Loads a route group's module once, failing after the chunk timeout. */
export function loadGroup<M>(load: () => Promise<M>): () => Promise<M> {
  let pending: Promise<M> | null = null;
  return () => {
    pending ??= new Promise<M>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('Loading the page timed out')), CHUNK_TIMEOUT_MS);
      load().then(
        (m) => {
          clearTimeout(timer);
          resolve(m);
        },
        (e: unknown) => {
          clearTimeout(timer);
          pending = null; // let a later visit retry
          reject(e instanceof Error ? e : new Error(String(e)));
        },
      );
    });
    return pending;
  };
}

/** React.lazy for one named component of a route group's module. */
export function lazyPage<M, K extends keyof M>(group: () => Promise<M>, name: K) {
  return lazy(async () => ({ default: (await group())[name] as unknown as ComponentType }));
}
