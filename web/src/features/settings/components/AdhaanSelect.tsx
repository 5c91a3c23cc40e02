import PauseIcon from '@mui/icons-material/Pause';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import { IconButton, MenuItem, Stack, TextField } from '@mui/material';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { PrayerCalcData } from '../../../api/data.api';
import { DEFAULT_ADHAAN, gateHelperSx } from '../settings-form';

interface Props {
  value: string;
  onChange(value: string): void;
  adhaans: PrayerCalcData['fajrAdhaans'];
  disabled: boolean;
  helperText?: ReactNode;
}

/** 'Fajr Adhaan' with a play/pause preview of the chosen adhaan; a new choice stops the preview. */
export function AdhaanSelect({ value, onChange, adhaans, disabled, helperText }: Props) {
  const { t } = useTranslation('settings');
  const selected = adhaans.find((a) => a.title === value) ?? adhaans.find((a) => a.title === DEFAULT_ADHAAN);
  const audio = useRef<HTMLAudioElement | null>(null);
  const [playing, setPlaying] = useState(false);

  // A new selection prepares a new preview and stops the old one.
  useEffect(() => {
    const link = selected?.link;
    if (!link) return;
    const a = new Audio(link);
    a.preload = 'none';
    const stop = () => setPlaying(false);
    a.addEventListener('ended', stop);
    a.addEventListener('pause', stop);
    audio.current = a;
    return () => {
      a.pause();
      a.removeEventListener('ended', stop);
      a.removeEventListener('pause', stop);
      audio.current = null;
      setPlaying(false);
    };
  }, [selected?.link]);

  const play = async () => {
    if (!audio.current) return;
    try {
      await audio.current.play();
      setPlaying(true);
    } catch {
      setPlaying(false);
    }
  };
  const pause = () => {
    audio.current?.pause();
    setPlaying(false);
  };

  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
      <TextField
        id="settings-adhaan"
        select
        fullWidth
        label={t('adhaan.label')}
        value={selected ? selected.title : ''}
        onChange={(e) => onChange(e.target.value || DEFAULT_ADHAAN)}
        disabled={disabled}
        helperText={helperText}
        slotProps={{ formHelperText: { sx: gateHelperSx } }}
      >
        {adhaans.map((a) => (
          <MenuItem key={a.title} value={a.title}>
            {a.label}
          </MenuItem>
        ))}
      </TextField>
      {playing ? (
        <IconButton
          aria-label={selected ? t('adhaan.pause', { title: selected.label }) : t('adhaan.pauseAny')}
          onClick={pause}
          sx={{ mt: 1 }}
        >
          <PauseIcon />
        </IconButton>
      ) : (
        <IconButton
          aria-label={selected ? t('adhaan.play', { title: selected.label }) : t('adhaan.playAny')}
          onClick={() => void play()}
          disabled={!selected}
          sx={{ mt: 1 }}
        >
          <PlayArrowIcon />
        </IconButton>
      )}
    </Stack>
  );
}
