/* eslint-disable i18next/no-literal-string -- the legal text itself stays in English in every language (issue 45): its page, title and a line saying so are translated */
import { Box } from '@mui/material';
import { env } from '../../../config/env';
import { H2, P } from './TextPage';

/** The body of /privacy-policy, in English (what Fajr is bound by). */
export function PrivacyPolicyText() {
  const email = env.VITE_SUPPORT_EMAIL;
  return (
    <>
      <P>
        This policy explains what information the Fajr wake-up call service (the website, the mobile app and the calls
        we place; "Fajr", "we", "us") collects, how we use it, and the choices you have. If you have questions, write to{' '}
        {email}.
      </P>
      <H2>Consent</H2>
      <P>
        By using Fajr you consent to this policy and agree to its terms. If you do not agree, please do not use the
        service.
      </P>
      <H2>Information we collect</H2>
      <P>We only ask for what we need to wake you for Fajr and to run your account:</P>
      <Box component="ul">
        <li>
          your phone number and, if you give it, your email address, and a password (stored only as a slow, salted
          hash);
        </li>
        <li>
          your Fajr preferences: city or mosque, calculation method, high-latitude rule, adhaan, call time preference
          and time zone;
        </li>
        <li>the calls we place to you: date, time, duration and whether they were answered;</li>
        <li>
          if you subscribe, your plan and the payment provider's customer reference; card details go to the payment
          provider, never to us;
        </li>
        <li>messages you send us through the help form or mosque requests.</li>
      </Box>
      <H2>How we use your information</H2>
      <P>
        To place your daily Fajr calls and test calls, to calculate your Fajr schedule, to verify your phone number and
        reset your password with one-time codes, to show your call statistics, to manage your subscription, to answer
        your messages, and to keep the service secure. We do not sell your information and we do not share it for
        advertising.
      </P>
      <H2>Log files</H2>
      <P>
        Like most services, our servers keep log files: the time of a request, the page or API path, the response status
        and a request identifier. We do not log passwords, one-time codes or session tokens. Logs are kept for a short
        time to find and fix faults and abuse.
      </P>
      <H2>Cookies</H2>
      <P>
        The website stores your sign-in session in your browser's local storage and remembers your light or dark colour
        choice in a cookie for one year. We use no advertising or tracking cookies.
      </P>
      <H2>Advertising partners</H2>
      <P>
        Fajr shows no advertisements and has no advertising partners. No third party places cookies or web beacons
        through our pages for ads.
      </P>
      <H2>Service providers</H2>
      <P>
        We rely on a telephony provider to place calls and send codes, and a card payment provider for checkout and the
        billing portal. They process the information needed for that purpose only, under their own privacy terms.
      </P>
      <H2>Your rights under the CCPA</H2>
      <P>
        If you are a California consumer you may ask us to disclose the categories and specific pieces of personal data
        we hold about you, ask us to delete it, and ask us not to sell it (we never do).
      </P>
      <H2>Your rights under the GDPR</H2>
      <P>
        You have the right to access your data, to have it corrected, to have it erased, to restrict or object to its
        processing, and to data portability. You can delete your account yourself from the account page at any time;
        this removes your personal data except what the law obliges us to keep (such as payment records).
      </P>
      <P>
        If you make a request, we have one month to respond to you. To exercise any of these rights, write to {email}.
      </P>
      <H2>Children's information</H2>
      <P>
        Fajr is not meant for children under the age of 13, and we do not knowingly collect personal information from
        them. If you believe a child under 13 has given us information, please contact us at {email} and we will
        promptly remove it.
      </P>
      <H2>Changes to this policy</H2>
      <P>
        We may update this policy; the date above shows the latest version. Significant changes will be announced in the
        app.
      </P>
    </>
  );
}
