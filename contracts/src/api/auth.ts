import { z } from 'zod';
import { errorTexts } from '../error-texts.ts';
import { authPaths } from '../routes/auth.ts';
import { subscriptionTexts } from '../texts/subscriptions.ts';
import { plainTextProblem } from './input-rules.ts';
import { answer, withSchemas } from './route-spec.ts';

const required = z.string({ error: errorTexts.fillAllFields }).trim().min(1, errorTexts.fillAllFields);

export const loginRequestSchema = z.object({
  // no such name can exist: told like any unknown user
  username: required
    .max(64, errorTexts.invalidCredentials)
    .refine((name) => plainTextProblem(name) === null, errorTexts.invalidCredentials),
  // not trimmed: spaces may be part of a password
  password: z
    .string({ error: errorTexts.fillAllFields })
    .min(1, errorTexts.fillAllFields)
    .max(256, errorTexts.invalidCredentials),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export interface SessionUser {
  id: string;
  username: string;
  isAdmin: boolean;
  avatar: string | null;
}

/** Spec §7: POST /api/auth/login answers token, id and user { username, isAdmin }. */
export interface LoginResponse {
  token: string;
  id: string;
  user: { username: string; isAdmin: boolean };
}

/** GET /api/user/info: the spec needs avatar; id, username and isAdmin come along. */
export type UserInfoResponse = SessionUser;

/** Usernames people can type and read back: letters, digits, dot, dash, underscore. */
export const usernameSchema = z
  .string()
  .trim()
  .min(3, 'Username must be 3 to 32 characters')
  .max(32, 'Username must be 3 to 32 characters')
  .regex(/^[A-Za-z0-9_.-]+$/, 'Username may contain only letters, digits, dot, dash and underscore');

export const newPasswordSchema = z
  .string()
  .min(10, 'Password must be at least 10 characters')
  .max(256, 'Password must be at most 256 characters');

/**
 * POST /api/user/reset-password: the account's current password proves the caller is its
 * owner and not someone holding a stolen token (not trimmed: spaces may be part of it).
 */
export const resetPasswordRequestSchema = z.object({
  currentPassword: z
    .string({ error: errorTexts.fillAllFields })
    .min(1, errorTexts.fillAllFields)
    .max(256, subscriptionTexts.wrongCurrentPassword),
});
export type ResetPasswordRequest = z.infer<typeof resetPasswordRequestSchema>;

/** POST /api/user/reset-password: the new password, shown once and never stored. */
export interface ResetPasswordResponse {
  password: string;
}

export const authApi = withSchemas(authPaths, {
  login: {
    summary: 'Sign in; answers a bearer token and the user',
    body: loginRequestSchema,
    response: answer<LoginResponse>(200, '{ token, id, user: { username, isAdmin } }'),
    rateLimited: true,
  },
  logout: {
    summary: 'End this session',
    response: answer<void>(204, 'The token no longer works'),
  },
  userInfo: {
    summary: 'Who is signed in',
    response: answer<UserInfoResponse>(200, '{ id, username, isAdmin, avatar }'),
  },
  resetPassword: {
    summary:
      'Replace the panel password with a generated one, shown once; needs the current password, and ends every other session of the account',
    body: resetPasswordRequestSchema,
    response: answer<ResetPasswordResponse>(200, '{ password }'),
    rateLimited: true,
  },
});
