// How the web app knows it runs inside the native app's webview (docs/NATIVE-SHELL.md).
import type { Plan } from '@fajr/api/contracts/common';
import type { Language } from '@fajr/api/contracts/languages.contract';

const SHELL_KEY = 'fajr.shell';

interface NativeBridge {
  postMessage(message: string): void;
}
declare global {
  interface Window {
    ReactNativeWebView?: NativeBridge;
  }
}

/** Records `?shell=native` (or `?shell=web` to leave) from the first load for the rest of the tab's session. */
export function rememberShellFlag(search: string = window.location.search): void {
  const flag = new URLSearchParams(search).get('shell');
  try {
    if (flag === 'native') sessionStorage.setItem(SHELL_KEY, 'native');
    else if (flag === 'web') sessionStorage.removeItem(SHELL_KEY);
  } catch {
    // sessionStorage disabled: only the bridge can tell.
  }
}

/** True inside the native app: the webview bridge is present or the session was opened with `?shell=native`. */
export function isNativeShell(): boolean {
  if (typeof window.ReactNativeWebView?.postMessage === 'function') return true;
  try {
    return sessionStorage.getItem(SHELL_KEY) === 'native';
  } catch {
    return false;
  }
}

export type HostMessage =
  | { type: 'login' }
  | { type: 'support-chat' }
  | { type: 'logout' }
  /** The user chose another language: the host shows its own screens in it too. */
  | { type: 'language'; language: Language }
  /** A plan is bought or changed in the store: the host opens its store's subscription page for the plan. */
  | { type: 'open-store'; plan: Plan; store: 'apple' | 'google' | null }
  /** Save Fajr's numbers as a contact (so calls ring through Do Not Disturb): the host opens its add-contact sheet. */
  | { type: 'add-contact'; name: string; phoneNumbers: string[]; vcardUrl: string };

/** Sends a message to the native host: the React Native bridge, or the parent window when embedded in a frame. */
export function postToHost(message: HostMessage): void {
  const text = JSON.stringify({ source: 'fajr-web', ...message });
  if (window.ReactNativeWebView) window.ReactNativeWebView.postMessage(text);
  else if (window.parent !== window) window.parent.postMessage(text, '*');
  // Also on the window itself, so the host's injected script (and tests) can listen without the bridge.
  window.dispatchEvent(new CustomEvent('fajr:host-message', { detail: message }));
}
