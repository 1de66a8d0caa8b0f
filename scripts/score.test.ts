import { spawnSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { WORKED_EXAMPLES } from '../tests/support/worked-examples.ts'

// `npm run --silent score` (docs/scoring-rules.md §9): JSON sheet(s) on stdin, result(s) on stdout, exit 1 on any
// error.

const root = fileURLToPath(new URL('..', import.meta.url))

function score(stdin: string, viaNpm = false) {
  const [command, args] = viaNpm
    ? ['npm', ['run', '--silent', 'score']]
    : [process.execPath, [fileURLToPath(new URL('score.ts', import.meta.url))]]
  const run = spawnSync(command, args, { cwd: root, input: stdin, encoding: 'utf8', timeout: 30_000 })
  return { status: run.status, output: JSON.parse(run.stdout) as unknown }
}

const example = (start: string) => {
  const found = WORKED_EXAMPLES.find((e) => e.name.startsWith(start))
  if (!found) throw new Error(`no worked example ${start}`)
  return found
}

describe('npm run score', () => {
  it('scores one sheet: the whitetail of docs/scoring-rules.md §1.2 nets 152 4/8', () => {
    const { status, output } = score(JSON.stringify(example('docs/scoring-rules.md §1.2 whitetail').sheet), true)
    expect(status).toBe(0)
    expect(output).toMatchObject({
      system: 'bc',
      category: 'whitetail-typical',
      score: 152.5,
      scoreText: '152 4/8',
      gross: 168.125,
      records: { bcAwards: false, bcAllTime: false, py: true },
      trophyClass: 'trophy',
    })
  })

  it('scores an array in order: every worked example, including those of docs/scoring-rules.md', () => {
    const { status, output } = score(JSON.stringify(WORKED_EXAMPLES.map((e) => e.sheet)))
    expect(status).toBe(0)
    expect((output as { scoreText: string }[]).map((r) => r.scoreText)).toEqual(
      WORKED_EXAMPLES.map((e) => e.expected.scoreText),
    )
  })

  it('puts an error naming the field in place of an invalid sheet and exits 1', () => {
    const sheets = [
      example('docs/scoring-rules.md §4 turkey').sheet,
      { system: 'bc', category: 'whitetail-typical', measurements: { right: { G2: 'abc' } } },
      { system: 'nwtf', category: 'whitetail-typical', measurements: {} },
      example('docs/scoring-rules.md §5.1 fish').sheet,
    ]
    const { status, output } = score(JSON.stringify(sheets))
    expect(status).toBe(1)
    expect(output).toMatchObject([
      { scoreText: '92.0625' },
      { error: 'measurements.right.G2: "abc" is not a measurement' },
      { error: 'system: nwtf does not score whitetail-typical; use bc, py or sci (nwtf scores only wild-turkey)' },
      { score: 9.92 },
    ])
  })

  it('answers one invalid sheet with one error object', () => {
    expect(score('{"system":"bc"}')).toEqual({
      status: 1,
      output: { error: 'category: required, e.g. "whitetail-typical"' },
    })
  })

  it('answers invalid JSON with one error object and exit 1', () => {
    const { status, output } = score('{"system": bc')
    expect(status).toBe(1)
    expect(output).toEqual({ error: expect.stringMatching(/^invalid JSON: /) })
  })

  it('answers an empty array with an empty array and exit 0', () => {
    expect(score('[]')).toEqual({ status: 0, output: [] })
  })
})
