import { useState } from 'react'
import type { EntryRow, PendingRow } from './local-keys'

/**
 * An open editor nobody has typed in shows the server's text as it changes: a colleague's save
 * that the desk's poll brings in (docs/decisions/049, "Claims and live saves") replaces the text
 * shown, so what is typed next starts from it. Once typed in, the editor keeps its text; an
 * unsaved edit meets a newer save as a conflict instead.
 */
export function useFollowServerValue(
  entry: Pick<EntryRow, 'stamp' | 'target'>,
  pending: PendingRow | undefined,
  value: string,
  setValue: (value: string) => void,
) {
  const [seen, setSeen] = useState({ stamp: entry.stamp, target: entry.target })
  if (entry.stamp !== seen.stamp || entry.target !== seen.target) {
    setSeen({ stamp: entry.stamp, target: entry.target })
    if (!pending && value === (seen.target ?? '')) setValue(entry.target ?? '')
  }
}
