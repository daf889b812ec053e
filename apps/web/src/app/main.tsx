import '../index.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { getLanguage, loadEnglish } from '../lib/i18n';
import { registerServiceWorker } from '../lib/pwa';
import { Providers } from './providers';

function render() {
  const root = document.getElementById('root');
  if (!root) return;
  createRoot(root).render(
    <StrictMode>
      <Providers />
    </StrictMode>,
  );
}

// In English, the server's texts' dictionary comes first (its own chunk); in French it is never loaded.
if (getLanguage() === 'en') loadEnglish().then(render, render);
else render();

registerServiceWorker();
