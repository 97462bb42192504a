import type { ArticleUnitProps, CatalogueNodeKind, NewArticleUnit, NewCatalogueNode, UnitGroupKind, UnitItemKind } from '../db/schema/index'
import { ARTICLE_FINISHES, CATALOGUES, UNIT_LABELS, type LeafCategory } from './data/catalogue-data'
import { asciiSlug } from './data/people'
import type { Trio } from './data/vartext-vocab'
import type { Random } from './random'
import type { Coverage, TextStore } from './text-store'

export type CatalogueWorld = {
  nodes: NodeRow[]
  units: Array<NewArticleUnit & { id: number }>
}

const LABEL_COVERAGE: Coverage = { de: 0.95, en: 0.75, fr: 0.35 }
const UNIT_COVERAGE: Coverage = { de: 0.9, en: 0.65, fr: 0.3 }
const ARTICLES_PER_LEAF = 4

type Unit = { id: number; tid: string }
type NodeRow = NewCatalogueNode & { id: number; catalogueId: number | null; url: string }
type NodeSpec = { kind: CatalogueNodeKind; label: Trio; url: string; image: string | null; tags: string[] }

/** Catalogue trees (catalog → category → category → article) and the units of each article. */
export function buildCatalogues(random: Random, store: TextStore): CatalogueWorld {
  const nodes: CatalogueWorld['nodes'] = []
  const units: CatalogueWorld['units'] = []
  // The label text's key is the node's place in its catalogue, stable across imports.
  const node = (parent: NodeRow | null, spec: NodeSpec): NodeRow => {
    const root = parent === null ? null : nodes.find((other) => other.id === (parent.catalogueId ?? parent.id))
    const key = root ? `CAT:${root.url}/${spec.url}` : `CAT:${spec.url}`
    const row: NodeRow = {
      id: nodes.length + 1,
      catalogueId: root?.id ?? null,
      parentId: parent?.id ?? null,
      kind: spec.kind,
      name: spec.label[0],
      labelTextId: store.add('catalogue', key, { text: spec.label }, LABEL_COVERAGE),
      image: spec.image,
      url: spec.url,
      t9nTags: spec.tags,
      position: nodes.filter((other) => other.parentId === (parent?.id ?? null)).length,
    }
    nodes.push(row)
    return row
  }
  const image = (slug: string) => `/images/catalog/${slug}.jpg`

  for (const catalogue of CATALOGUES) {
    const tag = catalogue.tag
    const root = node(null, {
      kind: 'catalog',
      label: catalogue.label,
      url: catalogue.slug,
      image: image(catalogue.slug),
      tags: [tag],
    })
    let firstArticle = true
    for (const category of catalogue.categories) {
      const top = node(root, {
        kind: 'category',
        label: category.label,
        url: category.slug,
        image: image(category.slug),
        tags: [tag, category.slug],
      })
      for (const leaf of category.children) {
        const leafUrl = `${category.slug}/${leaf.slug}`
        const sub = node(top, {
          kind: 'category',
          label: leaf.label,
          url: leafUrl,
          image: random.chance(0.7) ? image(leaf.slug) : null,
          tags: [tag, category.slug, leaf.slug],
        })
        const finishes = random.shuffle(ARTICLE_FINISHES).slice(0, ARTICLES_PER_LEAF)
        finishes.forEach(([finishSlug, finish], index) => {
          const code = `${leaf.codePrefix}-${96 + index * 32}`
          const label: Trio = [`${leaf.model[0]} ${code} ${finish[0]}`, `${leaf.model[1]} ${code} ${finish[1]}`, `${leaf.model[2]} ${code} ${finish[2]}`]
          const url = `${leafUrl}/${asciiSlug(`${code}-${finishSlug}`)}`
          const article = node(sub, { kind: 'article', label, url, image: null, tags: [tag, leaf.slug] })
          // The first article of each catalogue shows every group and item kind.
          addUnits(random, store, units, article.id, leaf, code, firstArticle || random.chance(0.75))
          firstArticle = false
        })
      }
    }
  }
  return { nodes, units }
}

function addUnits(
  random: Random,
  store: TextStore,
  units: CatalogueWorld['units'],
  articleId: number,
  leaf: LeafCategory,
  code: string,
  withOptions: boolean,
): void {
  let position = 0
  const shared = (text: Trio) => store.add('article_unit', `AU:${asciiSlug(text[0])}`, { text }, UNIT_COVERAGE)
  const add = (parent: Unit | null, kind: { group: UnitGroupKind } | { item: UnitItemKind }, textId: number | null, props: ArticleUnitProps = {}): Unit => {
    position += 1
    // The article's id in the tid makes it unique across articles, so a dump that names only
    // tids finds its article.
    const unit = { id: units.length + 1, tid: `T${articleId}.${String(position).padStart(3, '0')}` }
    units.push({
      ...unit,
      articleId,
      parentUnitId: parent?.id ?? null,
      groupKind: 'group' in kind ? kind.group : null,
      itemKind: 'item' in kind ? kind.item : null,
      textId,
      position,
      props: textId === null ? props : { t9n: true, ...props },
    })
    return unit
  }

  const frame = add(null, { group: 'frame' }, shared(UNIT_LABELS.dimensions))
  const first = add(frame, { group: 'row' }, null)
  add(first, { item: 'text' }, shared(leaf.dimension))
  const size = random.pick([16, 19, 40, 96, 128, 450, 600])
  const sizeBox = add(first, { item: 'editbox' }, null, { unit: 'mm', min: 1, max: 3000, val: String(size) })
  const second = add(frame, { group: 'row' }, null)
  add(second, { item: 'text' }, shared(UNIT_LABELS.height))
  add(second, { item: 'editbox' }, null, { unit: 'mm', min: 50, max: 2800 })
  add(frame, { item: 'tooltip' }, shared(UNIT_LABELS.sizeHint))

  const items = add(null, { group: 'multirow' }, shared(UNIT_LABELS.items))
  const line = add(items, { group: 'row' }, null)
  const options = random.shuffle(ARTICLE_FINISHES).slice(0, 3)
  for (const [, finish] of options) shared(capitalized(finish))
  add(line, { item: 'combobox' }, shared(UNIT_LABELS.finish), {
    options: options.map(([, finish]) => `AU:${asciiSlug(finish[0])}`),
  })
  add(line, { item: 'checkbox' }, shared(UNIT_LABELS.softClose), { val: 'false' })
  add(line, { item: 'editbox' }, shared(UNIT_LABELS.quantity), { min: 1, max: 999, val: '1' })

  if (withOptions) {
    const more = add(null, { group: 'accordion' }, shared(UNIT_LABELS.options))
    add(more, { item: 'checkbox' }, shared(UNIT_LABELS.preassembled), { val: 'false' })
    const notice = store.add(
      'article_unit',
      `AU:${code}:delivery`,
      {
        text: [
          `Lieferzeit für ${leaf.model[0]} ${code}: {0} Wochen`,
          `Delivery time for ${leaf.model[1]} ${code}: {0} weeks`,
          `Délai de livraison pour ${leaf.model[2]} ${code} : {0} semaines`,
        ],
        description: 'Meldung im Konfigurator',
      },
      UNIT_COVERAGE,
    )
    const message = add(more, { item: 'messagebox' }, notice)
    add(more, { item: 'logic' }, null, { command: `IF ${sizeBox.tid} > ${size * 2} THEN SHOW ${message.tid}` })
    add(more, { item: 'text' }, shared(UNIT_LABELS.drilling))
  }
  add(null, { item: 'sum' }, shared(UNIT_LABELS.total), { val: '0.00' })
}

function capitalized(text: Trio): Trio {
  const upper = (value: string) => value.charAt(0).toUpperCase() + value.slice(1)
  return [upper(text[0]), upper(text[1]), upper(text[2])]
}
