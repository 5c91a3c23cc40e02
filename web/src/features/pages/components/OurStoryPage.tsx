/* eslint-disable i18next/no-literal-string -- not yet from the message catalogue (issue 45) */
import { Button } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { usePageTitle } from '../../../components/usePageTitle';
import { paths } from '../../../config/paths';
import { P, TextPage } from './TextPage';

/** /our-story, with 'Try for free' to the sign-in page. */
export function OurStoryPage() {
  usePageTitle('Our Story');
  return (
    <TextPage title="Our Story">
      <P>
        Fajr started with a simple problem: alarms were not enough. Many of us set five, six, seven alarms, snoozed
        every one, and woke to sunlight and regret. Fajr is the prayer that is hardest to catch and the one we most want
        to keep.
      </P>
      <P>
        A phone call is different. It rings until you answer, it does not get lost among notifications, and answering it
        means you are awake. So we built a service that calls you every morning at Fajr: calculated for your city, or
        timed to your local mosque's jama'ah.
      </P>
      <P>
        We keep it simple and honest. There are no ads, and we never share your data. The subscription pays for the
        calls and keeps the service running.
      </P>
      <P>We pray it helps you, as it has helped us, to start every day with Fajr.</P>
      <Button component={RouterLink} to={paths.signIn} variant="contained" size="large">
        Try for free
      </Button>
    </TextPage>
  );
}
