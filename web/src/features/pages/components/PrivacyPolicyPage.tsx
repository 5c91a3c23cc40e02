import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../../components/usePageTitle';
import { PrivacyPolicyText } from './PrivacyPolicyText';
import { TextPage } from './TextPage';

/** /privacy-policy: what Fajr collects, why, and the user's rights (the text in English, issue 45). */
export function PrivacyPolicyPage() {
  const { t } = useTranslation('pages');
  usePageTitle(t('privacy.title'));
  return (
    <TextPage title={t('privacy.title')} updated="2026-11-22" englishOnly>
      <PrivacyPolicyText />
    </TextPage>
  );
}
