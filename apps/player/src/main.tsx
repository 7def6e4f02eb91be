import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { AppRouter, preloadRoute } from './app/router.tsx';
import { i18next, initI18n } from './lib/i18n.ts';
import './index.css';

/**
 * The start runs in three tasks, as the agent app's (docs/decisions.md "Agent app: the start in three
 * tasks"): the entry's evaluation with the text catalogue, the first screen's chunk preload, the first
 * render; a slow phone paints and answers input between them.
 */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

// The first screen's code downloads while the catalogue and React start, not after the first render.
void nextTask().then(() => preloadRoute(window.location.pathname));

void (async () => {
  await initI18n();
  await nextTask();
  const root = createRoot(document.getElementById('root')!);
  // A transition lets React yield while it builds the first screen.
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
