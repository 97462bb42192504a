import { AdminFailure, UsageError, type AdminCommand, type AdminContext } from './command.server'

// `npm run admin -- <command> …` (decision 043): one entry point for the operator's commands.
// Exit codes: 0 done, 2 the command line is wrong (nothing was changed), 1 it could not be done.
// A command's module is loaded when it runs: the list and a secret rotation need none of the
// database and mail code (a second at start).
// A command that changes the database (`recorded`) leaves a row in the activity trail when it
// is done: its name and its command line (decision 053).
type Entry = { name: string; summary: string; recorded?: true; load(): Promise<AdminCommand> }

/**
 * A command of the same registry that runs as its own process step (scripts/commands/: backup,
 * restore, seed, maintenance): it parses its own line with the same parser (parseOptions) and
 * prints its own usage, kept as its `npm run <name>` alias always printed it.
 */
export type ToolEntry = { name: string; summary: string; run(args: ReadonlyArray<string>): Promise<number> }

export const COMMANDS: ReadonlyArray<Entry> = [
  {
    name: 'create-staff',
    recorded: true,
    summary: 'Create a staff user in the root company (every group unless --groups)',
    load: async () => (await import('./create-staff.server')).createStaffCommand,
  },
  {
    name: 'reset-password',
    recorded: true,
    summary: "Set a user's password, end their other sessions and lift their login locks",
    load: async () => (await import('./reset-password.server')).resetPasswordCommand,
  },
  {
    name: 'reset-2fa',
    recorded: true,
    summary: "Turn a user's two-factor login off (lost phone and recovery codes)",
    load: async () => (await import('./reset-second-factor.server')).resetSecondFactorCommand,
  },
  {
    name: 'locked',
    summary: 'List the login locks in force (users, addresses, a user from one address)',
    load: async () => (await import('./lock-commands.server')).lockedCommand,
  },
  {
    name: 'unlock',
    summary: 'Lift login locks: of a user, of an address, or all',
    recorded: true,
    load: async () => (await import('./lock-commands.server')).unlockCommand,
  },
  {
    name: 'migrate',
    summary: 'Apply the database migrations of this version, nothing else',
    load: async () => (await import('./migrate.server')).migrateCommand,
  },
  {
    name: 'rotate-jwt-secret',
    summary: 'Sign new tokens with a new secret; the old one stays accepted for a grace period',
    load: async () => (await import('./rotate-secret.server')).rotateSecretCommand,
  },
  {
    name: 'send-outbox',
    recorded: true,
    summary: 'Send the mails that are due now and say what was sent or failed',
    load: async () => (await import('./send-outbox.server')).sendOutboxCommand,
  },
  {
    name: 'activity',
    summary: "Check the activity trail's hash chain (verify) or delete rows past the retention (prune)",
    load: async () => (await import('./activity.server')).activityCommand,
  },
]

const PREFIX = 'npm run admin --'

export function toolHelp(tools: ReadonlyArray<ToolEntry> = []): string {
  const listed = [...COMMANDS, ...tools]
  const width = Math.max(...listed.map((command) => command.name.length))
  return [
    `Usage: ${PREFIX} <command> [options]`,
    '',
    'Commands:',
    ...listed.map((command) => `  ${command.name.padEnd(width)}  ${command.summary}`),
    '',
    `\`${PREFIX} <command> --help\` describes a command and its options.`,
    'The database is the one the server uses: DATABASE_URL, or the embedded one in DATA_DIR.',
    'Exit codes: 0 done; 2 the command line is wrong (nothing was changed); 1 it could not be done.',
  ].join('\n')
}

export function commandHelp(command: AdminCommand): string {
  return `Usage: ${PREFIX} ${command.usage}\n\n${command.help}`
}

const wantsHelp = (args: ReadonlyArray<string>) => args.includes('--help') || args.includes('-h')

/** Runs one command line; answers the exit code. `tools` are the registry's process commands. */
export async function runAdmin(argv: ReadonlyArray<string>, context: AdminContext, tools: ReadonlyArray<ToolEntry> = []): Promise<number> {
  const [name, ...args] = argv
  if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
    const tool = tools.find((entry) => entry.name === args[0])
    if (tool && name !== undefined) return tool.run(['--help'])
    const about = COMMANDS.find((entry) => entry.name === args[0])
    const text = about ? commandHelp(await about.load()) : toolHelp(tools)
    if (name === undefined) {
      context.err(text)
      return 2
    }
    context.out(text)
    return 0
  }
  const tool = tools.find((known) => known.name === name)
  if (tool) return tool.run(args)
  const entry = COMMANDS.find((known) => known.name === name)
  if (!entry) {
    context.err(`admin: there is no command "${name}".\n\n${toolHelp(tools)}`)
    return 2
  }
  const command = await entry.load()
  if (wantsHelp(args)) {
    context.out(commandHelp(command))
    return 0
  }
  try {
    await command.run(args, entry.recorded ? recordedIn(context, command.name, args) : context)
    return 0
  } catch (error) {
    if (error instanceof UsageError) {
      context.err(`admin ${command.name}: ${error.message}\nUsage: ${PREFIX} ${command.usage}\nMore: ${PREFIX} ${command.name} --help`)
      return 2
    }
    context.err(`admin ${command.name}: ${error instanceof AdminFailure ? error.message : `failed: ${error instanceof Error ? error.message : String(error)}`}`)
    return 1
  }
}

/** The context whose database work, once done, appends the command's row to the trail. */
function recordedIn(context: AdminContext, name: string, args: ReadonlyArray<string>): AdminContext {
  return {
    ...context,
    withDatabase: (work) =>
      context.withDatabase(async (database) => {
        const result = await work(database)
        const { recordActivity } = await import('../activity/record.server')
        await recordActivity(database.db, {
          actorUserId: null,
          actingAsUserId: null,
          companyId: null,
          action: `admin.${name}`,
          outcome: 'done',
          target: null,
          changes: null,
          // No command takes a secret on its command line (passwords come from stdin).
          details: { arguments: [...args] },
          address: null,
        })
        return result
      }),
  }
}
