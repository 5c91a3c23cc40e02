// "Get called for this mosque" on a mosque's public page (issue 46 point 6): the choice travels to the
// settings' mosque tab through sign-up and phone verification, in the URL (?mosque=) or this tab's storage.

const KEY = 'fajr.mosque-choice';
const MOSQUE_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Remembers the mosque a person asked to be called for, until the settings take it. */
export function rememberMosqueChoice(mosqueId: string): void {
  try {
    sessionStorage.setItem(KEY, mosqueId);
  } catch {
    // Storage refused (private mode): the ?mosque= in the link still carries it.
  }
}

/** The mosque asked for (from the URL, else remembered), once: taking it forgets it. */
export function takeMosqueChoice(params: URLSearchParams): string | null {
  let id = params.get('mosque');
  try {
    id ??= sessionStorage.getItem(KEY);
    sessionStorage.removeItem(KEY);
  } catch {
    // As above.
  }
  return id && MOSQUE_ID.test(id) ? id : null;
}
