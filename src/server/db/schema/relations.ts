import { relations } from 'drizzle-orm'
import { catalogueNodes, articleUnits } from './catalogue'
import { companies, companyLines } from './companies'
import { deliveryAddresses } from './delivery'
import { materials, productionLines } from './lines'
import { basketHistory, baskets } from './orders'
import { priceLogRows, priceLogs } from './prices'
import { texts, translations } from './translation'
import { userGroups, users } from './users'

// Relations for db.query.*.findMany({ with }); they add no SQL constraints.

export const companiesRelations = relations(companies, ({ one, many }) => ({
  parent: one(companies, { fields: [companies.parentId], references: [companies.id], relationName: 'company_parent' }),
  children: many(companies, { relationName: 'company_parent' }),
  lastLine: one(productionLines, { fields: [companies.lastLineId], references: [productionLines.id] }),
  lines: many(companyLines),
  users: many(users),
  deliveryAddresses: many(deliveryAddresses),
  baskets: many(baskets),
}))

export const companyLinesRelations = relations(companyLines, ({ one }) => ({
  company: one(companies, { fields: [companyLines.companyId], references: [companies.id] }),
  line: one(productionLines, { fields: [companyLines.lineId], references: [productionLines.id] }),
}))

export const productionLinesRelations = relations(productionLines, ({ many }) => ({
  materials: many(materials),
  companyLines: many(companyLines),
}))

export const materialsRelations = relations(materials, ({ one }) => ({
  line: one(productionLines, { fields: [materials.lineId], references: [productionLines.id] }),
}))

export const deliveryAddressesRelations = relations(deliveryAddresses, ({ one }) => ({
  company: one(companies, { fields: [deliveryAddresses.companyId], references: [companies.id] }),
}))

export const usersRelations = relations(users, ({ one, many }) => ({
  company: one(companies, { fields: [users.companyId], references: [companies.id] }),
  lastLine: one(productionLines, { fields: [users.lastLineId], references: [productionLines.id] }),
  groups: many(userGroups),
}))

export const userGroupsRelations = relations(userGroups, ({ one }) => ({
  user: one(users, { fields: [userGroups.userId], references: [users.id] }),
}))

export const basketsRelations = relations(baskets, ({ one, many }) => ({
  company: one(companies, { fields: [baskets.companyId], references: [companies.id] }),
  line: one(productionLines, { fields: [baskets.lineId], references: [productionLines.id] }),
  placedBy: one(users, { fields: [baskets.placedByUserId], references: [users.id] }),
  history: many(basketHistory),
}))

export const basketHistoryRelations = relations(basketHistory, ({ one }) => ({
  basket: one(baskets, { fields: [basketHistory.basketId], references: [baskets.id] }),
}))

export const priceLogsRelations = relations(priceLogs, ({ one, many }) => ({
  company: one(companies, { fields: [priceLogs.companyId], references: [companies.id] }),
  contact: one(users, { fields: [priceLogs.contactUserId], references: [users.id] }),
  rows: many(priceLogRows),
}))

export const priceLogRowsRelations = relations(priceLogRows, ({ one }) => ({
  priceLog: one(priceLogs, { fields: [priceLogRows.priceLogId], references: [priceLogs.id] }),
}))

export const textsRelations = relations(texts, ({ many }) => ({
  translations: many(translations),
}))

export const translationsRelations = relations(translations, ({ one }) => ({
  text: one(texts, { fields: [translations.textId], references: [texts.id] }),
}))

export const catalogueNodesRelations = relations(catalogueNodes, ({ one, many }) => ({
  parent: one(catalogueNodes, {
    fields: [catalogueNodes.parentId],
    references: [catalogueNodes.id],
    relationName: 'catalogue_parent',
  }),
  children: many(catalogueNodes, { relationName: 'catalogue_parent' }),
  label: one(texts, { fields: [catalogueNodes.labelTextId], references: [texts.id] }),
  units: many(articleUnits),
}))

export const articleUnitsRelations = relations(articleUnits, ({ one, many }) => ({
  article: one(catalogueNodes, { fields: [articleUnits.articleId], references: [catalogueNodes.id] }),
  parent: one(articleUnits, {
    fields: [articleUnits.parentUnitId],
    references: [articleUnits.id],
    relationName: 'unit_parent',
  }),
  children: many(articleUnits, { relationName: 'unit_parent' }),
  text: one(texts, { fields: [articleUnits.textId], references: [texts.id] }),
}))
