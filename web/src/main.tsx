import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { initialLanguage } from './i18n/detect';
import { showLanguage } from './i18n/i18n';
import { prepareHijri } from './lib/hijri';
import { rememberShellFlag } from './lib/native-shell';

rememberShellFlag();

// The first language's catalogue before the first paint: no flash of English for an Urdu reader. The
// Hijri tables too, on the rare runtime whose Intl lacks the Umm al-Qura calendar.
void Promise.all([showLanguage(initialLanguage()), prepareHijri()]).finally(() =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
