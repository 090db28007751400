import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { bootstrapUsedOnlyPlugin } from './scripts/bootstrap-used-only.mjs';
import { precompressFolder } from './scripts/precompress.mjs';

const outDir = fileURLToPath(new URL('./dist/web', import.meta.url));
const webSource = fileURLToPath(new URL('./src/web', import.meta.url));

/** Brotli and gzip copies of the built files, for the server to send as they are. */
const precompress = (): Plugin => ({
  name: 'schoolyard-precompress',
  apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
  async closeBundle() {
    await precompressFolder(outDir);
  },
});

/**
 * The built app runs on Preact's React compatibility layer, in the browser and in server rendering
 * alike (docs/decisions/0035-lean-public-pages.md): the same components, hooks and libraries, at a
 * sixth of react-dom's size. The dev server and the component tests run React itself.
 */
const PREACT_FOR_REACT = [
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom\/server$/, replacement: 'preact/compat/server' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react$/, replacement: 'preact/compat' },
];

/**
 * The React app: source in src/web, built into dist/web, which the server serves; and its server
 * rendering (`vite build --ssr`, entry-server.tsx) into dist/ssr, which the server loads.
 */
export default defineConfig(({ isSsrBuild, command }) => ({
  resolve: command === 'build' ? { alias: PREACT_FOR_REACT } : {},
  // The server rendering bundle holds its libraries, so that they too render with Preact.
  ssr: isSsrBuild ? { noExternal: true } : {},
  root: 'src/web',
  publicDir: 'public',
  plugins: [react(), bootstrapUsedOnlyPlugin(webSource), precompress()],
  build: {
    outDir: '../../dist/web',
    emptyOutDir: true,
    sourcemap: true,
  },
  server: {
    port: 5173,
    proxy: {
      '/api': 'http://localhost:3001',
      '/uploads': 'http://localhost:3001',
    },
  },
}));
