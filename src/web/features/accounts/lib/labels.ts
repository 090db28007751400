import { GENDERS, USER_TYPES } from '../../../../shared/constants.js';
import type { MessageKey, Translator } from '../../../lib/i18n.js';

type Translate = Translator['t'];

/** A user type in the page's language; a value outside the contract's nine as it came (user data). */
export const userTypeLabel = (t: Translate, type: string): string =>
  (USER_TYPES as readonly string[]).includes(type) ? t(`common.userType.${type}` as MessageKey) : type;

/** A gender in the page's language; anything else (an old free-text value) as it came. */
export const genderLabel = (t: Translate, gender: string): string =>
  (GENDERS as readonly string[]).includes(gender) ? t(`common.gender.${gender}` as MessageKey) : gender;
