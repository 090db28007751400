import type { Kysely } from 'kysely';
import { createKeyTriggers, dropKeyTriggers, type KeyTriggers } from '../answer-key-triggers.js';

/**
 * docs/decisions/0093-kept-report-cards.md: what a class's report cards are made of raises the answer
 * version `report-cards`, so a class's cards made once are given again until one of these tables is
 * written: marks and exams, the register, who teaches what, the cards' comments, notes and published
 * versions, terms, years and subjects.
 */
const TRIGGERS: KeyTriggers = {
  key: 'report-cards',
  tables: [
    'mark',
    'exam',
    'attendance',
    'class_assignment',
    'report_card',
    'report_card_comment',
    'report_card_note',
    'school_term',
    'school_year',
    'subject',
  ],
  functionName: 'raise_report_card_answers',
  triggerSuffix: 'report_card_answers',
};

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the schema of their day
export async function up(db: Kysely<any>): Promise<void> {
  await createKeyTriggers(db, TRIGGERS);
}

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the schema of their day
export async function down(db: Kysely<any>): Promise<void> {
  await dropKeyTriggers(db, TRIGGERS);
}
