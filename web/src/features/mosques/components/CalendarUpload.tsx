import UploadFileIcon from '@mui/icons-material/UploadFile';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  FormControlLabel,
  List,
  ListItem,
  ListItemText,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { previewCalendar, saveCalendar, type CalendarPreview } from '../../../api/mosques.api';
import { useAppMutation } from '../../../hooks/useAppMutation';
import { formatNumber } from '../../../lib/numbers';
import { formatShortDate } from '../../../lib/time';
import { formatClock } from '../format';

/** The layout a calendar is written in (a CSV header and a row: data, not words). */
const CSV_EXAMPLE = ['date,fajr,jamaah', '2026-12-01,06:05,06:40'].join('\n');

/** What a preview was made from: Save sends exactly that, and only after a clean preview of it. */
interface Previewed {
  csv: string;
  winterTime: boolean;
  result: CalendarPreview;
}

/** A calendar upload: a CSV file or pasted text, previewed whole (bad rows named) before it can be saved. */
export function CalendarUpload({ mosqueId, onSaved }: { mosqueId: string; onSaved(): unknown }) {
  const { t } = useTranslation('mosques');
  const [csv, setCsv] = useState('');
  const [winterTime, setWinterTime] = useState(false);
  const [previewed, setPreviewed] = useState<Previewed | null>(null);
  const preview = useAppMutation({
    mutationFn: (v: { csv: string; winterTime: boolean }) => previewCalendar(mosqueId, v.csv, v.winterTime),
    onSuccess: (result, v) => setPreviewed({ ...v, result }),
  });
  const save = useAppMutation({
    mutationFn: (v: Previewed) => saveCalendar(mosqueId, v.csv, v.winterTime),
    success: (answer) => answer.message,
    onSuccess: async () => {
      setCsv('');
      setPreviewed(null);
      await onSaved();
    },
  });
  const readFile = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    setCsv(await file.text());
    setPreviewed(null);
  };
  // A preview stands for the text and setting it was made from; any change asks for a new one.
  const current = previewed && previewed.csv === csv && previewed.winterTime === winterTime ? previewed : null;
  const clean = Boolean(current?.result.ok && current.result.rows.length > 0);

  return (
    <section aria-labelledby="calendar-title">
      <Typography variant="h6" component="h2" id="calendar-title">
        {t('calendar.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t('calendar.intro')}
      </Typography>
      <Stack spacing={2}>
        <Button component="label" variant="outlined" startIcon={<UploadFileIcon />} sx={{ alignSelf: 'flex-start' }}>
          {t('calendar.pickFile')}
          <input type="file" accept=".csv,text/csv,text/plain" hidden onChange={(e) => void readFile(e)} />
        </Button>
        <TextField
          id="calendar-csv"
          label={t('calendar.paste')}
          multiline
          minRows={4}
          maxRows={12}
          value={csv}
          onChange={(e) => setCsv(e.target.value)}
          placeholder={CSV_EXAMPLE}
          slotProps={{ htmlInput: { dir: 'ltr', spellCheck: false, style: { fontFamily: 'monospace' } } }}
        />
        <FormControlLabel
          control={<Checkbox checked={winterTime} onChange={(e) => setWinterTime(e.target.checked)} />}
          label={t('calendar.winterTime')}
        />
        <Stack direction="row" spacing={2}>
          <Button
            variant="outlined"
            disabled={!csv.trim() || preview.busy}
            onClick={() => void preview.run({ csv, winterTime })}
          >
            {t('calendar.preview')}
          </Button>
          <Button variant="contained" disabled={!clean || save.busy} onClick={() => current && void save.run(current)}>
            {t('calendar.save')}
          </Button>
        </Stack>
        {!clean && (
          <Typography variant="body2" color="text.secondary">
            {t('calendar.saveAfterPreview')}
          </Typography>
        )}
        {current && <PreviewResult result={current.result} />}
      </Stack>
    </section>
  );
}

/** The preview: every row that would be saved, or every bad row with its line and reason. */
function PreviewResult({ result }: { result: CalendarPreview }) {
  const { t } = useTranslation('mosques');
  if (!result.ok)
    return (
      <Alert severity="error" role="alert">
        <Typography sx={{ fontWeight: 600 }}>
          {t('calendar.badRows', { count: result.errors.length, n: formatNumber(result.errors.length) })}
        </Typography>
        <List dense aria-label={t('calendar.badRowsLabel')}>
          {result.errors.map((e) => (
            <ListItem key={`${e.line}-${e.message}`} disableGutters>
              <ListItemText primary={t('calendar.badRow', { line: formatNumber(e.line), reason: e.message })} />
            </ListItem>
          ))}
        </List>
      </Alert>
    );
  return (
    <Box>
      <Alert severity="success" sx={{ mb: 1 }}>
        {t('calendar.goodRows', { count: result.rows.length, n: formatNumber(result.rows.length) })}
      </Alert>
      <Box sx={{ maxHeight: 360, overflow: 'auto' }}>
        <Table size="small" stickyHeader aria-label={t('calendar.previewLabel')}>
          <TableHead>
            <TableRow>
              <TableCell>{t('ahead.date')}</TableCell>
              <TableCell>{t('calendar.fajrBegins')}</TableCell>
              <TableCell>{t('ahead.jamaah')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {result.rows.map((r) => (
              <TableRow key={r.date}>
                <TableCell>{formatShortDate(r.date)}</TableCell>
                <TableCell>{r.fajrBegins ? formatClock(r.fajrBegins) : '—'}</TableCell>
                <TableCell>{formatClock(r.jamaah)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Box>
    </Box>
  );
}
