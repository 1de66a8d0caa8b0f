import { formatLength, formatUncertainty } from '#client/lib/units.ts'
import { notationOf } from '#shared/measurements/display.ts'
import type { Measurement, PhotoMethod, UnitSystem } from '#shared/schemas/measurements.ts'
import type { Chart } from '#shared/scoring/index.ts'

const QUICK_LABELS: Record<string, string> = {
  lengthIn: 'Length',
  girthIn: 'Girth',
  widthIn: 'Width',
  weightLbs: 'Weight',
}

const REFERENCE_NAMES = { 'credit-card': 'Credit card', quarter: 'Quarter', custom: 'Custom reference' } as const

const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1)

/** Values stored before the plane mode say no method (an old cached copy may still lack it): all were two-point. */
type Method = { method?: PhotoMethod | undefined }

const isPlane = (item: Method) => item.method === 'plane'

/** How one value was scaled, in the member's words. */
export function methodText(item: Method): string {
  return isPlane(item) ? "On the card's plane (four corners)" : 'Two ends of the reference'
}

const PLANE_HOLDS =
  'the camera could be at an angle, but the animal had to lie on the same surface as the card, not below or above it'
const TWO_POINT_HOLDS = 'the reference and the animal had to be in the same plane, with the camera square to them'

/** What the values assume, said for the methods they were measured by. */
export function introText(items: readonly Method[]): string {
  const plane = items.some(isPlane)
  const twoPoint = items.some((item) => !isPlane(item))
  if (plane && twoPoint) {
    return `Each value was scaled by a reference object in the frame, as its row says. On the card's plane, ${PLANE_HOLDS}. With two ends of the reference, ${TWO_POINT_HOLDS}. Each uncertainty comes from how well the points were placed.`
  }
  if (plane) {
    return `Each value was measured on the plane of a credit card in the frame, from its four corners: ${PLANE_HOLDS}. The uncertainty comes from how well the corners and the points were placed.`
  }
  return `Each value was scaled by two ends of a reference object in the frame. The uncertainty comes from the reference's size in pixels; it holds when ${TWO_POINT_HOLDS}.`
}

/** A form field path (`quick.lengthIn`, `right.G2`, `insideSpread`, `left.abnormal.0`) in words. */
export function fieldLabel(field: string, chart: Chart | null): string {
  const parts = field.split('.')
  const [first = '', second, third] = parts
  if (first === 'quick' && second) return QUICK_LABELS[second] ?? second
  if (QUICK_LABELS[first] && parts.length === 1) {
    const row = chart?.singleRows.find((r) => r.key === first)
    return row?.label ?? QUICK_LABELS[first] ?? first
  }
  if ((first === 'right' || first === 'left') && second) {
    const list = chart?.sideLists.find((l) => l.key === second)
    if (list)
      return `${capital(first)} ${list.label.toLowerCase()}${third !== undefined ? ` ${Number(third) + 1}` : ''}`
    const row = chart?.sideRows.find((r) => r.key === second)
    return `${capital(first)} ${row ? `${row.letter ? `${row.letter} ` : ''}${row.label}` : second}`
  }
  const row = chart && [...chart.spreadRows, ...chart.singleRows].find((r) => r.key === first)
  if (row) return `${row.letter ? `${row.letter} ` : ''}${row.label}`
  const list = chart?.singleLists.find((l) => l.key === first)
  if (list) return `${list.label}${second !== undefined ? ` ${Number(second) + 1}` : ''}`
  return field
}

/** Quick values read in eighths; a chart's fields as its book reads them (sixteenths for skulls and turkey). */
function notationFor(field: string, chart: Chart | null) {
  return field.startsWith('quick.') ? 'eighths' : notationOf(chart?.category)
}

type Props = { items: Measurement['photoMeasurements']; chart: Chart | null; units: UnitSystem }

/** Values measured on the photo, each with its uncertainty, the reference it was scaled by and how. */
export function PhotoMeasurements({ items, chart, units }: Props) {
  return (
    <section
      aria-labelledby="photo-measured-title"
      className="rounded-2xl border border-stone-200 bg-white p-5 shadow-sm sm:p-6"
    >
      <h2 id="photo-measured-title" className="text-xl font-bold text-stone-900">
        Measured on the photo
      </h2>
      <p className="mt-1 text-sm text-stone-700">{introText(items)}</p>
      <div className="mt-4 overflow-x-auto">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Values measured on the photo</caption>
          <thead>
            <tr className="border-b border-stone-200 text-stone-700">
              <th scope="col" className="py-2 pr-3 font-semibold">
                Field
              </th>
              <th scope="col" className="py-2 pr-3 font-semibold">
                Value
              </th>
              <th scope="col" className="py-2 font-semibold">
                How
              </th>
            </tr>
          </thead>
          <tbody>
            {items.map((item, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a field may be measured twice; the order is stored
              <tr key={i} className="border-b border-stone-100 align-top">
                <th scope="row" className="py-2 pr-3 font-medium text-stone-900">
                  {fieldLabel(item.field, chart)}
                </th>
                <td className="py-2 pr-3 whitespace-nowrap text-stone-900 tabular-nums">
                  {formatLength(item.valueIn, units, notationFor(item.field, chart))}{' '}
                  <span className="text-stone-600">
                    {formatUncertainty(item.uncertaintyIn, units, notationFor(item.field, chart))}
                  </span>
                </td>
                <td className="py-2 text-stone-700">
                  {item.mode === 'curve' ? 'Along a curve' : 'Straight'} · {REFERENCE_NAMES[item.reference.kind]}
                  {item.reference.kind === 'custom' ? ` (${formatLength(item.reference.lengthIn, units)})` : ''}
                  <span className="block text-stone-600">{methodText(item)}</span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  )
}
