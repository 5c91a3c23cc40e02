import { localiseBody } from './localise.middleware';

const res = (statusCode = 200) => ({ statusCode, locals: {} });

describe('an answer in a language', () => {
  it('when an error is not in the catalogue, then its words stay and its code is the status', () => {
    expect(localiseBody({ error: 'postgres and temporal not reachable' }, 'ar', res(503))).toEqual({
      error: 'postgres and temporal not reachable',
      code: 'http.503',
    });
  });

  it('when a result holds the call log and a day note, then their texts are in the language and English stays as is', () => {
    const body = {
      result: {
        calls: [{ callAnsweredBy: 'Answered, no key pressed', note: 'Second number', outcome: 'answered' }],
        days: [{ status: 'no-call', message: "The mosque's timetable has no Fajr jamaah time for this date" }],
        other: { message: '' },
      },
    };
    expect(localiseBody(body, 'en', res())).toEqual(body);
    const fr = localiseBody(body, 'fr', res()) as typeof body;
    expect(fr.result.calls[0]).toEqual({
      callAnsweredBy: 'Répondu, aucune touche pressée',
      note: 'Deuxième numéro',
      outcome: 'answered',
    });
    expect(fr.result.days[0]!.message).toContain("jama'a");
    expect(fr.result.other).toEqual({ message: '' });
  });

  it("when a day note names the polar-day rule, then the rule is told in the language's words", () => {
    const note =
      'The sun does not rise or set here on this date: Fajr and sunrise by your polar-day rule, the nearest latitude where the sun rises and sets';
    const ms = localiseBody({ result: { days: [{ message: note }] } }, 'ms', res()) as {
      result: { days: { message: string }[] };
    };
    expect(ms.result.days[0]!.message).toContain('latitud terdekat tempat matahari terbit dan terbenam');
  });

  it("when a result's own message is a confirmation, then it gets its code", () => {
    expect(
      localiseBody({ result: { message: 'Your account and personal data have been deleted' } }, 'en', res()),
    ).toEqual({
      result: { message: 'Your account and personal data have been deleted', code: 'account.deleted' },
    });
  });
});
