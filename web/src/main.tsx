import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { askCurrentUserEarly } from './api/session.api';
import { App } from './app/App';
import { initialLanguage } from './i18n/detect';
import { showLanguage } from './i18n/i18n';
import { rememberShellFlag } from './lib/native-shell';
import { readToken } from './lib/token';

rememberShellFlag();

// The first language's catalogue before the first paint: no flash of English for an Urdu reader. (The
// Hijri tables, on the rare runtime whose Intl lacks Umm al-Qura, come with the pages that show the
// dates: app/router.tsx.)
const language = showLanguage(initialLanguage());

// The current user is asked for now, once the language its texts come in is set, while the app renders its
// first frame, not after it (bench:web). The /app chunk is not: asked for here, it arrived and ran before
// the first paint (account FCP +42 %, run F in docs/BENCHMARKS-PRODUCT.md).
void language.then(() => {
  if (readToken()) askCurrentUserEarly();
});

void language.finally(() =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
