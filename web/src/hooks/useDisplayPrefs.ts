import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { displayPrefs, subscribeDisplayPrefs, type DisplayPrefs } from '../lib/numbers';

/**
 * This device's display preferences (hour cycle, digits); a screen that formats times with lib/time
 * calls it so it shows them again when they, or the language shown, change.
 */
export function useDisplayPrefs(): DisplayPrefs {
  // The language is part of how a time is written ('5:41 AM', '٥:٤١ ص'): re-render on its change too.
  useTranslation('schedule');
  return useSyncExternalStore(subscribeDisplayPrefs, displayPrefs, displayPrefs);
}
