import { defineRecipe, defineSlotRecipe } from '@pandacss/dev'

// What every screen repeats, styled once (decision 025). Variants are chosen at run time
// (`button({ variant })`), so every variant is generated (staticCss), not only those Panda
// finds written out literally.

export const button = defineRecipe({
  className: 'button',
  description: 'Buttons and button-styled links',
  base: {
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    gap: '2',
    borderRadius: 'control',
    cursor: 'pointer',
    border: '1px solid transparent',
    fontWeight: 'semibold',
    textDecoration: 'none',
    textAlign: 'center',
    _disabled: { opacity: 0.6, cursor: 'not-allowed' },
    '&[aria-busy=true]': { cursor: 'progress' },
  },
  variants: {
    variant: {
      primary: { bg: 'accent', color: 'white', '&:hover:not(:disabled)': { bg: 'accent.hover' } },
      secondary: { bg: 'bg', color: 'accent', borderColor: 'accent', '&:hover:not(:disabled)': { bg: 'bg.subtle' } },
      danger: { bg: 'danger.700', color: 'white', '&:hover:not(:disabled)': { bg: 'oak.900' } },
      ghost: { bg: 'transparent', color: 'accent', '&:hover:not(:disabled)': { bg: 'bg.subtle' } },
    },
    size: {
      sm: { minH: '8', px: '3', py: '1', fontSize: 'sm' },
      md: { minH: '10', px: '4', py: '2' },
      lg: { minH: '12', px: '6', py: '3', fontSize: 'lg' },
    },
  },
  defaultVariants: { variant: 'primary', size: 'md' },
  staticCss: ['*'],
})

/** Text inputs, selects' triggers and textareas look alike. */
export const input = defineRecipe({
  className: 'input',
  description: 'Text input, select trigger and textarea',
  base: {
    border: '1px solid',
    borderColor: 'border',
    borderRadius: 'control',
    px: '3',
    py: '2',
    bg: 'bg',
    color: 'fg',
    w: 'full',
    minW: '0',
    minH: '10',
    textAlign: 'start',
    _disabled: { bg: 'bg.subtle', cursor: 'not-allowed', opacity: 0.7 },
    '&[aria-invalid=true], &[data-invalid]': { borderColor: 'danger.700', borderWidth: '2px' },
    _placeholder: { color: 'fg.muted' },
  },
  variants: {
    kind: {
      text: {},
      select: { display: 'inline-flex', alignItems: 'center', justifyContent: 'space-between', gap: '2', cursor: 'pointer' },
      textarea: { minH: '24', resize: 'vertical' },
    },
  },
  defaultVariants: { kind: 'text' },
  staticCss: ['*'],
})

/** A labelled control: label with required mark, hint under it, the problem under that. */
export const field = defineSlotRecipe({
  className: 'field',
  description: 'Label, hint and error around a control',
  slots: ['root', 'label', 'required', 'hint', 'error'],
  base: {
    root: { display: 'grid', gap: '1', minW: '0', alignContent: 'start' },
    label: { fontWeight: 'medium', display: 'inline-flex', gap: '1', alignItems: 'baseline' },
    required: { color: 'danger.700' },
    hint: { color: 'fg.muted', fontSize: 'sm' },
    error: { color: 'danger.700', fontSize: 'sm', fontWeight: 'medium', overflowWrap: 'anywhere' },
  },
  staticCss: ['*'],
})

export const card = defineRecipe({
  className: 'card',
  description: 'A framed section of a page',
  base: {
    display: 'grid',
    gap: '3',
    alignContent: 'start',
    minW: '0',
    borderRadius: 'card',
    p: { base: '4', md: '6' },
    border: '1px solid',
    borderColor: 'border',
  },
  variants: { tone: { subtle: { bg: 'bg.subtle' }, plain: { bg: 'bg' } } },
  defaultVariants: { tone: 'subtle' },
  staticCss: ['*'],
})

export const table = defineSlotRecipe({
  className: 'table',
  description: 'A data table in a horizontally scrolling frame',
  slots: ['frame', 'root', 'caption', 'head', 'cell'],
  base: {
    frame: { overflowX: 'auto', minW: '0' },
    root: { borderCollapse: 'collapse', w: 'full' },
    caption: { textAlign: 'start', fontWeight: 'semibold', pb: '1' },
    head: { textAlign: 'start', fontWeight: 'semibold', px: '2', py: '1', borderBottom: '2px solid', borderColor: 'border' },
    cell: { textAlign: 'start', px: '2', py: '1', borderBottom: '1px solid', borderColor: 'border' },
  },
  variants: { size: { sm: { root: { fontSize: 'sm' } }, md: {} } },
  defaultVariants: { size: 'md' },
  staticCss: ['*'],
})

export const pageHeader = defineSlotRecipe({
  className: 'page-header',
  description: 'The page title, its intro line and actions',
  slots: ['root', 'title', 'subtitle', 'intro'],
  base: {
    root: { display: 'grid', gap: '2', minW: '0' },
    title: { fontSize: { base: 'xl', md: '2xl' }, fontWeight: 'bold', overflowWrap: 'anywhere' },
    subtitle: { fontSize: 'lg', fontWeight: 'semibold' },
    intro: { color: 'fg.muted' },
  },
  staticCss: ['*'],
})

export const recipes = { button, input, card }
export const slotRecipes = { field, table, pageHeader }
