import MyLocationIcon from '@mui/icons-material/MyLocation';
import SearchIcon from '@mui/icons-material/Search';
import {
  Alert,
  Button,
  CircularProgress,
  Container,
  List,
  ListItemButton,
  ListItemText,
  Paper,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { mosqueKeys, searchMosques } from '../../../api/mosques.api';
import { usePageTitle } from '../../../components/usePageTitle';
import { errorMessage } from '../../../lib/http';
import { formatNumber } from '../../../lib/numbers';
import { mosquePaths } from '../mosque-paths';
import { fsi } from '../format';
import { useGeolocation } from '../useGeolocation';

interface Search {
  text: string;
  lat?: number;
  lng?: number;
}

/** /mosques: find a mosque by name and city, or near me (the browser's position, asked for only on a tap). */
export function MosqueSearchPage() {
  const { t } = useTranslation('mosques');
  usePageTitle(t('search.title'));
  const [text, setText] = useState('');
  const [search, setSearch] = useState<Search | null>(null);
  const geo = useGeolocation();
  const query = useQuery({
    queryKey: mosqueKeys.search(search?.text ?? '', search?.lat, search?.lng),
    queryFn: () => searchMosques(search!),
    enabled: search !== null,
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (text.trim()) setSearch({ text: text.trim() });
  };
  const nearMe = async () => {
    const at = await geo.locate();
    if (at) setSearch({ text: '', ...at });
  };
  // One decimal, in the language's digits: '0.4 km'.
  const km = (d: number) => t('search.distance', { km: formatNumber(Math.round(d * 10) / 10) });

  return (
    <Container maxWidth="sm" sx={{ py: { xs: 3, md: 5 } }}>
      <Typography variant="h4" component="h1" gutterBottom>
        {t('search.title')}
      </Typography>
      <Stack component="form" role="search" direction="row" spacing={1} onSubmit={submit} sx={{ mb: 2 }}>
        <TextField
          id="mosque-search"
          label={t('search.label')}
          value={text}
          onChange={(e) => setText(e.target.value)}
          fullWidth
          slotProps={{ htmlInput: { maxLength: 80 } }}
        />
        <Button type="submit" variant="contained" aria-label={t('search.submit')} sx={{ flexShrink: 0 }}>
          <SearchIcon />
        </Button>
      </Stack>
      <Button
        variant="outlined"
        onClick={() => void nearMe()}
        disabled={geo.busy}
        startIcon={geo.busy ? <CircularProgress size={18} color="inherit" /> : <MyLocationIcon />}
        sx={{ mb: 2 }}
      >
        {t('search.nearMe')}
      </Button>
      {geo.problem && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {t(`geo.${geo.problem}`)}
        </Alert>
      )}
      {search && query.isFetching && <CircularProgress aria-label={t('search.searching')} />}
      {search && query.isError && <Alert severity="error">{errorMessage(query.error)}</Alert>}
      {search &&
        query.data &&
        !query.isFetching &&
        (query.data.length === 0 ? (
          <Typography>{search.lat === undefined ? t('search.noneNamed') : t('search.noneNear')}</Typography>
        ) : (
          <Paper variant="outlined">
            <List disablePadding aria-label={t('search.results')}>
              {query.data.map((m) => (
                <ListItemButton key={m.id} component={RouterLink} to={mosquePaths.page(m.slug)} divider>
                  <ListItemText
                    primary={m.name}
                    secondary={t('search.where', { address: fsi(m.address), city: fsi(m.cityName) })}
                  />
                  {m.distanceKm !== undefined && (
                    <Typography variant="body2" color="text.secondary" sx={{ flexShrink: 0, ml: 2 }}>
                      {km(m.distanceKm)}
                    </Typography>
                  )}
                </ListItemButton>
              ))}
            </List>
          </Paper>
        ))}
    </Container>
  );
}
