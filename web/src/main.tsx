import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { askCurrentUserEarly } from './api/session.api';
import { App } from './app/App';
import { appGroup } from './app/router';
import { paths } from './config/paths';
import { initialLanguage } from './i18n/detect';
import { showLanguage } from './i18n/i18n';
import { rememberShellFlag } from './lib/native-shell';
import { readToken } from './lib/token';

rememberShellFlag();

// The first language's catalogue before the first paint: no flash of English for an Urdu reader. (The
// Hijri tables, on the rare runtime whose Intl lacks Umm al-Qura, come with the pages that show the
// dates: app/router.tsx.)
const language = showLanguage(initialLanguage());

// What a signed-in page waits for is asked for now, while the app renders its first frame, not after it
// (bench:web): the current user (once the language its texts are told in is set) and, on an /app
// address, the signed-in area's chunk.
void language.then(() => {
  if (readToken()) askCurrentUserEarly();
});
if (window.location.pathname.startsWith(paths.app)) void appGroup().catch(() => undefined);

void language.finally(() =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
