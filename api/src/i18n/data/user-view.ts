import type { UserView } from '@fajr/activities/domain/user-view';
import { isLanguage } from '../../contracts/languages.contract';
import { placeReasonIn, sourceLabelIn } from './reference';

/**
 * The user view with its reference words in the account's language: the place suggestion's reason and
 * the source line's label. Identifiers (method, rule, call time title, adhaan) stay as they are.
 */
export function localiseUserView(view: UserView): UserView {
  const language = isLanguage(view.language) ? view.language : 'en';
  if (language === 'en') return view;
  return {
    ...view,
    placeSuggestion: view.placeSuggestion && {
      ...view.placeSuggestion,
      reason: placeReasonIn(language, view.placeSuggestion.reason, view.countryCode ?? null),
    },
    prayerTimesSource: view.prayerTimesSource && {
      ...view.prayerTimesSource,
      label: sourceLabelIn(language, view.prayerTimesSource.label),
    },
  };
}
