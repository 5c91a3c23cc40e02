import { Box, CircularProgress } from '@mui/material';
import { useTranslation } from 'react-i18next';

/** A centred spinner for a page or section that is loading ('Loading' unless `label` says what). */
export function PageLoader({ label }: { label?: string }) {
  const { t } = useTranslation();
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
      <CircularProgress aria-label={label ?? t('pageLoader.loading')} />
    </Box>
  );
}
