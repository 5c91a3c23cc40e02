import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../../components/usePageTitle';
import { TermsText } from './TermsText';
import { TextPage } from './TextPage';

/** /terms: the terms and conditions, under the law of the Netherlands (the text in English, issue 45). */
export function TermsPage() {
  const { t } = useTranslation('pages');
  usePageTitle(t('terms.tabTitle'));
  return (
    <TextPage title={t('terms.title')} updated="2026-11-22" englishOnly>
      <TermsText />
    </TextPage>
  );
}
