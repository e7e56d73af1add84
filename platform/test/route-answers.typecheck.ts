/**
 * Compiled by `npm run typecheck`, never run: a handler's answer is checked against its
 * route's `answer<T>`. Each `@ts-expect-error` below fails the typecheck if the check it
 * stands for goes away (the line would then compile, and the directive be unused).
 */
import { answer, defineRoute } from '@vip/contracts';
import { answeredOnCtx, on } from '../src/http/mount.ts';

const greeting = defineRoute({
  method: 'GET',
  path: '/t/greeting',
  auth: 'anonymous',
  summary: 'a route of this file only',
  response: answer<{ success: true; text: string }>(200, 'a greeting'),
});

// the answer the spec names, plain or awaited; the literal `success: true` is kept, not widened
on(greeting, () => ({ success: true, text: 'hi' }));
on(greeting, async ({ ctx }) => ({ success: true, text: String(ctx.query.name) }));
// answered on ctx by the handler itself, which says so
on(greeting, ({ ctx }) => {
  ctx.status = 404;
  return answeredOnCtx;
});
// @ts-expect-error a handler that forgets to return its answer
on(greeting, async ({ ctx }) => {
  ctx.set('X-Greeting', 'hi');
});

// (a field the answer does not have is not caught: TypeScript checks no excess properties of
// a function's returned literal, only that the answer has every field, each of its type)
// @ts-expect-error a field the answer needs is missing
on(greeting, async () => ({ success: true }));
// @ts-expect-error a field of the wrong type
on(greeting, () => ({ success: true, text: 3 }));
// @ts-expect-error `success: false` where the spec says true
on(greeting, () => ({ success: false, text: 'hi' }));
