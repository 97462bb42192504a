// Everything of the local store that needs Dexie, as one module for store.ts to load on first use.
export { liveQuery } from 'dexie'
export * from './local-store'
export * from './pending-store'
export { savePending } from './save-queue'
export { replayJournal } from './journal-replay'
export * from './queue-file'
export * from './glossary-store'
export * from './review-queue'
