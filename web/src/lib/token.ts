/** localStorage key of the session token (SPEC section 4: named for the product). */
export const TOKEN_KEY = 'fajr.token';

/** The saved session token, if any. */
export function readToken(): string | null {
  try {
    return localStorage.getItem(TOKEN_KEY);
  } catch {
    return null;
  }
}

/** Saves or (with null) removes the session token. */
export function writeToken(token: string | null): void {
  try {
    if (token) localStorage.setItem(TOKEN_KEY, token);
    else localStorage.removeItem(TOKEN_KEY);
  } catch {
    // Storage can be disabled (private mode); the session then lasts for the page only.
  }
}
