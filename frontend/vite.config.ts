import { fileURLToPath, URL } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { compression } from 'vite-plugin-compression2';
import { VitePWA } from 'vite-plugin-pwa';
import { drawIcon, ICONS } from './scripts/icons.mjs';

// The Rust server (`atelier serve`) listens on 127.0.0.1:8080 by default; in development the
// Vite server forwards the API and the realtime socket to it so cookies stay same-origin.
const backend = 'http://127.0.0.1:8080';

/** The app's colours (index.css): zinc-950, the dark ground every screen starts on. */
const GROUND = '#09090b';

/**
 * The icons of scripts/icons.mjs: drawn into every build (`dist/icons/`, so the service worker
 * precaches them) and served by the development server; never files in the repository.
 */
function appIcons(): Plugin {
  let drawn: Map<string, Buffer> | undefined;
  // Drawn once, when first asked for (about a second for all of them).
  const icons = () => (drawn ??= new Map(ICONS.map((spec) => [spec.file, drawIcon(spec)])));
  return {
    name: 'atelier:icons',
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const file = (req.url ?? '').split('?')[0].slice(1);
        const png = ICONS.some((spec) => spec.file === file) ? icons().get(file) : undefined;
        if (!png) return next();
        res.setHeader('Content-Type', 'image/png');
        res.end(png);
      });
    },
    generateBundle() {
      for (const [fileName, source] of icons()) this.emitFile({ type: 'asset', fileName, source });
    },
  };
}

export default defineConfig({
  plugins: [
    react(),
    tailwindcss(),
    appIcons(),
    // The web app manifest (linked from index.html by the plugin) and the service worker:
    // src/sw.ts with this build's file list injected, built to dist/sw.js (issue 21).
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src',
      filename: 'sw.ts',
      // lib/service-worker.ts registers it, in production builds only.
      injectRegister: false,
      manifestFilename: 'manifest.webmanifest',
      manifest: {
        name: 'Atelier',
        short_name: 'Atelier',
        description: 'The creative social and chat platform for creators.',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        theme_color: GROUND,
        background_color: GROUND,
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      includeManifestIcons: false,
      injectManifest: {
        // The shell (the plugin adds the manifest itself): never the `.br` / `.gz` twins the
        // compression below writes beside the files.
        globPatterns: ['**/*.{js,css,html,svg,png}'],
        globIgnores: ['sw.js'],
      },
    }),
    // The server sends these `.br` and `.gz` twins of the built files to browsers that accept
    // them (backend/src/platform/http/spa.rs); files under 1 KB stay as they are.
    compression({ algorithms: ['brotliCompress', 'gzip'], threshold: 1024 }),
  ],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  server: {
    proxy: {
      '/api': { target: backend, changeOrigin: false },
      '/media': { target: backend, changeOrigin: false },
      '/ws': { target: backend, ws: true, changeOrigin: false },
    },
  },
  build: {
    outDir: 'dist',
    assetsDir: 'assets',
  },
});
