import { screen } from '@testing-library/react';
import { showLanguage } from '../../../i18n/i18n';
import { mockApi } from '../../../test/fetch-mock';
import { sessionRoutes } from '../../../test/fixtures';
import { renderScreen, settled } from '../../../test/render';
import { PrivacyPolicyPage } from './PrivacyPolicyPage';
import { TermsPage } from './TermsPage';

afterEach(() => showLanguage('en'));

describe('the legal pages (their text stays English, issue 45)', () => {
  it('in English show the date as SPEC writes it and no note', async () => {
    mockApi(sessionRoutes(null));
    renderScreen(<PrivacyPolicyPage />, { route: '/privacy-policy' });
    expect(screen.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeInTheDocument();
    expect(screen.getByText('Last updated: 22 November 2026')).toBeInTheDocument();
    expect(screen.queryByTestId('english-only')).not.toBeInTheDocument();
    await settled();
  });

  it('in Arabic translate the title and the date and say the text is English, marked as English', async () => {
    await showLanguage('ar');
    mockApi(sessionRoutes(null));
    renderScreen(<TermsPage />, { route: '/terms' });
    expect(screen.getByRole('heading', { level: 1, name: 'الشروط والأحكام' })).toBeInTheDocument();
    expect(screen.getByText(/^آخر تحديث: /)).toBeInTheDocument();
    expect(screen.getByTestId('english-only')).toHaveTextContent('هذا النص متوفر باللغة الإنجليزية فقط.');
    const text = screen.getByRole('heading', { level: 2, name: 'The service' }).closest('[lang="en"]');
    expect(text).toHaveAttribute('dir', 'ltr');
    expect(document.title).toBe('الشروط | Fajr');
    await settled();
  });
});
