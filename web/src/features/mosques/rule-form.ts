import { z } from 'zod';
import type { DatedRule } from '../../api/mosques.api';

// "Add a rule": from a date, a fixed time or N minutes after Fajr begins / before sunrise, maybe for
// Ramadan only. Messages are keys of the mosques catalogue.

export const RULE_KINDS = ['fixed', 'after-fajr', 'before-sunrise'] as const;

export const ruleForm = z
  .object({
    from: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'rules.errors.from'),
    kind: z.enum(RULE_KINDS),
    time: z.string(),
    minutes: z.string(),
    ramadan: z.boolean(),
  })
  .superRefine((v, ctx) => {
    if (v.kind === 'fixed' && !/^([01]\d|2[0-3]):[0-5]\d$/.test(v.time))
      ctx.addIssue({ code: 'custom', path: ['time'], message: 'rules.errors.time' });
    if (v.kind !== 'fixed' && !(/^\d{1,3}$/.test(v.minutes) && Number(v.minutes) <= 180))
      ctx.addIssue({ code: 'custom', path: ['minutes'], message: 'rules.errors.minutes' });
  });

export type RuleValues = z.infer<typeof ruleForm>;

export const toDatedRule = (v: RuleValues): DatedRule => ({
  from: v.from,
  ramadan: v.ramadan,
  rule: v.kind === 'fixed' ? { kind: 'fixed', time: v.time } : { kind: v.kind, minutes: Number(v.minutes) },
});
