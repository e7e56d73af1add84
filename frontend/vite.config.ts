import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// In development the all-in-one server (npm start) answers /api and /ws on port 3000;
// proxying keeps the browser on one origin, exactly as in production.
const backend = 'http://127.0.0.1:3000';

export default defineConfig({
  plugins: [react()],
  build: { outDir: 'dist', emptyOutDir: true },
  server: {
    proxy: {
      '/api': { target: backend, changeOrigin: true },
      '/ws': { target: backend, ws: true, changeOrigin: true },
    },
  },
});
