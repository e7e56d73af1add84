import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// In development the all-in-one server (npm start) answers /api and /ws on port 3000;
// proxying keeps the browser on one origin, exactly as in production.
const backend = 'http://127.0.0.1:3000';

/*
 * Chunks. Every page is a React.lazy chunk (see src/App.tsx); on top of that the libraries
 * are grouped by who needs them, so that they cache well and load only where used:
 * - vendor: React, react-dom, the router and the toaster — every page needs them;
 * - redux: Redux Toolkit, RTK Query, react-redux, immer, reselect — only the pages inside
 *   StoreLayout (login, panels, landing, status). The visitor key page never loads it: its
 *   budget is 100 KB gzipped and react-dom alone is ~66 KB of that;
 * - store: the product's own store (the API slice, the session, read marks, the socket) —
 *   one chunk beside redux for the same pages, instead of three small ones;
 * - http: the request helpers every page shares (lib/http.ts and contracts' pathOf). The API
 *   slice builds its requests with them too, and a group takes in what its modules import:
 *   without a group of their own they would land in the store chunk, and every page would
 *   load Redux with them.
 * - stored-user: where the session is kept in the browser (features/auth/storedUser.ts), read
 *   by the public pages' header to tell who is signed in; the store's savedSession uses it too,
 *   and without a group it would pull the store (and Redux) into every public page.
 */
const vendor =
  /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|react-hot-toast|goober|cookie|set-cookie-parser)[\\/]/;
const redux =
  /[\\/]node_modules[\\/](@reduxjs[\\/]toolkit|immer|reselect|redux|redux-thunk|react-redux|use-sync-external-store|@standard-schema[\\/]utils)[\\/]/;
const http = /[\\/](frontend[\\/]src[\\/]lib[\\/]http|contracts[\\/]src[\\/]routes[\\/]route)\.ts$/;
const storedUser = /[\\/]frontend[\\/]src[\\/]features[\\/]auth[\\/]storedUser\.ts$/;
const store =
  /[\\/]frontend[\\/]src[\\/](app[\\/]store|features[\\/]api[\\/]apiSlice|features[\\/]auth[\\/](authSlice|sessionEffects|savedSession)|features[\\/]announcements[\\/]readMarksSlice|realtime[\\/]socket)\.ts$/;

export default defineConfig({
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'vendor', test: vendor },
            { name: 'redux', test: redux },
            { name: 'store', test: store },
            { name: 'http', test: http, priority: 1 },
            { name: 'stored-user', test: storedUser, priority: 1 },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      '/api': { target: backend, changeOrigin: true },
      '/ws': { target: backend, ws: true, changeOrigin: true },
    },
  },
});
