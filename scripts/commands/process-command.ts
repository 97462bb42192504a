import type { ParseArgsConfig } from 'node:util'
import type { z } from 'zod'
import { UsageError, parseOptions } from '../../src/server/admin/command.server'

// A command of `npm run admin` that runs as its own process step (backup, restore, seed,
// maintenance; decision 060): its options go through the registry's one parser (parseOptions:
// node:util's parseArgs, then the command's schema). `--help` or `-h` prints its help; a wrong
// line prints its usage and each problem on a line of its own, exit code 2, nothing changed.
export type ProcessCommand<S extends z.ZodType> = {
  /** The usage line, as its `npm run <name>` alias prints it. */
  usage: string
  /** What `--help` prints. */
  help: string
  options: NonNullable<ParseArgsConfig['options']>
  schema: S
  /** Does the work; answers the exit code. */
  run(values: z.output<S>): Promise<number>
}

export async function runProcessCommand<S extends z.ZodType>(command: ProcessCommand<S>, args: ReadonlyArray<string>): Promise<number> {
  if (args.includes('--help') || args.includes('-h')) {
    console.log(command.help)
    return 0
  }
  let values: z.output<S>
  try {
    values = parseOptions([...args], command.options, command.schema)
  } catch (error) {
    if (!(error instanceof UsageError)) throw error
    console.error(
      `${command.usage}\n${error.message
        .split('\n')
        .map((line) => `  ${line}`)
        .join('\n')}`,
    )
    return 2
  }
  return command.run(values)
}
