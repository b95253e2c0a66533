import 'bootstrap/dist/css/bootstrap.min.css';
import 'bootstrap-icons/font/bootstrap-icons.min.css';
import '@fontsource/noto-sans-thai/400.css';
import '@fontsource/noto-sans-thai/700.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './app/shell.css';
import App from './app/App.tsx';
import { initI18n } from './i18n/index.ts';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');

// Restore a signed-in user right away, so the session is known on every screen. Firebase
// loads in its own chunk, next to the first render rather than before it.
void import('./auth/index.ts').then((auth) => auth.startAuth()).catch(() => {});
void import('./firmware/index.ts').then((f) => f.startFirmware());

void initI18n().then(() => {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
