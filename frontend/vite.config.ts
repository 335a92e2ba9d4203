import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, URL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

// The Rust server (`atelier serve`) listens on 127.0.0.1:8080 by default; in development the
// Vite server forwards the API and the realtime socket to it so cookies stay same-origin.
const backend = 'http://127.0.0.1:8080';

/** Built files this large or larger are precompressed (smaller ones gain nothing). */
const PRECOMPRESS_MIN_BYTES = 1024;

/**
 * Writes `NAME.br` (Brotli, best quality) and `NAME.gz` (gzip, level 9) beside every built
 * JavaScript and CSS file of at least 1 KB, once at build time; the server (web/spa.rs) sends
 * them to browsers that accept that encoding. Node's zlib: no plugin dependency to keep
 * in step with Vite.
 */
function precompress(): Plugin {
  return {
    name: 'atelier:precompress',
    apply: 'build',
    writeBundle(options, bundle) {
      const dir = options.dir ?? 'dist';
      for (const name of Object.keys(bundle)) {
        if (!/\.(js|css)$/.test(name)) continue;
        const path = join(dir, name);
        const data = readFileSync(path);
        if (data.length < PRECOMPRESS_MIN_BYTES) continue;
        const brotli = brotliCompressSync(data, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
          },
        });
        writeFileSync(`${path}.br`, brotli);
        writeFileSync(`${path}.gz`, gzipSync(data, { level: 9 }));
      }
    },
  };
}

export default defineConfig({
  plugins: [react(), tailwindcss(), precompress()],
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
