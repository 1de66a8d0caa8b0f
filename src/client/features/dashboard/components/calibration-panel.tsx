import Circle from 'lucide-react/icons/circle'
import CreditCard from 'lucide-react/icons/credit-card'
import Ruler from 'lucide-react/icons/ruler'

/** Spec §2/§9 calibration references. Display only until the measuring tool arrives (DESIGN.md §1). */
const REFERENCES = [
  { name: 'Credit Card', size: '3.37 x 2.13 inches', Icon: CreditCard },
  { name: 'Quarter', size: 'diameter 0.955 inches', Icon: Circle },
  { name: 'Custom', size: 'Enter dimensions', Icon: Ruler },
]

export function CalibrationPanel() {
  return (
    <section
      aria-labelledby="calibration-title"
      className="rounded-2xl border border-stone-200 bg-white p-5 shadow-sm sm:p-6"
    >
      <h2 id="calibration-title" className="text-xl font-bold text-stone-900">
        Calibration
      </h2>
      <p className="mt-1 text-sm text-stone-700">Put one of these in the frame so a photo can be measured to scale.</p>
      <ul className="mt-5 grid gap-3">
        {REFERENCES.map(({ name, size, Icon }) => (
          <li key={name} className="flex items-center gap-3 rounded-xl bg-stone-100 p-3">
            <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-lg bg-white text-pine-800 shadow-xs">
              <Icon className="size-5" aria-hidden="true" />
            </span>
            <span>
              <span className="block font-semibold text-stone-900">{name}</span>
              <span className="block text-sm text-stone-700">{size}</span>
            </span>
          </li>
        ))}
      </ul>
    </section>
  )
}
