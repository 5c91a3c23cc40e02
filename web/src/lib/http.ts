import type { z } from 'zod';
import { accountLanguageOf, i18n, type UiLanguage } from '../i18n/i18n';
import { env } from '../config/env';
import { readToken } from './token';

/** SPEC section 9: every call gives up after 15 s. */
export const HTTP_TIMEOUT_MS = 15_000;
/** SPEC section 8: the message when the server names no error (its English; `genericError()` shows it translated). */
export const GENERIC_ERROR = 'Failed to process your request';

/** GENERIC_ERROR in the language shown (no component is involved when a request fails). */
export const genericError = (): string => i18n.t('common:http.generic');

/** A failed API call; `message` is what the user is shown. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number | null,
    /** A 429's `Retry-After`, in seconds, when the server sent one. */
    readonly retryAfterSeconds: number | null = null,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export interface RequestOptions<T> {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  query?: Record<string, string | undefined>;
  /** Checks the answer's shape; a mismatch counts as "no data". */
  schema?: z.ZodType<T>;
}

/**
 * A validation answer as plain sentences: the API names each field (`phoneNumber: Please enter …;
 * password: Please enter …`) for its callers, but a person reads field names as jargon, so a
 * field prefix goes when the sentence after it stands on its own (starts with a capital).
 */
export function plainSentences(message: string): string {
  const parts = message.split('; ').map((part) => part.replace(/^[A-Za-z][\w.[\]]*: (?=[A-Z])/, '').trim());
  return parts.length === 1 ? parts[0]! : parts.map((p) => (/[.!?]$/.test(p) ? p : `${p}.`)).join(' ');
}

function errorFrom(data: unknown): string {
  if (data && typeof data === 'object' && 'error' in data && typeof (data as { error: unknown }).error === 'string') {
    const message = (data as { error: string }).error.trim();
    if (message) return plainSentences(message);
  }
  return genericError();
}

/** Calls the API under the base path with the session's Bearer token; resolves with the parsed JSON answer. */
export async function apiRequest<T = unknown>(path: string, options: RequestOptions<T> = {}): Promise<T> {
  const { method = 'GET', body, query, schema } = options;
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) if (value !== undefined) search.set(key, value);
  const url = `${env.VITE_API_BASE}${path}${search.size ? `?${search.toString()}` : ''}`;

  const headers: Record<string, string> = { Accept: 'application/json' };
  const token = readToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  // The server answers (errors included) in the language shown; the pseudo-locale reads English.
  headers['Accept-Language'] = accountLanguageOf(i18n.language as UiLanguage);

  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), HTTP_TIMEOUT_MS);
  let response: Response;
  let text: string;
  try {
    response = await fetch(url, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: controller.signal,
    });
    text = await response.text();
  } catch {
    // Network failure (the answer's body cut off included) or the 15 s timeout: there is no server message to show.
    throw new ApiError(genericError(), null);
  } finally {
    clearTimeout(timer);
  }

  const data = parseJson(text);
  if (!response.ok) {
    const retryAfter = Number(response.headers.get('Retry-After'));
    throw new ApiError(
      errorFrom(data),
      response.status,
      Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : null,
    );
  }
  // SPEC section 8: a success that is not a 200 or carries no data is a failure too.
  if (response.status !== 200 || data === null || typeof data !== 'object')
    throw new ApiError(genericError(), response.status);
  if (schema) {
    const parsed = schema.safeParse(data);
    if (!parsed.success) throw new ApiError(genericError(), response.status);
    return parsed.data;
  }
  return data as T;
}

/** The longest wait still shown as a resend cooldown (a code was just sent) rather than as a limit hit. */
export const COOLDOWN_MAX_SECONDS = 120;

/**
 * The seconds left of a resend cooldown when `error` is one (a 429 with a short `Retry-After`), else
 * null: asking again within the minute is normal, so screens show the time left as information.
 */
export function cooldownSeconds(error: unknown): number | null {
  if (!(error instanceof ApiError) || error.status !== 429 || error.retryAfterSeconds === null) return null;
  return error.retryAfterSeconds <= COOLDOWN_MAX_SECONDS ? error.retryAfterSeconds : null;
}

/** The message to show for any thrown value. */
export function errorMessage(error: unknown): string {
  return error instanceof Error && error.message ? error.message : genericError();
}

/** The body as JSON, or null when it is empty or not JSON (then there is no server message either). */
function parseJson(text: string): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
