import { zodResolver } from '@hookform/resolvers/zod';
import { LoginSchema } from '../../../../shared/api/users.js';
import { RegistrationFormSchema } from '../api/account-fields.js';

/**
 * The account forms' checks: the server's schemas with react-hook-form's zod resolver. Loaded on first
 * use (lib/lazy-resolver.ts), so the log-in and registration pages' first JavaScript holds no zod.
 */
export const loginResolver = zodResolver(LoginSchema);
export const registrationResolver = zodResolver(RegistrationFormSchema);
