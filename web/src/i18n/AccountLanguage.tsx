import { isLanguage } from '@fajr/api/contracts/languages';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { saveAccountLanguage } from '../api/language.api';
import { queryKeys } from '../api/query-keys';
import { useSession } from '../lib/session';
import { savedLanguage } from './detect';
import { accountLanguageOf } from './i18n';
import { useLanguage } from './LanguageProvider';

/**
 * Keeps the account's language and the one shown in step, once the user is known:
 * - a language chosen on this device (the menu, or the native shell's) is the newest word: the account takes it;
 * - else an account that has a language other than the default brings it to this device (a new phone);
 * - else the language this browser asked for becomes the account's (a new user whose browser is in Urdu).
 * Best effort: the account is told again on the next load if this fails.
 */
export function AccountLanguage() {
  const { user } = useSession();
  const { language, choose } = useLanguage();
  const queryClient = useQueryClient();
  const sent = useRef<string | null>(null);
  const userId = user?.id;
  const accountLanguage = user?.language;
  // Reference data (GET /data/*: methods, rules, call times) is told in the language shown (the account's once
  // signed in): asked again when it changes, and again once the account has it.
  const dataShownIn = useRef(language);
  useEffect(() => {
    if (dataShownIn.current === language) return;
    dataShownIn.current = language;
    void queryClient.invalidateQueries({ queryKey: ['data'] });
  }, [language, queryClient]);
  useEffect(() => {
    if (!userId || !accountLanguage) return;
    const chosenHere = savedLanguage();
    const shown = accountLanguageOf(language);
    let wanted: string;
    if (chosenHere && isLanguage(chosenHere)) wanted = chosenHere;
    else if (accountLanguage !== 'en') {
      if (accountLanguage !== shown) void choose(accountLanguage);
      return;
    } else wanted = shown;
    if (!isLanguage(wanted) || wanted === accountLanguage || sent.current === `${userId}:${wanted}`) return;
    sent.current = `${userId}:${wanted}`;
    saveAccountLanguage(wanted).then(
      (saved) => {
        queryClient.setQueryData(queryKeys.currentUser, saved);
        void queryClient.invalidateQueries({ queryKey: ['data'] });
      },
      () => undefined,
    );
  }, [userId, accountLanguage, language, choose, queryClient]);
  return null;
}
