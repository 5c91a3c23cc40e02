import { Button, type ButtonProps } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { openPortal } from '../api/billing.api';
import { useAppMutation } from '../hooks/useAppMutation';
import { ApiError, genericError } from '../lib/http';
import { redirectTo } from '../lib/redirect';

/** 'Manage Your Subscription': the provider's portal, where a plan holder changes or cancels their plan. */
export function ManageSubscriptionButton(props: Omit<ButtonProps, 'onClick' | 'children'>) {
  const { t } = useTranslation();
  // Stays disabled once the browser is on its way to the portal.
  const manage = useAppMutation({
    mutationFn: async () => {
      const { url } = await openPortal();
      if (!url) throw new ApiError(genericError(), null);
      return url;
    },
    onSuccess: redirectTo,
  });
  return (
    <Button
      variant="outlined"
      {...props}
      onClick={() => void manage.run()}
      disabled={props.disabled || manage.busy || manage.done}
    >
      {t('manageSubscription')}
    </Button>
  );
}
