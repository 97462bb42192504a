import { paraglideVitePlugin } from '@inlang/paraglide-js'
import { tanstackStart } from '@tanstack/react-start/plugin/vite'
import viteReact from '@vitejs/plugin-react'
import { nitro } from 'nitro/vite'
import { defineConfig, type Plugin } from 'vite'
import { VitePWA } from 'vite-plugin-pwa'

// Build-time settings (not the server's environment): PORTAL_OUTPUT_DIR puts a build somewhere
// else than .output (the update-prompt test builds a second version that way).
const outputDir = process.env.PORTAL_OUTPUT_DIR ?? '.output'
// nitro's own list of server-bundle warnings it leaves out (nitro/dist/_build/common.mjs).
const NITRO_QUIET = new Set(['EVAL', 'CIRCULAR_DEPENDENCY', 'THIS_IS_UNDEFINED', 'EMPTY_BUNDLE'])

/**
 * The chunks every page has loaded before any of its code runs: the client entry and what it
 * imports statically (the root route, React, the router, Query, Panda's runtime …), read from
 * the client bundle once it is made. A dynamic import — a route's code, the user menu, a
 * dialog — lists the chunks the browser should fetch beside it (Vite's preload list,
 * `__vite__mapDeps`); a chunk of this set is loaded already, so naming it again only adds
 * bytes to every page (≈ 3 KB gzip of the root's 147 once were such names).
 */
function alreadyLoaded() {
  const loaded = new Set<string>()
  const plugin: Plugin = {
    name: 'portal:already-loaded-chunks',
    applyToEnvironment: (environment) => environment.name === 'client',
    generateBundle(_options, bundle) {
      const visit = (fileName: string) => {
        const chunk = bundle[fileName]
        if (loaded.has(fileName) || chunk?.type !== 'chunk') return
        loaded.add(fileName)
        chunk.imports.forEach(visit)
      }
      for (const chunk of Object.values(bundle)) if (chunk.type === 'chunk' && chunk.isEntry) visit(chunk.fileName)
    },
  }
  return { plugin, notLoaded: (deps: string[]) => deps.filter((dep) => !loaded.has(dep)) }
}
const entryChunks = alreadyLoaded()

export default defineConfig(({ command }) => ({
  server: { port: 3000, host: '127.0.0.1' },
  // Runs after entryChunks.plugin has read the client bundle (Vite's preload lists are written
  // by one of its last plugins).
  build: { modulePreload: { resolveDependencies: (_file, deps) => entryChunks.notLoaded(deps) } },
  environments: {
    client: {
      build: {
        rolldownOptions: {
          output: {
            codeSplitting: {
              // Everything the client entry imports statically in one chunk beside it.
              groups: [{ name: 'initial', tags: ['$initial'] }],
            },
          },
        },
      },
    },
  },
  plugins: [
    entryChunks.plugin,
    paraglideVitePlugin({
      project: './project.inlang',
      outdir: './src/paraglide',
      strategy: ['cookie', 'custom-site', 'baseLocale'],
      emitTsDeclarations: true,
    }),
    tanstackStart({
      srcDirectory: 'app',
      // A route's loader travels with its component: the loader's imports (query
      // options, server functions, their contracts and zod) leave the root chunk that every page
      // loads, and a route's one chunk is fetched on intent before its loader runs.
      router: {
        codeSplittingOptions: {
          defaultBehavior: [
            ['loader', 'component'],
            ['errorComponent', 'notFoundComponent', 'pendingComponent'],
          ],
        },
      },
    }),
    nitro({
      // PGlite loads its WASM and data files at run time, argon2 and sharp (libvips) their
      // native binaries.
      traceDeps: ['@electric-sql/pglite*', '@node-rs/argon2*', 'sharp', '@img/*'],
      plugins: ['./src/server/boot.nitro.ts'],
      // The built server's own entry: listen, start, serve, stop in that order. The dev
      // server keeps nitro's.
      // A build keeps its intermediate files in this checkout (.nitro/, git-ignored), not in
      // node_modules/.nitro: checkouts sharing one node_modules (git worktrees) would otherwise
      // build from each other's SSR output.
      ...(command === 'build' ? { entry: './src/server/node-entry.ts', buildDir: '.nitro' } : {}),
      // Static assets are gzip- and brotli-compressed at build time and served to browsers
      // that accept them (first-load JS counts on the wire).
      compressPublicAssets: { gzip: true, brotli: true },
      // The server bundle's warnings: nitro's own quiet list, plus React's "use client"
      // directives (Ark UI, TanStack Router: about 230 of them). They mark client components
      // for React Server Components, which this app does not use; bundling them away is
      // harmless, and the list of them hid the first start's banner. Setting onwarn replaces
      // nitro's filter, so its codes are repeated here.
      rolldownConfig: {
        onwarn(warning: { code?: string; message: string }, warn: (warning: never) => void) {
          if (NITRO_QUIET.has(warning.code ?? '')) return
          if (warning.code === 'MODULE_LEVEL_DIRECTIVE' && warning.message.includes('"use client"')) return
          warn(warning as never)
        },
      },
      output: { dir: outputDir },
      // The worker script and manifest are always revalidated (other public files keep
      // nitro's defaults; /assets/ is immutable).
      routeRules: {
        // Static files too (pages and /vue/ set their own security headers).
        '/**': { headers: { 'x-content-type-options': 'nosniff' } },
        '/sw.js': { headers: { 'cache-control': 'no-cache' } },
        '/manifest.webmanifest': { headers: { 'cache-control': 'no-cache' } },
      },
    }),
    viteReact(),
    // The offline shell (docs/decisions/010-offline-shell.md): JS, CSS and static files are
    // precached; pages are network-first with the last copy kept; /offline is the fallback
    // for pages never opened. Nothing of the API or the server functions is cached.
    ...VitePWA({
      strategies: 'generateSW',
      registerType: 'prompt',
      injectRegister: false,
      outDir: `${outputDir}/public`,
      manifest: {
        name: 'Hollerbach Partner Portal',
        short_name: 'Partnerportal',
        lang: 'de',
        start_url: '/',
        display: 'standalone',
        background_color: '#ffffff',
        theme_color: '#573b25',
        icons: [{ src: '/logo.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' }],
      },
      workbox: {
        globDirectory: `${outputDir}/public`,
        globPatterns: ['**/*.{js,css,svg,webmanifest}'],
        globIgnores: ['**/node_modules/**', 'sw.js', 'workbox-*.js'],
        navigateFallback: null,
        cleanupOutdatedCaches: true,
        clientsClaim: true,
        // A new revision per build: the shell page links that build's scripts.
        additionalManifestEntries: [{ url: '/offline', revision: process.env.VITE_BUILD_ID ?? String(Date.now()) }],
        runtimeCaching: [
          {
            urlPattern: ({ request, url }) => request.mode === 'navigate' && !url.pathname.startsWith('/vue/') && !url.pathname.startsWith('/_serverFn'),
            handler: 'NetworkFirst',
            options: {
              cacheName: 'pages',
              networkTimeoutSeconds: 3,
              expiration: { maxEntries: 50 },
              matchOptions: { ignoreVary: true },
              precacheFallback: { fallbackURL: '/offline' },
            },
          },
        ],
      },
      // Only after the client build: nitro then compresses sw.js and records its size; a
      // later rewrite would be served truncated.
    }).map((plugin) =>
      plugin.name === 'vite-plugin-pwa:build' ? { ...plugin, applyToEnvironment: (environment: { name: string }) => environment.name === 'client' } : plugin,
    ),
  ],
}))
