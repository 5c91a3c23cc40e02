import type { RequestHandler, Response } from 'express';
import type { z } from 'zod';
import type { Language } from '../contracts/languages.contract';
import type { ApiDeps } from '../deps';
import { requestLanguage } from './language';
import { identify, translate } from './match';
import { describeIssues } from './zod';

/** Set by the error middleware on a validation failure: the answer is rebuilt from its issues in the language. */
export const VALIDATION_ISSUES = 'validationIssues';

type Body = Record<string, unknown>;

const isObject = (v: unknown): v is Body => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The texts a result may carry for the person: a confirmation, or why a phone number is refused. */
const RESULT_TEXTS = ['message', 'reason'] as const;

/**
 * Fields deeper in a result that say something to the person: a day's note (`message`), a call's outcome and
 * note as the call log tells them. Translated in place, without a code (their shapes carry codes already:
 * `status`, `outcome`, `kind`).
 */
const NESTED_TEXTS = new Set(['message', 'note', 'callAnsweredBy', 'reason']);
const MAX_DEPTH = 5;

/** Whether a value holds, in a field of NESTED_TEXTS, a text of the catalogue. */
function holdsText(value: unknown, depth = 0): boolean {
  if (depth > MAX_DEPTH || typeof value !== 'object' || value === null) return false;
  if (Array.isArray(value)) return value.some((v) => holdsText(v, depth + 1));
  return Object.entries(value).some(([k, v]) =>
    typeof v === 'string' ? NESTED_TEXTS.has(k) && v !== '' && identify(v) !== null : holdsText(v, depth + 1),
  );
}

/** A value with each text of the catalogue in a NESTED_TEXTS field told in the language. */
function translateNested(value: unknown, language: Language, depth = 0): unknown {
  if (depth > MAX_DEPTH || typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) return value.map((v) => translateNested(v, language, depth + 1));
  return Object.fromEntries(
    Object.entries(value).map(([k, v]) => [
      k,
      typeof v === 'string'
        ? NESTED_TEXTS.has(k) && v !== ''
          ? (translate(v, language)?.text ?? v)
          : v
        : translateNested(v, language, depth + 1),
    ]),
  );
}

/** Whether an answer says something in words: `{ error }`, `{ message }`, or a result holding a text of the catalogue. */
function speaks(body: unknown): body is Body {
  return (
    isObject(body) && (typeof body.error === 'string' || typeof body.message === 'string' || holdsText(body.result))
  );
}

/** The answer in the language, each text with its stable `code` beside it (an error always has one). */
export function localiseBody(body: Body, language: Language, res: Pick<Response, 'statusCode' | 'locals'>): Body {
  const out: Body = { ...body };
  if (typeof body.error === 'string') {
    const issues = res.locals[VALIDATION_ISSUES] as readonly z.core.$ZodIssue[] | undefined;
    const said = issues?.length ? describeIssues(issues, language) : translate(body.error, language);
    out.error = said?.text ?? body.error;
    // A text the catalogue lacks keeps its words and gets the status's code, so a client can still branch.
    out.code = said?.code ?? `http.${res.statusCode}`;
  }
  if (typeof body.message === 'string') {
    const said = translate(body.message, language);
    if (said) Object.assign(out, { message: said.text, code: said.code });
  }
  if (isObject(body.result)) {
    // English answers keep their nested texts as they are; only a result's own message and reason get codes.
    const result = (language === 'en' ? { ...body.result } : translateNested(body.result, language)) as Body;
    for (const k of RESULT_TEXTS) {
      const said = typeof body.result[k] === 'string' ? translate(body.result[k], language) : null;
      if (said) Object.assign(result, { [k]: said.text, [k === 'message' ? 'code' : `${k}Code`]: said.code });
    }
    out.result = result;
  }
  return out;
}

/**
 * Answers every message and error in the request's language (docs/LANGUAGES.md "Server messages"):
 * wraps res.json so the routes, services and the error middleware keep saying English, and the text
 * is translated once, at the edge. Only answers that carry words pay for finding the language.
 */
export function localiseResponses(deps: Pick<ApiDeps, 'db'>): RequestHandler {
  return (req, res, next) => {
    const json = res.json.bind(res);
    res.json = (body: unknown) => {
      if (!speaks(body)) return json(body);
      requestLanguage(deps, req)
        .catch((): Language => 'en')
        .then((language) => {
          if (res.headersSent) return;
          res.setHeader('Content-Language', language);
          res.vary('Accept-Language');
          json(localiseBody(body, language, res));
        })
        .catch((err: unknown) => next(err));
      return res;
    };
    next();
  };
}
