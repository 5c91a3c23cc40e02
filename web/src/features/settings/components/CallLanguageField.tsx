import { LANGUAGE_NAMES, LANGUAGES, type Language } from '@fajr/api/contracts/languages';
import type { User } from '@fajr/api/contracts/users.contract';
import { MenuItem, TextField } from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { apiRequest, errorMessage } from '../../../lib/http';
import { queryKeys } from '../../../api/query-keys';

/** The select's value for "no call language of its own": the calls speak the app's language. */
const SAME_AS_APP = 'app';

/** PUT /users/call-language: the language the calls speak, or null for the interface language. */
const saveCallLanguage = async (callLanguage: Language | null) =>
  (
    await apiRequest<{ result: { user: User } }>('/users/call-language', {
      method: 'PUT',
      body: { callLanguage },
    })
  ).result.user;

interface Props {
  /** The account's call language (`user.callLanguage`); null: the calls speak the app's language. */
  value: Language | null;
  /** Told the user the API answered once a choice is saved (the current user is updated too). */
  onSaved?: (user: User) => void;
  disabled?: boolean;
}

/**
 * "Call language" (issue 45): what the wake-up calls speak, apart from the app's language (a father
 * who reads no English hears his call in Urdu while his son runs the account in English). Saved as
 * soon as it is chosen. Each language is named in itself.
 */
export function CallLanguageField({ value, onSaved, disabled }: Props) {
  const { t } = useTranslation('settings');
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: saveCallLanguage,
    onSuccess: (user) => {
      queryClient.setQueryData(queryKeys.currentUser, user);
      onSaved?.(user);
    },
  });
  const shown = save.isPending && save.variables !== undefined ? save.variables : value;
  return (
    <TextField
      id="settings-call-language"
      select
      fullWidth
      label={t('callLanguage.label', { defaultValue: 'Call language' })}
      value={shown ?? SAME_AS_APP}
      disabled={disabled || save.isPending}
      error={save.isError}
      helperText={
        save.isError
          ? errorMessage(save.error)
          : t('callLanguage.help', { defaultValue: 'The language your wake-up calls speak' })
      }
      onChange={(e) => save.mutate(e.target.value === SAME_AS_APP ? null : (e.target.value as Language))}
    >
      <MenuItem value={SAME_AS_APP}>{t('callLanguage.sameAsApp', { defaultValue: 'Same as the app' })}</MenuItem>
      {LANGUAGES.map((code) => (
        <MenuItem key={code} value={code} lang={code}>
          {LANGUAGE_NAMES[code]}
        </MenuItem>
      ))}
    </TextField>
  );
}
