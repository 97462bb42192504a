import { resolve } from 'node:path'
import { env } from '../env.server'

// Upload bodies are spooled under DATA_DIR (not the shared system temp folder), so the next
// start of this instance can remove what a killed process left without touching another's.
export function spoolRoot(): string {
  return resolve(env().DATA_DIR, 'spool')
}
