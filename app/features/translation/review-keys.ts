import type { DeskKey } from './desk-keys'

// A reviewer's verdicts in the open editor (docs/decisions/049), beside the desk's keys
// (desk-keys.ts, decision 048) but apart from them: only the review part and the shortcuts
// dialog use them, both loaded on first use, so they stay out of a screen's first load (decision 035).
export const REVIEW_KEYS = {
  approve: { combos: [{ alt: true, key: 'Enter' }] },
  sendBack: { combos: [{ alt: true, shift: true, key: 'Enter' }] },
} satisfies Record<string, DeskKey>
