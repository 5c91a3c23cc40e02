import { z } from 'zod';
import { LANGUAGES } from './languages';

export * from './languages';

export const languageSchema = z.enum(LANGUAGES, { error: `language must be one of ${LANGUAGES.join(', ')}` });
/** PUT /api/users/language: the interface language, kept on the account. */
export const languageBody = z.object({ language: languageSchema }).strict();

/** PUT /api/users/call-language: the language the calls speak, or null for the interface language. */
export const callLanguageBody = z
  .object({
    callLanguage: z
      .enum(LANGUAGES, { error: `callLanguage must be one of ${LANGUAGES.join(', ')}, or null` })
      .nullable(),
  })
  .strict();
