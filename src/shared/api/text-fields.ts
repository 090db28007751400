import { z } from 'zod';

/** The pieces every form's text fields are made of, so a rule and its message are written once. */

export const tooLong = (label: string, max: number) => `${label} must be at most ${max} characters`;

/** A required line of text: trimmed, not empty, bounded. */
export const requiredText = /* @__NO_SIDE_EFFECTS__ */ (enter: string, label: string, max: number) =>
  z
    .string({ error: enter })
    .trim()
    // abort: an empty field gets one message, not also those of the checks after this one.
    .min(1, { error: enter, abort: true })
    .max(max, tooLong(label, max));

/** Optional text: trimmed, bounded; empty means none. */
export const optionalText = /* @__NO_SIDE_EFFECTS__ */ (label: string, max: number) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, tooLong(label, max));

/** A phone number as people write one: digits, an optional leading +, spaces and ( ) . / - between. */
export const PHONE_PATTERN = /^\+?[0-9][0-9 ()./-]{3,}$/;
