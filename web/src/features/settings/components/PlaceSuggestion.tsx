/* eslint-disable i18next/no-literal-string -- not yet from the message catalogue (issue 45) */
import { Alert, Box, Button, Stack } from '@mui/material';
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
  return (
    // The button under the words, not beside them (MUI's action slot): a phone's column is too narrow for both.
    <Alert severity="info" data-testid="method-suggestion">
      Suggested for {cityName}: {suggestion.reason}, with the high latitude rule {suggestedHlat}. Your settings:{' '}
      {yours.method} with {yours.hlat}.
      <Box sx={{ mt: 1 }}>
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
          <Button color="inherit" variant="outlined" size="small" onClick={onUse}>
            Use suggestion
          </Button>
          {canKeep && (
            <Button color="inherit" size="small" disabled={keeping} onClick={onKeep}>
              Keep my settings
            </Button>
          )}
        </Stack>
      </Box>
    </Alert>
  );
}
