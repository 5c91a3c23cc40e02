import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The web's config module: the only place in web/ that reads process.env (the dev server's settings).
const port = Number(process.env.WEB_PORT ?? 5173);
const apiUrl = process.env.API_URL ?? 'http://127.0.0.1:3000';
const proxy = { '/api': { target: apiUrl, changeOrigin: true } };

export default defineConfig(({ command }) => {
  // A build is always a production build, even when the calling process (a test runner) set NODE_ENV=test.
  if (command === 'build') process.env.NODE_ENV = 'production';
  return {
    plugins: [react()],
    server: { port, strictPort: true, host: '127.0.0.1', proxy },
    preview: { port, strictPort: true, host: '127.0.0.1', proxy },
    build: { outDir: 'dist', emptyOutDir: true, sourcemap: true, chunkSizeWarningLimit: 800 },
    // Every JSON module (the message catalogues: each under Vite's 10 kB default) as JSON.parse of a string,
    // which a browser reads faster than the same object as code, before the first paint (bench:web).
    json: { stringify: true, namedExports: false },
  };
});
