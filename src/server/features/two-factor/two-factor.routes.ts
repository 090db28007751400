import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { TWO_FACTOR_ERROR_CODES, USER_ERROR_CODES } from '../../../shared/api/error-codes.js';
import { ErrorBodySchema } from '../../../shared/api/errors.js';
import {
  ConfirmCodeSchema,
  EnrolmentSchema,
  FactorSchema,
  isStaffType,
  LoginEnrolmentSchema,
  RecoveryCodesSchema,
  RequirementSchema,
  SecondFactorLoginSchema,
  SecondFactorTokenSchema,
  StaffTwoFactorAnswerSchema,
  StaffTwoFactorListSchema,
  TWO_FACTOR,
  TWO_FACTOR_MESSAGES,
  TwoFactorStatusSchema,
} from '../../../shared/api/two-factor.js';
import { UserIdParamsSchema } from '../../../shared/api/users.js';
import { USER_TYPE } from '../../../shared/constants.js';
import { HttpError } from '../../lib/errors.js';
import { requestLocale } from '../../lib/i18n.js';
import { CHECKED, DENIED, NO_CONTENT } from '../../lib/school-routes.js';
import { lazySecretBox } from '../../lib/secret-box.js';
import { BEARER_AUTH, currentUser } from '../../plugins/auth.js';
import { deviceCookie, deviceTokensOf, rememberDevice } from '../auth/device-login.js';
import { createSession } from '../auth/session.js';
import { TWO_FACTOR_DEVICE_COOKIE, TWO_FACTOR_DEVICE_COOKIE_PATH } from './second-factor-gate.js';
import { claimSecondFactorCheck, secondFactorCheckSucceeded } from './second-factor-throttle.js';
import {
  consumeChallenge,
  disableTwoFactor,
  findChallenge,
  findTwoFactor,
  listStaffTwoFactor,
  recoveryCodesLeft,
  rememberTwoFactorDevice,
  setStaffRequired,
  staffRequired,
} from './two-factor.repository.js';
import {
  checkFactor,
  confirmEnrolment,
  renewRecoveryCodes,
  resetStaffTwoFactor,
  startEnrolment,
} from './two-factor.service.js';

const challengeInvalid = () =>
  new HttpError(401, TWO_FACTOR_ERROR_CODES.challengeInvalid, TWO_FACTOR_MESSAGES.challengeInvalid);
const codeInvalid = (status: 401 | 403) =>
  new HttpError(status, TWO_FACTOR_ERROR_CODES.codeInvalid, TWO_FACTOR_MESSAGES.codeInvalid);
const wrongState = (message: string) => new HttpError(409, TWO_FACTOR_ERROR_CODES.twoFactorState, message);

/** The remembered device's `Set-Cookie`: HttpOnly, Lax, only to the log-in calls, 30 days. */
function rememberedDeviceCookie(token: string, publicUrl: string): string {
  const attributes = [
    `${TWO_FACTOR_DEVICE_COOKIE}=${token}`,
    `Path=${TWO_FACTOR_DEVICE_COOKIE_PATH}`,
    `Max-Age=${TWO_FACTOR.rememberDays * 24 * 60 * 60}`,
    'HttpOnly',
    'SameSite=Lax',
  ];
  if (publicUrl.startsWith('https:')) attributes.push('Secure');
  return attributes.join('; ');
}

/**
 * Two-factor for staff (docs/decisions/0108-two-factor-for-staff.md): the second call of a log-in,
 * enrolment at log-in when the school requires it, and the staff's own security settings.
 */
export async function twoFactorRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  // The key is read (or made) when first needed, not by every start of the app.
  const getBox = lazySecretBox(app.config);
  const staff = app.requireTypes(USER_TYPE.teacher, USER_TYPE.principal);

  api.post(
    '/users/login/second-factor',
    {
      schema: {
        tags: ['Accounts'],
        summary: 'The second call of a log-in with two-factor: the challenge and a code or recovery code',
        description:
          'The challenge is the `details.challenge` of the 401 SECOND_FACTOR_REQUIRED that `POST users/login` ' +
          `answered; it lasts ${TWO_FACTOR.challengeMinutes} minutes and opens one session. A code is accepted ` +
          'once (a code of the same or an earlier 30-second step is refused) and one step of clock drift either ' +
          'way; a recovery code works once. A wrong code is 401 CODE_INVALID and counts like a wrong password: ' +
          '5 for an account from one address and 20 from one address within 15 minutes, 50 for an account ' +
          'within an hour, then 429 TOO_MANY_ATTEMPTS with Retry-After. When the challenge asks for enrolment ' +
          '(`details.enrol`), the code is the first one of the secret from `POST users/login/enrolment`, and the ' +
          `answer carries the ten recovery codes. \`rememberDevice\`: a cookie (\`${TWO_FACTOR_DEVICE_COOKIE}\`) ` +
          `lets this device skip the code for ${TWO_FACTOR.rememberDays} days.`,
        body: SecondFactorLoginSchema,
        response: {
          200: SecondFactorTokenSchema,
          400: ErrorBodySchema,
          401: ErrorBodySchema,
          429: ErrorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const now = new Date();
      const challenge = await findChallenge(app.db, request.body.challenge, now);
      if (!challenge) throw challengeInvalid();
      const subject = { userId: challenge.userId, address: request.ip };
      await claimSecondFactorCheck(app.db, subject);
      let recoveryCodes: string[] | undefined;
      if (challenge.enrol) {
        if (request.body.code === undefined) throw codeInvalid(401);
        recoveryCodes = await confirmEnrolment(app.db, getBox(), challenge.userId, request.body.code, now);
        if (!recoveryCodes) throw codeInvalid(401);
      } else if (!(await checkFactor(app.db, getBox(), challenge.userId, request.body, now))) {
        throw codeInvalid(401);
      }
      await secondFactorCheckSucceeded(app.db, subject);
      if (!(await consumeChallenge(app.db, challenge.tokenHash))) throw challengeInvalid();
      const token = await createSession(app.db, challenge.userId);
      const publicUrl = app.config.mail.publicUrl;
      const cookies = [
        deviceCookie(
          await rememberDevice(app.db, deviceTokensOf(request.headers.cookie), challenge.userId),
          publicUrl,
        ),
      ];
      if (request.body.rememberDevice) {
        cookies.push(
          rememberedDeviceCookie(await rememberTwoFactorDevice(app.db, challenge.userId, now), publicUrl),
        );
      }
      reply.header('set-cookie', cookies);
      return recoveryCodes ? { token, recoveryCodes } : { token };
    },
  );

  api.post(
    '/users/login/enrolment',
    {
      schema: {
        tags: ['Accounts'],
        summary: 'At log-in, when the school requires two-factor: a new secret to set up',
        description:
          'For a challenge with `enrol: true`: the secret as text, its otpauth:// link and a QR code of it. ' +
          'The secret is confirmed by `POST users/login/second-factor` with its first code.',
        body: LoginEnrolmentSchema,
        response: { 200: EnrolmentSchema, 400: ErrorBodySchema, 401: ErrorBodySchema },
      },
    },
    async (request) => {
      const now = new Date();
      const challenge = await findChallenge(app.db, request.body.challenge, now);
      if (!challenge?.enrol) throw challengeInvalid();
      const enrolment = await startEnrolment(app.db, getBox(), challenge.userId, now);
      if (!enrolment) throw challengeInvalid();
      return enrolment;
    },
  );

  api.get(
    '/two-factor',
    {
      onRequest: staff,
      schema: {
        tags: ['Accounts'],
        summary: 'Your two-factor sign-in: on or off, recovery codes left, whether the school requires it',
        security: BEARER_AUTH,
        response: { 200: TwoFactorStatusSchema, ...DENIED },
      },
    },
    async (request) => {
      const { id } = currentUser(request);
      const record = await findTwoFactor(app.db, id);
      const enabled = record?.enabledAt !== undefined && record !== undefined;
      return {
        enabled,
        recoveryCodesLeft: enabled ? await recoveryCodesLeft(app.db, id) : 0,
        requiredForStaff: await staffRequired(app.db),
      };
    },
  );

  api.post(
    '/two-factor/setup',
    {
      onRequest: staff,
      schema: {
        tags: ['Accounts'],
        summary: 'Start turning two-factor on: a new secret, its otpauth:// link and QR code',
        description:
          'Nothing changes for log-ins until `POST two-factor/confirm` with its first code. 409 when on.',
        security: BEARER_AUTH,
        body: z.object({}).strict(),
        response: { 200: EnrolmentSchema, 400: ErrorBodySchema, ...DENIED, 409: ErrorBodySchema },
      },
    },
    async (request) => {
      const enrolment = await startEnrolment(app.db, getBox(), currentUser(request).id, new Date());
      if (!enrolment) throw wrongState(TWO_FACTOR_MESSAGES.alreadyEnabled);
      return enrolment;
    },
  );

  api.post(
    '/two-factor/confirm',
    {
      onRequest: staff,
      schema: {
        tags: ['Accounts'],
        summary: "Turn two-factor on with the app's first code; answers the ten recovery codes, shown once",
        description:
          'A wrong code is 403 CODE_INVALID and counts like a wrong password (429 after too many).',
        security: BEARER_AUTH,
        body: ConfirmCodeSchema,
        response: {
          200: RecoveryCodesSchema,
          400: ErrorBodySchema,
          ...DENIED,
          409: ErrorBodySchema,
          429: ErrorBodySchema,
        },
      },
    },
    async (request) => {
      const { id } = currentUser(request);
      const record = await findTwoFactor(app.db, id);
      if (!record) throw wrongState(TWO_FACTOR_MESSAGES.notEnabled);
      if (record.enabledAt !== undefined) throw wrongState(TWO_FACTOR_MESSAGES.alreadyEnabled);
      const subject = { userId: id, address: request.ip };
      await claimSecondFactorCheck(app.db, subject);
      const codes = await confirmEnrolment(app.db, getBox(), id, request.body.code, new Date());
      if (!codes) throw codeInvalid(403);
      await secondFactorCheckSucceeded(app.db, subject);
      return { recoveryCodes: codes };
    },
  );

  /** A signed-in change that needs a current factor: checked and throttled like a log-in's. */
  const requireFactor = async (userId: number, address: string, factor: z.infer<typeof FactorSchema>) => {
    if ((await findTwoFactor(app.db, userId))?.enabledAt === undefined)
      throw wrongState(TWO_FACTOR_MESSAGES.notEnabled);
    const subject = { userId, address };
    await claimSecondFactorCheck(app.db, subject);
    if (!(await checkFactor(app.db, getBox(), userId, factor, new Date()))) throw codeInvalid(403);
    await secondFactorCheckSucceeded(app.db, subject);
  };

  api.post(
    '/two-factor/disable',
    {
      onRequest: staff,
      schema: {
        tags: ['Accounts'],
        summary: 'Turn two-factor off with a current code or a recovery code',
        description:
          'Forgets the secret, the recovery codes and the remembered devices. 409 TWO_FACTOR_REQUIRED_BY_SCHOOL ' +
          'when the principal requires it of staff.',
        security: BEARER_AUTH,
        body: FactorSchema,
        response: {
          204: NO_CONTENT,
          400: ErrorBodySchema,
          ...DENIED,
          409: ErrorBodySchema,
          429: ErrorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      if (isStaffType(user.type) && (await staffRequired(app.db)))
        throw new HttpError(
          409,
          TWO_FACTOR_ERROR_CODES.requiredBySchool,
          TWO_FACTOR_MESSAGES.requiredBySchool,
        );
      await requireFactor(user.id, request.ip, request.body);
      await disableTwoFactor(app.db, user.id);
      return reply.code(204).send(null);
    },
  );

  api.post(
    '/two-factor/recovery-codes',
    {
      onRequest: staff,
      schema: {
        tags: ['Accounts'],
        summary: 'Ten new recovery codes in place of the old ones (with a current code or a recovery code)',
        description: 'The old codes stop working and remembered devices are forgotten.',
        security: BEARER_AUTH,
        body: FactorSchema,
        response: {
          200: RecoveryCodesSchema,
          400: ErrorBodySchema,
          ...DENIED,
          409: ErrorBodySchema,
          429: ErrorBodySchema,
        },
      },
    },
    async (request) => {
      const { id } = currentUser(request);
      await requireFactor(id, request.ip, request.body);
      return { recoveryCodes: await renewRecoveryCodes(app.db, id) };
    },
  );

  api.put(
    '/two-factor/requirement',
    {
      onRequest: app.requireTypes(USER_TYPE.principal),
      schema: {
        tags: ['Accounts'],
        summary: 'Require two-factor of all staff, or not (the principal)',
        description:
          'Staff without it are led through setting it up at their next log-in, before any session.',
        security: BEARER_AUTH,
        body: RequirementSchema,
        response: { 204: NO_CONTENT, 400: ErrorBodySchema, ...DENIED },
      },
    },
    async (request, reply) => {
      await setStaffRequired(app.db, request.body.required, new Date());
      return reply.code(204).send(null);
    },
  );

  // The principal's view of the staff's two-factor, and the reset of a lost one
  // (docs/decisions/0116-the-principal-resets-two-factor.md).
  api.get(
    '/two-factor/staff',
    {
      onRequest: app.requireTypes(USER_TYPE.principal),
      schema: {
        tags: ['Accounts'],
        summary:
          'The active staff accounts, each with two-factor on or off and its last reset (the principal)',
        description:
          "Every active staff account but the caller's own (whose is `GET two-factor`), by name; " +
          "`lastReset`: the last reset by a principal, with its time and the principal's name, or null.",
        security: BEARER_AUTH,
        response: { 200: StaffTwoFactorListSchema, ...DENIED },
      },
    },
    async (request) => ({
      data: await listStaffTwoFactor(
        app.db,
        { exceptId: currentUser(request).id },
        await requestLocale(request),
      ),
    }),
  );

  api.post(
    '/users/:id/two-factor/reset',
    {
      onRequest: app.requireTypes(USER_TYPE.principal),
      schema: {
        tags: ['Accounts'],
        summary: "Reset a staff member's two-factor: a lost phone and lost recovery codes (the principal)",
        description:
          'In one transaction: the secret, the recovery codes, the remembered devices and any log-in ' +
          "waiting for a code are forgotten, the reset is kept with the principal's name and time, and " +
          'the staff member is mailed in their language. Their sessions stay. At their next log-in the ' +
          'password alone signs them in, or, when the school requires two-factor, they set it up again. ' +
          `404 for an unknown account; 409 ${USER_ERROR_CODES.ownAccount} for the caller's own (changed on ` +
          `their own security screen); 409 ${TWO_FACTOR_ERROR_CODES.twoFactorState} for a family account or ` +
          'a staff account without two-factor on. Answers the account as `GET two-factor/staff` shows it.',
        security: BEARER_AUTH,
        params: UserIdParamsSchema,
        body: z.object({}).strict(),
        response: { 200: StaffTwoFactorAnswerSchema, ...CHECKED, 409: ErrorBodySchema },
      },
    },
    async (request) => ({
      data: await resetStaffTwoFactor(
        app.db,
        app.config.mail,
        currentUser(request),
        request.params.id,
        await requestLocale(request),
        new Date(),
      ),
    }),
  );
}
