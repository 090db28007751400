/**
 * The kinds of news a user is told about outside the app, each delivered as the user chose:
 * by push, by email, or not at all (their notification settings).
 */
export const ALERT_KINDS = [
  'messages',
  'photos',
  'daily-summary',
  'incidents',
  'absences',
  'notices',
] as const;
export type AlertKind = (typeof ALERT_KINDS)[number];

export const ALERT_CHANNELS = ['push', 'email', 'off'] as const;
export type AlertChannel = (typeof ALERT_CHANNELS)[number];
