import type { z } from 'zod';
import type { Language } from '../contracts/languages.contract';
import { message, type MessageKey } from './catalogue';
import { translate } from './match';

type Issue = z.core.$ZodIssue;

/** The catalogue message of one zod issue: a contract's own message when it is the catalogue's, else by zod's code. */
function issueText(issue: Issue, language: Language): { code: MessageKey; text: string } {
  const own = translate(issue.message, language);
  if (own) return own;
  const say = (code: MessageKey, params: Record<string, string | number> = {}) => ({
    code,
    // English keeps zod's own words, as before; other languages get the catalogue's.
    text: language === 'en' ? issue.message : message(language, code, params),
  });
  switch (issue.code) {
    case 'invalid_type':
      return / received undefined$/.test(issue.message)
        ? say('validation.required')
        : say('validation.invalid_type', { expected: String(issue.expected) });
    case 'too_big':
      return issue.origin === 'string'
        ? say('validation.too_long', { max: String(issue.maximum) })
        : say('validation.too_big', { max: String(issue.maximum) });
    case 'too_small':
      return issue.origin === 'string'
        ? say('validation.too_short', { min: String(issue.minimum) })
        : say('validation.too_small', { min: String(issue.minimum) });
    case 'invalid_value':
      return say('validation.one_of', { options: issue.values.map(String).join(', ') });
    case 'unrecognized_keys':
      return say('validation.unknown_field', { keys: issue.keys.join(', ') });
    case 'invalid_format':
      return say('validation.format');
    default:
      return say('validation.invalid');
  }
}

/**
 * A validation failure in a language, as the English has always read ("path: message; …", at most
 * five issues), and the first issue's code.
 */
export function describeIssues(issues: readonly Issue[], language: Language): { code: MessageKey; text: string } {
  const parts = issues.slice(0, 5).map((i) => ({ path: i.path.join('.'), ...issueText(i, language) }));
  return {
    code: parts[0]?.code ?? 'validation.invalid',
    text: parts.map((p) => (p.path ? `${p.path}: ${p.text}` : p.text)).join('; '),
  };
}
