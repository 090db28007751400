import {
  ADMISSIONS_MESSAGES,
  type AdmissionBoard,
  type AdmissionBoardCard,
  type AdmissionCase,
  type AdmissionMoveInput,
  type NewAdmissionCase,
  type OfferView,
  PIPELINE_MESSAGES,
} from '../../../shared/api/admissions.js';
import { ADMISSIONS_ERROR_CODES, ENROLMENT_ERROR_CODES } from '../../../shared/api/error-codes.js';
import { isLocale, type Locale } from '../../../shared/i18n/locales.js';
import {
  ADMISSION_STAGES,
  type AdmissionStage,
  mayMove,
  offerOpen,
} from '../../../shared/rules/admission-stages.js';
import type { MailConfig } from '../../config.js';
import type { Db } from '../../db/connect.js';
import { bumpDataVersion } from '../../lib/data-version.js';
import { conflict, invalid, notFound } from '../../lib/errors.js';
import { translatorFor } from '../../lib/i18n.js';
import { hashToken, newSecretToken } from '../../lib/secret-token.js';
import { nowIso } from '../../lib/time.js';
import { mailLink } from '../mail/compose.js';
import { queueMails } from '../mail/mail.service.js';
import { readSettings, schoolToday } from '../settings/settings.repository.js';
import { classSeats, existingClasses, findSeatsYear } from './admissions.repository.js';
import { applicationRow, caseApplication, caseDocuments, shownDocument } from './application.repository.js';
import { applicationLinkUrl, newApplicationLink } from './application.service.js';
import {
  answerOffer,
  boardCases,
  caseHistory,
  enquiryHasCase,
  findCase,
  findEnquiry,
  findOfferByHash,
  insertCase,
  insertOffer,
  moveCase,
  type NewCaseRow,
  type StageChange,
  withdrawOffers,
} from './cases.repository.js';
import { lockClass } from './enrolment.repository.js';

/**
 * The admissions pipeline (docs/decisions/0102-the-admissions-pipeline.md): cases opened from Book
 * A Seat, from a contact message or by the principal; moves by the transition table, each kept;
 * the family's mails at the visit, the offer and the waiting list; the offer's reply link.
 */

const M = ADMISSIONS_MESSAGES;
const P = PIPELINE_MESSAGES;
const C = ADMISSIONS_ERROR_CODES;

/** Where an offer's reply link leads (a public page of the site). */
export const OFFER_REPLY_PATH = '/offer';
const OFFER_TOKEN_BYTES = 32;

/** The principal opens a case, from a contact message or typed in; 400 for a missing or unknown piece. */
export async function openCase(
  db: Db,
  input: NewAdmissionCase,
  by: number,
  schoolLanguage: Locale,
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    if (!(await existingClasses(trx, [input.classId])).has(input.classId))
      throw invalid(M.unknownClass, [{ field: 'classId', message: M.unknownClass }]);
    if (!(await findSeatsYear(trx, input.yearId)))
      throw invalid(M.chooseYear, [{ field: 'yearId', message: M.chooseYear }]);
    let row: NewCaseRow;
    if (input.enquiryId !== undefined) {
      const enquiry = await findEnquiry(trx, input.enquiryId);
      if (!enquiry) throw invalid(P.unknownEnquiry, [{ field: 'enquiryId', message: P.unknownEnquiry }]);
      if (await enquiryHasCase(trx, enquiry.id))
        throw invalid(P.enquiryTaken, [{ field: 'enquiryId', message: P.enquiryTaken }]);
      row = {
        childName: input.childName,
        classId: input.classId,
        yearId: input.yearId,
        familyName: input.familyName || enquiry.name,
        email: input.email || enquiry.email,
        phone: input.phone ?? '',
        language: input.language ?? schoolLanguage,
        message: input.message || enquiry.message,
        source: 'enquiry',
        enquiryId: enquiry.id,
      };
    } else {
      if (!input.familyName)
        throw invalid(P.enterFamilyName, [{ field: 'familyName', message: P.enterFamilyName }]);
      if (!input.email) throw invalid(P.enterEmail, [{ field: 'email', message: P.enterEmail }]);
      row = {
        childName: input.childName,
        classId: input.classId,
        yearId: input.yearId,
        familyName: input.familyName,
        email: input.email,
        phone: input.phone ?? '',
        language: input.language ?? schoolLanguage,
        message: input.message ?? '',
        source: 'principal',
      };
    }
    return insertCase(trx, row, by, nowIso());
  });
}

/** A case with its moves, its application (null: none begun) and its documents (decision 0103). */
export async function caseWithHistory(db: Db, id: number) {
  const found = await findCase(db, id);
  if (!found) throw notFound('That admission case');
  return {
    ...found,
    history: await caseHistory(db, id),
    application: await caseApplication(db, id),
    documents: (await caseDocuments(db, id)).map(shownDocument),
  };
}

/** The board of a class and year: counts per stage, the class's seats, the cases. */
const boardCardOf = (row: AdmissionCase): AdmissionBoardCard => ({
  id: row.id,
  childName: row.childName,
  familyName: row.familyName,
  email: row.email,
  stage: row.stage,
  visitDate: row.visitDate,
  visitTime: row.visitTime,
  offerDeadline: row.offerDeadline,
  waitingPosition: row.waitingPosition,
  closeReason: row.closeReason,
  stageChangedAt: row.stageChangedAt,
});

export async function board(db: Db, classId: number, yearId: number): Promise<AdmissionBoard> {
  const year = await findSeatsYear(db, yearId);
  if (!year) throw notFound('That school year');
  const [seats] = await classSeats(db, year, classId);
  if (!seats) throw notFound('That class');
  const cases = await boardCases(db, classId, yearId);
  const order = (stage: AdmissionStage) => ADMISSION_STAGES.indexOf(stage);
  cases.sort(
    (a, b) =>
      order(a.stage) - order(b.stage) ||
      (a.waitingPosition ?? 0) - (b.waitingPosition ?? 0) ||
      (a.stageChangedAt < b.stageChangedAt ? 1 : a.stageChangedAt > b.stageChangedAt ? -1 : b.id - a.id),
  );
  const counts = Object.fromEntries(ADMISSION_STAGES.map((stage) => [stage, 0])) as Record<
    AdmissionStage,
    number
  >;
  for (const row of cases) counts[row.stage] += 1;
  return { classId, yearId, counts, seats, cases: cases.map(boardCardOf) };
}

/**
 * Moves a case (the principal): 404 for no case, 409 MOVE_NOT_ALLOWED for a move the table does not
 * list (or one another move overtook), 400 for a deadline in the past. Mails the family in its
 * language at a visit, an offer (with its reply link) and the waiting list.
 */
export async function moveByPrincipal(
  db: Db,
  mail: MailConfig,
  caseId: number,
  input: AdmissionMoveInput,
  by: number,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const found = await findCase(trx, caseId);
    if (!found) throw notFound('That admission case');
    if (!mayMove(found.stage, input.to))
      throw conflict(C.moveNotAllowed, `A case at “${found.stage}” cannot move to “${input.to}”.`, {
        from: found.stage,
        to: input.to,
      });
    const at = nowIso();
    const details: Record<string, string> = {};
    const change: StageChange = {};
    let token: string | undefined;
    if (input.to === 'visit') {
      change.visitDate = input.visitDate ?? null;
      change.visitTime = input.visitTime ?? null;
      Object.assign(details, { visitDate: input.visitDate, visitTime: input.visitTime });
    }
    if (found.stage === 'offered' || input.to === 'offered') await withdrawOffers(trx, caseId, at);
    if (input.to === 'offered') {
      const deadline = input.offerDeadline as string;
      if (deadline < (await schoolToday(trx)))
        throw invalid(P.deadlinePast, [{ field: 'offerDeadline', message: P.deadlinePast }]);
      change.offerDeadline = deadline;
      details.offerDeadline = deadline;
      token = newSecretToken(OFFER_TOKEN_BYTES);
      await insertOffer(trx, caseId, hashToken(token), deadline, at);
    }
    if (input.to === 'waiting') change.waitingSince = at;
    else if (found.stage === 'waiting') change.waitingSince = null;
    if (input.to === 'closed') {
      change.closeReason = input.closeReason ?? null;
      details.closeReason = input.closeReason ?? '';
    }
    if (input.to === 'accepted') await holdSeat(trx, found, 'school');
    const moved = await moveCase(
      trx,
      caseId,
      { from: found.stage, to: input.to, by, at, note: input.note ?? '', details },
      change,
    );
    if (!moved)
      throw conflict(C.moveNotAllowed, 'The case moved meanwhile. Please look at it again.', {
        from: found.stage,
      });
    // An accepted offer holds a seat (docs/decisions/0101-seats-that-mean-something.md).
    if (found.stage === 'accepted' || input.to === 'accepted') await bumpDataVersion(trx, 'content');
    await mailFamily(trx, mail, caseId, token);
  });
}

/**
 * An accepted offer holds a seat (docs/decisions/0101-seats-that-mean-something.md), so a case becomes
 * accepted only while its class has one free that year: a school may offer more places than it has,
 * counting on refusals, and the seats then go to the first who accept. The class row is locked on
 * PostgreSQL, as at an enrolment, so two acceptances of the last seat are counted one after the other.
 * 409 CLASS_FULL, nothing changed: the school reads the counts; the family that the seats are gone and
 * the offer stays as it was.
 */
async function holdSeat(trx: Db, found: AdmissionCase, who: 'school' | 'family'): Promise<void> {
  if (found.classId === null || found.yearId === null) return;
  const schoolClass = await lockClass(trx, found.classId);
  const year = await findSeatsYear(trx, found.yearId);
  if (!schoolClass || !year) return;
  const [seats] = await classSeats(trx, year, found.classId);
  if (!seats || seats.free === null || seats.free > 0) return;
  if (who === 'family')
    throw conflict(ENROLMENT_ERROR_CODES.classFull, 'errors.admissions.seatsTaken').withValues({
      className: schoolClass.name,
      year: year.name,
    });
  throw conflict(ENROLMENT_ERROR_CODES.classFull, 'errors.enrolment.classFull').withValues({
    className: schoolClass.name,
    year: year.name,
    capacity: seats.capacity ?? 0,
    enrolled: seats.enrolled,
    accepted: seats.acceptedOffers,
  });
}

/** The family's mail for the case's new stage, in its language; nothing for the other stages. */
async function mailFamily(
  trx: Db,
  mail: MailConfig,
  caseId: number,
  token: string | undefined,
): Promise<void> {
  const found = await findCase(trx, caseId);
  if (!found || !['visit', 'offered', 'waiting'].includes(found.stage)) return;
  const locale: Locale = isLocale(found.language) ? found.language : 'en';
  const { t } = translatorFor(locale);
  const child = found.childName || found.familyName;
  const common = {
    to: { address: found.email, name: found.familyName },
    greeting: t('mail.greeting', { name: found.familyName }),
    locale,
  };
  // The visit and offer mails carry a link to the application while it is not sent (decision 0103).
  const applicationLink = async () =>
    (await applicationRow(trx, caseId))?.status === 'submitted'
      ? undefined
      : {
          label: t('mail.admissions.application.link', { child }),
          url: applicationLinkUrl(mail, await newApplicationLink(trx, caseId)),
        };
  if (found.stage === 'visit') {
    const address = (await readSettings(trx)).address.trim();
    const link = await applicationLink();
    await queueMails(trx, mail, [
      {
        ...common,
        kind: 'admission-visit',
        subject: t('mail.admissions.visit.subject'),
        paragraphs: [
          t('mail.admissions.visit.body', {
            child,
            date: found.visitDate ?? '',
            time: found.visitTime ?? '',
          }),
          ...(address ? [t('mail.admissions.visit.address', { address })] : []),
        ],
        ...(link ? { action: link } : {}),
      },
    ]);
  } else if (found.stage === 'offered' && token) {
    const link = await applicationLink();
    await queueMails(trx, mail, [
      {
        ...common,
        kind: 'admission-offer',
        subject: t('mail.admissions.offer.subject', { child }),
        paragraphs: [
          t('mail.admissions.offer.body', {
            child,
            className: found.className ?? '',
            year: found.yearName ?? '',
          }),
          t('mail.admissions.offer.deadline', { deadline: found.offerDeadline ?? '' }),
        ],
        action: {
          label: t('mail.admissions.offer.action'),
          url: mailLink(mail, OFFER_REPLY_PATH, { token }),
        },
        ...(link ? { links: [link] } : {}),
      },
    ]);
  } else if (found.stage === 'waiting') {
    await queueMails(trx, mail, [
      {
        ...common,
        kind: 'admission-waiting',
        subject: t('mail.admissions.waiting.subject', { child }),
        paragraphs: [
          t('mail.admissions.waiting.body', {
            child,
            className: found.className ?? '',
            year: found.yearName ?? '',
            position: found.waitingPosition ?? 0,
          }),
        ],
      },
    ]);
  }
}

/** An offer as its reply link shows it; 404 for a token that is no offer's. */
export async function offerOfToken(db: Db, token: string): Promise<OfferView> {
  const offer = await findOfferByHash(db, hashToken(token));
  if (!offer) throw notFound('That offer');
  const found = await findCase(db, offer.case_id);
  if (!found) throw notFound('That offer');
  const today = await schoolToday(db);
  const state: OfferView['state'] = offer.answer
    ? (offer.answer as 'accepted' | 'declined')
    : offer.withdrawn_at
      ? 'withdrawn'
      : offerOpen(offer.deadline, today)
        ? 'open'
        : 'expired';
  return {
    childName: found.childName || found.familyName,
    className: found.className,
    yearName: found.yearName,
    deadline: offer.deadline,
    state,
    language: found.language,
  };
}

/**
 * The family's answer through its link: "accept" moves the case to accepted (the seat is held),
 * "decline" closes it. 404 for no such offer, 409 OFFER_EXPIRED past the deadline, 409 OFFER_CLOSED
 * for an offer answered or withdrawn already.
 */
export async function replyToOffer(db: Db, token: string, answer: 'accept' | 'decline'): Promise<OfferView> {
  await db.transaction().execute(async (trx) => {
    const offer = await findOfferByHash(trx, hashToken(token));
    if (!offer) throw notFound('That offer');
    if (offer.answer || offer.withdrawn_at)
      throw conflict(C.offerClosed, 'This offer has already been answered or withdrawn.');
    if (!offerOpen(offer.deadline, await schoolToday(trx)))
      throw conflict(C.offerExpired, 'The reply deadline of this offer has passed.', {
        deadline: offer.deadline,
      });
    if (answer === 'accept') {
      const found = await findCase(trx, offer.case_id);
      if (found) await holdSeat(trx, found, 'family');
    }
    const at = nowIso();
    if (!(await answerOffer(trx, offer.id, answer === 'accept' ? 'accepted' : 'declined', at)))
      throw conflict(C.offerClosed, 'This offer has already been answered or withdrawn.');
    const to: AdmissionStage = answer === 'accept' ? 'accepted' : 'closed';
    const moved = await moveCase(
      trx,
      offer.case_id,
      {
        from: 'offered',
        to,
        by: null,
        at,
        note: '',
        details: answer === 'accept' ? {} : { closeReason: 'Declined the offer' },
      },
      answer === 'accept' ? {} : { closeReason: 'Declined the offer' },
    );
    if (!moved) throw conflict(C.offerClosed, 'This offer has already been answered or withdrawn.');
    if (to === 'accepted') await bumpDataVersion(trx, 'content');
  });
  return offerOfToken(db, token);
}
