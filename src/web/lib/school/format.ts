import { ATTENDANCE_STATUSES, type AttendanceCode } from '../../../shared/constants.js';

const percentFormat = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 2 });

/** `72.5` -> `72.5%`; at most two decimals. */
export const formatPercent = (value: number): string => `${percentFormat.format(value)}%`;

/** 1 -> Present, 2 -> Absent, 3 -> On Leave (docs/contract/product.md#attendance-codes). */
export function attendanceLabel(code: AttendanceCode): string {
  return ATTENDANCE_STATUSES.find((status) => status.code === code)?.label ?? String(code);
}

/** A route parameter that must be a record id: a positive whole number, else undefined. */
export function parseId(value: string | null | undefined): number | undefined {
  if (value === null || value === undefined || !/^\d{1,10}$/.test(value)) return undefined;
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 && id <= 2_147_483_647 ? id : undefined;
}
