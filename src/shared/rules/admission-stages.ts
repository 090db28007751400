/**
 * The admissions pipeline's stages and the moves between them (docs/decisions/0102-the-admissions-pipeline.md):
 * enquiry -> visit booked -> applied -> offered -> accepted -> enrolled; or the waiting list, or
 * closed. A move the table does not list is refused (409).
 */

export const ADMISSION_STAGES = [
  'enquiry',
  'visit',
  'applied',
  'offered',
  'accepted',
  'enrolled',
  'waiting',
  'closed',
] as const;
export type AdmissionStage = (typeof ADMISSION_STAGES)[number];

export const isAdmissionStage = (value: unknown): value is AdmissionStage =>
  typeof value === 'string' && (ADMISSION_STAGES as readonly string[]).includes(value);

/**
 * Where a case may go from each stage. A visit may be booked again (a new date); an offer may be
 * made again (a new deadline, the old link withdrawn); a closed case may be opened again as an
 * enquiry. "enrolled" is reached only by the enrolment (issue 34, point 4), never by hand.
 */
export const ADMISSION_MOVES: Readonly<Record<AdmissionStage, readonly AdmissionStage[]>> = {
  enquiry: ['visit', 'applied', 'offered', 'waiting', 'closed'],
  visit: ['visit', 'applied', 'offered', 'waiting', 'closed'],
  applied: ['visit', 'offered', 'waiting', 'closed'],
  offered: ['offered', 'accepted', 'waiting', 'closed'],
  accepted: ['enrolled', 'waiting', 'closed'],
  enrolled: [],
  waiting: ['visit', 'applied', 'offered', 'closed'],
  closed: ['enquiry'],
};

/** The stages the principal may move a case to by hand: every one but the enrolment's. */
export const MOVES_BY_HAND: readonly AdmissionStage[] = ADMISSION_STAGES.filter(
  (stage) => stage !== 'enrolled',
);

export function mayMove(from: AdmissionStage, to: AdmissionStage, byHand = true): boolean {
  if (byHand && !MOVES_BY_HAND.includes(to)) return false;
  return ADMISSION_MOVES[from].includes(to);
}

/**
 * Each waiting family's place on the list of its class and year: by when it joined (then by case
 * number), 1 first. A family that leaves the list leaves no gap: places are counted, not kept.
 */
export function waitingPositions(
  waiting: readonly { id: number; waitingSince: string }[],
): Map<number, number> {
  const ordered = [...waiting].sort((a, b) =>
    a.waitingSince === b.waitingSince ? a.id - b.id : a.waitingSince < b.waitingSince ? -1 : 1,
  );
  return new Map(ordered.map((entry, index) => [entry.id, index + 1]));
}

/** Whether an offer with this deadline (the school's date) may still be accepted on `today`. */
export const offerOpen = (deadline: string, today: string): boolean => today <= deadline;
