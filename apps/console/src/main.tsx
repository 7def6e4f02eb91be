import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { AppRouter } from './app/router.tsx';
import { i18next, initI18n } from './lib/i18n.ts';
import './index.css';

void initI18n().then(() => {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <I18nextProvider i18n={i18next}>
        <AppRouter />
      </I18nextProvider>
    </StrictMode>,
  );
});
