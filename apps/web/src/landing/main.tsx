import '@app/shared/zod-french';
import '../index.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { LandingPage } from './landing-page';

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <LandingPage />
    </StrictMode>,
  );
}
