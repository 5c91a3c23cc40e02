import { Button } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { usePageTitle } from '../../../components/usePageTitle';
import { paths } from '../../../config/paths';
import { P, TextPage } from './TextPage';

const PARAGRAPHS = ['problem', 'call', 'honest', 'prayer'] as const;

/** /our-story, with 'Try for free' to the sign-in page. */
export function OurStoryPage() {
  const { t } = useTranslation('pages');
  usePageTitle(t('ourStory.title'));
  return (
    <TextPage title={t('ourStory.title')}>
      {PARAGRAPHS.map((p) => (
        <P key={p}>{t(`ourStory.${p}`)}</P>
      ))}
      <Button component={RouterLink} to={paths.signIn} variant="contained" size="large">
        {t('ourStory.tryFree')}
      </Button>
    </TextPage>
  );
}
