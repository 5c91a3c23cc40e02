import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApi } from '../../../test/fetch-mock';
import { aUser, sessionRoutes } from '../../../test/fixtures';
import { renderScreen } from '../../../test/render';
import { CallLanguageField } from './CallLanguageField';

async function choose(option: string | RegExp) {
  await userEvent.click(screen.getByRole('combobox', { name: 'Call language' }));
  await userEvent.click(within(screen.getByRole('listbox')).getByRole('option', { name: option }));
}

describe('Settings: call language', () => {
  it('offers "Same as the app" and every language named in itself, and saves a choice at once', async () => {
    const user = aUser();
    const api = mockApi({
      ...sessionRoutes(user),
      'PUT /api/users/call-language': ({ body }) => ({
        body: { result: { user: { ...user, callLanguage: (body as { callLanguage: string | null }).callLanguage } } },
      }),
    });
    const saved = jest.fn();
    renderScreen(<CallLanguageField value={null} onSaved={saved} />, { user });
    expect(screen.getByRole('combobox', { name: 'Call language' })).toHaveTextContent('Same as the app');
    await choose('اردو');
    expect(api.callsTo('PUT /api/users/call-language').map((c) => c.body)).toEqual([{ callLanguage: 'ur' }]);
    await screen.findByText('The language your wake-up calls speak');
    expect(saved).toHaveBeenCalledWith(expect.objectContaining({ callLanguage: 'ur' }));
  });

  it('sends null for "Same as the app"', async () => {
    const user = aUser();
    const api = mockApi({
      ...sessionRoutes(user),
      'PUT /api/users/call-language': () => ({ body: { result: { user: { ...user, callLanguage: null } } } }),
    });
    renderScreen(<CallLanguageField value="tr" />, { user });
    expect(screen.getByRole('combobox', { name: 'Call language' })).toHaveTextContent('Türkçe');
    await choose('Same as the app');
    expect(api.callsTo('PUT /api/users/call-language').map((c) => c.body)).toEqual([{ callLanguage: null }]);
  });
});
