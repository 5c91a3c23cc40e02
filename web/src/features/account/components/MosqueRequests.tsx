/* eslint-disable i18next/no-literal-string -- not yet from the message catalogue (issue 45) */
import { Alert, Link, Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router-dom';
import type { MosqueRequestView } from '@fajr/api/contracts/mosque-requests.contract';
import { queryKeys } from '../../../api/query-keys';
import { paths } from '../../../config/paths';
import { fetchMosqueRequests } from '../api/account.api';

/** One request as a person would say how it went. */
function RequestLine({ r }: { r: MosqueRequestView }) {
  if (r.status === 'added') {
    return (
      <Alert severity="success" data-testid="mosque-request">
        {r.mosqueName ?? r.name}, the mosque you asked for, is now listed.{' '}
        <Link component={RouterLink} to={paths.settings}>
          Choose it in Settings
        </Link>{' '}
        to be called before its Fajr jama&apos;ah.
      </Alert>
    );
  }
  if (r.status === 'rejected') {
    return (
      <Alert severity="info" data-testid="mosque-request">
        We could not add {r.name}, the mosque you asked for: {r.note}
      </Alert>
    );
  }
  return (
    <Alert severity="info" icon={false} data-testid="mosque-request">
      You asked us to add {r.name}: we&apos;ll answer here, and by text or e-mail, once we have looked into it.
    </Alert>
  );
}

/** The user's mosque requests and their answers (nothing when they made none). */
export function MosqueRequests({ userId }: { userId: string }) {
  const { data } = useQuery({ queryKey: queryKeys.mosqueRequests(userId), queryFn: fetchMosqueRequests });
  if (!data?.length) return null;
  return (
    <Stack component="section" aria-labelledby="mosque-requests-title" spacing={1}>
      <Typography id="mosque-requests-title" variant="h6" component="h2">
        Your mosque requests
      </Typography>
      {data.map((r) => (
        <RequestLine key={r.id} r={r} />
      ))}
    </Stack>
  );
}
