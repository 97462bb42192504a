// Kinds of catalogue nodes, article unit groups and items, and translatable texts (spec 2, 3).

export const CATALOGUE_NODE_KINDS = ['catalog', 'category', 'article'] as const

export const UNIT_GROUP_KINDS = ['row', 'multirow', 'frame', 'accordion'] as const

export const UNIT_ITEM_KINDS = ['text', 'editbox', 'checkbox', 'combobox', 'sum', 'messagebox', 'tooltip', 'logic'] as const

export const TEXT_KINDS = ['vartext', 'system', 'catalogue', 'article_unit'] as const
