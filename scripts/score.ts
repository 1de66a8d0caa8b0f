// npm run --silent score < sheets.json
// The scoring engine on the command line (docs/scoring-rules.md §9): one JSON score sheet, or an array of
// them, on standard input; the result, or an array of results in the same order, as JSON on standard output.
// An invalid sheet gives { "error": "<message naming the field>" } in its place and the exit code 1; invalid
// JSON gives one error object and exit code 1; otherwise the exit code is 0.
import { ScoringError, scoreSheet } from '../src/shared/scoring/index.ts'

type Output = ReturnType<typeof scoreSheet> | { error: string }

function scoreOne(sheet: unknown): Output {
  try {
    return scoreSheet(sheet)
  } catch (error) {
    if (error instanceof ScoringError) return { error: error.message }
    return { error: `internal error: ${error instanceof Error ? error.message : String(error)}` }
  }
}

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = []
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks).toString('utf8')
}

function main(text: string): { output: Output | Output[]; ok: boolean } {
  let input: unknown
  try {
    input = JSON.parse(text)
  } catch (error) {
    return { output: { error: `invalid JSON: ${(error as Error).message}` }, ok: false }
  }
  const output = Array.isArray(input) ? input.map(scoreOne) : scoreOne(input)
  const ok = (Array.isArray(output) ? output : [output]).every((item) => !('error' in item))
  return { output, ok }
}

const { output, ok } = main(await readStdin())
process.stdout.write(`${JSON.stringify(output, null, 2)}\n`)
process.exitCode = ok ? 0 : 1
