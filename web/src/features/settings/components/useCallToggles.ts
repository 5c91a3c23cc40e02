import type { UseFormSetValue } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { User } from '@fajr/api/contracts/users.contract';
import { queryKeys } from '../../../api/query-keys';
import { useAppMutation } from '../../../hooks/useAppMutation';
import { useSession } from '../../../lib/session';
import { saveToggle, type Toggles } from '../api/settings.api';
import type { SettingsValues } from '../settings-form';

export type ToggleName = 'allowCalls' | 'allowRepeatCalls' | 'awakeCheck' | 'jamaahChangeSms';
/** Each switch's toasts: settings:toggles.<name>On / <name>Off. */
const toastKey = (name: ToggleName, on: boolean) => `toggles.${name}${on ? 'On' : 'Off'}`;

/** The settings' switches, each saved on its own the moment it flips (never with Save Changes). */
export function useCallToggles(user: User, setValue: UseFormSetValue<SettingsValues>) {
  const { t } = useTranslation('settings');
  const { reloadUser } = useSession();
  // A switch flips at once and flips back if the server refuses; the user is read again without waiting.
  const toggle = useAppMutation({
    mutationFn: ({ name, next }: { name: ToggleName; next: boolean }) => saveToggle({ [name]: next } as Toggles),
    optimistic: ({ name, next }) => {
      setValue(name, next);
      return () => setValue(name, !next);
    },
    success: (_answer, { name, next }) => t(toastKey(name, next)),
    onSuccess: () => void reloadUser(),
    // Calls on or off changes the next call and the steps still to do.
    invalidates: [queryKeys.user(user.id)],
  });
  // A switch ignores presses only while its own write is on its way: once the server has answered (the
  // toast), the next press is a new choice, even while the account is still being read again.
  const toggling = toggle.writing ? toggle.variables?.name : null;
  const flip = (name: ToggleName, next: boolean) => toggle.run({ name, next });
  return { toggling, flip };
}

export type CallToggles = ReturnType<typeof useCallToggles>;
