import { type FormEvent, useMemo, useState } from 'react'
import { scoreText } from '#shared/measurements/display.ts'
import { getChart, type System } from '#shared/scoring/index.ts'
import { CATEGORY_LABELS } from '#shared/species/category-labels.ts'
import type { Species } from '#shared/species/types.ts'
import { CalculatorControls, type Option } from './calculator-controls.tsx'
import {
  type CalculatorForm,
  EMPTY_FORM,
  errorField,
  type FieldErrors,
  fieldErrors,
  hasEntries,
  listTotal,
  SIDE_NAMES,
  SIDES,
  type Side,
  scoreForm,
  spreadCreditText,
  visibleRows,
} from './calculator-form.ts'
import { ChartTable } from './chart-table.tsx'
import { useCalculatorFields } from './field-context.tsx'
import { LengthList } from './length-lists.tsx'
import { engineForm, metricEntryError } from './metric-entries.ts'
import { NoChartCard } from './no-chart-card.tsx'
import { ScoreBreakdown } from './score-breakdown.tsx'
import { ScoreSummary, scoreName } from './score-summary.tsx'
import { SingleFields } from './single-fields.tsx'

/**
 * The score calculator of a species' detail: its record-book charts (or fish formulas), laid out like the paper
 * chart, scored live by the shared engine as the user types.
 */
export function ScoreCalculator({ species }: { species: Species }) {
  return (
    <section
      aria-labelledby="calc-title"
      className="grid gap-5 sm:rounded-2xl sm:border sm:border-stone-200 sm:bg-stone-100/60 sm:p-6"
    >
      <div>
        <h2 id="calc-title" className="text-2xl font-bold text-stone-900">
          Score calculator
        </h2>
        {species.fishFormulas && species.fishFormulas.length > 0 ? (
          <p className="mt-1 max-w-3xl text-sm text-stone-700">
            Type the length and girth in inches: <span className="font-mono">31</span>,{' '}
            <span className="font-mono">31.5</span>, <span className="font-mono">31 1/2</span> and{' '}
            <span className="font-mono">31½</span> all work. The estimated weight updates as you type.
          </p>
        ) : species.scoringCategories.length > 0 ? (
          <p className="mt-1 max-w-3xl text-sm text-stone-700">
            Type each measurement in inches as you read it off the tape: <span className="font-mono">24 2/8</span>,{' '}
            <span className="font-mono">24-2</span>, <span className="font-mono">24.25</span> and{' '}
            <span className="font-mono">24¼</span> all work. Leave a missing point blank; it counts 0. The totals update
            as you type.
          </p>
        ) : null}
      </div>
      {species.fishFormulas && species.fishFormulas.length > 0 ? (
        <Calculator
          species={species}
          categories={species.fishFormulas.map((f) => ({ value: f.id, label: f.label }))}
          fish
        />
      ) : species.scoringCategories.length > 0 ? (
        <Calculator
          species={species}
          categories={species.scoringCategories.map((c) => ({ value: c, label: CATEGORY_LABELS[c] }))}
        />
      ) : (
        <NoChartCard species={species} />
      )}
    </section>
  )
}

function Calculator({ species, categories, fish = false }: { species: Species; categories: Option[]; fish?: boolean }) {
  const [sheet, setSheet] = useState<SheetState>(() => emptySheet(categories))
  return <CalculatorSheet species={species} categories={categories} fish={fish} value={sheet} onChange={setSheet} />
}

/** What the calculator holds: the chart (or fish formula), the system chosen, and the text typed. */
export type SheetState = { category: string; system: System | undefined; form: CalculatorForm }

export const emptySheet = (categories: readonly Option[]): SheetState => ({
  category: categories[0]?.value ?? '',
  system: undefined,
  form: EMPTY_FORM,
})

/** The system a sheet is scored with: the one chosen when its chart offers it, else the chart's own. */
export function sheetSystem(sheet: SheetState): System {
  const chart = getChart(sheet.category)
  return sheet.system && chart.systems.includes(sheet.system) ? sheet.system : chart.system
}

type SheetProps = {
  species: Species
  categories: Option[]
  fish?: boolean
  value: SheetState
  /** Receives an update of the state (like a state setter), so several quick changes never undo each other. */
  onChange: (update: (sheet: SheetState) => SheetState) => void
  /** 'dialog': one column, no sticky score bar and no <form> of its own (the dialog around it is the form). */
  layout?: 'page' | 'dialog'
  /** Messages found on saving (or by the server), by field id; shown beside the entries like the live ones. */
  extraErrors?: FieldErrors
}

/** The calculator with its state held by the caller: the species page keeps it, the add-measurement dialog too. */
export function CalculatorSheet(props: SheetProps) {
  const { species, categories, fish = false, value, onChange, layout = 'page', extraErrors } = props
  const { category, form } = value
  const setCategory = (next: string) => onChange((s) => ({ ...s, category: next }))
  const setSystem = (next: System) => onChange((s) => ({ ...s, system: next }))
  const setForm = (update: (f: CalculatorForm) => CalculatorForm) => onChange((s) => ({ ...s, form: update(s.form) }))

  const system = sheetSystem(value)
  const chart = useMemo(() => getChart(category, system), [category, system])
  const { units = 'imperial' } = useCalculatorFields()
  const errors = useMemo(
    () => fieldErrors(chart, form, units === 'metric' ? metricEntryError : undefined),
    [chart, form, units],
  )
  const shownErrors = useMemo(() => ({ ...extraErrors, ...errors }), [extraErrors, errors])
  const entered = hasEntries(form)
  const trophyWeightLbs = fish ? species.trophyWeightLbs : undefined
  const attempt = useMemo(
    () => (entered ? scoreForm(chart, system, engineForm(chart, form, units), errors, trophyWeightLbs) : undefined),
    [chart, system, form, errors, entered, trophyWeightLbs, units],
  )
  const result = attempt?.ok ? attempt.result : undefined
  const message = !attempt
    ? 'Enter measurements to see the score.'
    : attempt.ok
      ? ''
      : engineMessage(chart, attempt.error)
  const formula = fish ? species.fishFormulas?.find((f) => f.id === category) : undefined
  const dialog = layout === 'dialog'
  const Sheet = dialog ? 'div' : 'form'

  const setSingle = (key: string, value: string) => setForm((f) => ({ ...f, single: { ...f.single, [key]: value } }))
  const setSideRow = (side: Side, key: string, value: string) =>
    setForm((f) => ({ ...f, [side]: { ...f[side], rows: { ...f[side].rows, [key]: value } } }))
  const setSideList = (side: Side, key: string, values: string[]) =>
    setForm((f) => ({ ...f, [side]: { ...f[side], lists: { ...f[side].lists, [key]: values } } }))
  const setSingleList = (key: string, values: string[]) =>
    setForm((f) => ({ ...f, singleLists: { ...f.singleLists, [key]: values } }))

  const spreadRows = visibleRows(chart.spreadRows)
  const singleRows = visibleRows(chart.singleRows)
  const creditedSpread = spreadRows.find((row) => row.scored)
  const credit = spreadCreditText(chart, result)
  const spreadNotes = creditedSpread && credit ? { [creditedSpread.key]: `Spread credit: ${credit}` } : {}

  return (
    <>
      <CalculatorControls
        chooserLabel={fish ? 'Formula' : 'Category'}
        options={categories}
        value={category}
        onValueChange={setCategory}
        systems={chart.systems}
        system={system}
        onSystemChange={setSystem}
        onClear={() => setForm(() => EMPTY_FORM)}
      />

      {formula ? (
        <div className="rounded-xl border border-amber-200 bg-amber-50 p-4 text-sm text-amber-950">
          <p>{formula.note}</p>
          <p className="mt-1 font-semibold">
            An estimate, not a scale weight: expect it to be off by about ±10%. Weigh the fish on a certified scale for
            a record.
          </p>
        </div>
      ) : null}

      {result && chart.sideRows.length > 0 && !dialog ? (
        <p
          className="sticky top-16 z-20 -mx-1 flex items-baseline justify-between gap-3 rounded-xl bg-pine-900 px-4 py-2.5 text-white shadow-md lg:hidden"
          aria-hidden="true"
        >
          <span className="text-sm text-pine-100">{scoreName(chart)}</span>
          <span className="text-xl font-extrabold tabular-nums">{scoreText(result, units)}</span>
        </p>
      ) : null}

      <div className={dialog ? 'grid gap-5' : 'grid gap-5 lg:grid-cols-[minmax(0,1fr)_20rem] lg:items-start'}>
        <Sheet
          {...(dialog ? { role: 'group' } : { onSubmit: (event: FormEvent) => event.preventDefault() })}
          aria-label={`${chart.name} score chart`}
          className="grid gap-5 rounded-2xl border border-stone-200 bg-white p-3 shadow-sm sm:p-5"
        >
          <h3 className="text-lg font-bold text-stone-900">{chart.name}</h3>
          {spreadRows.length > 0 ? (
            <SingleFields
              rows={spreadRows}
              values={form.single}
              errors={shownErrors}
              notes={spreadNotes}
              onChange={setSingle}
            />
          ) : null}
          {chart.sideRows.length > 0 ? (
            <ChartTable chart={chart} form={form} errors={shownErrors} result={result} onChange={setSideRow} />
          ) : null}
          {chart.sideLists.map((list) => (
            <LengthList
              key={list.key}
              list={list}
              errors={shownErrors}
              columns={SIDES.map((side) => ({
                prefix: `${side}.${list.key}`,
                sideName: SIDE_NAMES[side],
                values: form[side].lists[list.key] ?? [],
                total: listTotal(chart, result, list, side),
                onChange: (values: string[]) => setSideList(side, list.key, values),
              }))}
            />
          ))}
          {singleRows.length > 0 ? (
            <SingleFields rows={singleRows} values={form.single} errors={shownErrors} onChange={setSingle} />
          ) : null}
          {chart.singleLists.map((list) => (
            <LengthList
              key={list.key}
              list={list}
              errors={shownErrors}
              columns={[
                {
                  prefix: list.key,
                  sideName: '',
                  values: form.singleLists[list.key] ?? [],
                  total: listTotal(chart, result, list),
                  onChange: (values: string[]) => setSingleList(list.key, values),
                },
              ]}
            />
          ))}
          {Object.keys(errors).length > 0 ? (
            <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm font-medium text-red-800">
              Entries that cannot be read are left out of the totals until they are fixed.
            </p>
          ) : null}
          <div>
            <h4 className="text-sm font-semibold text-stone-900">
              {fish ? 'How the estimate works' : 'How this chart is scored'}
            </h4>
            <ul className="mt-1.5 grid list-disc gap-1 pl-5 text-sm text-stone-700">
              {chart.notes.map((note) => (
                <li key={note}>{note}</li>
              ))}
            </ul>
          </div>
        </Sheet>
        <div className={dialog ? 'grid gap-5' : 'grid gap-5 lg:sticky lg:top-20'}>
          <ScoreSummary
            chart={chart}
            result={result}
            message={message}
            trophyWeightLbs={trophyWeightLbs}
            trophyWeightNote={fish ? species.trophyWeightNote : undefined}
          />
          <p aria-live="polite" className="sr-only">
            {result ? `${scoreName(chart)}: ${scoreText(result, units)}` : ''}
          </p>
        </div>
      </div>
      {result ? <ScoreBreakdown result={result} /> : null}
    </>
  )
}

/** The engine's message without its field path, named by the chart's label where it names a field. */
function engineMessage(
  chart: ReturnType<typeof getChart>,
  error: { message: string; field: string; path: readonly (string | number)[] },
): string {
  const detail =
    error.field && error.message.startsWith(`${error.field}: `)
      ? error.message.slice(error.field.length + 2)
      : error.message
  const key = errorField(error.path)
  const row = [...chart.spreadRows, ...chart.singleRows].find((r) => r.key === key)
  return row ? `${row.label}: ${detail}` : detail
}
