// The record-book programs and agencies a member sees named as the source of a minimum. A source always starts
// with one of these names, so a member can look the value up with the program itself (docs/scoring.md,
// "Record-book sources").

export const RECORD_PROGRAMS = {
  bc: 'Boone and Crockett Club',
  py: 'Pope and Young Club',
  sci: 'Safari Club International',
  nwtf: 'National Wild Turkey Federation',
  igfa: 'International Game Fish Association',
  kansas: 'Kansas Department of Wildlife and Parks',
} as const
