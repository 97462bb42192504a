/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Set at build time to tell builds apart (the update prompt's tests); defaults to the version. */
  readonly VITE_BUILD_ID?: string
}
