import { m } from '../../../src/paraglide/messages'
import { css } from '../../../styled-system/css'
import { field as fieldRecipe } from '../../../styled-system/recipes'
import { checkboxBoxClass, checkboxLabelClass } from '../../ui/form/checkbox-input'
import { firstProblemText } from '../../ui/form/form-problem'
import { useFieldContext } from '../../ui/form/form-context'
import { useLocale } from '../../ui/locale'

// The company's production lines: one checkbox per line company info offers (line_choices).

export function LinesField({ choices }: { choices: ReadonlyArray<readonly [number, string]> }) {
  useLocale()
  const field = useFieldContext<number[]>()
  const chosen = new Set(field.state.value)
  const problem = firstProblemText(field.state.meta.errors)
  const classes = fieldRecipe()
  function toggle(id: number, on: boolean) {
    const next = new Set(chosen)
    if (on) next.add(id)
    else next.delete(id)
    field.handleChange(choices.map(([line]) => line).filter((line) => next.has(line)))
  }
  return (
    <fieldset className={css({ border: 'none', p: '0', m: '0', display: 'grid', gap: '2', minW: '0' })} data-field={field.name}>
      <legend className={classes.label}>{m.my_company_field_lines()}</legend>
      {choices.length === 0 ? <p className={css({ color: 'fg.muted' })}>{m.my_company_no_lines()}</p> : null}
      <div className={css({ display: 'flex', flexWrap: 'wrap', columnGap: '5', rowGap: '2' })}>
        {choices.map(([id, name]) => (
          <label key={id} className={checkboxLabelClass}>
            <input
              type="checkbox"
              name={`${field.name}[]`}
              value={String(id)}
              checked={chosen.has(id)}
              onChange={(event) => toggle(id, event.target.checked)}
              onBlur={field.handleBlur}
              aria-invalid={problem !== null ? true : undefined}
              className={checkboxBoxClass}
            />
            <span>{name}</span>
          </label>
        ))}
      </div>
      {problem ? (
        <p role="alert" className={classes.error}>
          {problem}
        </p>
      ) : null}
    </fieldset>
  )
}
