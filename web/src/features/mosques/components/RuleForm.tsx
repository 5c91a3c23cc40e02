import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Checkbox, FormControlLabel, MenuItem, Stack, TextField } from '@mui/material';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { saveRule, type DatedRule } from '../../../api/mosques.api';
import { useAppMutation } from '../../../hooks/useAppMutation';
import { RULE_KINDS, ruleForm, toDatedRule, type RuleValues } from '../rule-form';

/** "Add a rule": saved with PUT rules (the API refuses a time impossible for a day, naming it). */
export function RuleForm({ mosqueId, today, onSaved }: { mosqueId: string; today: string; onSaved(): unknown }) {
  const { t } = useTranslation('mosques');
  const {
    register,
    control,
    watch,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<RuleValues>({
    resolver: zodResolver(ruleForm),
    defaultValues: { from: today, kind: 'after-fajr', time: '06:00', minutes: '20', ramadan: false },
  });
  const kind = watch('kind');
  const { run } = useAppMutation({
    mutationFn: (rule: DatedRule) => saveRule(mosqueId, rule),
    success: t('rules.saved'),
    onSuccess: async () => {
      reset();
      await onSaved();
    },
  });
  const fromField = register('from');
  const timeField = register('time');
  const minutesField = register('minutes');
  const message = (m: string | undefined) => (m ? t(m) : undefined);

  return (
    <Stack
      component="form"
      spacing={2}
      noValidate
      aria-label={t('rules.add')}
      onSubmit={handleSubmit(async (v) => {
        await run(toDatedRule(v));
      })}
    >
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField
          id="rule-from"
          label={t('rules.from')}
          type="date"
          {...fromField}
          error={Boolean(errors.from)}
          helperText={message(errors.from?.message)}
          slotProps={{ inputLabel: { shrink: true } }}
          disabled={isSubmitting}
        />
        <Controller
          name="kind"
          control={control}
          render={({ field }) => (
            <TextField
              id="rule-kind"
              select
              label={t('rules.kind')}
              {...field}
              disabled={isSubmitting}
              sx={{ minWidth: 240 }}
            >
              {RULE_KINDS.map((k) => (
                <MenuItem key={k} value={k}>
                  {t(`rules.kinds.${k}`)}
                </MenuItem>
              ))}
            </TextField>
          )}
        />
        {kind === 'fixed' ? (
          <TextField
            id="rule-time"
            label={t('rules.time')}
            type="time"
            {...timeField}
            error={Boolean(errors.time)}
            helperText={message(errors.time?.message)}
            slotProps={{ inputLabel: { shrink: true } }}
            disabled={isSubmitting}
          />
        ) : (
          <TextField
            id="rule-minutes"
            label={t('rules.minutes')}
            type="number"
            {...minutesField}
            error={Boolean(errors.minutes)}
            helperText={message(errors.minutes?.message)}
            slotProps={{ htmlInput: { min: 0, max: 180, inputMode: 'numeric' } }}
            disabled={isSubmitting}
          />
        )}
      </Stack>
      <Controller
        name="ramadan"
        control={control}
        render={({ field }) => (
          <FormControlLabel
            control={<Checkbox checked={field.value} onChange={(e) => field.onChange(e.target.checked)} />}
            label={t('rules.ramadanOnly')}
            disabled={isSubmitting}
          />
        )}
      />
      <Button type="submit" variant="contained" disabled={isSubmitting} sx={{ alignSelf: 'flex-start' }}>
        {t('rules.save')}
      </Button>
    </Stack>
  );
}
