/* eslint-disable i18next/no-literal-string -- not yet from the message catalogue (issue 45) */
import { Link } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { paths } from '../../../config/paths';

/** SPEC section 6's upgrade messages. */
export const PLUS_GATE = 'Upgrade to PLUS plan to access this feature';
export const PREMIUM_GATE = 'Upgrade to PREMIUM plan to access this feature';

/** A gate's message with the way through it: a link to the plans. */
export function Gate({ text }: { text: string }) {
  return (
    <>
      <span>{text}</span>{' '}
      <Link component={RouterLink} to={paths.subscriptions}>
        See plans
      </Link>
    </>
  );
}
