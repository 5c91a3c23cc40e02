import { Alert, Link, Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import type { MosqueRequestView } from '@fajr/api/contracts/mosque-requests.contract';
import { queryKeys } from '../../../api/query-keys';
import { paths } from '../../../config/paths';
import { fetchMosqueRequests } from '../api/account.api';

/** The link inside the translated sentence (Trans gives it the sentence's own words as children). */
function SettingsLink({ children }: { children?: ReactNode }) {
  return (
    <Link component={RouterLink} to={paths.settings}>
      {children}
    </Link>
  );
}

/** One request as a person would say how it went. */
function RequestLine({ r }: { r: MosqueRequestView }) {
  const { t } = useTranslation('account');
  // The mosque's name keeps its own direction inside a right-to-left sentence.
  const name = <bdi />;
  if (r.status === 'added') {
    return (
      <Alert severity="success" data-testid="mosque-request">
        <Trans
          t={t}
          i18nKey="mosqueRequests.added"
          values={{ mosque: r.mosqueName ?? r.name }}
          components={{ name, settings: <SettingsLink /> }}
        />
      </Alert>
    );
  }
  if (r.status === 'rejected') {
    return (
      <Alert severity="info" data-testid="mosque-request">
        <Trans
          t={t}
          i18nKey="mosqueRequests.rejected"
          values={{ mosque: r.name, note: r.note }}
          components={{ name }}
        />
      </Alert>
    );
  }
  return (
    <Alert severity="info" icon={false} data-testid="mosque-request">
      <Trans t={t} i18nKey="mosqueRequests.pending" values={{ mosque: r.name }} components={{ name }} />
    </Alert>
  );
}

/** The user's mosque requests and their answers (nothing when they made none). */
export function MosqueRequests({ userId }: { userId: string }) {
  const { t } = useTranslation('account');
  const { data } = useQuery({ queryKey: queryKeys.mosqueRequests(userId), queryFn: fetchMosqueRequests });
  if (!data?.length) return null;
  return (
    <Stack component="section" aria-labelledby="mosque-requests-title" spacing={1}>
      <Typography id="mosque-requests-title" variant="h6" component="h2">
        {t('mosqueRequests.title')}
      </Typography>
      {data.map((r) => (
        <RequestLine key={r.id} r={r} />
      ))}
    </Stack>
  );
}
