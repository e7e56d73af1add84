import { z } from 'zod';

/** Stream `user-<userId>`. The password is stored only as its argon2id hash. */
export const userRegisteredSchema = z.object({
  userId: z.string(),
  username: z.string(),
  passwordHash: z.string(),
  isAdmin: z.boolean(),
  registeredAt: z.string(),
});

/** Stream `username-<lowercase name>`: the reservation that keeps usernames unique. */
export const usernameReservedSchema = z.object({
  username: z.string(),
  userId: z.string(),
});

export type UserRegistered = { type: 'UserRegistered'; data: z.infer<typeof userRegisteredSchema> };
export type UsernameReserved = { type: 'UsernameReserved'; data: z.infer<typeof usernameReservedSchema> };
export type UserEvent = UserRegistered;
