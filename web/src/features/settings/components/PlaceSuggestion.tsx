import { Alert, Box, Button, Stack } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { isolated } from '../bidi-text';
import type { Place } from '../settings-form';

type Suggestion = NonNullable<Place['suggested']>;

interface Props {
  cityName: string | null | undefined;
  suggestion: Suggestion;
  /** The method and rule the form holds now, and the suggestion's rule, by their labels. */
  yours: { method: string; hlat: string };
  suggestedHlat: string;
  /** Whether "Keep my settings" is offered: asked of the saved city only (the server remembers it). */
  canKeep: boolean;
  keeping: boolean;
  onUse(): void;
  onKeep(): void;
}

/** The place's suggested method and rule where the form holds others: offered, never applied until taken and saved. */
export function PlaceSuggestion({
  cityName,
  suggestion,
  yours,
  suggestedHlat,
  canKeep,
  keeping,
  onUse,
  onKeep,
}: Props) {
  const { t } = useTranslation('settings');
  return (
    // The button under the words, not beside them (MUI's action slot): a phone's column is too narrow for both.
    <Alert severity="info" data-testid="method-suggestion">
      {t(
        'suggestion.text',
        isolated({
          city: cityName,
          reason: suggestion.reason,
          suggestedRule: suggestedHlat,
          yourMethod: yours.method,
          yourRule: yours.hlat,
        }),
      )}
      <Box sx={{ mt: 1 }}>
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
          <Button color="inherit" variant="outlined" size="small" onClick={onUse}>
            {t('suggestion.use')}
          </Button>
          {canKeep && (
            <Button color="inherit" size="small" disabled={keeping} onClick={onKeep}>
              {t('suggestion.keep')}
            </Button>
          )}
        </Stack>
      </Box>
    </Alert>
  );
}
