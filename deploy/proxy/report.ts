// The summary `npm run proxy:check` prints at the end: notes, tables and checks in order, each
// check passed or failed with what was seen.
type Entry = { kind: 'note' | 'table'; text: string } | { kind: 'check'; name: string; ok: boolean; detail: string }

export class Report {
  private readonly entries: Entry[] = []
  private failed = false

  get passed(): boolean {
    return !this.failed
  }

  note(text: string): void {
    this.entries.push({ kind: 'note', text })
    console.log(`[proxy:check] ${text}`)
  }

  table(text: string): void {
    this.entries.push({ kind: 'table', text })
  }

  check(name: string, ok: boolean, detail = ''): void {
    this.entries.push({ kind: 'check', name, ok, detail })
    console.log(`[proxy:check] ${ok ? 'ok' : 'FAILED'}: ${name}`)
    if (!ok) this.failed = true
  }

  /** A failure that is not a check of its own (a step that threw). */
  fail(problem: string): void {
    this.check('the run', false, problem)
  }

  print(): void {
    console.log('\nProxy check (deploy/proxy/haproxy.cfg in front of two portal servers)')
    for (const entry of this.entries) {
      if (entry.kind === 'check') console.log(`  ${entry.ok ? '✔' : '✘'} ${entry.name}${entry.detail ? ` — ${entry.detail}` : ''}`)
      else if (entry.kind === 'note') console.log(`  · ${entry.text}`)
      else console.log(`\n${entry.text}\n`)
    }
    const checks = this.entries.filter((entry) => entry.kind === 'check')
    const failures = checks.filter((entry) => !entry.ok).length
    console.log(failures === 0 ? `\nAll ${checks.length} checks passed.` : `\n${failures} of ${checks.length} checks FAILED.`)
  }
}
