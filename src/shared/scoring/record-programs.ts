// The programs and agencies a source names first, so a member can look a value up with the program itself.

export const RECORD_PROGRAMS = {
  bc: 'Boone and Crockett Club',
  py: 'Pope and Young Club',
  sci: 'Safari Club International',
  nwtf: 'National Wild Turkey Federation',
  igfa: 'International Game Fish Association',
  kansas: 'Kansas Department of Wildlife and Parks',
} as const
