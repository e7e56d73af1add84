import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { App } from './App.tsx';
import { loadSiteSettings } from './app/siteConfig.ts';
import './styles.css';

// a frontend served without the settings in its page asks for them now, beside the page's chunks
void loadSiteSettings();

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

/*
 * The first render is a transition: React builds the page in slices of a few milliseconds and
 * lets the browser paint and answer in between, instead of one long task (Lighthouse's total
 * blocking time on a phone). The shell in index.html stays on screen until it is done.
 * The Redux Provider is not here: it comes with the pages that use the store (app/StoreLayout.tsx).
 */
const app = createRoot(root);
startTransition(() =>
  app.render(
    <StrictMode>
      <BrowserRouter>
        <App />
      </BrowserRouter>
    </StrictMode>,
  ),
);
