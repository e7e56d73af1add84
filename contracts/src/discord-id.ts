/**
 * A Discord id (a server, channel, role, member or message: a snowflake), 17 to 20 digits. The
 * one place the pattern is written: schemas, the bots, the CLIs and the browser all test ids
 * with it (test/one-rule-once.test.ts fails when the pattern is written anywhere else).
 */
export const SNOWFLAKE = /^\d{17,20}$/;

/** Whether a value is a Discord id. */
export const isDiscordId = (value: unknown): value is string => typeof value === 'string' && SNOWFLAKE.test(value);
