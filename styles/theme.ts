import { defineTokens, defineSemanticTokens } from '@pandacss/dev'

// Brand tokens: a dark oak brown and a brass accent, as the supplier's print material uses.
const tokens = defineTokens({
  colors: {
    oak: { 50: { value: '#f7f3ef' }, 100: { value: '#ebe2d8' }, 600: { value: '#6b4a2f' }, 700: { value: '#573b25' }, 900: { value: '#2e1f14' } },
    brass: { 400: { value: '#c9a23f' }, 600: { value: '#94741f' } },
    danger: { 50: { value: '#fdf0ef' }, 700: { value: '#a3231a' } },
    warning: { 100: { value: '#ffe8cc' }, 400: { value: '#f59e0b' }, 700: { value: '#9a4d00' } },
    success: { 50: { value: '#eef8f0' }, 600: { value: '#2f7a3d' } },
  },
  fonts: {
    body: { value: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif' },
  },
  radii: { control: { value: '6px' }, card: { value: '10px' } },
  // The layers the app names (zIndex: 'tooltip'): without these tokens Panda wrote
  // `z-index: tooltip`, which the browser drops, and a tooltip went under a table's sticky
  // header (z-index 1–2). Lowest first.
  zIndex: {
    banner: { value: 10 },
    dropdown: { value: 1000 },
    overlay: { value: 1300 },
    modal: { value: 1400 },
    toast: { value: 1700 },
    tooltip: { value: 1800 },
    skipLink: { value: 1900 },
  },
})

const semanticTokens = defineSemanticTokens({
  colors: {
    fg: { value: '{colors.oak.900}' },
    'fg.muted': { value: '#5c5148' },
    bg: { value: '#ffffff' },
    'bg.subtle': { value: '{colors.oak.50}' },
    accent: { value: '{colors.oak.700}' },
    'accent.hover': { value: '{colors.oak.900}' },
    focus: { value: '{colors.brass.400}' },
    border: { value: '#d6cbc0' },
  },
})

// The loading spinner's turn (reduced motion: global.ts stops animations).
const keyframes = {
  spin: { to: { transform: 'rotate(360deg)' } },
  // The page-change bar: appears after a short wait (no flicker on fast changes), then sweeps.
  appear: { from: { opacity: 0 }, to: { opacity: 1 } },
  sweep: { from: { transform: 'translateX(-100%)' }, to: { transform: 'translateX(250%)' } },
}

export const theme = { extend: { tokens, semanticTokens, keyframes } }
