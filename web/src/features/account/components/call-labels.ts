import type { TFunction } from 'i18next';

/**
 * The call log's and the test call's outcome labels come from the API in English ('Answered',
 * 'Rang through Do Not Disturb', …: calls.service's closed set). Known ones are shown from the
 * catalogue; anything newer is shown as the API wrote it rather than hidden.
 */
const LABEL_KEYS: Record<string, string> = {
  Answered: 'callLabel.answered',
  'Answered, no key pressed': 'callLabel.answeredNoKey',
  Voicemail: 'callLabel.voicemail',
  'No answer': 'callLabel.noAnswer',
  Busy: 'callLabel.busy',
  Failed: 'callLabel.failed',
  Canceled: 'callLabel.canceled',
  'Declined or silenced': 'callLabel.declined',
  'Rang through Do Not Disturb': 'callLabel.rangThrough',
  'Second call for Do Not Disturb': 'callLabel.secondCallDnd',
  'Second number': 'callLabel.secondNumber',
  'Last call before sunrise': 'callLabel.sunrise',
  'Tahajjud call': 'callLabel.tahajjud',
};

export function callLabel(t: TFunction<'account'>, label: string): string {
  const key = LABEL_KEYS[label];
  return key ? t(key) : label;
}

/**
 * Whether a call-log label says the call was answered. The API tells the label in the account's language
 * (api/src/i18n, its `log.answered`), and the catalogue's callLabel texts are the same words: the label is
 * the only outcome a log entry carries.
 */
export function isAnswered(label: string, t: TFunction<'account'>): boolean {
  return label.toLowerCase() === 'answered' || label === t('callLabel.answered');
}
