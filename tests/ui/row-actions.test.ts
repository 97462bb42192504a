import { afterEach, describe, expect, it, vi } from 'vitest'
import { baseLocale, overwriteGetLocale } from '../../src/paraglide/runtime'
import { companyRowActions } from '../../app/features/companies/company-row-actions'
import { rowForms, sameOnEveryWidth, type RowAction } from '../../app/ui/row-actions'
import type { CompanyItem } from '../../app/features/companies/tree-model'

// Issue 28 point 5: which actions a list row has, and where they go — buttons from the md
// width up, one menu on a phone when there are two or more.
afterEach(() => overwriteGetLocale(() => baseLocale))

const run = (value: string): RowAction => ({ value, label: value, run: () => undefined })
const values = (actions: ReadonlyArray<RowAction>) => actions.map((action) => action.value)

describe('rowForms', () => {
  it('puts two or more actions in the phone’s menu, all of them, menu-only ones too', () => {
    const actions = [run('edit'), { ...run('mail'), menuOnly: true }]
    const forms = rowForms(actions)
    expect(values(forms.wide)).toEqual(['edit'])
    expect(forms.narrow).toEqual({ menu: true, actions })
    expect(sameOnEveryWidth(forms)).toBe(false)
  })

  it('keeps a single action a button on every width, and none as nothing', () => {
    const forms = rowForms([run('edit')])
    expect(values(forms.wide)).toEqual(['edit'])
    expect(forms.narrow.menu).toBe(false)
    expect(values(forms.narrow.actions)).toEqual(['edit'])
    expect(sameOnEveryWidth(forms)).toBe(true)
    expect(sameOnEveryWidth(rowForms([]))).toBe(true)
  })

  it('shows a lone menu-only action as a button on a phone only', () => {
    const forms = rowForms([{ ...run('mail'), menuOnly: true }])
    expect(forms.wide).toEqual([])
    expect(forms.narrow.menu).toBe(false)
    expect(sameOnEveryWidth(forms)).toBe(false)
  })
})

describe('companyRowActions', () => {
  const item = (id: number): CompanyItem => ({ kind: 'company', value: `c:${id}`, id, label: 'Holz GmbH', company: null, setSize: 1, posInSet: 1, hit: false })

  it('edits the company the tree starts at and browses the others; shop as, contacts and addresses for each', () => {
    overwriteGetLocale(() => 'en')
    const shopAs = vi.fn()
    const own = companyRowActions(item(2), 2, shopAs)
    expect(values(own)).toEqual(['edit', 'shop', 'contacts', 'addresses'])
    expect(own.map((action) => action.named)).toEqual(['Edit Holz GmbH', 'Shop as Holz GmbH', 'Contacts of Holz GmbH', 'Delivery addresses of Holz GmbH'])
    const other = companyRowActions(item(5), 2, shopAs)
    expect(values(other)[0]).toBe('browse')
    const shop = other[1]
    if (!shop || !('run' in shop)) throw new Error('no shop-as action')
    shop.run()
    expect(shopAs).toHaveBeenCalledWith(expect.objectContaining({ id: 5 }))
  })
})
