import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { applyRememberedTheme } from './features/settings/store';
import './styles/tokens.css';
import './styles/base.css';

applyRememberedTheme();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
