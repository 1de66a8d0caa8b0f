import { describe, expect, it } from 'vitest'
import type { ReferenceKind } from '#shared/measuring/index.ts'
import { calibrationOf, measuredValue, resultOf } from './scale.ts'
import { initialToolState, type ToolAction, type ToolState, toolReducer } from './tool-state.ts'

// The two-point flow: a quarter, a custom length, or a card's two ends. The card's four corners: corners.test.ts.

const run = (state: ToolState, ...actions: ToolAction[]) => actions.reduce(toolReducer, state)
const place = (x: number, y: number): ToolAction => ({ type: 'place', point: { x, y } })
const image = { width: 2000, height: 1500 }

/** The tool on a photo with a card marked by two ends (or another reference). */
function ends(kind: ReferenceKind = 'credit-card', curve = false): ToolState {
  return run(initialToolState(true, kind, curve), { type: 'reference', patch: { cardMode: 'ends' } })
}

describe('measuring tool steps', () => {
  it('starts by asking for a photo when none is given, at the reference otherwise', () => {
    expect(initialToolState(false).step).toBe('photo')
    expect(initialToolState(true, 'quarter').step).toBe('reference')
    expect(initialToolState(true, 'quarter').reference.kind).toBe('quarter')
    expect(initialToolState(true, undefined, true).mode).toBe('curve')
  })

  it('calibrates on a card, measures a straight line and announces each point', () => {
    let s = run(initialToolState(false), { type: 'reference', patch: { cardMode: 'ends' } }, { type: 'photo-ready' })
    s = run(s, place(100, 200))
    expect(s.message).toBe('Reference end 1 placed')
    s = run(s, place(437, 200))
    expect(calibrationOf(s)?.pixelsPerInch).toBeCloseTo(100, 9)
    s = run(s, place(600, 600))
    expect(s.referencePoints).toHaveLength(2)
    expect(s.message).toBe('Both ends are marked: drag one to move it, or undo to mark it again')
    s = run(s, { type: 'to-subject' }, place(250, 800))
    expect(s).toMatchObject({ step: 'subject', message: 'Point 1 placed' })
    s = run(s, place(1750, 800))
    expect(s.step).toBe('result')
    expect(resultOf(s)?.valueIn).toBeCloseTo(15, 9)
  })

  it('does not go on before the reference is marked and its length is valid', () => {
    let s = run(initialToolState(true, 'custom'), place(0, 0), place(500, 0), { type: 'to-subject' })
    expect(s.step).toBe('reference')
    s = run(s, { type: 'reference', patch: { customText: '25.4', customUnit: 'cm' } }, { type: 'to-subject' })
    expect(s.step).toBe('subject')
    expect(calibrationOf(s)?.pixelsPerInch).toBeCloseTo(50, 9)
  })

  it('uses the short edge of the card when chosen', () => {
    const s = run(ends(), { type: 'reference', patch: { edge: 'short' } }, place(0, 0), place(0, 213))
    expect(calibrationOf(s)?.pixelsPerInch).toBeCloseTo(100, 9)
  })

  it('measures a curve when Done, not before two points', () => {
    let s = run(ends(), place(0, 0), place(337, 0), { type: 'to-subject' }, { type: 'mode', mode: 'curve' })
    s = run(s, place(0, 0), { type: 'finish-curve' })
    expect(s.step).toBe('subject')
    s = run(s, place(300, 0), place(300, 400), { type: 'finish-curve' })
    expect(s.step).toBe('result')
    expect(resultOf(s)?.valueIn).toBeCloseTo(7, 9)
  })

  it('undoes, clears and nudges the last point by whole image pixels, inside the photo', () => {
    let s = run(ends(), place(10, 10), place(20, 20))
    s = run(s, { type: 'undo' })
    expect(s.referencePoints).toEqual([{ x: 10, y: 10 }])
    expect(s.message).toBe('Point 2 removed')
    s = run(s, { type: 'nudge', dx: 1, dy: 0, image }, { type: 'nudge', dx: 0, dy: -10, image })
    expect(s.referencePoints).toEqual([{ x: 11, y: 0 }])
    s = run(s, { type: 'clear' })
    expect(s.referencePoints).toEqual([])
    expect(run(s, { type: 'undo' }).message).toBe('Nothing to undo')
  })

  it('measures again with the same reference, or goes back to change it', () => {
    let s = run(ends(), place(0, 0), place(337, 0), { type: 'to-subject' }, place(0, 0), place(100, 0))
    expect(s.step).toBe('result')
    s = run(s, { type: 'measure-again' })
    expect(s).toMatchObject({ step: 'subject', subjectPoints: [] })
    expect(calibrationOf(s)).not.toBeNull()
    s = run(s, { type: 'change-reference' })
    expect(s.step).toBe('reference')
    expect(s.referencePoints).toHaveLength(2)
  })
})

describe('the value handed over', () => {
  it('carries the field, the value rounded to 1/8 in, the exact value, the reference and the photo', () => {
    let s = run(ends('credit-card', true), place(100, 200), place(437, 200), { type: 'to-subject' })
    expect(measuredValue(s, 'https://x.test/p.jpg')).toBeNull()
    s = run(s, place(0, 0), place(300, 0), place(300, 402), { type: 'finish-curve' })
    const photo = new Blob(['jpeg'], { type: 'image/jpeg' })
    const m = measuredValue(s, photo, { field: 'quick.lengthIn', label: 'Length' })
    expect(m).toMatchObject({
      field: 'quick.lengthIn',
      valueIn: 7,
      mode: 'curve',
      method: 'two-point',
      reference: { kind: 'credit-card', lengthIn: 3.37, pixels: 337 },
      points: [
        { x: 0, y: 0 },
        { x: 300, y: 0 },
        { x: 300, y: 402 },
      ],
      image: photo,
    })
    expect(m?.exactIn).toBeCloseTo(7.02, 9)
    expect(m?.uncertaintyIn).toBeCloseTo((7.02 * 2) / 337 + (2 + 1) / 100, 9)
  })

  it('has no field without a target', () => {
    const s = run(ends(), place(0, 0), place(337, 0), { type: 'to-subject' }, place(0, 0), place(100, 0))
    const m = measuredValue(s, 'photo.jpg')
    expect(m).not.toBeNull()
    expect(m && 'field' in m).toBe(false)
  })
})
