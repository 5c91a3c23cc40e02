import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { initialLanguage } from './i18n/detect';
import { showLanguage } from './i18n/i18n';
import { rememberShellFlag } from './lib/native-shell';

rememberShellFlag();

// The first language's catalogue before the first paint: no flash of English for an Urdu reader.
void showLanguage(initialLanguage()).finally(() =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
