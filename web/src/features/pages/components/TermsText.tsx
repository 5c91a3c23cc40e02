/* eslint-disable i18next/no-literal-string -- the legal text itself stays in English in every language (issue 45): its page, title and a line saying so are translated */
import { Box } from '@mui/material';
import { env } from '../../../config/env';
import { H2, P } from './TextPage';

/** The body of /terms, in English (what Fajr is bound by). */
export function TermsText() {
  return (
    <>
      <P>
        These terms govern your use of the Fajr website, app and wake-up call service. By using Fajr you accept them in
        full; if you do not, please do not use the service.
      </P>
      <H2>The service</H2>
      <P>
        Fajr places a phone call at the time calculated for your city or your chosen mosque. Prayer times are calculated
        with the method you select and mosque times come from the mosque's timetable; we do our best to keep them
        correct but cannot guarantee every call is placed or on time, for example when a telephone network fails. Fajr
        helps you wake up; it does not replace your own care for the prayer times.
      </P>
      <H2>Cookies</H2>
      <P>
        We use a cookie to remember your colour choice and your browser's local storage to keep you signed in. See our
        Privacy Policy.
      </P>
      <H2>Licence</H2>
      <P>
        Unless stated otherwise, Fajr and its licensors own the intellectual property in the service. You may use it for
        your own personal use, subject to these terms. You must not:
      </P>
      <Box component="ul">
        <li>republish, sell, rent or sub-license material from Fajr;</li>
        <li>reproduce, duplicate or copy material from Fajr for commercial use;</li>
        <li>use the service to call numbers that are not yours, or try to disrupt it.</li>
      </Box>
      <H2>Subscriptions</H2>
      <P>
        Paid plans are billed monthly through our payment provider until you cancel. You can manage or cancel a web
        subscription from your account page; subscriptions bought in the app are managed in the app store.
      </P>
      <H2>Comments</H2>
      <P>
        Messages, feedback and mosque requests you send us must be lawful and must not infringe anyone's rights. We may
        use feedback to improve the service and may remove any content we consider inappropriate.
      </P>
      <H2>Hyperlinking to our content</H2>
      <P>
        Government agencies, search engines, news organisations and online directories may link to our website without
        prior approval, as long as the link is not misleading and does not imply sponsorship. Other organisations may
        ask us for approval by email to {env.VITE_SUPPORT_EMAIL}; please allow 2-3 weeks for a response.
      </P>
      <H2>iFrames</H2>
      <P>
        Without prior written approval you may not create frames around our pages that alter their visual presentation
        or appearance.
      </P>
      <H2>Content liability</H2>
      <P>
        We are not responsible for content that appears on your website. You agree to protect and defend us against
        claims arising from your website.
      </P>
      <H2>Reservation of rights</H2>
      <P>
        We may ask you to remove any link to our website, and we may change these terms and our linking policy at any
        time.
      </P>
      <H2>Disclaimer</H2>
      <P>
        To the maximum extent permitted by applicable law, we exclude all representations, warranties and conditions
        relating to the service. Nothing in this disclaimer limits or excludes liability for death or personal injury,
        for fraud or fraudulent misrepresentation, or any liability that may not be excluded under applicable law. As
        long as the service is offered, we will not be liable for any loss or damage of any nature arising from a missed
        or late call.
      </P>
      <H2>Governing law</H2>
      <P>
        These terms are governed by the law of the Netherlands. Disputes go to the competent court in the Netherlands,
        unless mandatory consumer law gives you another forum.
      </P>
    </>
  );
}
