import { defineConfig } from '@pandacss/dev'
import { theme } from './styles/theme'
import { globalCss } from './styles/global'
import { recipes, slotRecipes } from './styles/recipes'

export default defineConfig({
  preflight: true,
  include: ['./app/**/*.{ts,tsx}'],
  exclude: [],
  jsxFramework: 'react',
  outdir: 'styled-system',
  theme: { extend: { ...theme.extend, recipes, slotRecipes } },
  globalCss,
})
