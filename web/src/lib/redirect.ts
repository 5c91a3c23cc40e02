/** Sends the browser to an external url (hosted checkout, billing portal). */
export function redirectTo(url: string): void {
  window.location.assign(url);
}
