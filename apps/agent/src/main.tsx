import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { AppRouter } from './app/router.tsx';
import { routeTable } from './app/routes.tsx';
import { bootShell } from './app/shell/app-shell.tsx';
import { i18next, initI18n } from './lib/i18n.ts';
import './index.css';

// Fetch the current page's chunk while the shell starts, instead of after its first render.
void routeTable
  .find((route) => route.path === window.location.pathname)
  ?.load()
  .catch(() => undefined);

void initI18n().then(() => {
  bootShell();
  const root = createRoot(document.getElementById('root')!);
  // A transition lets React yield while it builds the first screen: no long task on slow phones.
  startTransition(() => {
    root.render(
      <StrictMode>
        <I18nextProvider i18n={i18next}>
          <AppRouter />
        </I18nextProvider>
      </StrictMode>,
    );
  });
});
