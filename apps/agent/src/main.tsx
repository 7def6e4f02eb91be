import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { AppRouter } from './app/router.tsx';
import { routeTable } from './app/routes.tsx';
import { bootShell } from './app/shell/app-shell.tsx';
import { i18next, initI18n } from './lib/i18n.ts';
import './index.css';

/**
 * The start runs in three tasks, not one: on a slow phone evaluating the entry (React's ~200 KB) is
 * already a long task, and the route's preload links and the first render each add tens of ms to
 * it; split, the main thread answers input and paints between them (Lighthouse's blocking time).
 */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

// Fetch the current page's chunk while the shell starts, instead of after its first render.
void nextTask().then(() =>
  routeTable
    .find((route) => route.path === window.location.pathname)
    ?.load()
    .catch(() => undefined),
);

void (async () => {
  await initI18n();
  bootShell();
  await nextTask();
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
})();
