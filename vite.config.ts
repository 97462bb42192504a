import { paraglideVitePlugin } from '@inlang/paraglide-js'
import { tanstackStart } from '@tanstack/react-start/plugin/vite'
import viteReact from '@vitejs/plugin-react'
import { nitro } from 'nitro/vite'
import { defineConfig } from 'vite'

export default defineConfig({
  server: { port: 3000, host: '127.0.0.1' },
  plugins: [
    paraglideVitePlugin({
      project: './project.inlang',
      outdir: './src/paraglide',
      strategy: ['cookie', 'custom-site', 'baseLocale'],
      emitTsDeclarations: true,
    }),
    tanstackStart({ srcDirectory: 'app' }),
    nitro({
      // PGlite loads its WASM and data files at run time, argon2 its native binary.
      traceDeps: ['@electric-sql/pglite*', '@node-rs/argon2*'],
      plugins: ['./src/server/boot.nitro.ts'],
      // Static assets are gzip- and brotli-compressed at build time and served to browsers
      // that accept them (first-load JS counts on the wire).
      compressPublicAssets: { gzip: true, brotli: true },
    }),
    viteReact(),
  ],
})
