import type { z } from 'zod'
import type { ToolEntry } from '../../src/server/admin/cli.server'
import { runProcessCommand, type ProcessCommand } from './process-command'

// The operator's commands beside the admin ones (decision 060): `npm run admin -- backup …` and
// its alias `npm run backup -- …` are one command. Each module is loaded when it runs.
function entry<S extends z.ZodType>(name: string, summary: string, load: () => Promise<ProcessCommand<S>>): ToolEntry {
  return { name, summary, run: async (args) => runProcessCommand(await load(), args) }
}

export const PROCESS_COMMANDS: ReadonlyArray<ToolEntry> = [
  entry('backup', 'Back up the embedded database, also while the portal runs (one .tar.gz)', async () => (await import('./backup')).backupCommand),
  entry('restore', 'Restore a backup into a data folder no portal uses', async () => (await import('./restore')).restoreCommand),
  entry('seed', 'Apply the migrations, then load the demo data into an empty database', async () => (await import('./seed')).seedCommand),
  entry(
    'maintenance',
    'Show or change the maintenance settings (login, test login, flash text, shop URL)',
    async () => (await import('./maintenance')).maintenanceCommand,
  ),
]
